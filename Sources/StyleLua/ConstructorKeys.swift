import CLua
import CLuaShim
import StyleCore
#if canImport(Glibc)
import Glibc
#endif

/// What each key of a view constructor means for its kind, found once per kind and key: a
/// screen sets the same few keys (`id`, `class`, `text`) on thousands of views, and making a
/// Swift string of each and resolving its key path again was a tenth of building a view.
///
/// Lua interns short strings, so a key is looked up by the address of Lua's string, in a small
/// table indexed by that address; an entry counts only when its kind, length and bytes match
/// too (an address may be reused by another string after a collection).
///
///     cache.key(at: -2, of: kind, in: vm)?.keyPath    // \Label.text, the second time without a search
final class ConstructorKeys {
    /// A key and what it names; a class, so that holding one costs a retain rather than a copy
    /// of its key path (which carries the whole `Property`).
    final class Key {
        enum Role { case id, classes, style, property }
        let name: String
        let role: Role
        /// The literal's key path; nil for `id`, `class` and `style`, and for a key that is not a
        /// property (its error is found the long way, every time).
        let keyPath: StyleKeyPath?

        init(name: String, keyPath: StyleKeyPath?) {
            self.name = name
            self.keyPath = keyPath
            switch name {
            case "id": role = .id
            case "class": role = .classes
            case "style": role = .style
            default: role = .property
            }
        }
    }

    /// One slot of the table: written in place, so a lookup takes no exclusive access to an array.
    private struct Slot {
        var pointer: UnsafeRawPointer?
        var kind: ObjectIdentifier?
        var key: Key?
    }

    private static let size = 1024
    private let storage = SlotStorage(count: size, empty: Slot())
    private var slots: UnsafeMutablePointer<Slot> { storage.base }

    /// The string key at `index` of a constructor of `kind`; nil when the key is not a string.
    func key(at index: Int32, of kind: Kind, in vm: LuaVM) -> Key? {
        guard lua_type(vm.L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let p = srlua_tostring(vm.L, index, &length) else { return nil }
        let pointer = UnsafeRawPointer(p)
        let kindID = ObjectIdentifier(kind)
        // The two addresses' bits, mixed: the same key of another kind has a slot of its own.
        let bits = UInt(bitPattern: Int(bitPattern: pointer)) ^ (UInt(bitPattern: kindID) &* 31)
        let slot = slots + (Int(truncatingIfNeeded: (bits >> 4) ^ (bits >> 14)) & (Self.size - 1))
        if slot.pointee.pointer == pointer, slot.pointee.kind == kindID, let key = slot.pointee.key, Self.same(key.name, pointer, length) {
            return key
        }
        let name = String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
        var keyPath: StyleKeyPath?
        switch name {
        case "id", "class", "style": break
        default: if case .success(let kp) = StyleKeyPath.resolve([name], in: kind) { keyPath = kp }
        }
        let key = Key(name: name, keyPath: keyPath)
        slot.pointee = Slot(pointer: pointer, kind: kindID, key: key)
        return key
    }

    /// Whether `key`'s UTF-8 is the `length` bytes at `pointer`.
    static func same(_ key: String, _ pointer: UnsafeRawPointer, _ length: Int) -> Bool {
        var key = key
        return key.withUTF8 { $0.count == length && (length == 0 || memcmp($0.baseAddress!, pointer, length) == 0) }
    }
}

/// The class names of each `class = "…"` string, split once per string: a screen names the
/// same few class lists on thousands of views, and splitting each into new Swift strings
/// (and a new array) was most of setting a view's classes. Found, as keys are, by the address
/// of Lua's string, checked against its bytes; views given the same string share one array.
final class ClassLists {
    private struct Slot {
        var pointer: UnsafeRawPointer?
        var text = ""
        var names: [String] = []
        /// The names' selector keys, hashed once per list (`View.setClasses(_:keys:)`).
        var keys = ClassKeys([])
    }

    private static let size = 1024
    private let storage = SlotStorage(count: size, empty: Slot())
    private var slots: UnsafeMutablePointer<Slot> { storage.base }

    /// The names of the `length` bytes at `pointer`, split at spaces and tabs, and their keys.
    func names(_ pointer: UnsafeRawPointer, _ length: Int) -> (names: [String], keys: ClassKeys) {
        // Two slots a string may be in (a screen has a few hundred lists): the first free or
        // holding it, else the second is replaced.
        let bits = UInt64(UInt(bitPattern: Int(bitPattern: pointer))) &* 0x9E37_79B9_7F4A_7C15
        let first = Int(truncatingIfNeeded: bits >> 54) & (Self.size - 2)
        let a = slots + first, b = a + 1
        if a.pointee.pointer == pointer, ConstructorKeys.same(a.pointee.text, pointer, length) { return (a.pointee.names, a.pointee.keys) }
        if b.pointee.pointer == pointer, ConstructorKeys.same(b.pointee.text, pointer, length) { return (b.pointee.names, b.pointee.keys) }
        let slot = a.pointee.pointer == nil ? a : b
        let bytes = UnsafeBufferPointer(start: pointer.assumingMemoryBound(to: UInt8.self), count: length)
        var names: [String] = []
        names.reserveCapacity(4)
        var start = 0
        for i in 0...length where i == length || bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") {
            if i > start { names.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)) }
            start = i + 1
        }
        let keys = ClassKeys(names)
        slot.pointee = Slot(pointer: pointer, text: String(decoding: bytes, as: UTF8.self), names: names, keys: keys)
        return (names, keys)
    }
}

/// Slots written in place (a lookup takes no exclusive access to an array), allocated once and
/// freed with the table that holds them.
final class SlotStorage<Slot> {
    let base: UnsafeMutablePointer<Slot>
    private let count: Int

    init(count: Int, empty: Slot) {
        self.count = count
        base = .allocate(capacity: count)
        base.initialize(repeating: empty, count: count)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
