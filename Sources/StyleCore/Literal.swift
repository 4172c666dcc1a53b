/// A property given in a view's constructor.
public struct Literal: Sendable {
    public let keyPath: StyleKeyPath
    public let value: Value
    public let location: SourceLocation
    /// The slot `value` is written to when it is known to suit its property as it is (checked
    /// when the literal was made, so the cascade writes it without checking it again for every
    /// styling); -1 for a field, or a value the cascade checks and reports.
    let checkedSlot: Int32
    /// The path's root kind, compared without retaining it at every styling.
    let rootID: ObjectIdentifier
    /// `value` as a store holds it in place (`StoredValue(scalar:)`), nil for a value it keeps
    /// apart: worked out once rather than at every styling.
    let scalar: StoredValue?
    /// Whether `value` is itself under every traits (`Value.isTraitIndependent`): then the
    /// cascade writes it as it is, else it writes it resolved for the run's traits.
    let isTraitIndependent: Bool

    public init(keyPath: StyleKeyPath, value: Value, location: SourceLocation) {
        var checked = false
        if case .property(let p) = keyPath.target, case .success(let checkedValue) = p.check(value) { checked = checkedValue == value }
        self.init(keyPath: keyPath, value: value, location: location, checked: checked)
    }

    /// A literal whose value the caller has just checked against its property (`Property.check`),
    /// as the script bindings do when they read a constructor.
    package init(keyPath: StyleKeyPath, checkedValue: Value, location: SourceLocation) {
        self.init(keyPath: keyPath, value: checkedValue, location: location, checked: true)
    }

    /// `checked`: `value` is its property's checked value, so the literal writes its slot as it is.
    private init(keyPath: StyleKeyPath, value: Value, location: SourceLocation, checked: Bool) {
        self.keyPath = keyPath
        self.value = value
        self.location = location
        rootID = ObjectIdentifier(keyPath.root)
        scalar = StoredValue(scalar: value)
        isTraitIndependent = value.isTraitIndependent
        if checked, case .property(let p) = keyPath.target { checkedSlot = Int32(p.slot) } else { checkedSlot = -1 }
    }
}

extension Literal {
    /// Whether two literals are the same, compared where they are: passing them by value
    /// copied (and retained) their paths, values and file names.
    /// `lines`: how the lines moved since `a` was written (`LineMap`), for a literal of the
    /// last styling (`a`) beside one of a new evaluation (`b`).
    static func same(_ a: UnsafePointer<Literal>, _ b: UnsafePointer<Literal>, lines: LineMap? = nil) -> Bool {
        if let lines {
            guard lines.maps(a.pointee.location, to: b.pointee.location) else { return false }
        }
        // Plain fields first: most literals that differ differ in place or value, and the
        // file's name is compared last.
        guard lines != nil || a.pointee.location.line == b.pointee.location.line && a.pointee.location.column == b.pointee.location.column,
              a.pointee.checkedSlot == b.pointee.checkedSlot, a.pointee.rootID == b.pointee.rootID else { return false }
        // A checked slot of one root kind is one property: the paths are the same.
        guard a.pointee.checkedSlot >= 0 || a.pointee.keyPath == b.pointee.keyPath else { return false }
        // A value kept in place compares by its bits (a zero of the other sign counts as
        // changed: the answer errs only towards restyling).
        if let x = a.pointee.scalar, let y = b.pointee.scalar {
            guard x.isIdentical(to: y) else { return false }
        } else if case .string(let x) = a.pointee.value {
            // Most other literals are texts: their strings compared, not copies of the values.
            guard case .string(let y) = b.pointee.value, x == y else { return false }
        } else {
            guard a.pointee.value == b.pointee.value else { return false }
        }
        return lines != nil || a.pointee.location.file == b.pointee.location.file
    }
}
