#include "CLuaShim.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

// Where lua_newstate keeps our budget: LUA_EXTRASPACE is one pointer wide.
srlua_Budget *srlua_budget(lua_State *L) { return *(srlua_Budget **)lua_getextraspace(L); }

double srlua_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

// The limiting allocator: refuses growth past the memory limit. While the host (Swift) is running
// it allows a bounded overshoot instead, since a failure there would unwind Swift frames.
static void *budget_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    srlua_Budget *b = (srlua_Budget *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        b->memoryUsed -= old;
        return NULL;
    }
    if (b->memoryLimit && nsize > old) {
        size_t after = b->memoryUsed - old + nsize;
        if (after > b->memoryLimit) {
            // Over the limit: allow a bounded overshoot and arm the hook, so the error is raised
            // at the next instruction with its line; past the slack, refuse outright.
            size_t slack = b->inHost ? b->hostSlack : b->memoryLimit / 8 + (1 << 20);
            if (!b->tripped) {
                b->tripped = 3;
                if (b->L && !b->inHost) lua_sethook(b->L, lua_gethook(b->L), LUA_MASKCOUNT, 1);
            }
            if (after > b->memoryLimit + slack) {
                // Refused: Lua raises "not enough memory" without a line, so note it here.
                if (b->L && !b->inHost && !b->tripLine) {
                    lua_Debug ar;
                    for (int level = 0; level < 3 && lua_getstack(b->L, level, &ar); level++) {
                        if (lua_getinfo(b->L, "l", &ar) && ar.currentline > 0) { b->tripLine = ar.currentline; break; }
                    }
                }
                return NULL;
            }
        }
    }
    void *p = realloc(ptr, nsize);
    if (p) b->memoryUsed = b->memoryUsed - old + nsize;
    return p;
}

lua_State *srlua_newstate(srlua_Budget *budget) {
    lua_State *L = lua_newstate(budget_alloc, budget);
    if (L) *(srlua_Budget **)lua_getextraspace(L) = budget;
    budget->L = L;
    return L;
}

static const char *const limit_names[] = {"", "instruction", "time", "memory"};

static void raise_limit(lua_State *L, lua_Debug *ar) {
    srlua_Budget *b = srlua_budget(L);
    // Re-arm at every instruction: a pcall inside the script catches this, and the next
    // instruction raises again until the script has unwound completely.
    lua_sethook(L, lua_gethook(L), LUA_MASKCOUNT, 1);
    lua_getinfo(L, "Sl", ar);
    if (!b->tripLine && ar->currentline > 0) b->tripLine = ar->currentline;
    if (ar->currentline > 0)
        lua_pushfstring(L, "%s:%d: ", ar->short_src, ar->currentline);
    else
        lua_pushliteral(L, "");
    switch (b->tripped) {
    case 1:
        lua_pushfstring(L, "The script ran past its instruction limit of %I instructions.", (lua_Integer)b->instructionLimit);
        break;
    case 2:
        lua_pushliteral(L, "The script ran past its time limit.");
        break;
    default:
        lua_pushfstring(L, "The script went past its %s limit.", limit_names[b->tripped]);
    }
    lua_concat(L, 2);
    lua_error(L);
}

static void count_hook(lua_State *L, lua_Debug *ar) {
    srlua_Budget *b = srlua_budget(L);
    if (b->tripped) raise_limit(L, ar);
    b->instructions += b->hookInterval;
    if (b->instructionLimit && b->instructions > b->instructionLimit) {
        b->tripped = 1;
        raise_limit(L, ar);
    }
    if (b->deadline > 0 && srlua_now() > b->deadline) {
        b->tripped = 2;
        raise_limit(L, ar);
    }
}

void srlua_sethook(lua_State *L) {
    srlua_Budget *b = srlua_budget(L);
    if (b->hookInterval <= 0) b->hookInterval = 1000;
    lua_sethook(L, count_hook, LUA_MASKCOUNT, b->hookInterval);
}

// Every host function: mark the host as running (see budget_alloc), dispatch, then raise here in
// C if the host asked to, or if it overshot the memory limit while it ran.
static int trampoline(lua_State *L) {
    srlua_Budget *b = srlua_budget(L);
    int function = (int)lua_tointeger(L, lua_upvalueindex(1));
    b->inHost++;
    int n = b->dispatch(L, function);
    b->inHost--;
    if (n == SRLUA_RAISE) return lua_error(L);
    if (!b->inHost && b->memoryLimit && b->memoryUsed > b->memoryLimit) {
        b->tripped = 3;
        return luaL_error(L, "The script went past its memory limit.");
    }
    return n;
}

void srlua_pushfunction(lua_State *L, int function) {
    lua_pushinteger(L, function);
    lua_pushcclosure(L, trampoline, 1);
}

