// Runs the heap policy in a child process and reports where the child's blocks landed, so that
// a test sees its effect without changing the heap of the test process itself.
#ifndef HEAPPROBE_H
#define HEAPPROBE_H

#include <stddef.h>

typedef struct heapprobe_Result {
    int failed;                 // nonzero: the child could not be run or did not report
    size_t advised;             // what srheap_grow_in_huge_pages returned in the child
    size_t blocks;              // small blocks the child allocated after it
    size_t blocksAdvised;       // of them, inside a mapping the kernel was advised of (VmFlags hg)
    int largeBlockInHeap;       // a 1 MiB block lay inside the [heap] mapping
    int largeBlockAdvised;      // and inside an advised mapping
} heapprobe_Result;

// In a new process (the test binary started again, with its heap as fresh as stylerun's when
// it styles a script): calls srheap_grow_in_huge_pages(reserve) when `advise`, allocates and
// touches `blocks` blocks of 1 KiB and one of 1 MiB, and reads /proc/self/smaps.
heapprobe_Result heapprobe_run(size_t reserve, int advise, size_t blocks);

#endif
