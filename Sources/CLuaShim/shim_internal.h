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

#endif
