#include "CLuaShim.h"
#include "shim_internal.h"
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <stdio.h>
#include <time.h>

// The core of the shim: the budget and its limiting allocator, the count hook, limit
// messages and classification, the trampolines into Swift, userdata objects, and the protected
// call. The sandbox's replacements for base functions are in sandbox.c, the bounds on library
// calls in bounded.c.

// Where lua_newstate keeps our budget: LUA_EXTRASPACE is one pointer wide.
srlua_Budget *srlua_budget(lua_State *L) { return *(srlua_Budget **)lua_getextraspace(L); }

// The line of the nearest Lua function on the stack, for limits raised from C.
int shim_caller_line(lua_State *L) {
    lua_Debug ar;
    for (int level = 0; level < 4 && lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "l", &ar) && ar.currentline > 0) return ar.currentline;
    }
    return 0;
}

double srlua_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

// Allocations of this size or more read the clock (see budget_alloc); smaller ones are too
// quick, and too many, to be worth it.
#define SHIM_CLOCKED_ALLOCATION (1 << 20)

// The limiting allocator: refuses growth past the memory limit. While the host (Swift) is running
// it allows a bounded overshoot instead, since a failure there would unwind Swift frames.
static void *budget_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    srlua_Budget *b = (srlua_Budget *)ud;
    size_t old = ptr ? osize : 0;
    shim_pool *pool = b->pool;
    if (nsize == 0) {
        if (old > SHIM_POOL_LARGEST) free(ptr);
        else if (old) shim_pool_release(pool, ptr, old);
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
                b->tripped = srlua_MemoryLimit;
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
    if (nsize >= SHIM_CLOCKED_ALLOCATION && nsize > old && b->deadline > 0 && !b->inHost && b->L && srlua_now() > b->deadline) {
        // A C library function building a large result (string.format's %q, table.concat, gsub,
        // `..`) runs where the count hook cannot stop it; its buffer grows by half at a time
        // through here, so past the deadline the next growth is refused as the time limit.
        if (!b->tripped) {
            b->tripped = srlua_TimeLimit;
            lua_sethook(b->L, lua_gethook(b->L), LUA_MASKCOUNT, 1);
        }
        if (!b->tripLine) b->tripLine = shim_caller_line(b->L);
        return NULL;
    }
    void *p;
    if (old > SHIM_POOL_LARGEST && nsize > SHIM_POOL_LARGEST) {
        p = realloc(ptr, nsize);
    } else if (ptr && old <= SHIM_POOL_LARGEST && nsize <= old) {
        p = ptr;  // a small block shrinks in place (Lua counts on a shrink not failing)
    } else {
        // Between the pool and malloc, or a small block grown: moved. On failure the old block
        // stays as it was, as Lua expects. A large block shrinking into the pool fails only when
        // no slab can be had (the system is out of memory); Lua 5.4 then keeps the block where
        // it tolerates that (the string table, a stack) and raises a memory error elsewhere.
        p = nsize <= SHIM_POOL_LARGEST ? shim_pool_alloc(pool, nsize) : malloc(nsize);
        if (p && ptr) {
            memcpy(p, ptr, old < nsize ? old : nsize);
            if (old > SHIM_POOL_LARGEST) free(ptr);
            else shim_pool_release(pool, ptr, old);
        }
    }
    if (p) b->memoryUsed = b->memoryUsed - old + nsize;
    return p;
}

lua_State *srlua_newstate(srlua_Budget *budget) {
    budget->pool = shim_pool_new();
    if (!budget->pool) return NULL;
    lua_State *L = lua_newstate(budget_alloc, budget);
    if (L) {
        *(srlua_Budget **)lua_getextraspace(L) = budget;
    } else {
        shim_pool_free_all(budget->pool);
        budget->pool = NULL;
    }
    budget->L = L;
    return L;
}

void srlua_close(lua_State *L) {
    srlua_Budget *budget = srlua_budget(L);
    lua_close(L);
    shim_pool_free_all(budget->pool);
    budget->pool = NULL;
    budget->L = NULL;
}

