import Synchronization

/// Interned values: each distinct value stored once and named by a 32-bit index, as browsers
/// intern strings and computed values and Lua interns strings in its state. An engine has one
/// (`StyleEngine.valueTable`) for the constants of its prepared styles and the defaults its
/// views start from, freed with the engine and the views it styled; each kind has one for its
/// defaults. What is interned is what a program states in its text: re-evaluating the same
/// script interns nothing new in the engine that styles it.
///
/// A table holds at most `capacity` values; past that, `intern` returns nil and the value is
/// stored as the writer's own instead (nothing traps).
///
/// Interning takes a lock; reading an index does not. Values are written into chunks that never
/// move (each twice the size of the one before, so a small table is small) before their index
/// is published under the lock, so a thread that holds an index (from `intern`, or from a view
/// handed over with the usual synchronisation) reads a fully written value.
final class ValueTable: @unchecked Sendable {
    /// How many values the first chunk holds, as a power of two.
    private static let firstChunkBits = 4
    private static let chunkCount = 28
    /// The most values any table holds.
    static let defaultCapacity = 1 << 26

    /// How many values this table can hold.
    let capacity: Int
    // Written only under `state`'s lock, each element before its index is published; read
    // without a lock at published indices (see the type's summary).
    private let chunks: UnsafeMutablePointer<UnsafeMutablePointer<Value>?>
    private let state = Mutex<(indices: [Value: UInt32], count: Int)>(([:], 0))

    init(capacity: Int = ValueTable.defaultCapacity) {
        precondition(capacity >= 0 && capacity <= Self.defaultCapacity, "A value table holds at most \(Self.defaultCapacity) values")
        self.capacity = capacity
        chunks = .allocate(capacity: Self.chunkCount)
        chunks.initialize(repeating: nil, count: Self.chunkCount)
    }

    deinit {
        let count = self.count
        for chunk in 0..<Self.chunkCount {
            guard let pointer = chunks[chunk] else { break }
            let first = Self.first(of: chunk), size = Self.size(of: chunk)
            pointer.deinitialize(count: max(0, min(size, count - first)))
            pointer.deallocate()
        }
        chunks.deallocate()
    }

    /// Where chunk `chunk` starts, and how many values it holds.
    private static func first(of chunk: Int) -> Int { ((1 << chunk) - 1) << firstChunkBits }
    private static func size(of chunk: Int) -> Int { 1 << (chunk + firstChunkBits) }

    /// The chunk of `index` and its place there.
    @inline(__always)
    private static func place(of index: Int) -> (chunk: Int, offset: Int) {
        let n = index + (1 << firstChunkBits)
        let top = Int.bitWidth - 1 - n.leadingZeroBitCount
        return (top - firstChunkBits, n - (1 << top))
    }

    /// The index of `value`, interning it the first time; nil once `capacity` values are
    /// interned.
    func intern(_ value: Value) -> UInt32? {
        state.withLock { state -> UInt32? in
            if let i = state.indices[value] { return i }
            let i = state.count
            guard i < capacity else { return nil }
            let (chunk, offset) = Self.place(of: i)
            if chunks[chunk] == nil { chunks[chunk] = .allocate(capacity: Self.size(of: chunk)) }
            (chunks[chunk]! + offset).initialize(to: value)
            state.count = i + 1
            state.indices[value] = UInt32(i)
            return UInt32(i)
        }
    }

    /// The value interned at `index`.
    @inline(__always)
    func value(at index: UInt32) -> Value {
        let (chunk, offset) = Self.place(of: Int(index))
        return chunks[chunk].unsafelyUnwrapped[offset]
    }

    /// How many values are interned.
    var count: Int { state.withLock { $0.count } }

    /// A kind's declared defaults as this table stores them, by slot, worked out once per kind:
    /// what a view of this table is compared with to find the values changed from the default
    /// by their bits. Nil when the table has no room for them. The kind is held weakly (a
    /// script's kinds go with its evaluation).
    func defaults(of kind: Kind) -> [StoredValue]? {
        let id = ObjectIdentifier(kind)
        if let known = kindDefaults.withLock({ list in list.first { $0.id == id && $0.kind === kind }?.stored }) { return known }
        var stored: [StoredValue] = []
        stored.reserveCapacity(kind.properties.count)
        for property in kind.properties {
            guard let value = StoredValue(interning: property.viewDefault, in: self) else { return nil }
            stored.append(value)
        }
        kindDefaults.withLock { list in
            list.removeAll { $0.kind == nil }
            list.append(KindDefaults(id: id, kind: kind, stored: stored))
        }
        return stored
    }

    private struct KindDefaults {
        let id: ObjectIdentifier
        weak var kind: Kind?
        let stored: [StoredValue]
    }

    private let kindDefaults = Mutex<[KindDefaults]>([])
}
