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
        /// Which `View` this is, for mapping changes back to views (`PropertyChange.viewIdentity`).
        public let identity: ViewIdentity
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
        root.forEachReference {
            views.append(ViewState(reference: $1, identity: $0.identity, kind: $0.kind, values: $0.values))
        }
        self.views = views
    }

    /// No views: changes since it list every value that differs from the kinds' defaults.
    ///
    ///     TreeSnapshot(root).changes(since: .unstyled)    // what the stylesheet set
    public static let unstyled = TreeSnapshot(views: [])

    private init(views: [ViewState]) { self.views = views }

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
                                          old: olds[slot], new: new.values[slot], viewIdentity: new.identity))
            }
        }
        return out
    }
}

/// One property of one view whose applied value changed.
///
/// A change is a value that crosses threads and actors (it is `Sendable`), so it names its view
/// rather than holding it: `view` as people read it, `viewIdentity` to find the `View` again
/// where the tree lives (`root.view(for:)`, or a `StyleBinder` that delivers it to the host's
/// object).
public struct PropertyChange: Hashable, Sendable, CustomStringConvertible {
    /// `View.reference`: `#id`, or the path of kinds with 1-based child indices.
    public let view: String
    /// The changed `View`'s identity; nil for a change built by hand.
    public let viewIdentity: ViewIdentity?
    /// The property's dotted path (`"titleLabel.font"`), whole values as in the JSON tree.
    public let property: String
    public let old: Value
    public let new: Value

    public init(view: String, property: String, old: Value, new: Value, viewIdentity: ViewIdentity? = nil) {
        self.view = view
        self.viewIdentity = viewIdentity
        self.property = property
        self.old = old
        self.new = new
    }

    public var description: String { "\(view) \(property): \(old) → \(new)" }

    /// Changes are equal when they say the same thing (view reference, property, values);
    /// `viewIdentity` is where to deliver them, not part of what they say.
    public static func == (a: PropertyChange, b: PropertyChange) -> Bool {
        a.view == b.view && a.property == b.property && a.old == b.old && a.new == b.new
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(view)
        hasher.combine(property)
        hasher.combine(old)
        hasher.combine(new)
    }
}

/// Which `View` a change is about: equal for the same live view object, and `Sendable`, so it
/// can travel in events while the `View` stays where its tree lives.
///
///     if let view = root.view(for: change) { print(view.selectorDescription) }
public struct ViewIdentity: Hashable, Sendable {
    let id: ObjectIdentifier
}

extension View {
    /// This view's identity, as changes carry it.
    public var identity: ViewIdentity { ViewIdentity(id: ObjectIdentifier(self)) }

    /// The view of this tree (this view or a descendant) that a change is about, or nil.
    ///
    ///     for change in event.changes { root.view(for: change)?.needsDisplay = true }
    public func view(for change: PropertyChange) -> View? {
        guard let identity = change.viewIdentity else { return nil }
        var found: View?
        forEachInTree { if found == nil, $0.identity == identity { found = $0 } }
        return found
    }
}
