import CLua
import CLuaShim
import StyleCore

extension Evaluation {
    /// The whole stylerun API, then the guard on undefined globals.
    func installBindings() {
        installErrorMetatable()
        installValueBindings()
        installStyleBindings()
        installOperators()
        installViewMetatable()
        installProxyMetatable()
        installCascadeBindings()
        installTraitsTable()
        installModuleBindings()
        installTokenBindings()
        installPrint()
        installUndefinedGlobalGuard()
        if options.collectsDiagnostics { installCollecting() }
    }

    /// Creates the metatable `name` whose events dispatch to the given registered functions.
    func installMetatable(_ name: String, index: Int32 = -1, newindex: Int32 = -1, call: Int32 = -1,
                          concat: Int32 = -1, tostring: Int32 = -1, eq: Int32 = -1, len: Int32 = -1) {
        var ids: [Int32] = [index, newindex, call, concat, tostring, eq, len]
        srlua_newobjectmetatable(vm.L, name, &ids)
        srlua_pop(vm.L, 1)
    }

    /// `__tostring` for the userdata of one metatable.
    func registerToString<T: AnyObject>(_ type: T.Type, metatable: String, _ text: @escaping (T) -> String) -> Int32 {
        vm.register { [unowned self] _ throws(ScriptError) in
            lua_pushstring(self.vm.L, text(self.vm.object(at: 1, metatable: metatable, as: T.self)!))
            return 1
        }
    }

    /// `__eq` for the userdata of one metatable; a value of another kind is never equal.
    func registerEquality<T: AnyObject>(_ type: T.Type, metatable: String, _ same: @escaping (T, T) -> Bool) -> Int32 {
        vm.register { [unowned self] _ throws(ScriptError) in
            let a = self.vm.object(at: 1, metatable: metatable, as: T.self)
            let b = self.vm.object(at: 2, metatable: metatable, as: T.self)
            lua_pushboolean(self.vm.L, a != nil && b != nil && same(a!, b!) ? 1 : 0)
            return 1
        }
    }

    /// Errors raised by stylerun keep their diagnostic; `tostring(err)` gives `file:line: message`.
    private func installErrorMetatable() {
        let tostring = registerToString(ErrorObject.self, metatable: ErrorObject.metatable) { e in
            "\(e.error.diagnostic.file):\(e.error.diagnostic.line): \(e.error.diagnostic.message)"
        }
        installMetatable(ErrorObject.metatable, tostring: tostring)
    }

    /// print(...) → the log, prefixed with `file:line:`. The C side converts the arguments.
    ///
    /// What one evaluation prints is bounded by `Limits.printedBytes`, lines and prefixes
    /// included: the line that would pass it is replaced by one note, and later lines are left
    /// out. The script goes on; a print in a loop is a debugging aid, not a mistake.
    private func installPrint() {
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            let at = self.vm.location(level: 1)
            let budget = self.vm.budget
            let limit = budget.pointee.printLimit
            // No line: its text alone is past what is left (see srlua_print).
            if let message = self.vm.top >= 1 ? self.vm.string(at: 1) : nil {
                let line = "\(at.file):\(at.line): \(message)"
                let cost = line.utf8.count + 1
                if limit == 0 || cost < limit - budget.pointee.printed {
                    budget.pointee.printed += cost
                    self.options.log(line)
                    return 0
                }
            }
            budget.pointee.printed = limit
            self.options.log("\(at.file):\(at.line): \(Self.printLimitNote(bytes: Int(limit)))")
            return 0
        }
        lua_pushcclosure(vm.L, srlua_print, 1)
        setGlobal("print")
    }

    /// The one line printed in place of the output past the print limit.
    static func printLimitNote(bytes: Int) -> String {
        let size = bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
        return "print: the script's output reached the print limit of \(size); later output is left out."
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
                ?? self.schema.quotedEnumCase(name)
            throw self.failure(.undefinedGlobal(name, suggestion: s), pointingAt: [name])
        }
        lua_setfield(L, -2, "__index")
        lua_pushboolean(L, 0)
        lua_setfield(L, -2, "__metatable")
        lua_setmetatable(L, -2)  // stack: G
        srlua_pop(L, 1)
    }
}
