import CLuaShim

// Swift objects in Lua: a userdata holds one retained pointer and has a metatable per object
// type (see `LuaObjects.swift`). Lua's `__gc` (in C) only queues the pointer; Swift releases it
// at the next safe point, never inside a collection.

extension LuaVM {
    /// Pushes a userdata owning `object` with the metatable `name`.
    func pushObject(_ object: AnyObject, metatable name: String) {
        let pointer = Unmanaged.passRetained(object).toOpaque()
        // `withCString` keeps a short name on the stack; passing the String would copy it to
        // the heap at every call (every view a screen builds pushes and reads objects).
        name.withCString { srlua_pushobject(L, pointer, $0) }  // stack: ud
    }

    /// The object behind the userdata at `index` if it has metatable `name` and type `T`.
    func object<T: AnyObject>(at index: Int32, metatable name: String, as type: T.Type = T.self) -> T? {
        guard let p = name.withCString({ srlua_toobject(L, index, $0) }) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue() as? T
    }

    /// Releases objects whose userdata Lua collected (queued by the C `__gc`).
    func releasePendingObjects() {
        let b = budget
        while b.pointee.releasedCount > 0 {
            b.pointee.releasedCount -= 1
            let p = b.pointee.released[Int(b.pointee.releasedCount)]
            if let p { Unmanaged<AnyObject>.fromOpaque(p).release() }
        }
    }
}

/// A script failure on its way through Lua: raised as a userdata so that it keeps its
/// diagnostic (code, column, suggestions) through the script's own `pcall`s.
final class ErrorObject {
    static let metatable = SRLUA_ERROR_METATABLE
    let error: ScriptError
    init(_ error: ScriptError) { self.error = error }
}
