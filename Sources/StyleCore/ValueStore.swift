import Synchronization

/// One property's applied value as a view stores it: 8 bytes with nothing to reference-count,
/// so the cascade writes a slot with a plain store and a view's values fit in a few cache lines.
///
/// Numbers are kept in place as their bits; everything else is boxed in the space of negative
/// quiet NaNs that arithmetic never produces (`0xFFF9…` to `0xFFFD…`): integers of up to 48
/// bits and booleans in place, and other values as an index: shared (interned once for the
/// process in `SharedValues`: the kinds' defaults and the constants of prepared styles, which
/// is what rules and appearances write) or the view's own (kept beside the slots in
/// `ValueStore.own`: literals, `mver` and function results, content the host sets). A NaN, or
/// an integer too wide for 48 bits, is shared.
///
///     let red = StoredValue(sharing: .color(.red))    // once, as a constant
///     application.write(Label.textColor.property, red, at: nil)
public struct StoredValue: Sendable {
    fileprivate let bits: UInt64

    fileprivate enum Tag: UInt64 {
        case int = 0xFFF9, bool = 0xFFFA, null = 0xFFFB, shared = 0xFFFC, own = 0xFFFD
    }

    private static let payloadMask: UInt64 = (1 << 48) - 1

    fileprivate init(_ tag: Tag, _ payload: UInt64) { bits = tag.rawValue << 48 | (payload & Self.payloadMask) }
    private init(bits: UInt64) { self.bits = bits }

    /// What the bits hold, decoded.
    fileprivate enum Unpacked {
        case number(Double), int(Int), bool(Bool), null, shared(UInt32), own(UInt32)
    }

    fileprivate var unpacked: Unpacked {
        guard let tag = Tag(rawValue: bits >> 48) else { return .number(Double(bitPattern: bits)) }
        let payload = bits & Self.payloadMask
        switch tag {
        case .int: return .int(Int(truncatingIfNeeded: payload << 16) >> 16)  // sign-extended
        case .bool: return .bool(payload != 0)
        case .null: return .null
        case .shared: return .shared(UInt32(payload))
        case .own: return .own(UInt32(payload))
        }
    }

    /// The empty value of an optional property.
    static let null = StoredValue(.null, 0)

    fileprivate static func shared(_ index: UInt32) -> StoredValue { StoredValue(.shared, UInt64(index)) }
    fileprivate static func own(_ index: UInt32) -> StoredValue { StoredValue(.own, UInt64(index)) }

    /// `value` as a constant: numbers, small integers and booleans in place, anything else
    /// interned for the life of the process. For values a stylesheet or a program states once
    /// and writes to many views; content that differs per view belongs in the view's own
    /// values (`ValueStore.subscript`).
    public init(sharing value: Value) {
        guard let stored = StoredValue(sharingIfPossible: value) else {
            preconditionFailure("More than \(SharedValues.capacity) distinct values were shared; store values that differ per view as the view's own")
        }
        self = stored
    }

    /// `init(sharing:)`, or nil once the process has interned all it can.
    init?(sharingIfPossible value: Value) {
        if let scalar = StoredValue(scalar: value) { self = scalar; return }
        guard let index = SharedValues.intern(value) else { return nil }
        self = .shared(index)
    }

    /// A value kept in place, or nil for one that needs storage.
    init?(scalar value: Value) {
        switch value {
        case .number(let x) where !x.isNaN: self.init(bits: x.bitPattern)
        case .int(let i) where i == Int(truncatingIfNeeded: UInt64(bitPattern: Int64(i)) << 16) >> 16:
            self.init(.int, UInt64(bitPattern: Int64(i)))
        case .bool(let b): self.init(.bool, b ? 1 : 0)
        case .null: self.init(.null, 0)
        default: return nil
        }
    }

    /// Whether the two are stored alike, bit for bit (then they are the same value in one store).
    func isIdentical(to other: StoredValue) -> Bool { bits == other.bits }

    /// Whether the two are the same value without looking them up: values in place and shared
    /// ones compare by their bits (interning makes equal shared values one index), except
    /// numbers, which compare as numbers (`0.0 == -0.0`). Nil when either is a store's own
    /// value, which only its store can read.
    func sameInPlace(as other: StoredValue) -> Bool? {
        if bits == other.bits { return Tag(rawValue: bits >> 48) == .own ? nil : true }
        switch (unpacked, other.unpacked) {
        case (.own, _), (_, .own): return nil
        case (.number(let a), .number(let b)): return a == b
        default: return false
        }
    }
}

