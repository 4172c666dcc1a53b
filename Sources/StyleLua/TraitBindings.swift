import CLua
import CLuaShim
import StyleCore

// The `traits` table (SPEC §6.2): the run's traits, read-only.
extension Evaluation {
    /// `traits.colorScheme` … as strings: an empty table whose metatable answers the six
    /// names, refuses any other with the closest one, and refuses every write.
    func installTraitsTable() {
        let L = vm.L
        let traits = options.traits
        srlua_newtable(L)  // stack: traits
        srlua_newtable(L)  // stack: traits, mt
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            // stack: traits, key
            let key = self.vm.string(at: 2) ?? self.vm.typeName(at: 2)
            guard let name = Traits.Name(rawValue: key) else {
                throw self.failure(.misuse(.unknownMember(owner: "traits", name: key, members: Traits.names)), pointingAt: [key])
            }
            self.readsTraits = true
            lua_pushstring(self.vm.L, traits[name])
            return 1
        }
        lua_setfield(L, -2, "__index")
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            // stack: traits, key, value
            let key = self.vm.string(at: 2) ?? self.vm.typeName(at: 2)
            throw self.failure(.traitsAreReadOnly(key), pointingAt: ["traits"])
        }
        lua_setfield(L, -2, "__newindex")
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            // pairs(traits): Lua's next over a fresh table of the six, so the script's copy
            // cannot reach the run's.
            let L = self.vm.L
            self.readsTraits = true
            srlua_getglobals(L)  // stack: traits, G
            lua_getfield(L, -1, "next")  // stack: traits, G, next
            srlua_newtable(L)  // stack: traits, G, next, copy
            for name in Traits.Name.allCases {
                lua_pushstring(L, traits[name])
                lua_setfield(L, -2, name.rawValue)
            }
            lua_pushnil(L)  // stack: traits, G, next, copy, nil
            return 3
        }
        lua_setfield(L, -2, "__pairs")
        lua_pushboolean(L, 0)
        lua_setfield(L, -2, "__metatable")
        lua_setmetatable(L, -2)  // stack: traits
        setGlobal("traits")
    }
}