// `x` as the shortest text that reads back as it ("2", "0.5"), as the Swift side prints numbers.
static void format_number(double x, char *out, size_t size) {
    if (x == floor(x) && fabs(x) < 1e15) {
        snprintf(out, size, "%lld", (long long)x);
        return;
    }
    for (int precision = 1; precision <= 17; precision++) {
        snprintf(out, size, "%.*g", precision, x);
        if (strtod(out, NULL) == x) return;
    }
}

/// `n` with a comma between each group of three digits: 1,000,000,000.
static void group_thousands(long long n, char *out, size_t size) {
    char digits[32];
    int count = snprintf(digits, sizeof digits, "%lld", n < 0 ? -n : n);
    size_t at = 0;
    if (n < 0 && at + 1 < size) out[at++] = '-';
    for (int i = 0; i < count && at + 1 < size; i++) {
        if (i > 0 && (count - i) % 3 == 0 && at + 1 < size) out[at++] = ',';
        if (at + 1 < size) out[at++] = digits[i];
    }
    out[at < size ? at : size - 1] = '\0';
}

void srlua_limitmessage(const srlua_Budget *b, srlua_Limit limit, char *buffer, size_t size) {
    char number[48];
    switch (limit) {
    case srlua_NoLimit:
        snprintf(buffer, size, "%s", "");
        break;
    case srlua_InstructionLimit:
        group_thousands((long long)b->instructionLimit, number, sizeof number);
        snprintf(buffer, size, "The script ran past its instruction limit of %s instructions; look for a loop that never ends.",
                 number);
        break;
    case srlua_TimeLimit:
        format_number(b->seconds, number, sizeof number);
        snprintf(buffer, size, "The script ran past its time limit of %s second%s.", number, b->seconds == 1 ? "" : "s");
        break;
    case srlua_MemoryLimit:
        snprintf(buffer, size, "The script went past its memory limit of %zu MiB.", b->memoryLimit >> 20);
        break;
    case srlua_NestingLimit:
        snprintf(buffer, size, "The script nests too deeply, past the nesting limit of %d levels of calls, parentheses, "
                 "tables or functions (C stack overflow).", SRLUA_NESTING_LIMIT);
        break;
    case srlua_StackLimit:
        snprintf(buffer, size, "The script went past the Lua stack limit of %d slots (stack overflow); look for a "
                 "recursion that never ends.", (int)LUAI_MAXSTACK);
        break;
    case srlua_PatternLimit:
        snprintf(buffer, size, "A string pattern went past the pattern limit of %d steps.", SRLUA_PATTERN_STEPS);
        break;
    case srlua_SourceLimit:
        if (b->sourceLimit >= (1u << 20))
            snprintf(buffer, size, "A chunk given to load went past the source size limit of %zu MiB.", b->sourceLimit >> 20);
        else  /* a host's small cap */
            snprintf(buffer, size, "A chunk given to load went past the source size limit of %zu bytes.", b->sourceLimit);
        break;
    }
}

// Pushes "chunk:line: " for the Lua code at the top of the stack, or "" when there is none.
static void push_position(lua_State *L, lua_Debug *ar) {
    lua_getinfo(L, "Sl", ar);
    if (ar->currentline > 0)
        lua_pushfstring(L, "%s:%d: ", ar->short_src, ar->currentline);
    else
        lua_pushliteral(L, "");
}

// Raises the message of the budget limit that tripped, after `position` (on the stack).
static int raise_tripped(lua_State *L) {
    char message[256];
    srlua_limitmessage(srlua_budget(L), srlua_budget(L)->tripped, message, sizeof message);
    lua_pushstring(L, message);
    lua_concat(L, 2);
    return lua_error(L);
}

