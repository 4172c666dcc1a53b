/// One property's applied value as a view stores it: 8 bytes with nothing to reference-count,
/// so the cascade writes a slot with a plain store and a view's values fit in a few cache lines.
///
/// Numbers are kept in place as their bits; everything else is boxed in the space of negative
/// quiet NaNs that arithmetic never produces (`0xFFF9…` to `0xFFFD…`): integers of up to 48
/// bits and booleans in place, and other values as an index: shared (interned in a
/// `ValueTable`: the engine's, for the constants of prepared styles and the defaults its views
/// start from, or a kind's, for its defaults) or the view's own (kept beside the slots in
/// `ValueStore.own`: literals, `mver` and function results, content the host sets). A NaN, or
/// an integer too wide for 48 bits, is shared. A shared index means something only in its
/// table: a store reads its shared values in the table its slot buffer names
/// (`ValueStore.table`), and is written only shared values of that table.
///
/// Internal: a host writes a constant as a `StyleConstant` its engine made.
struct StoredValue: Sendable {
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

    /// `value` as a constant of `table`: numbers, small integers and booleans in place,
    /// anything else interned there for the table's life. Nil once the table is full: the
    /// value is then written as the writer's own. For values a stylesheet or a program states
    /// once and writes to many views; content that differs per view belongs in the view's own
    /// values (`ValueStore.subscript`).
    init?(interning value: Value, in table: ValueTable) {
        if let scalar = StoredValue(scalar: value) { self = scalar; return }
        guard let index = table.intern(value) else { return nil }
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

    /// Whether this is a store's own value (`ValueStore.subscript`'s set), which only its store
    /// can read.
    var isOwn: Bool { bits >> 48 == Tag.own.rawValue }

    /// Whether this is an index into a table (which only a store of that table can read).
    var isShared: Bool { bits >> 48 == Tag.shared.rawValue }

    /// Whether the two are stored alike, bit for bit (then they are the same value in one store).
    func isIdentical(to other: StoredValue) -> Bool { bits == other.bits }

    /// Whether the two are the same value without looking them up, both shared values being of
    /// one table: values in place and shared ones compare by their bits (interning makes equal
    /// shared values one index), except numbers, which compare as numbers (`0.0 == -0.0`). Nil
    /// when either is a store's own value, which only its store can read.
    func sameInPlace(as other: StoredValue) -> Bool? {
        if bits == other.bits { return Tag(rawValue: bits >> 48) == .own ? nil : true }
        switch (unpacked, other.unpacked) {
        case (.own, _), (_, .own): return nil
        case (.number(let a), .number(let b)): return a == b
        default: return false
        }
    }
}

/// A value prepared once to be written to many views (`StyleEngine.constant(_:)`): what a host
/// styling by hand writes as the cascade writes a prepared `mut`, one slot store for a view of
/// the engine's table (`StyleApplication.init(view:engine:recordsProvenance:)`); written to
/// any other view as that view's own value.
///
///     let red = engine.constant(.color(.red))     // once
///     application.write(Label.textColor.property, red, at: nil)
public struct StyleConstant: Sendable {
    /// The value as given.
    public let value: Value
    /// In place, or interned in `table`; nil when the table was full.
    let stored: StoredValue?
    let table: ValueTable

    /// The stored form for a store, or nil when the store must keep the value as its own: a
    /// store of another table, or a table that was full.
    @inline(__always)
    func stored(for store: ValueStore) -> StoredValue? {
        guard let stored else { return nil }
        return !stored.isShared || store.isOfTable(table) ? stored : nil
    }
}

/// A view's applied values, by slot: the cascade's value store.
///
/// The slot buffer names the `ValueTable` its shared values are interned in (`table`): a kind's
/// own for its defaults, the engine's for a view it styled. A store is written shared values
/// of its table only; one of another table is written as the store's own value, so a store
/// never reads an index in the wrong table, and a view keeps the table it was styled with
/// alive (a tree one engine styled and another restyles reads right).
///
/// A new view shares its kind's defaults (one buffer for every view of the kind), and a view
/// that takes a result the cascade kept shares that result's buffer. The first two writes to a
/// shared buffer are kept beside it (`patches`), so a view that adds a literal or two to what
/// it shares (a label's text) makes no copy; the third write copies the buffer, and from then
/// on a write of a `StoredValue` is an 8-byte store with no reference counting or allocation.
/// The view's own values are one array beside the slots, so a store is five words and copying
/// one retains two references. (Keeping the first own value inline saved a label's text its
/// allocation but made every copy of a store switch over a `Value?`: the cascade ran 2.5 %
/// more instructions and 8 % more instruction-cache misses, and views took more memory.)
/// Reading decodes a slot into a `Value`.
///
///     let font = view.values[Label.font.slot]     // a Value
///     for (slot, value) in view.values.enumerated() { … }
///
/// Sendable as an array is: the slot buffer (a `ManagedBuffer`, which cannot say so itself) is
/// written only while this store holds it alone.
public struct ValueStore: RandomAccessCollection, Equatable, @unchecked Sendable {
    /// The slots, shared between stores until one that holds it alone writes it.
    private var buffer: SlotBuffer
    /// Writes not in `buffer` while it was shared: two slots (-1 for none) and their values.
    private var patchSlot0: Int32 = -1, patchSlot1: Int32 = -1
    private var patchValue0 = StoredValue.null, patchValue1 = StoredValue.null
    /// Values only this view holds (`StoredValue.own`), by index. Appended to by writes until
    /// the next reset, so an index stays valid in copies of the store (provenance keeps
    /// overridden values as `StoredValue`s).
    private var ownValues: [Value] = []

