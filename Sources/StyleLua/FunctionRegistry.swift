import CLuaShim

// Swift functions Lua calls. Each is registered under an id; a C closure made by
// `srlua_pushfunction` carries the id and enters Swift through the trampoline, which raises
// the error a function threw only after Swift has returned.

extension LuaVM {
    /// Registers a Swift function and returns the id trampolines dispatch with.
    func register(_ body: @escaping (LuaVM) throws(ScriptError) -> Int32) -> Int32 {
        functions.append(body)
        return Int32(functions.count - 1)
    }

    /// Pushes a Lua function that runs `body`.
    func pushFunction(_ body: @escaping (LuaVM) throws(ScriptError) -> Int32) {
        srlua_pushfunction(L, register(body))  // stack: fn
    }

    /// Runs function `id`: its result count, or `SRLUA_RAISE` with the error object on top.
    fileprivate func dispatch(_ id: Int32) -> Int32 {
        releasePendingObjects()
        do {
            return try functions[Int(id)](self)
        } catch {
            if let results = recover?(error) { return results }
            pushObject(ErrorObject(error), metatable: ErrorObject.metatable)  // stack: error
            return SRLUA_RAISE
        }
    }
}

/// The C trampolines' entry into Swift.
let luaDispatch: srlua_Dispatch = { state, id in
    let budget = srlua_budget(state)!
    let vm = Unmanaged<LuaVM>.fromOpaque(budget.pointee.host).takeUnretainedValue()
    return vm.dispatch(id)
}