// Trips a budget limit from a C function (not the hook): notes the caller's line, re-arms the
// hook so that a pcall around the call cannot go on, and raises the limit's message.
int shim_trip(lua_State *L, srlua_Limit limit) {
    srlua_Budget *b = srlua_budget(L);
    b->tripped = limit;
    if (!b->tripLine) b->tripLine = shim_caller_line(L);
    lua_sethook(L, lua_gethook(L), LUA_MASKCOUNT, 1);
    luaL_where(L, 1);
    return raise_tripped(L);
}

// Raises a one-off limit's message (on the stack) with the caller's position, as luaL_error
// does, and notes it so that srlua_failure knows this message from a script's own.
int shim_refuse(lua_State *L, srlua_Limit limit) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);                                        // stack: message
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, "srlua.refusal");
    srlua_budget(L)->refused = limit;
    return lua_error(L);
}

// After "chunk:line: ", where Lua puts the position of the code that raised.
static const char *after_position(const char *message) {
    const char *colon = strstr(message, ": ");
    while (colon) {
        const char *digits = colon;
        while (digits > message && digits[-1] >= '0' && digits[-1] <= '9') digits--;
        if (digits < colon && digits > message && digits[-1] == ':') return colon + 2;
        colon = strstr(colon + 1, ": ");
    }
    return message;
}

srlua_Limit srlua_failure(lua_State *L, int status) {
    srlua_Budget *b = srlua_budget(L);
    if (b->tripped) return b->tripped;
    if (status == LUA_ERRMEM) return b->tripped = srlua_MemoryLimit;
    if (lua_type(L, -1) != LUA_TSTRING) return srlua_NoLimit;
    if (b->refused) {
        lua_getfield(L, LUA_REGISTRYINDEX, "srlua.refusal");  // stack: error, refusal
        int same = lua_rawequal(L, -1, -2);
        lua_pop(L, 1);
        if (same) return b->refused;
    }
    // Lua's own overflows are raised as plain messages (luaE_checkcstack, luaD_growstack).
    const char *message = after_position(lua_tostring(L, -1));
    if (strncmp(message, "C stack overflow", 16) == 0 || strstr(message, "too many C levels")) return srlua_NestingLimit;
    if (strncmp(message, "stack overflow", 14) == 0) return srlua_StackLimit;
    return srlua_NoLimit;
}

static void raise_limit(lua_State *L, lua_Debug *ar) {
    srlua_Budget *b = srlua_budget(L);
    // Re-arm at every instruction: a pcall inside the script catches this, and the next
    // instruction raises again until the script has unwound completely.
    lua_sethook(L, lua_gethook(L), LUA_MASKCOUNT, 1);
    push_position(L, ar);
    if (!b->tripLine && ar->currentline > 0) b->tripLine = ar->currentline;
    raise_tripped(L);
}

