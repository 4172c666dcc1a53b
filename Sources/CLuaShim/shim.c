#include "CLuaShim.h"
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <stdio.h>
#include <time.h>

// Where lua_newstate keeps our budget: LUA_EXTRASPACE is one pointer wide.
srlua_Budget *srlua_budget(lua_State *L) { return *(srlua_Budget **)lua_getextraspace(L); }

// The line of the nearest Lua function on the stack, for limits raised from C.
static int caller_line(lua_State *L) {
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

void srlua_limitmessage(const srlua_Budget *b, srlua_Limit limit, char *buffer, size_t size) {
    char number[48];
    switch (limit) {
    case srlua_NoLimit:
        snprintf(buffer, size, "%s", "");
        break;
    case srlua_InstructionLimit:
        snprintf(buffer, size, "The script ran past its instruction limit of %lld instructions.", (long long)b->instructionLimit);
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
        snprintf(buffer, size, "A chunk given to load went past the source size limit of %zu MiB.", b->sourceLimit >> 20);
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
static int trip(lua_State *L, srlua_Limit limit) {
    srlua_Budget *b = srlua_budget(L);
    b->tripped = limit;
    if (!b->tripLine) b->tripLine = caller_line(L);
    lua_sethook(L, lua_gethook(L), LUA_MASKCOUNT, 1);
    luaL_where(L, 1);
    return raise_tripped(L);
}

// Raises a one-off limit's message (on the stack) with the caller's position, as luaL_error
// does, and notes it so that srlua_failure knows this message from a script's own.
static int refuse(lua_State *L, srlua_Limit limit) {
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
    if (!b->inHost && b->deadline > 0 && srlua_now() > b->deadline) return trip(L, srlua_TimeLimit);
    if (!b->inHost && b->memoryLimit && b->memoryUsed > b->memoryLimit) return trip(L, srlua_MemoryLimit);
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
    srlua_Budget *b = srlua_budget(L);
    if (b->sourceLimit && len > b->sourceLimit) {
        lua_pushfstring(L, "load: the chunk is %d MiB, past the source size limit of %d MiB.",
                        (int)(len >> 20), (int)(b->sourceLimit >> 20));
        return refuse(L, srlua_SourceLimit);
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

// Work done inside one C library call is invisible to the count hook, so the calls that can run
// long for a small script are charged or bounded here before the original runs.

// Raises the instruction limit when `units` more would pass it (a C loop of that many steps).
static void charge(lua_State *L, double units) {
    srlua_Budget *b = srlua_budget(L);
    if (b->instructionLimit && (double)b->instructions + units > (double)b->instructionLimit)
        trip(L, srlua_InstructionLimit);
    b->instructions += (int64_t)units;
}

// string.rep(s, n [, sep]): refused before C allocates a result past the memory budget; an empty
// result is returned at once, since Lua would otherwise loop n times copying nothing.
static int bounded_rep(lua_State *L) {
    size_t l, lsep;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0 || l + lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    srlua_Budget *b = srlua_budget(L);
    if (b->memoryLimit) {
        double total = (double)l * (double)n + (double)lsep * (double)(n - 1);
        if (total > (double)(b->memoryLimit - (b->memoryUsed < b->memoryLimit ? b->memoryUsed : b->memoryLimit))) {
            b->tripped = srlua_MemoryLimit;
            if (!b->tripLine) b->tripLine = caller_line(L);
            lua_sethook(L, lua_gethook(L), LUA_MASKCOUNT, 1);
            return luaL_error(L, "string.rep would need %d MiB, more than the memory limit of %d MiB allows.",
                              (int)(total / 1048576.0 > 2e9 ? 2e9 : total / 1048576.0), (int)(b->memoryLimit >> 20));
        }
    }
    return -1;
}

// table.move(a1, f, e, t [, a2]) loops e - f + 1 times in C whatever the tables hold: each
// element moved is charged as ten instructions (a get and a set through the API).
static int bounded_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
    if (e >= f) charge(L, ((double)e - (double)f + 1) * 10);
    return -1;
}

// The worst case of Lua's backtracking matcher, in steps, as an upper bound: patterns under it
// cannot run long, whatever the subject holds. It is the number of start positions (one when the
// pattern is anchored) times, for every quantified item whose rest of pattern can fail, the n + 1
// lengths it may backtrack through (2 for '?'), times the pattern's length plus a scan of the
// subject for each %b and back reference. A quantifier whose rest cannot fail (only items that
// match empty, ending in '$' only after a '.*' or '.-') succeeds at its first try, so it adds one
// scan per call: `%s+` is linear and `^%s*(.-)%s*$` costs n², not n³.
enum { ITEM_CAPTURE, ITEM_END, ITEM_SINGLE, ITEM_OTHER };
typedef struct { char kind, quantifier, dot; } pattern_item;

static const char *class_end(const char *p, const char *end) {
    // p is just past '['.
    if (p < end && *p == '^') p++;
    do { if (p < end && *p == '%') p++; p++; } while (p < end && *p != ']');
    return p + 1;
}

static int always_matches(const pattern_item *items, int from, int count) {
    int anchored = 0, dotStar = 0;
    for (int i = from; i < count; i++) {
        const pattern_item *it = &items[i];
        if (it->kind == ITEM_CAPTURE) continue;
        if (it->kind == ITEM_END) { anchored = 1; continue; }
        if (it->kind != ITEM_SINGLE || !(it->quantifier == '*' || it->quantifier == '-' || it->quantifier == '?')) return 0;
        if (it->dot && it->quantifier != '?') dotStar = 1;
    }
    return !anchored || dotStar;
}

static double pattern_cost(const char *p, size_t lp, size_t n, int anchorable) {
    const char *end = p + lp;
    double subject = (double)n + 1, starts = subject, product = 1, scans = 0, successScans = 0;
    if (anchorable && p < end && *p == '^') { starts = 1; p++; }
    pattern_item stack[64], *items = stack;
    int count = 0, capacity = 64;
    while (p < end) {
        if (count == capacity) {
            pattern_item *grown = malloc(sizeof *items * capacity * 2);
            if (!grown) { if (items != stack) free(items); return INFINITY; }
            memcpy(grown, items, sizeof *items * capacity);
            if (items != stack) free(items);
            items = grown;
            capacity *= 2;
        }
        pattern_item it = {ITEM_SINGLE, 0, 0};
        switch (*p) {
        case '(': case ')': it.kind = ITEM_CAPTURE; p++; break;
        case '$': it.kind = p + 1 == end ? ITEM_END : ITEM_SINGLE; p++; break;
        case '[': p = class_end(p + 1, end); break;
        case '.': it.dot = 1; p++; break;
        case '%':
            if (p + 1 >= end) { if (items != stack) free(items); return INFINITY; }  // Lua says "malformed"
            if (p[1] == 'b') { it.kind = ITEM_OTHER; scans++; p += 4; }
            else if (p[1] == 'f') { it.kind = ITEM_OTHER; p += 2; if (p < end && *p == '[') p = class_end(p + 1, end); }
            else if (p[1] >= '0' && p[1] <= '9') { it.kind = ITEM_OTHER; scans++; p += 2; }
            else p += 2;
            break;
        default: p++;
        }
        if (it.kind == ITEM_SINGLE && p < end && (*p == '*' || *p == '+' || *p == '-' || *p == '?')) it.quantifier = *p++;
        items[count++] = it;
    }
    for (int i = 0; i < count; i++) {
        if (!items[i].quantifier) continue;
        // Once the rest cannot fail the match succeeds: its scan is over the text it matches,
        // which successive matches never share, so it counts once per call.
        if (always_matches(items, i + 1, count)) successScans++;
        else product *= items[i].quantifier == '?' ? 2 : subject;
    }
    if (items != stack) free(items);
    return starts * product * ((double)lp + 1 + scans * subject) + successScans * subject;
}

// string.find/match/gmatch/gsub: refused when the pattern's worst case on this subject is past
// the pattern step limit (the matcher runs in C, where neither the count hook nor the clock can
// stop it).
static int bounded_pattern(lua_State *L, int kind) {
    size_t ls, lp;
    luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    double cost;
    int plain = kind == SRLUA_FIND && lua_toboolean(L, 4);
    if (!plain && strpbrk(p, "^$*+?.([%-") == NULL && strlen(p) == lp) plain = kind == SRLUA_FIND;
    if (plain)
        cost = (double)ls * (double)lp / 16;  // memchr and memcmp
    else
        cost = pattern_cost(p, lp, ls, kind != SRLUA_GMATCH);
    if (cost > SRLUA_PATTERN_STEPS) {
        static const char *const names[] = {"", "", "", "string.find", "string.match", "string.gmatch", "string.gsub"};
        if (isinf(cost))
            return luaL_error(L, "The pattern given to %s ends with an unfinished '%%'.", names[kind]);
        char steps[32];  // lua_pushfstring has no %g
        snprintf(steps, sizeof steps, "%.3g", cost);
        lua_pushfstring(L, "The pattern given to %s could take %s steps on a subject of %I bytes, past the "
                        "pattern limit of %I steps; use a shorter subject or a pattern with fewer repetitions.",
                        names[kind], steps, (lua_Integer)ls, (lua_Integer)SRLUA_PATTERN_STEPS);
        return refuse(L, srlua_PatternLimit);
    }
    return -1;
}

int srlua_bounded(lua_State *L) {
    int kind = (int)lua_tointeger(L, lua_upvalueindex(2));
    int refused;
    switch (kind) {
    case SRLUA_REP: refused = bounded_rep(L); break;
    case SRLUA_MOVE: refused = bounded_move(L); break;
    default: refused = bounded_pattern(L, kind); break;
    }
    if (refused >= 0) return refused;
    lua_pushvalue(L, lua_upvalueindex(1));  // stack: args…, original
    lua_insert(L, 1);                        // stack: original, args…
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
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