    /// `defaults` interned in a table of their own: a kind's defaults.
    init(defaults: [Value]) {
        self.init(defaults: defaults, table: ValueTable())
    }

    /// `defaults` interned in `table`; a value the table has no room for is the store's own.
    init(defaults: [Value], table: ValueTable) {
        var own: [Value] = []
        let stored = defaults.map { value -> StoredValue in
            if let shared = StoredValue(interning: value, in: table) { return shared }
            own.append(value)
            return .own(UInt32(own.count - 1))
        }
        buffer = SlotBuffer.make(stored, table: table)
        ownValues = own
    }

    /// `values` kept in place or as the store's own, interning nothing (in `table`, which it
    /// names and reads nothing from).
    init(own values: [Value], table: ValueTable) {
        var own: [Value] = []
        let stored = values.map { value -> StoredValue in
            if let scalar = StoredValue(scalar: value) { return scalar }
            own.append(value)
            return .own(UInt32(own.count - 1))
        }
        buffer = SlotBuffer.make(stored, table: table)
        ownValues = own
    }

    /// The table this store's shared values are interned in.
    var table: ValueTable { buffer.table }

    /// Whether this store's shared values and `other`'s are of one table (then equal shared
    /// values have equal bits).
    func sharesTable(with other: ValueStore) -> Bool { buffer.tableIdentity == other.buffer.tableIdentity }

