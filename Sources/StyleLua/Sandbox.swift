import CLua
import CLuaShim
import StyleCore

/// The environment scripts run in, as an allow list (REFERENCE §1.10).
///
/// The standard libraries are opened into a scratch table, and only the entries below are copied
/// into a fresh globals table; everything else (`io`, `os`, `debug`, `package`, `dofile`,
/// `loadfile`, `collectgarbage`, `coroutine`, `string.dump`) never reaches the script.
public enum Sandbox {
    /// Every global the sandbox gives a script before the stylerun API: lint's static pass and
    /// the language server read this list.
    public static let globals: [String] = baseFunctions + guardedFunctions.map(\.name) + ["_VERSION", "_G"]
        + libraries.map(\.name) + ["print"]  // print: the bindings', to the tool's log

    /// Base functions that cannot reach outside the state.
    static let baseFunctions = [
        "assert", "error", "ipairs", "next", "pairs", "pcall", "select", "tonumber", "tostring",
        "type", "rawequal", "rawget", "rawlen", "getmetatable",
    ]
    /// Base functions replaced by the shim's guarded versions.
    static let guardedFunctions: [(name: String, function: lua_CFunction)] = [
        ("setmetatable", srlua_setmetatable),  // refuses __gc
        ("xpcall", srlua_xpcall),              // its handler cannot outlive a limit
        ("rawset", srlua_rawset),              // not into the read-only library tables
        ("load", srlua_load),                  // text only, run in the sandbox
    ]
    /// Libraries copied whole, minus the listed entries.
    /// `bounded`: functions that run in C where the count hook cannot see them, wrapped by
    /// `srlua_bounded` to be checked before they run (see the shim).
    static let libraries: [(name: String, open: lua_CFunction, without: Set<String>, bounded: [(String, Int32)])] = [
        ("string", luaopen_string, ["dump"],  // dump would hand out bytecode
         [("rep", Int32(SRLUA_REP)),          // memory budget; an empty result at once
          ("find", Int32(SRLUA_FIND)),        // pattern step limit
          ("match", Int32(SRLUA_MATCH)),
          ("gmatch", Int32(SRLUA_GMATCH)),
          ("gsub", Int32(SRLUA_GSUB))]),
        ("table", luaopen_table, [],
         [("move", Int32(SRLUA_MOVE))]),      // charged to the instruction budget
        ("math", luaopen_math, [], []),
        ("utf8", luaopen_utf8, [], []),
    ]

    /// Builds the sandbox's globals and installs them as the state's globals table.
    /// `print` and the stylerun API are added by the caller.
    static func install(in vm: LuaVM) {
        let L = vm.L
        luaL_requiref(L, "_G", luaopen_base, 0)  // stack: base
        let base = lua_gettop(L)
        srlua_newtable(L)  // stack: base, env
        let env = lua_gettop(L)
        for name in baseFunctions {
            lua_getfield(L, base, name)
            lua_setfield(L, env, name)
        }
        for (name, function) in guardedFunctions {
            lua_pushcclosure(L, function, 0)
            lua_setfield(L, env, name)
        }
        lua_pushstring(L, "Lua 5.4")
        lua_setfield(L, env, "_VERSION")
        lua_pushvalue(L, env)
        lua_setfield(L, env, "_G")

        for lib in libraries {
            luaL_requiref(L, lib.name, lib.open, 0)  // stack: base, env, lib
            let table = lua_gettop(L)
            for entry in lib.without {
                lua_pushnil(L)
                lua_setfield(L, table, entry)
            }
            for (entry, kind) in lib.bounded {
                lua_getfield(L, table, entry)  // stack: …, lib, original
                lua_pushinteger(L, lua_Integer(kind))
                lua_pushcclosure(L, srlua_bounded, 2)
                lua_setfield(L, table, entry)
            }
            pushReadOnly(L, table: table, base: base)  // stack: base, env, lib, proxy
            if lib.name == "string" {
                // Strings index the read-only proxy; getmetatable("") gives a read-only table
                // whose __index is that proxy, never the real metatable.
                lua_pushstring(L, "")
                lua_getmetatable(L, -1)  // stack: …, proxy, "", strmt
                lua_pushvalue(L, -3)
                lua_setfield(L, -2, "__index")
                srlua_newtable(L)        // stack: …, proxy, "", strmt, shown
                lua_pushvalue(L, -4)
                lua_setfield(L, -2, "__index")
                pushReadOnly(L, table: lua_gettop(L), base: base)  // stack: …, strmt, shown, shownProxy
                lua_setfield(L, -3, "__metatable")
                srlua_pop(L, 3)
            }
            lua_pushvalue(L, -1)
            lua_setfield(L, srlua_registryindex(), libraryKey(lib.name))  // for require "string"
            lua_setfield(L, env, lib.name)
            srlua_pop(L, 1)
        }
        lua_pushvalue(L, env)
        srlua_setglobals(L)
        srlua_pop(L, 2)
        // Nothing opened above registered itself in package.loaded: no `package` library exists.
        lua_pushnil(L)
        lua_setfield(L, srlua_registryindex(), LUA_LOADED_TABLE)
    }

    /// Where the registry keeps a library's read-only table, for `require "string"`, which
    /// gives the library as Lua's `require` does (from `package.loaded`).
    static func libraryKey(_ name: String) -> String { "stylerun.library." + name }

    /// Pushes a read-only view of the table at `table`: reads and `pairs` see it, writes fail.
    private static func pushReadOnly(_ L: OpaquePointer, table: Int32, base: Int32) {
        srlua_newtable(L)  // stack: proxy
        srlua_newtable(L)  // stack: proxy, mt
        lua_pushvalue(L, table)
        lua_setfield(L, -2, "__index")
        lua_pushcclosure(L, srlua_readonly_newindex, 0)
        lua_setfield(L, -2, "__newindex")
        lua_pushboolean(L, 0)
        lua_setfield(L, -2, "__metatable")
        // pairs(string) lists the real entries.
        lua_pushvalue(L, table)
        lua_getfield(L, base, "next")
        lua_pushcclosure(L, srlua_readonly_pairs, 2)
        lua_setfield(L, -2, "__pairs")
        lua_setmetatable(L, -2)  // stack: proxy
    }
}
