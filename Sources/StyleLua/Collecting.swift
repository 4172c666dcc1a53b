import CLua
import CLuaShim
import StyleCore

/// The value a failed API call yields in a collecting evaluation (`stylerun lint`).
///
/// Whatever the script does with it succeeds quietly and gives the poison back: index it, call
/// it, write to it, concatenate it, do arithmetic on it. A call that fails with a poison among
/// its arguments reports nothing, since its error is a consequence of one already reported.
final class PoisonObject {
    static let metatable = SRLUA_POISON_METATABLE
    /// Where the evaluation's one poison is kept in the registry.
    static let registryKey = "stylerun.poison.value"
}

extension Evaluation {
    /// The most diagnostics one evaluation records; a loop repeating a mistake stops adding.
    static let maximumCollected = 500

    /// Lint's mode: API errors are recorded and answered with a poison instead of raised.
    func installCollecting() {
        installPoisonMetatable()
        vm.recover = { [unowned self] error in self.recover(error) }
    }

    var isCollecting: Bool { options.collectsDiagnostics }

    /// Records `error` and pushes a poison as the failed call's result, when the error is one
    /// the script can go on after; Lua's own errors (syntax, runtime, limits) stop it.
    private func recover(_ error: ScriptError) -> Int32? {
        guard Self.isRecoverable(error.diagnostic) else { return nil }
        if !argumentsArePoisoned() { record(error.diagnostic) }
        pushPoison()
        return 1
    }

    static func isRecoverable(_ d: Diagnostic) -> Bool {
        d.code != .runtimeError && d.code != .syntaxError && d.code != .limitExceeded
    }

    /// Keeps a diagnostic once, up to `maximumCollected`.
    /// Keeps a warning; evaluation goes on.
    func warn(_ d: Diagnostic) {
        guard warnings.count < Self.maximumCollected, !warnings.contains(d) else { return }
        warnings.append(d)
        if isCollecting { record(d) }
    }

    func record(_ d: Diagnostic) {
        guard diagnostics.count < Self.maximumCollected, !diagnostics.contains(d) else { return }
        diagnostics.append(d)
    }

    /// In a collecting evaluation, records a recoverable error and returns; otherwise throws it.
    /// For bindings that check several things and should report each (a constructor's fields).
    func keepGoing(after error: ScriptError) throws(ScriptError) {
        guard isCollecting, Self.isRecoverable(error.diagnostic) else { throw error }
        record(error.diagnostic)
    }

    /// Reports each of several independent errors (every theme missing every token): all of
    /// them when collecting, else the first is thrown.
    func report(_ found: [Diagnostic]) throws(ScriptError) {
        guard let first = found.first else { return }
        guard isCollecting else { throw ScriptError(diagnostic: first) }
        found.forEach(record)
    }

    /// The error that stopped a script, as reported after what was collected before it: left
    /// out when a poison caused it (a library function handed one), and tied to the earlier
    /// errors when a limit tripped (a loop waiting on a poisoned value never ends).
    func stopping(_ error: ScriptError) -> [Diagnostic] {
        var d = error.diagnostic
        guard isCollecting, let earlier = diagnostics.first else { return [d] }
        if error.raisedOnPoison { return [] }
        guard d.code == .limitExceeded else { return [d] }
        d.message += " This may follow from the earlier error at line \(earlier.line)."
        return [d]
    }

    func isPoison(at index: Int32) -> Bool {
        isCollecting && vm.object(at: index, metatable: PoisonObject.metatable, as: PoisonObject.self) != nil
    }

    /// Pushes the evaluation's one poison (one, so that a table keyed by poisons stays small).
    func pushPoison() {
        let L = vm.L
        if lua_getfield(L, srlua_registryindex(), PoisonObject.registryKey) != LUA_TUSERDATA {  // stack: poison?
            srlua_pop(L, 1)
            vm.pushObject(PoisonObject(), metatable: PoisonObject.metatable)  // stack: poison
            lua_pushvalue(L, -1)
            lua_setfield(L, srlua_registryindex(), PoisonObject.registryKey)
        }
    }

    /// Whether an argument of the running call is a poison, or a table holding one directly
    /// (`Label { style = poisoned }`, `StackView { poisonedChild }`).
    private func argumentsArePoisoned() -> Bool {
        let L = vm.L
        let top = vm.top
        guard top >= 1 else { return false }
        for i in 1...top {
            if isPoison(at: i) { return true }
            guard vm.type(at: i) == LUA_TTABLE else { continue }
            var seen = 0
            lua_pushnil(L)
            while lua_next(L, i) != 0 {  // stack: …, key, value
                let poisoned = isPoison(at: -1)
                srlua_pop(L, 1)
                seen += 1
                if poisoned || seen > 256 {
                    srlua_pop(L, 1)
                    if poisoned { return true }
                    break
                }
            }
        }
        return false
    }

    // MARK: The poison's metatable

    private func installPoisonMetatable() {
        let L = vm.L
        let nothing = vm.register { _ throws(ScriptError) in 0 }
        let index = vm.register { [unowned self] _ throws(ScriptError) in
            // Integer keys read as nil, so that ipairs over a poison ends at once.
            if self.vm.type(at: 2) == LUA_TNUMBER { lua_pushnil(self.vm.L) } else { lua_settop(self.vm.L, 1) }
            return 1
        }
        let operation = vm.register { [unowned self] _ throws(ScriptError) in
            self.pushPoison()
            return 1
        }
        let tostring = vm.register { [unowned self] _ throws(ScriptError) in
            lua_pushstring(self.vm.L, "(poisoned by an earlier error)")
            return 1
        }
        let no = vm.register { [unowned self] _ throws(ScriptError) in
            lua_pushboolean(self.vm.L, 0)
            return 1
        }
        let zero = vm.register { [unowned self] _ throws(ScriptError) in
            lua_pushinteger(self.vm.L, 0)
            return 1
        }
        var ids: [Int32] = [index, nothing, operation, operation, tostring, no, zero]
        srlua_newobjectmetatable(L, PoisonObject.metatable, &ids)  // stack: mt
        let arithmetic = ["__add", "__sub", "__mul", "__div", "__mod", "__pow", "__unm", "__idiv",
                          "__band", "__bor", "__bxor", "__shl", "__shr", "__bnot"]
        for event in arithmetic {
            srlua_pushfunction(L, operation)
            lua_setfield(L, -2, event)
        }
        for event in ["__lt", "__le"] {
            srlua_pushfunction(L, no)
            lua_setfield(L, -2, event)
        }
        // pairs(poison) iterates nothing; `local x <close> = poison` closes quietly.
        let pairs = vm.register { [unowned self] _ throws(ScriptError) in
            srlua_pushfunction(self.vm.L, nothing)
            return 1
        }
        srlua_pushfunction(L, pairs)
        lua_setfield(L, -2, "__pairs")
        srlua_pushfunction(L, nothing)
        lua_setfield(L, -2, "__close")
        srlua_pop(L, 1)
    }
}
