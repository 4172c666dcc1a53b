// Library calls bounded before they run (srlua_bounded): string.rep, table.move and the pattern
// functions, whose work inside one C call the count hook cannot see.
#include "CLuaShim.h"
#include "shim_internal.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Work done inside one C library call is invisible to the count hook, so the calls that can run
// long for a small script are charged or bounded here before the original runs.

// Raises the instruction limit when `units` more would pass it (a C loop of that many steps).
static void charge(lua_State *L, double units) {
    srlua_Budget *b = srlua_budget(L);
    if (b->instructionLimit && (double)b->instructions + units > (double)b->instructionLimit)
        shim_trip(L, srlua_InstructionLimit);
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
            if (!b->tripLine) b->tripLine = shim_caller_line(L);
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
        return shim_refuse(L, srlua_PatternLimit);
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
