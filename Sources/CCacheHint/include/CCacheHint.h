// A hint to the processor: memory at an address will be read soon.
//
// A restyle visits the views of a tree in order, and for each reads the view and the previous
// styling's entry for it, two objects scattered over the heap. The first touch of each was a
// cache miss, taken mostly inside a reference count's atomic add, which waits for the line
// with nothing else in flight. Asking for the objects of a view a few places ahead lets those
// misses overlap the work on the current one.
#ifndef CCACHEHINT_H
#define CCACHEHINT_H

// Starts loading the `lines` cache lines from `address` on (64 bytes each) for reading. It
// faults on nothing and changes no value the program reads: any address will do.
static inline void srhint_prefetch(const void *address, int lines) {
    for (int k = 0; k < lines; k++) __builtin_prefetch((const char *)address + 64 * k, 0, 3);
}

#endif
