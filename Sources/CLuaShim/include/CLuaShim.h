// The C half of stylerun's Lua bridge.
//
// Swift must never be unwound by lua_error's longjmp, so everything that can raise a Lua error on
// behalf of Swift lives here: trampolines that call into Swift and raise afterwards, the count
// hook, the limiting allocator. The rest wraps Lua macros and constants Swift cannot import.
#ifndef CLUASHIM_H
#define CLUASHIM_H

#include <stddef.h>
#include <stdint.h>
#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>

// What the host returns from a dispatched call: a result count, or this to raise the error
// object it left on top of the stack.
#define SRLUA_RAISE (-1)

// Which limit stopped a script. Declared once, here: the shim sets it where a limit trips or is
// refused, and the Swift side reads it (imported as a closed Swift enum, `srlua_Limit`).
typedef enum __attribute__((enum_extensibility(closed))) srlua_Limit {
    srlua_NoLimit = 0,
    srlua_InstructionLimit,   // the budget's instruction count (the count hook, table.move)
    srlua_TimeLimit,           // the budget's deadline
    srlua_MemoryLimit,         // the limiting allocator, string.rep, Lua's "not enough memory"
    srlua_NestingLimit,        // Lua's C stack (LUAI_MAXCCALLS): nested calls, parentheses, tables
    srlua_StackLimit,          // Lua's value stack (LUAI_MAXSTACK): a recursion that never ends
    srlua_PatternLimit,        // the pattern step bound of string.find/match/gmatch/gsub
    srlua_SourceLimit,         // the size of a chunk given to load()
} srlua_Limit;

// Lua's nesting limit (LUAI_MAXCCALLS in llimits.h, which is not exported), for messages.
#define SRLUA_NESTING_LIMIT 200

// The metatables of two userdata the shim tells apart: a Swift binding's error on its way
// through Lua, and lint's poison (the value a failed call yields while diagnostics are collected).
#define SRLUA_ERROR_METATABLE "stylerun.error"
#define SRLUA_POISON_METATABLE "stylerun.poison"

// Called by every trampoline. `function` is the id the closure was pushed with.
typedef int (*srlua_Dispatch)(lua_State *L, int function);

// Per-state limits and bookkeeping, owned by the host and reachable from the state's extra space.
typedef struct srlua_Budget {
    size_t memoryUsed;
    size_t memoryLimit;         // bytes; 0 = unlimited
    int64_t instructions;        // executed so far, in steps of `hookInterval`
    int64_t instructionLimit;    // 0 = unlimited
    double deadline;             // CLOCK_MONOTONIC seconds; 0 = none
    int hookInterval;
    double seconds;              // the time limit the deadline was set from, for messages; 0 = none
    // Which budget limit tripped (instructions, time or memory). Once set, the hook raises at
    // every instruction, so a script's own pcall cannot swallow the limit.
    srlua_Limit tripped;
    // The one-off limit the shim last refused a call with (pattern, source size), so that
    // srlua_failure can tell its message from a script's own error.
    srlua_Limit refused;
    // Set by srlua_pcall's message handler: whether the function that raised the last error
    // was a C function handed a poison (one of its arguments is), so the
    // error is a consequence of one already reported.
    int raisedOnPoison;
    int tripLine;                // the line where a limit first tripped
    // Allocation failures while the host runs are deferred: Swift must not be unwound, so the
    // allocator lets the host overshoot (up to `hostSlack`) and the trampoline raises afterwards.
    int inHost;
    size_t hostSlack;
    size_t sourceLimit;          // the largest text `load` accepts; 0 = unlimited
    // What `print` may write in one evaluation, in bytes (0 = unlimited), and what it has
    // written, charged by the host; past the limit it writes one note, then nothing.
    size_t printLimit;
    size_t printed;
    // Swift objects owned by userdata whose __gc has run; the host releases them at safe points.
    void **released;
    size_t releasedCount, releasedCapacity;
    void *host;                  // the Swift VM object (unretained)
    lua_State *L;                // the state, so the allocator can arm the hook
    void *pool;                  // the state's small blocks (see srlua_newstate), owned by the shim
    srlua_Dispatch dispatch;
} srlua_Budget;

// A state whose allocator charges `budget`, with the budget in the state's extra space. Its
// small blocks come from slabs of its own, freed by srlua_close.
lua_State *srlua_newstate(srlua_Budget *budget);
// Closes a state made by srlua_newstate (lua_close), then frees its slabs.
void srlua_close(lua_State *L);
srlua_Budget *srlua_budget(lua_State *L);
// Installs the count hook that enforces the instruction and time limits.
void srlua_sethook(lua_State *L);
double srlua_now(void);

