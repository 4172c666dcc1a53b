/// Which of a view's values are still its kind's defaults: what renderers ask for every
/// property of every view to list only the ones a style or literal changed.
extension View {
    /// Calls `body` with each slot whose value differs from the kind's default, in slot order,
    /// and the value. Compared in stored form, with the defaults as the view's value table
    /// stores them (`ValueTable.defaults(of:)`): values in place and shared ones compare by
    /// their bits, and only a view's own values (literals, function results) are decoded.
    ///
    ///     label.forEachValueChangedFromDefault { slot, value in print(label.kind.properties[slot].path, value) }
    public func forEachValueChangedFromDefault(_ body: (_ slot: Int, _ value: Value) throws -> Void) rethrows {
        let values = self.values
        var kinds = DefaultsByKind()
        try forEachChangedSlot(values, kinds: &kinds) { slot in try body(slot, values[slot]) }
    }

    /// Calls `body` with each slot of `values` (the view's) that differs from the kind's
    /// default: compared with the defaults as the values' table stores them (the kind's own
    /// store, or the engine's copy, looked up through `kinds`), so that shared values compare by
    /// their bits.
    private func forEachChangedSlot(_ values: ValueStore, kinds: inout DefaultsByKind, _ body: (_ slot: Int) throws -> Void) rethrows {
        var changed = changedValues(values, kinds: &kinds)
        while let slot = changed.nextSlot() { try body(slot) }
    }

    /// The changed slots of `values` (the view's), against the kind's defaults as `values`'
    /// table stores them.
    private func changedValues(_ values: ValueStore, kinds: inout DefaultsByKind) -> ChangedValues {
        let defaults = kind.defaultValues
        let local = values.sharesTable(with: defaults) ? nil : kinds.stored(kind, in: values.table)
        return ChangedValues(values: values, defaults: defaults, local: local)
    }

    /// `forEachValueChangedFromDefault`, decoding only on demand: `body` gets each changed
    /// slot, a key that is the same for equal constants (a value kept in place, or interned in
    /// a value table: the key names the table; nil for the view's own values, such as
    /// literals), and the value. A renderer spells a constant once and copies its text for
    /// every other view that has it.
    ///
    ///     view.forEachValueChangedFromDefault { slot, constant, value in print(constant, value()) }
    public func forEachValueChangedFromDefault(_ body: (_ slot: Int, _ constant: ConstantKey?, _ value: () -> Value) throws -> Void) rethrows {
        var kinds = DefaultsByKind()
        try forEachValueChangedFromDefault(kinds: &kinds, body)
    }

    /// `forEachValueChangedFromDefault(_:)` for one of many views walked together: `kinds`
    /// keeps each kind's defaults as the views' value tables store them, looked up once per
    /// walk rather than at every view.
    public func forEachValueChangedFromDefault(kinds: inout DefaultsByKind,
                                               _ body: (_ slot: Int, _ constant: ConstantKey?, _ value: () -> Value) throws -> Void) rethrows {
        let values = self.values
        var table: ObjectIdentifier?
        try forEachChangedSlot(values, kinds: &kinds) { slot in
            try body(slot, Self.constantKey(values, slot, table: &table)) { values[slot] }
        }
    }

    /// The slots of `forEachValueChangedFromDefault(kinds:_:)`, with their constants' keys, as
    /// a sequence rather than through a closure: a renderer that writes each one into its own
    /// buffer does so in a plain loop, where a closure capturing the buffer had every write
    /// checked for exclusive access at run time.
    ///
    ///     for (slot, constant) in view.valuesChangedFromDefault(kinds: &kinds) { … view.values[slot] … }
    public func valuesChangedFromDefault(kinds: inout DefaultsByKind) -> ChangedValues {
        changedValues(values, kinds: &kinds)
    }

    /// `forEachValueChangedFromDefault(_:)` for every slot, changed or not (what a snapshot
    /// records of each view).
    public func forEachValue(_ body: (_ slot: Int, _ constant: ConstantKey?, _ value: () -> Value) throws -> Void) rethrows {
        let values = self.values
        var table: ObjectIdentifier?
        for slot in values.indices {
            try body(slot, Self.constantKey(values, slot, table: &table)) { values[slot] }
        }
    }

    /// The key of the value in `slot`: nil for the view's own, the bits of one in place, the
    /// bits and `values`' table (found once per view, in `table`) for an interned one.
    static func constantKey(_ values: ValueStore, _ slot: Int, table: inout ObjectIdentifier?) -> ConstantKey? {
        let stored = values.stored(slot)
        if stored.isOwn { return nil }
        if stored.isShared {
            if table == nil { table = ObjectIdentifier(values.table) }
            return ConstantKey(bits: unsafeBitCast(stored, to: UInt64.self), table: table)
        }
        return ConstantKey(bits: unsafeBitCast(stored, to: UInt64.self), table: nil)
    }
}

/// The slots of a view's values that differ from its kind's defaults, in slot order, each with
/// its constant's key (`View.valuesChangedFromDefault(kinds:)`).
public struct ChangedValues: Sequence, IteratorProtocol {
    let values: ValueStore
    let defaults: ValueStore
    /// The kind's defaults as the values' table stores them, when it is not the kind's own.
    let local: [StoredValue]?
    private var slot = 0
    private var table: ObjectIdentifier?

    init(values: ValueStore, defaults: ValueStore, local: [StoredValue]?) {
        self.values = values
        self.defaults = defaults
        self.local = local
    }

    public mutating func next() -> (slot: Int, constant: ConstantKey?)? {
        nextSlot().map { ($0, View.constantKey(values, $0, table: &table)) }
    }

    /// The next changed slot, without its constant's key.
    mutating func nextSlot() -> Int? {
        let count = values.count
        while slot < count {
            let s = slot
            slot += 1
            let same = if let local { values.sameValue(at: s, asStored: local[s]) } else { values.sameValue(at: s, as: defaults) }
            if !same { return s }
        }
        return nil
    }
}

/// What `View.forEachValueChangedFromDefault` tells a constant by: equal for equal constants
/// of views alive together. A value kept in place is its bits; an interned one is its index
/// and the table it is interned in (a tree's views may be of several tables).
public struct ConstantKey: Hashable, Sendable {
    /// The value's stored bits.
    public let bits: UInt64
    /// The table an interned value is of; nil for a value kept in place.
    public let table: ObjectIdentifier?
}

/// The kinds' defaults as value tables store them (`ValueTable.defaults(of:)`), kept for one
/// walk over views that live throughout it: by the identities of the table and the kind, which
/// those views keep alive. A render's views are of a few kinds and one or two tables; the table's
/// own lookup, made for any caller at any time, locks and checks the kind is still alive.
public struct DefaultsByKind {
    private var entries: [(table: ObjectIdentifier, kind: ObjectIdentifier, stored: [StoredValue]?)] = []

    public init() {}

    mutating func stored(_ kind: Kind, in table: ValueTable) -> [StoredValue]? {
        let t = ObjectIdentifier(table), k = ObjectIdentifier(kind)
        for entry in entries where entry.kind == k && entry.table == t { return entry.stored }
        let stored = table.defaults(of: kind)
        entries.append((t, k, stored))
        return stored
    }
}
