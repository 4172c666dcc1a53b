import CLua
import CLuaShim

// Swift objects in Lua: a userdata holds one retained pointer and has a metatable per object
// type (see `LuaObjects.swift`). Lua's `__gc` (in C) only queues the pointer; Swift releases it
// at the next safe point, never inside a collection.

extension LuaVM {
    /// Pushes a userdata owning `object` with the metatable `name`.
    func pushObject(_ object: AnyObject, metatable name: String) {
        let pointer = Unmanaged.passRetained(object).toOpaque()
        // `withCString` keeps a short name on the stack; passing the String would copy it to
        // the heap at every call.
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

    /// `pushObject(_:metatable:)` with the metatable found beforehand.
    func pushObject(_ object: AnyObject, metatable: Metatable) {
        srlua_pushobjectwith(L, Unmanaged.passRetained(object).toOpaque(), metatable.reference)  // stack: ud
    }

    /// `object(at:metatable:as:)` with the metatable found beforehand.
    func object<T: AnyObject>(at index: Int32, metatable: Metatable, as type: T.Type = T.self) -> T? {
        guard let p = srlua_toobjectwith(L, index, metatable.address) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue() as? T
    }

    /// A metatable of the registry, found by name once: for the objects every view of a
    /// screen pushes and reads, looking the name up in the registry at each call (hashing it)
    /// was most of boxing one. Nil when no metatable has that name yet.
    func metatable(_ name: String) -> Metatable? {
        let type = name.withCString { lua_getfield(L, srlua_registryindex(), $0) }  // stack: mt
        guard type == LUA_TTABLE, let address = lua_topointer(L, -1) else {
            srlua_pop(L, 1)
            return nil
        }
        // Metatables are made once per state and never replaced: the reference keeps it.
        return Metatable(address: address, reference: luaL_ref(L, srlua_registryindex()))  // stack: (mt popped)
    }
}

/// A metatable found in the registry (`LuaVM.metatable(_:)`): its address, which tells a
/// userdata's, and a reference that pushes it.
struct Metatable {
    let address: UnsafeRawPointer
    let reference: Int32
}

/// A script failure on its way through Lua: raised as a userdata so that it keeps its
/// diagnostic (code, column, suggestions) through the script's own `pcall`s.
final class ErrorObject {
    static let metatable = SRLUA_ERROR_METATABLE
    let error: ScriptError
    init(_ error: ScriptError) { self.error = error }
}
