#define _GNU_SOURCE
#include "CProcessHeap.h"

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/mman.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

size_t srheap_grow_in_huge_pages(size_t bytes) {
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE)
    const uintptr_t huge = (uintptr_t)2 << 20;
    if (bytes < 2 * huge || bytes > (size_t)1 << 30) return 0;
    // The region is one heap: large blocks come from it too, and its top is neither trimmed
    // nor grown by less than `bytes` at a time.
    if (!mallopt(M_MMAP_THRESHOLD, 32 << 20) || !mallopt(M_TRIM_THRESHOLD, (int)bytes) || !mallopt(M_TOP_PAD, (int)bytes)) {
        return 0;
    }
    // A block larger than the free top (`keepcost`) makes malloc grow the heap now, by the
    // block and the pad: what lies between the break before and after is the new region.
    // (A heap whose free blocks can serve it does not grow: nothing is advised then.)
    // (The empty asm keeps the compiler from eliding the pair.)
    size_t free_top = mallinfo2().keepcost;
    if (free_top > (16 << 20)) return 0;
    uintptr_t before = (uintptr_t)sbrk(0);
    void *block = malloc(free_top + huge);
    if (!block) {
        mallopt(M_TOP_PAD, 128 * 1024);  // glibc's default: do not ask for the pad again
        return 0;
    }
    __asm__ volatile("" : : "r"(block) : "memory");
    free(block);  // back to the top, which keeps the pad: the heap's end is known after this
    uintptr_t after = (uintptr_t)sbrk(0);
    if (before == (uintptr_t)-1 || after == (uintptr_t)-1) return 0;
    uintptr_t first = (before + huge - 1) & ~(huge - 1), last = after & ~(huge - 1);
    if (last <= first || madvise((void *)first, last - first, MADV_HUGEPAGE) != 0) return 0;
    return last - first;
#else
    (void)bytes;
    return 0;
#endif
}
