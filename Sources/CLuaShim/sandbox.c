// The sandbox's replacements for base functions (see Sandbox.swift), written in C because they
// raise Lua errors, which must never unwind a Swift frame.
#include "CLuaShim.h"
#include "shim_internal.h"
#include <string.h>

// xpcall(f, handler, ...) whose handler is not run once a limit has tripped. Lua runs a message
// handler before unwinding, and an error raised by the count hook leaves hooks disabled until
// the enclosing pcall is reached: a script's handler would run unwatched, and could loop forever.
static int guarded_handler(lua_State *L) {
    if (srlua_budget(L)->tripped) return 1;  // the limit's message, as it is
    lua_pushvalue(L, lua_upvalueindex(1));   // stack: message, handler
    lua_insert(L, 1);                        // stack: handler, message
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

int srlua_xpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);  // stack: f, handler, args…, guarded
    lua_replace(L, 2);                        // stack: f, guarded, args…
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);                      // stack: f, guarded, args…, true, f
    lua_rotate(L, 3, 2);                      // stack: f, guarded, true, f, args…
    int status = lua_pcall(L, n - 2, LUA_MULTRET, 2);
    if (status != LUA_OK) {                   // stack: f, guarded, true, error
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - 2;                 // true, results…
}

// rawset would write past a read-only library proxy's __newindex; refuse those tables.
int srlua_rawset(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    if (lua_getmetatable(L, 1)) {  // stack: t, k, v, mt
        int readOnly = lua_getfield(L, -1, "__newindex") == LUA_TFUNCTION &&
                       lua_tocfunction(L, -1) == srlua_readonly_newindex;
        lua_pop(L, 2);
        if (readOnly) return srlua_readonly_newindex(L);
    }
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 1;
}

// tostring() may run a script's __tostring, which may raise: that must happen here in C,
// so the host's log function only ever receives a finished string.
//
// A script's output is bounded by the budget's print limit, which the host charges with each
// line it writes (see Bindings.swift). Once it is reached, calls return at once, without
// converting their arguments; a line whose text alone would pass it is not built, and the host
// is called without one, to say the limit is reached.
int srlua_print(lua_State *L) {
    srlua_Budget *b = srlua_budget(L);
    if (b->printLimit && b->printed >= b->printLimit) return 0;
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));  // stack: args…, log
    size_t total = n > 1 ? (size_t)(n - 1) : 0;
    for (int i = 1; i <= n; i++) {
        size_t length;
        luaL_tolstring(L, i, &length);       // stack: args…, log, texts…
        total += length;
    }
    if (b->printLimit && total >= b->printLimit - b->printed) {
        lua_settop(L, n + 1);                 // stack: args…, log
        lua_call(L, 0, 0);
        return 0;
    }
    luaL_Buffer buffer;
    luaL_buffinit(L, &buffer);
    for (int i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(&buffer, '\t');
        size_t length;
        const char *text = lua_tolstring(L, n + 1 + i, &length);
        luaL_addlstring(&buffer, text, length);
    }
    luaL_pushresult(&buffer);                 // stack: args…, log, texts…, line
    if (n > 0) {
        lua_replace(L, n + 2);                // stack: args…, log, line, texts…
        lua_settop(L, n + 2);                 // stack: args…, log, line
    }
    lua_call(L, 1, 0);
    return 0;
}

int srlua_setmetatable(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    int t = lua_type(L, 2);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (t == LUA_TTABLE && lua_getfield(L, 2, "__gc") != LUA_TNIL)
        return luaL_error(L, "setmetatable: '__gc' is not allowed in style scripts.");
    lua_pop(L, 1);
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

// load(chunk [, chunkname [, mode [, env]]]) for text only; the environment is the sandbox's
// globals unless one is given. Returns nil plus a message on failure, as Lua's load does.
int srlua_load(lua_State *L) {
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    const char *name = luaL_optstring(L, 2, "=(load)");
    const char *mode = luaL_optstring(L, 3, "t");
    if (strchr(mode, 'b') || (len > 0 && s[0] == LUA_SIGNATURE[0])) {
        luaL_pushfail(L);
        lua_pushliteral(L, "Binary chunks are not allowed in style scripts.");
        return 2;
    }
    srlua_Budget *b = srlua_budget(L);
    if (b->sourceLimit && len > b->sourceLimit) {
        if (b->sourceLimit >= (1u << 20))
            lua_pushfstring(L, "load: the chunk is %d MiB, past the source size limit of %d MiB.",
                            (int)(len >> 20), (int)(b->sourceLimit >> 20));
        else  /* a host's small cap */
            lua_pushfstring(L, "load: the chunk is %I bytes, past the source size limit of %I bytes.",
                            (lua_Integer)len, (lua_Integer)b->sourceLimit);
        return shim_refuse(L, srlua_SourceLimit);
    }
    int hasEnv = !lua_isnone(L, 4);
    if (luaL_loadbufferx(L, s, len, name, "t") != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (hasEnv) {
        lua_pushvalue(L, 4);
        if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    }
    return 1;
}

int srlua_readonly_newindex(lua_State *L) {
    return luaL_error(L, "The library table is read-only; keep your own values in local variables.");
}

int srlua_readonly_pairs(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(2));  // next
    lua_pushvalue(L, lua_upvalueindex(1));  // the real table
    lua_pushnil(L);
    return 3;
}