// Pushes a C closure that dispatches to the host with `function`.
void srlua_pushfunction(lua_State *L, int function);
// Creates (or fetches) the metatable `name` whose __index, __newindex, __call, __concat,
// __tostring, __eq, __len dispatch to the host with the given ids (-1: leave unset), and whose
// __gc queues the userdata's object for release.
void srlua_newobjectmetatable(lua_State *L, const char *name, const int *ids);
// A userdata holding one retained Swift object pointer, with metatable `name` (must exist).
void srlua_pushobject(lua_State *L, void *object, const char *name);
// The object pointer of a userdata made by srlua_pushobject with metatable `name`, or NULL.
void *srlua_toobject(lua_State *L, int index, const char *name);
// srlua_toobject with the metatable given by its address (lua_topointer), found once: no
// lookup of the name in the registry.
void *srlua_toobjectwith(lua_State *L, int index, const void *metatable);
// srlua_pushobject with the metatable given by its reference in the registry (luaL_ref).
void srlua_pushobjectwith(lua_State *L, void *object, int metatable);

// The limit behind the error object on top of the stack after a failed load or call with
// `status`: a tripped budget limit, a refusal the shim raised, LUA_ERRMEM, or Lua's own stack
// and nesting overflows (which Lua reports only as text; this is the one place that reads it).
srlua_Limit srlua_failure(lua_State *L, int status);
// The sentence for `limit` with its value (the messages scripts and diagnostics show), written
// into `buffer`; the refusals' own messages carry their details and are raised where they trip.
void srlua_limitmessage(const srlua_Budget *budget, srlua_Limit limit, char *buffer, size_t size);

// lua_pcall is a macro; this is the one protected call Swift makes. Its message handler turns
// error objects that are not messages (error(nil), tables) into messages with their line.
int srlua_pcall(lua_State *L, int nargs, int nresults);
// Loads text only (never binary chunks), under the given chunk name.
int srlua_loadtext(lua_State *L, const char *text, size_t length, const char *chunkname);
// The function on top of the stack (loaded from text), compiled, with its debug information,
// into a buffer the caller frees with free(); 0 on success.
int srlua_dumpfunction(lua_State *L, char **data, size_t *length);
// Loads a chunk srlua_dumpfunction compiled in this process: binary only, and only ever what
// the process compiled itself from text (never bytes from outside).
int srlua_loaddumped(lua_State *L, const char *data, size_t length, const char *chunkname);

// The sandbox's replacements for base functions, written in C because they raise.
int srlua_print(lua_State *L);            // joins tostring() of its arguments, calls upvalue 1 with it, up to the print limit
int srlua_setmetatable(lua_State *L);     // refuses __gc
int srlua_rawset(lua_State *L);           // refuses the read-only library tables
int srlua_xpcall(lua_State *L);           // skips the script's handler once a limit has tripped
int srlua_load(lua_State *L);             // text only, sandbox environment
int srlua_readonly_newindex(lua_State *L);
int srlua_readonly_pairs(lua_State *L);    // upvalues: the real table, next
// A library function bounded before it runs: upvalue 1 is the original, upvalue 2 one of these.
// string.rep is checked against the memory budget, table.move charged to the instruction budget,
// and the pattern functions refused when their worst case is past SRLUA_PATTERN_STEPS.
enum { SRLUA_REP = 1, SRLUA_MOVE = 2, SRLUA_FIND = 3, SRLUA_MATCH = 4, SRLUA_GMATCH = 5, SRLUA_GSUB = 6 };
#define SRLUA_PATTERN_STEPS 200000000
int srlua_bounded(lua_State *L);

// Lua's macros and constants, as functions Swift can call.
int srlua_registryindex(void);
int srlua_upvalueindex(int i);
void srlua_pop(lua_State *L, int n);
void srlua_newtable(lua_State *L);
void srlua_remove(lua_State *L, int index);
void srlua_insert(lua_State *L, int index);
int srlua_isnil(lua_State *L, int index);
int srlua_isfunction(lua_State *L, int index);
int srlua_istable(lua_State *L, int index);
const char *srlua_tostring(lua_State *L, int index, size_t *length);
lua_Number srlua_tonumber(lua_State *L, int index, int *isnum);
lua_Integer srlua_tointeger(lua_State *L, int index, int *isnum);
void srlua_getglobals(lua_State *L);
void srlua_setglobals(lua_State *L);
int srlua_currentline(lua_State *L, int level, const char **source);

// Pops a function; returns the line it was defined at (0 for C functions) and its source.
int srlua_definedline(lua_State *L, const char **source);

#endif
