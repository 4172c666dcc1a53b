import CLua
import CLuaShim
import StyleCore

extension Evaluation {
    /// The whole stylerun API, then the guard on undefined globals.
    func installBindings() {
        installErrorMetatable()
        installValueBindings()
        installStyleBindings()
        installViewMetatable()
        installProxyMetatable()
        installCascadeBindings()
        installModuleBindings()
        installPrint()
        installUndefinedGlobalGuard()
        if options.collectsDiagnostics { installCollecting() }
    }

    /// Errors raised by stylerun keep their diagnostic; `tostring(err)` gives `file:line: message`.
    private func installErrorMetatable() {
        let tostring = vm.register { [unowned self] _ throws(ScriptError) in
            let e = self.vm.object(at: 1, metatable: ErrorObject.metatable, as: ErrorObject.self)!
            let d = e.error.diagnostic
            lua_pushstring(self.vm.L, "\(d.file):\(d.line): \(d.message)")
            return 1
        }
        var ids: [Int32] = [-1, -1, -1, -1, tostring, -1, -1]
        srlua_newobjectmetatable(vm.L, ErrorObject.metatable, &ids)
        srlua_pop(vm.L, 1)
    }

    /// print(...) → the log, prefixed with `file:line:`. The C side converts the arguments.
    private func installPrint() {
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            let message = self.vm.string(at: 1) ?? ""
            let at = self.vm.location(level: 1)
            self.options.log("\(at.file):\(at.line): \(message)")
            return 0
        }
        lua_pushcclosure(vm.L, srlua_print, 1)
        setGlobal("print")
    }

    /// Reading a global nobody defined is an error with a suggestion (`mutt` → `mut`).
    private func installUndefinedGlobalGuard() {
        let L = vm.L
        srlua_getglobals(L)  // stack: G
        srlua_newtable(L)    // stack: G, mt
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            let name = self.vm.string(at: 2) ?? self.vm.typeName(at: 2)
            // Names further apart in length than a suggestion may differ are not compared: a
            // script's megabyte-long name must not cost a megabyte of edit distance per global.
            let length = name.utf8.count
            let s = Suggestion.closest(to: name, among: self.globalNames().filter { abs($0.utf8.count - length) <= 3 })
            throw self.failure(.undefinedGlobal, "Undefined global '\(name)'." + (s.map { " Did you mean '\($0)'?" } ?? ""),
                               pointingAt: [name], suggestions: s.map { [$0] } ?? [])
        }
        lua_setfield(L, -2, "__index")
        lua_pushboolean(L, 0)
        lua_setfield(L, -2, "__metatable")
        lua_setmetatable(L, -2)  // stack: G
        srlua_pop(L, 1)
    }
}