/// A view's applied values, by slot: the cascade's value store.
///
/// A new view shares its kind's defaults (one array for every view of the kind) until written;
/// a write of a `StoredValue` is a 16-byte store, with no reference counting and no allocation
/// once the view has its own copy. Reading decodes a slot into a `Value`.
///
///     let font = view.values[Label.font.slot]     // a Value
///     for (slot, value) in view.values.enumerated() { … }
public struct ValueStore: RandomAccessCollection, Equatable, Sendable {
    private(set) var slots: ContiguousArray<StoredValue>
    /// Values only this view holds (`StoredValue.own`); appended to by writes until the next
    /// reset, so an index stays valid in copies of the store (provenance keeps overridden
    /// values as `StoredValue`s).
    private(set) var own: [Value] = []

    init(defaults: [Value]) {
        slots = ContiguousArray(defaults.map(StoredValue.init(sharing:)))
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { slots.count }

    /// The applied value of a slot. Setting stores a scalar in place and any other value as the
    /// view's own.
    public subscript(slot: Int) -> Value {
        get { value(of: slots[slot]) }
        set { slots[slot] = store(newValue) }
    }

    /// The stored form of a slot, for copying or comparing without decoding.
    func stored(_ slot: Int) -> StoredValue { slots[slot] }

    /// Writes a stored value: a shared or scalar one from anywhere, an own one only from this
    /// store (provenance restoring what it recorded).
    mutating func write(_ value: StoredValue, at slot: Int) { slots[slot] = value }

    /// `value` in this store's terms: in place, or appended to the own values.
    mutating func store(_ value: Value) -> StoredValue {
        if let scalar = StoredValue(scalar: value) { return scalar }
        own.append(value)
        return .own(UInt32(own.count - 1))
    }

    /// Decodes a stored value of this store.
    func value(of stored: StoredValue) -> Value {
        switch stored.unpacked {
        case .number(let x): .number(x)
        case .int(let i): .int(i)
        case .bool(let b): .bool(b)
        case .null: .null
        case .shared(let i): SharedValues.value(at: i)
        case .own(let i): own[Int(i)]
        }
    }

    /// Whether every slot holds a scalar or shared value, which any store may take as it is.
    var holdsOnlySharedValues: Bool { own.isEmpty }

    /// Whether both share one storage (a copy never written since): equal without comparing.
    func isSameStorage(as other: ValueStore) -> Bool {
        own.isEmpty && other.own.isEmpty
            && slots.withUnsafeBufferPointer { a in other.slots.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }

    /// Whether `slot` holds the same value here and in `other`.
    func sameValue(at slot: Int, as other: ValueStore) -> Bool {
        let a = slots[slot], b = other.slots[slot]
        return a.sameInPlace(as: b) ?? (value(of: a) == other.value(of: b))
    }

    public static func == (a: ValueStore, b: ValueStore) -> Bool {
        a.count == b.count && a.indices.allSatisfy { a.sameValue(at: $0, as: b) }
    }
}

/// The process's interned values: each distinct value stored once and named by a 32-bit
/// index, as browsers intern strings and computed values. What is interned is the kinds'
/// defaults and prepared styles' constants, which a program states in its text: re-evaluating
/// the same script interns nothing new.
///
/// Interning takes a lock; reading an index does not. Values are written into fixed chunks
/// that never move before their index is published under the lock, so a thread that holds an
/// index (from `intern`, or from a view handed over with the usual synchronisation) reads a
/// fully written value.
enum SharedValues {
    private static let chunkBits = 12
    private static let chunkCount = 1 << 14
    /// How many values can be interned: past this, `intern` returns nil and the value is the
    /// writer's own instead.
    static let capacity = chunkCount << chunkBits

    private final class Chunks: @unchecked Sendable {
        // Written only under `table`'s lock, each element before its index is published; read
        // without a lock at published indices (see `SharedValues`).
        let pointers: UnsafeMutablePointer<UnsafeMutablePointer<Value>?>

        init() {
            pointers = .allocate(capacity: SharedValues.chunkCount)
            pointers.initialize(repeating: nil, count: SharedValues.chunkCount)
        }
    }

    private static let chunks = Chunks()
    private static let table = Mutex<(indices: [Value: UInt32], count: Int)>(([:], 0))

    /// The index of `value`, interning it the first time; nil once `capacity` values are interned.
    static func intern(_ value: Value) -> UInt32? {
        table.withLock { table -> UInt32? in
            if let i = table.indices[value] { return i }
            let i = table.count
            guard i < capacity else { return nil }
            let chunk = i >> chunkBits
            if chunks.pointers[chunk] == nil {
                chunks.pointers[chunk] = .allocate(capacity: 1 << chunkBits)
            }
            (chunks.pointers[chunk]! + (i & ((1 << chunkBits) - 1))).initialize(to: value)
            table.count = i + 1
            table.indices[value] = UInt32(i)
            return UInt32(i)
        }
    }

    /// The value interned at `index`.
    static func value(at index: UInt32) -> Value {
        let i = Int(index)
        return chunks.pointers[i >> chunkBits]![i & ((1 << chunkBits) - 1)]
    }

    /// How many values are interned.
    static var count: Int { table.withLock { $0.count } }
}
