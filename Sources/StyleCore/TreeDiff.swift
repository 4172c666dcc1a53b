/// The applied values of a tree at one moment, by view reference and property path: what hot
/// reload compares to print what changed.
///
///     let before = TreeSnapshot(root)
///     _ = Cascade(newSheet).apply(to: root)
///     for c in TreeSnapshot(root).changes(since: before) { print(c.view, c.property, c.new) }
public struct TreeSnapshot: Sendable {
    /// One view's state: its reference (`#id` or `StackView > Button[2]`), kind and values by slot.
    public struct ViewState: Sendable {
        public let reference: String
        public let kind: Kind
        public let values: [Value]

        /// The value at a property path, or nil when the kind has no such property.
        public subscript(path: String) -> Value? { kind.property(path).map { values[$0.slot] } }
    }

    /// Parents before children, children in order.
    public let views: [ViewState]

    /// Records the applied values of `root` and all its descendants.
    ///
    ///     let snapshot = TreeSnapshot(root)
    public init(_ root: View) {
        var views: [ViewState] = []
        root.forEachReference { views.append(ViewState(reference: $1, kind: $0.kind, values: $0.values)) }
        self.views = views
    }

    /// The view with a reference, or nil.
    public func view(_ reference: String) -> ViewState? { views.first { $0.reference == reference } }

    /// What differs from `old`, in this snapshot's tree order, then slot order.
    ///
    ///     let changes = TreeSnapshot(root).changes(since: before)
    ///     // [PropertyChange(view: "#subscribe", property: "titleColor", old: .null, new: .color(.white))]
    ///
    /// Views are paired by reference. A view that `old` does not have (or had with another kind)
    /// is compared against its kind's defaults, so a new view lists what the stylesheet set on
    /// it. Views that `old` has and this snapshot does not are not reported.
    public func changes(since old: TreeSnapshot) -> [PropertyChange] {
        var oldByReference: [String: ViewState] = [:]
        for v in old.views where oldByReference[v.reference] == nil { oldByReference[v.reference] = v }
        var out: [PropertyChange] = []
        for new in views {
            let previous = oldByReference[new.reference].flatMap { $0.kind === new.kind ? $0 : nil }
            let olds = previous?.values ?? new.kind.defaultValues
            for slot in new.values.indices where olds[slot] != new.values[slot] {
                out.append(PropertyChange(view: new.reference, property: new.kind.properties[slot].path,
                                          old: olds[slot], new: new.values[slot]))
            }
        }
        return out
    }
}

/// One property of one view whose applied value changed.
public struct PropertyChange: Hashable, Sendable, CustomStringConvertible {
    /// `View.reference`: `#id`, or the path of kinds with 1-based child indices.
    public let view: String
    /// The property's dotted path (`"titleLabel.font"`), whole values as in the JSON tree.
    public let property: String
    public let old: Value
    public let new: Value

    public init(view: String, property: String, old: Value, new: Value) {
        self.view = view
        self.property = property
        self.old = old
        self.new = new
    }

    public var description: String { "\(view) \(property): \(old) → \(new)" }
}