static void count_hook(lua_State *L, lua_Debug *ar) {
    srlua_Budget *b = srlua_budget(L);
    if (b->tripped) raise_limit(L, ar);
    b->instructions += b->hookInterval;
    if (b->instructionLimit && b->instructions > b->instructionLimit) {
        b->tripped = srlua_InstructionLimit;
        raise_limit(L, ar);
    }
    if (b->deadline > 0 && srlua_now() > b->deadline) {
        b->tripped = srlua_TimeLimit;
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
    // Host work is not counted by the hook: a loop of a few instructions calling an expensive
    // host function (an undefined global's did-you-mean) must still stop at the deadline.
    if (!b->inHost && b->deadline > 0 && srlua_now() > b->deadline) return shim_trip(L, srlua_TimeLimit);
    if (!b->inHost && b->memoryLimit && b->memoryUsed > b->memoryLimit) return shim_trip(L, srlua_MemoryLimit);
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

void *srlua_toobjectwith(lua_State *L, int index, const void *metatable) {
    void **slot = (void **)lua_touserdata(L, index);
    if (slot == NULL || !lua_getmetatable(L, index)) return NULL;  // stack: mt
    const void *found = lua_topointer(L, -1);
    lua_pop(L, 1);
    return found == metatable ? *slot : NULL;
}

void srlua_pushobjectwith(lua_State *L, void *object, int metatable) {
    void **slot = (void **)lua_newuserdatauv(L, sizeof(void *), 0);  // stack: ud
    *slot = object;
    lua_rawgeti(L, LUA_REGISTRYINDEX, metatable);  // stack: ud, mt
    lua_setmetatable(L, -2);
}

// Whether the function that raised (level 1, below the handler) is a C function handed a poison
// (a library function: math.floor(poison)). Operations in Lua code on a poison do not fail (its
// metatable answers them all), and a Lua frame's stale registers could hold one unrelated.
static int raised_on_poison(lua_State *L) {
    lua_Debug ar;
    if (!lua_getstack(L, 1, &ar) || !lua_getinfo(L, "S", &ar) || ar.what[0] != 'C') return 0;
    for (int n = 1; lua_getlocal(L, &ar, n) != NULL; n++) {  // stack: …, value
        int poison = luaL_testudata(L, -1, SRLUA_POISON_METATABLE) != NULL;
        lua_pop(L, 1);
        if (poison) return 1;
    }
    return 0;
}

// The message handler of srlua_pcall: an error object that is not a message (error(nil),
// error({}), a table whose __tostring itself fails) becomes one, with the line that raised it.
// It never calls the object's metamethods: those are the script's code.
static int message_handler(lua_State *L) {
    int t = lua_type(L, 1);
    srlua_budget(L)->raisedOnPoison = raised_on_poison(L);
    if (t == LUA_TSTRING || (t == LUA_TUSERDATA && luaL_testudata(L, 1, SRLUA_ERROR_METATABLE))) return 1;
    lua_Debug ar;
    int line = 0;
    const char *source = NULL;
    char where[LUA_IDSIZE];
    for (int level = 1; level < 6 && lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            line = ar.currentline;
            source = ar.short_src;
            break;
        }
    }
    if (source) {
        strncpy(where, source, sizeof where - 1);
        where[sizeof where - 1] = 0;
        lua_pushfstring(L, "%s:%d: ", where, line);
    } else {
        lua_pushliteral(L, "");
    }
    if (t == LUA_TNUMBER)
        lua_pushfstring(L, "The script raised the number %s as its error.", lua_tostring(L, 1));
    else if (t == LUA_TNIL)
        lua_pushliteral(L, "The script raised an error without a message (error(nil)); pass a string to error().");
    else
        lua_pushfstring(L, "The script raised a %s as its error, not a message; pass a string to error().", lua_typename(L, t));
    lua_concat(L, 2);
    return 1;
}

int srlua_pcall(lua_State *L, int nargs, int nresults) {
    int base = lua_gettop(L) - nargs;  // the function's slot
    lua_pushcfunction(L, message_handler);
    lua_insert(L, base);
    int status = lua_pcall(L, nargs, nresults, base);
    lua_remove(L, base);
    return status;
}

int srlua_loadtext(lua_State *L, const char *text, size_t length, const char *chunkname) {
    return luaL_loadbufferx(L, text, length, chunkname, "t");
}

typedef struct {
    char *data;
    size_t length, capacity;
    int failed;
} DumpBuffer;

static int dump_writer(lua_State *L, const void *p, size_t size, void *ud) {
    (void)L;
    DumpBuffer *b = ud;
    if (b->length + size > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 4096;
        while (capacity < b->length + size) capacity *= 2;
        char *grown = realloc(b->data, capacity);
        if (!grown) { b->failed = 1; return 1; }
        b->data = grown;
        b->capacity = capacity;
    }
    memcpy(b->data + b->length, p, size);
    b->length += size;
    return 0;
}

int srlua_dumpfunction(lua_State *L, char **data, size_t *length) {
    DumpBuffer b = { NULL, 0, 0, 0 };
    int status = lua_dump(L, dump_writer, &b, 0);
    if (status != 0 || b.failed) { free(b.data); return 1; }
    *data = b.data;
    *length = b.length;
    return 0;
}

int srlua_loaddumped(lua_State *L, const char *data, size_t length, const char *chunkname) {
    return luaL_loadbufferx(L, data, length, chunkname, "b");
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
