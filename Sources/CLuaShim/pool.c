#include "shim_internal.h"
#include <stdlib.h>

// A Lua state's small blocks. Most of what a script makes (strings, closures, table headers,
// tables of a few slots, upvalues) is a block of at most SHIM_POOL_LARGEST bytes. Those are
// carved from slabs the state owns, one size class per 16 bytes, and reused through a free list
// per class; the slabs are freed when the state closes. A state's objects then lie together,
// in the order the script made them, whatever the process's heap looks like: a watch's heap,
// after many reloads freed trees and states of every size, is fragmented, and a script
// evaluated there from malloc ran about half again as slow as in a fresh process.
//
// No block has a header and nothing is locked: Lua passes a block's size back whenever it
// frees or resizes it, and a state is used by one thread at a time.

#define SHIM_POOL_GRAIN 16
#define SHIM_POOL_CLASSES (SHIM_POOL_LARGEST / SHIM_POOL_GRAIN)
// Slabs grow from the first size to the last, doubling: a small script's state stays small.
#define SHIM_POOL_FIRST_SLAB (32 << 10)
#define SHIM_POOL_LAST_SLAB (1 << 20)

typedef struct shim_slab {
    struct shim_slab *next;
    size_t padding;  // keeps the blocks after the header 16-byte aligned
} shim_slab;

typedef struct shim_free_block { struct shim_free_block *next; } shim_free_block;

struct shim_pool {
    shim_free_block *free[SHIM_POOL_CLASSES];
    char *cursor, *end;  // the unused rest of the newest slab
    shim_slab *slabs;
    size_t nextSlab;
};

shim_pool *shim_pool_new(void) {
    shim_pool *pool = calloc(1, sizeof *pool);
    if (pool) pool->nextSlab = SHIM_POOL_FIRST_SLAB;
    return pool;
}

void shim_pool_free_all(shim_pool *pool) {
    if (!pool) return;
    for (shim_slab *slab = pool->slabs; slab;) {
        shim_slab *next = slab->next;
        free(slab);
        slab = next;
    }
    free(pool);
}

static inline size_t shim_pool_class(size_t size) { return (size - 1) / SHIM_POOL_GRAIN; }

void *shim_pool_alloc(shim_pool *pool, size_t size) {
    size_t class = shim_pool_class(size);
    shim_free_block *block = pool->free[class];
    if (block) {
        pool->free[class] = block->next;
        return block;
    }
    size_t rounded = (class + 1) * SHIM_POOL_GRAIN;
    if ((size_t)(pool->end - pool->cursor) < rounded) {
        // What is left of the full slab (under SHIM_POOL_LARGEST bytes) is given up.
        shim_slab *slab = malloc(pool->nextSlab);
        if (!slab) return NULL;
        slab->next = pool->slabs;
        pool->slabs = slab;
        pool->cursor = (char *)(slab + 1);
        pool->end = (char *)slab + pool->nextSlab;
        if (pool->nextSlab < SHIM_POOL_LAST_SLAB) pool->nextSlab *= 2;
    }
    void *p = pool->cursor;
    pool->cursor += rounded;
    return p;
}

void shim_pool_release(shim_pool *pool, void *p, size_t size) {
    // A block shrunk in place is freed with its smaller size: it goes back to that size's
    // class, which it more than fills.
    shim_free_block *block = p;
    size_t class = shim_pool_class(size);
    block->next = pool->free[class];
    pool->free[class] = block;
}