static int object_gc(lua_State *L) {
    void **slot = (void **)lua_touserdata(L, 1);
    if (!slot || !*slot) return 0;
    srlua_Budget *b = srlua_budget(L);
    if (b->releasedCount == b->releasedCapacity) {
        size_t cap = b->releasedCapacity ? b->releasedCapacity * 2 : 64;
        void **grown = realloc(b->released, cap * sizeof(void *));
        if (!grown) return 0;  // leak one object rather than fail a collection
        b->released = grown;
        b->releasedCapacity = cap;
    }
    b->released[b->releasedCount++] = *slot;
    *slot = NULL;
    return 0;
}

void srlua_newobjectmetatable(lua_State *L, const char *name, const int *ids) {
    static const char *const events[] = {"__index", "__newindex", "__call", "__concat", "__tostring", "__eq", "__len"};
    if (!luaL_newmetatable(L, name)) return;  // stack: mt
    for (int i = 0; i < 7; i++) {
        if (ids[i] < 0) continue;
        srlua_pushfunction(L, ids[i]);
        lua_setfield(L, -2, events[i]);
    }
    lua_pushcfunction(L, object_gc);
    lua_setfield(L, -2, "__gc");
    // getmetatable() on a stylerun value shows this instead of the real table.
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__metatable");
}

void srlua_pushobject(lua_State *L, void *object, const char *name) {
    void **slot = (void **)lua_newuserdatauv(L, sizeof(void *), 0);  // stack: ud
    *slot = object;
    luaL_setmetatable(L, name);
}

void *srlua_toobject(lua_State *L, int index, const char *name) {
    void **slot = (void **)luaL_testudata(L, index, name);
    return slot ? *slot : NULL;
}

int srlua_pcall(lua_State *L, int nargs, int nresults) {
    return lua_pcall(L, nargs, nresults, 0);
}

int srlua_loadtext(lua_State *L, const char *text, size_t length, const char *chunkname) {
    return luaL_loadbufferx(L, text, length, chunkname, "t");
}

// tostring() may run a script's __tostring, which may raise: that must happen here in C,
// so the host's log function only ever receives a finished string.
int srlua_print(lua_State *L) {
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    luaL_Buffer buffer;
    luaL_buffinit(L, &buffer);
    for (int i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(&buffer, '\t');
        luaL_tolstring(L, i, NULL);
        luaL_addvalue(&buffer);
    }
    luaL_pushresult(&buffer);
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

int srlua_string_rep(lua_State *L) {
    size_t l, lsep;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    srlua_Budget *b = srlua_budget(L);
    if (n > 0 && b->memoryLimit) {
        double total = (double)l * (double)n + (double)lsep * (double)(n - 1);
        if (total > (double)(b->memoryLimit - (b->memoryUsed < b->memoryLimit ? b->memoryUsed : b->memoryLimit))) {
            b->tripped = 3;
            return luaL_error(L, "string.rep would need %f MiB, more than the memory limit allows.", total / 1048576.0);
        }
    }
    lua_pushvalue(L, lua_upvalueindex(1));  // the original string.rep
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

int srlua_registryindex(void) { return LUA_REGISTRYINDEX; }
int srlua_upvalueindex(int i) { return lua_upvalueindex(i); }
void srlua_pop(lua_State *L, int n) { lua_pop(L, n); }
void srlua_newtable(lua_State *L) { lua_newtable(L); }
void srlua_remove(lua_State *L, int index) { lua_remove(L, index); }
void srlua_insert(lua_State *L, int index) { lua_insert(L, index); }
int srlua_isnil(lua_State *L, int index) { return lua_isnil(L, index); }
int srlua_isfunction(lua_State *L, int index) { return lua_isfunction(L, index); }
int srlua_istable(lua_State *L, int index) { return lua_istable(L, index); }
const char *srlua_tostring(lua_State *L, int index, size_t *length) { return lua_tolstring(L, index, length); }
lua_Number srlua_tonumber(lua_State *L, int index, int *isnum) { return lua_tonumberx(L, index, isnum); }
lua_Integer srlua_tointeger(lua_State *L, int index, int *isnum) { return lua_tointegerx(L, index, isnum); }
void srlua_getglobals(lua_State *L) { lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); }
void srlua_setglobals(lua_State *L) { lua_rawseti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); }

int srlua_currentline(lua_State *L, int level, const char **source) {
    lua_Debug ar;
    if (!lua_getstack(L, level, &ar)) return 0;
    if (!lua_getinfo(L, "Sl", &ar)) return 0;
    if (source) *source = ar.source;
    return ar.currentline;
}

int srlua_definedline(lua_State *L, const char **source) {
    lua_Debug ar;
    if (!lua_getinfo(L, ">S", &ar)) return 0;
    if (source) *source = ar.source;
    return ar.linedefined > 0 ? ar.linedefined : 0;
}
