// What shim.c shares with sandbox.c and bounded.c; not part of the shim's interface to Swift.
#ifndef CLUASHIM_INTERNAL_H
#define CLUASHIM_INTERNAL_H

#include "CLuaShim.h"

// The line of the nearest Lua function on the stack, for limits raised from C.
int shim_caller_line(lua_State *L);
// Trips a budget limit from a C function (not the hook): notes the caller's line, re-arms the
// hook so that a pcall around the call cannot go on, and raises the limit's message.
int shim_trip(lua_State *L, srlua_Limit limit);
// Raises a one-off limit's message (on the stack) with the caller's position, as luaL_error
// does, and notes it so that srlua_failure knows this message from a script's own.
int shim_refuse(lua_State *L, srlua_Limit limit);

// A state's pool of small blocks (pool.c): blocks of at most SHIM_POOL_LARGEST bytes come from
// it; larger ones from malloc. Which one holds a block follows from the size Lua passes back.
#define SHIM_POOL_LARGEST 512
typedef struct shim_pool shim_pool;
shim_pool *shim_pool_new(void);
// Frees every slab, after lua_close has given back every block.
void shim_pool_free_all(shim_pool *pool);
// A block of `size` (1 to SHIM_POOL_LARGEST) bytes, or NULL when no slab could be had.
void *shim_pool_alloc(shim_pool *pool, size_t size);
// Gives back a block Lua frees with `size`, its size or less.
void shim_pool_release(shim_pool *pool, void *p, size_t size);

#endif