    /// Whether this store's shared values are of `table`.
    func isOfTable(_ table: ValueTable) -> Bool { buffer.tableIdentity == ObjectIdentifier(table) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { buffer.count }

    /// The applied value of a slot. Setting stores a scalar in place and any other value as the
    /// view's own.
    public subscript(slot: Int) -> Value {
        get { value(of: stored(slot)) }
        set { write(store(newValue), at: slot) }
    }

    /// The stored form of a slot, for copying or comparing without decoding.
    func stored(_ slot: Int) -> StoredValue {
        precondition(slot >= 0 && slot < buffer.count, "Slot \(slot) out of range")
        if patchSlot0 >= 0 {
            let s = Int32(truncatingIfNeeded: slot)
            if patchSlot0 == s { return patchValue0 }
            if patchSlot1 == s { return patchValue1 }
        }
        return buffer.withUnsafeMutablePointerToElements { $0[slot] }
    }

    /// Writes a stored value: a scalar one from anywhere, a shared one of this store's table
    /// (`table`), an own one only from this store (provenance restoring what it recorded).
    ///
    /// Patches fill in order (the second only after the first) and are folded into the buffer
    /// together, so a store without patches tests one slot number before writing.
    mutating func write(_ value: StoredValue, at slot: Int) {
        precondition(slot >= 0 && slot < buffer.count, "Slot \(slot) out of range")
        let s = Int32(truncatingIfNeeded: slot)
        if patchSlot0 >= 0 {
            if patchSlot0 == s { patchValue0 = value; return }
            if patchSlot1 == s { patchValue1 = value; return }
        }
        if !isKnownUniquelyReferenced(&buffer) {
            if patchSlot0 < 0 { patchSlot0 = s; patchValue0 = value; return }
            if patchSlot1 < 0 { patchSlot1 = s; patchValue1 = value; return }
            buffer = buffer.copy()
        }
        buffer.withUnsafeMutablePointerToElements { elements in
            if patchSlot0 >= 0 {
                elements[Int(patchSlot0)] = patchValue0
                if patchSlot1 >= 0 { elements[Int(patchSlot1)] = patchValue1 }
                patchSlot0 = -1
                patchSlot1 = -1
            }
            elements[slot] = value
        }
    }

    /// `value` in this store's terms: in place, or appended to the own values.
    mutating func store(_ value: Value) -> StoredValue {
        if let scalar = StoredValue(scalar: value) { return scalar }
        ownValues.append(value)
        return .own(UInt32(ownValues.count - 1))
    }

    /// Takes `values` as this store's own values when it has none yet (a view's literals, before
    /// they are written: `write(adopted:_:at:)`), sharing their storage; false when it has some,
    /// or `values` is empty.
    mutating func adoptOwnValues(_ values: [Value]) -> Bool {
        guard ownValues.isEmpty, !values.isEmpty else { return false }
        ownValues = values
        return true
    }

    /// Writes own value `index` since `adoptOwnValues` at `slot`: in place when it is a scalar
    /// (`scalar`, its `StoredValue(scalar:)`), else by that index, with nothing appended.
    mutating func write(adopted index: Int, scalar: StoredValue?, at slot: Int) {
        assert(index < ownValues.count && StoredValue(scalar: ownValues[index])?.bits == scalar?.bits, "An adopted value is written where it was adopted")
        write(scalar ?? .own(UInt32(index)), at: slot)
    }

    /// Decodes a stored value of this store.
    func value(of stored: StoredValue) -> Value {
        switch stored.unpacked {
        case .number(let x): .number(x)
        case .int(let i): .int(i)
        case .bool(let b): .bool(b)
        case .null: .null
        case .shared(let i): buffer.value(at: i)
        case .own(let i): ownValues[Int(i)]
        }
    }

    /// Whether this store's own values are `values`' storage (taken by `adoptOwnValues` and not
    /// appended to since).
    func sharesOwnValues(with values: [Value]) -> Bool { !values.isEmpty && ownValues.hasStorage(of: values) }

    /// Whether every slot holds a scalar or shared value, which any store of its table may take
    /// as it is.
    var holdsOnlySharedValues: Bool { ownValues.isEmpty }

    /// Whether both share one storage (a copy never written since): equal without comparing.
    func isSameStorage(as other: ValueStore) -> Bool {
        buffer === other.buffer && ownValues.isEmpty && other.ownValues.isEmpty
            && patchSlot0 < 0 && other.patchSlot0 < 0
    }

    /// Takes `base`'s value at every slot not in `own` where it differs, keeping this store's
    /// values at `own`; appends the slots taken to `changed`. `base` holds only shared values,
    /// of this store's table.
    ///
    /// The rebased store shares `base`'s slots, with this store's values at `own` written over
    /// them (as patches, for one or two), so rebasing views onto one result makes no copy of
    /// its slots. This store's own values come along: an own index stays valid.
    mutating func rebase(onto base: ValueStore, keeping own: [Int], changed: inout [Int]) {
        precondition(base.holdsOnlySharedValues && base.count == count && sharesTable(with: base),
                     "A store rebases onto shared values of its kind and table")
        let first = changed.count
        func compare(_ slot: Int, _ a: StoredValue, _ b: StoredValue) {
            if a.isIdentical(to: b) || own.contains(slot) || same(a, b, in: base) { return }
            changed.append(slot)
        }
        if base.patchSlot0 < 0 {
            // The base's slots and this store's side by side, this store's patches (a view's
            // literals) read in place of their slots.
            let p0 = Int(patchSlot0), p1 = Int(patchSlot1), v0 = patchValue0, v1 = patchValue1
            buffer.withUnsafeMutablePointerToElements { mine in
                base.buffer.withUnsafeMutablePointerToElements { theirs in
                    // Most views a theme switch rebases keep every value: passes that fold the
                    // slots' differences together (vectorized) answer for all of them. The
                    // patched slots are left out of the passes and read from their patches;
                    // a slot the view's own layer sets does not count.
                    func fold(_ range: Range<Int>) -> UInt64 {
                        var differences: UInt64 = 0
                        for slot in range { differences |= mine[slot].bits ^ theirs[slot].bits }
                        return differences
                    }
                    let (a, b) = p1 >= 0 ? (Swift.min(p0, p1), Swift.max(p0, p1)) : (p0 >= 0 ? p0 : count, count)
                    var differences = fold(0..<a)
                    if a < count { differences |= fold(a + 1..<b) }
                    if b < count { differences |= fold(b + 1..<count) }
                    if p0 >= 0, !own.contains(p0) { differences |= v0.bits ^ theirs[p0].bits }
                    if p1 >= 0, !own.contains(p1) { differences |= v1.bits ^ theirs[p1].bits }
                    guard differences != 0 else { return }
                    for slot in 0..<count {
                        let value = slot == p0 ? v0 : slot == p1 ? v1 : mine[slot]
                        if !value.isIdentical(to: theirs[slot]) { compare(slot, value, theirs[slot]) }
                    }
                }
            }
        } else {
            for slot in 0..<count { compare(slot, stored(slot), base.stored(slot)) }
        }
        guard changed.count > first else { return }
        var rebased = base
        rebased.ownValues = ownValues
        for slot in own {
            let mine = stored(slot)
            if !rebased.stored(slot).isIdentical(to: mine) { rebased.write(mine, at: slot) }
        }
        self = rebased
    }

    /// Whether this store is `other` not written since one was copied from the other: the same
    /// slots, patches and own values, by identity (a write to either copies or patches).
    func isUnwrittenCopy(of other: ValueStore) -> Bool {
        buffer === other.buffer && patchSlot0 == other.patchSlot0 && patchSlot1 == other.patchSlot1
            && patchValue0.isIdentical(to: other.patchValue0) && patchValue1.isIdentical(to: other.patchValue1)
            && (ownValues.hasStorage(of: other.ownValues) || ownValues.isEmpty && other.ownValues.isEmpty)
    }

    /// Whether both read their slots from one buffer (patches aside).
    func sharesSlots(with other: ValueStore) -> Bool { buffer === other.buffer }

    /// What names the buffer this store reads its slots from while it lives: equal for the
    /// stores that share one (views that took one result, patched or not).
    var slotsIdentity: ObjectIdentifier { ObjectIdentifier(buffer) }

    /// The slots at which this store's slot buffer (its patches aside) holds other bits than
    /// `other` stores (its patches read), in order; nil when they are more than `FewSlots`
    /// holds, or the two are of other tables or sizes. Values stored differently count as
    /// different (the answer errs only towards "not the same").
    func slotsDiffering(from other: ValueStore) -> FewSlots? {
        guard count == other.count, sharesTable(with: other) else { return nil }
        var out = FewSlots()
        let q0 = Int(other.patchSlot0), q1 = Int(other.patchSlot1), w0 = other.patchValue0, w1 = other.patchValue1
        let fits = buffer.withUnsafeMutablePointerToElements { mine in
            other.buffer.withUnsafeMutablePointerToElements { theirs in
                for slot in 0..<count {
                    let theirsAt = slot == q0 ? w0 : slot == q1 ? w1 : theirs[slot]
                    guard mine[slot].bits != theirsAt.bits else { continue }
                    guard out.append(slot) else { return false }
                }
                return true
            }
        }
        return fits ? out : nil
    }

    /// The value patched over `slot` (one of the first two writes to a buffer this store
    /// shared), or nil.
    func patch(at slot: Int) -> StoredValue? {
        let s = Int32(truncatingIfNeeded: slot)
        guard patchSlot0 >= 0 else { return nil }
        return patchSlot0 == s ? patchValue0 : patchSlot1 == s ? patchValue1 : nil
    }

    /// Whether each patch at a slot not in `except` holds what `other` stores there.
    func patchesHold(_ other: ValueStore, except: [Int]) -> Bool {
        (patchSlot0 < 0 || except.contains(Int(patchSlot0)) || patchValue0.isIdentical(to: other.stored(Int(patchSlot0))))
            && (patchSlot1 < 0 || except.contains(Int(patchSlot1)) || patchValue1.isIdentical(to: other.stored(Int(patchSlot1))))
    }

    /// Whether `slot` holds `value`, a scalar or shared value of this store's table.
    func sameValue(at slot: Int, asStored value: StoredValue) -> Bool {
        let mine = stored(slot)
        return mine.sameInPlace(as: value) ?? (self.value(of: mine) == self.value(of: value))
    }

    /// Whether `slot` holds the same value here and in `other`.
    func sameValue(at slot: Int, as other: ValueStore) -> Bool {
        same(stored(slot), other.stored(slot), in: other)
    }

    /// Appends to `slots`, in order, each slot whose value in `other` differs from this
    /// store's: what a change list reports. A copy not written since (a view that took the
    /// result it had, its literals over it) differs nowhere. Two stores of one table are
    /// compared side by side, a slot of equal bits being the same value (an own value too,
    /// when both read the same own values, as a view's literals do); only slots whose bits
    /// differ are compared as values.
    func differingSlots(from other: ValueStore, into slots: inout [Int]) {
        precondition(count == other.count, "Stores of one kind")
        if isUnwrittenCopy(of: other) { return }
        guard sharesTable(with: other) else {
            for slot in 0..<count where !sameValue(at: slot, as: other) { slots.append(slot) }
            return
        }
        let sameOwn = ownValues.isEmpty ? other.ownValues.isEmpty : ownValues.hasStorage(of: other.ownValues)
        _ = allSlots(with: other) { slot, a, b in
            if !(a.isIdentical(to: b) && (sameOwn || !a.isOwn)) && !same(a, b, in: other) { slots.append(slot) }
            return true
        }
    }

    /// Whether `other` holds this store's values stored alike: of one table, slot for slot the
    /// same bits, and equal own values. False for equal values stored otherwise (other tables),
    /// which only costs a caller that keeps work by it the work.
    func isStoredAlike(_ other: ValueStore) -> Bool {
        if isUnwrittenCopy(of: other) { return true }
        guard count == other.count, sharesTable(with: other) else { return false }
        guard ownValues.isEmpty ? other.ownValues.isEmpty : (ownValues.hasStorage(of: other.ownValues) || ownValues == other.ownValues)
        else { return false }
        return allSlots(with: other) { _, a, b in a.isIdentical(to: b) }
    }

    /// Calls `body` with each slot and its stored value here and in `other`, side by side (a
    /// patched slot read through `stored`, the others where they are), until it returns false;
    /// whether it went through every slot.
    private func allSlots(with other: ValueStore, _ body: (Int, StoredValue, StoredValue) -> Bool) -> Bool {
        let p0 = patchSlot0, p1 = patchSlot1, q0 = other.patchSlot0, q1 = other.patchSlot1
        let patched = p0 >= 0 || q0 >= 0
        return buffer.withUnsafeMutablePointerToElements { mine in
            other.buffer.withUnsafeMutablePointerToElements { theirs in
                for slot in 0..<count {
                    var a = mine[slot], b = theirs[slot]
                    if patched {
                        let s = Int32(truncatingIfNeeded: slot)
                        if s == p0 || s == p1 { a = stored(slot) }
                        if s == q0 || s == q1 { b = other.stored(slot) }
                    }
                    if !body(slot, a, b) { return false }
                }
                return true
            }
        }
    }

    /// Whether `a`, stored here, is the value `b` is in `other`: by their bits when both are
    /// in place or of one table, else decoded.
    private func same(_ a: StoredValue, _ b: StoredValue, in other: ValueStore) -> Bool {
        if (a.isShared || b.isShared) && !sharesTable(with: other) { return value(of: a) == other.value(of: b) }
        return a.sameInPlace(as: b) ?? (value(of: a) == other.value(of: b))
    }

    public static func == (a: ValueStore, b: ValueStore) -> Bool {
        a.count == b.count && a.indices.allSatisfy { a.sameValue(at: $0, as: b) }
    }
}

/// What a slot buffer's header holds: how many slots, and the table their shared values are
/// interned in.
private struct SlotHeader {
    let count: Int
    let table: ValueTable
}

/// A store's slots: a header and the stored values in one allocation, which a store writes in
/// place only while it holds it alone (`isKnownUniquelyReferenced`), as an array would.
private final class SlotBuffer: ManagedBuffer<SlotHeader, StoredValue> {
    static func make(_ values: [StoredValue], table: ValueTable) -> SlotBuffer {
        let buffer = unsafeDowncast(create(minimumCapacity: values.count) { _ in SlotHeader(count: values.count, table: table) },
                                    to: SlotBuffer.self)
        buffer.withUnsafeMutablePointerToElements { elements in
            for (i, value) in values.enumerated() { (elements + i).initialize(to: value) }
        }
        return buffer
    }

    /// How many slots: the header, read through its pointer (reading `header` itself is a
    /// checked access to a class's property, at every read and write of a slot).
    var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }

    /// The table the shared values are interned in.
    var table: ValueTable { withUnsafeMutablePointerToHeader { $0.pointee.table } }

    /// `table`'s identity, read without retaining it.
    var tableIdentity: ObjectIdentifier { withUnsafeMutablePointerToHeader { ObjectIdentifier($0.pointee.table) } }

    /// The shared value at `index` of the table.
    func value(at index: UInt32) -> Value { withUnsafeMutablePointerToHeader { $0.pointee.table.value(at: index) } }

    func copy() -> SlotBuffer {
        let header = withUnsafeMutablePointerToHeader { $0.pointee }
        let new = unsafeDowncast(SlotBuffer.create(minimumCapacity: header.count) { _ in header }, to: SlotBuffer.self)
        new.withUnsafeMutablePointerToElements { to in
            withUnsafeMutablePointerToElements { from in to.initialize(from: from, count: header.count) }
        }
        return new
    }
}
