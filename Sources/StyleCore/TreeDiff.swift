/// The applied values of a tree at one moment, by view reference and property path: what hot
/// reload compares to print what changed.
///
///     let before = TreeSnapshot(root)
///     _ = Cascade(newSheet).apply(to: root)
///     for c in TreeSnapshot(root).changes(since: before) { print(c.view, c.property, c.new) }
public struct TreeSnapshot: Sendable {
    /// One view's state: its reference (`#id` or `StackView > Button[2]`), kind and values by slot.
    public struct ViewState: Sendable {
        /// Which `View` this is, for mapping changes back to views (`PropertyChange.viewIdentity`).
        public let identity: ViewIdentity
        public let kind: Kind
        public let values: ValueStore
        fileprivate let index: Int
        fileprivate let paths: Paths

        /// `#id`, or the path of kinds from the nearest ancestor with an id (or the root), built
        /// when asked: a deep tree's paths would otherwise take space quadratic in its depth.
        public var reference: String { paths.reference(of: index) }

        /// The value at a property path, or nil when the kind has no such property.
        public subscript(path: String) -> Value? { kind.property(path).map { values[$0.slot] } }
    }

    /// Where each view sits: its parent's index and its own step of a reference.
    fileprivate final class Paths: @unchecked Sendable {  // immutable once built
        /// -1 for the root.
        var parents: [Int] = []
        /// `Kind[i]` (1-based among its siblings), or `Kind` for the root.
        var steps: [String] = []
        var ids: [String?] = []
        var kinds: [String] = []

        /// The references, shortened as `TreeReferences` shortens them.
        let references = TreeReferences()

        func reference(of i: Int) -> String { references.reference(at: i) }

        func append(parent: Int, step: String, siblingIndex: Int, id: String?, kind: String) {
            parents.append(parent)
            steps.append(step)
            ids.append(id)
            kinds.append(kind)
            references.append(kind: kind, id: id, parent: parent, siblingIndex: siblingIndex)
        }
    }

    /// Parents before children, children in order.
    public let views: [ViewState]
    private let paths: Paths

    /// Records the applied values of `root` and all its descendants.
    ///
    ///     let snapshot = TreeSnapshot(root)
    public init(_ root: View) {
        let paths = Paths()
        var views: [ViewState] = []
        var pending: [(view: View, parent: Int, step: String, siblingIndex: Int)] = [(root, -1, root.kind.name, 0)]
        while let (view, parent, step, siblingIndex) = pending.popLast() {
            let index = views.count
            paths.append(parent: parent, step: step, siblingIndex: siblingIndex, id: view.id, kind: view.kind.name)
            views.append(ViewState(identity: view.identity, kind: view.kind, values: view.values, index: index, paths: paths))
            for (i, child) in view.children.enumerated().reversed() {
                pending.append((child, index, "\(child.kind.name)[\(i + 1)]", i + 1))
            }
        }
        self.views = views
        self.paths = paths
    }

    /// No views: changes since it list every value that differs from the kinds' defaults.
    ///
    ///     TreeSnapshot(root).changes(since: .unstyled)    // what the stylesheet set
    public static let unstyled = TreeSnapshot(views: [])

    private init(views: [ViewState]) {
        self.views = views
        self.paths = Paths()
    }

    /// The view with a reference, or nil.
    public func view(_ reference: String) -> ViewState? { views.first { $0.reference == reference } }

    /// Each view's reference as a small number, equal between snapshots exactly when the
    /// references are equal: `#id` by its id; any other view by its parent's prefix and its step.
    private func keys(_ table: inout Interning) -> [Int] {
        var own: [Int] = [], prefix: [Int] = []
        own.reserveCapacity(views.count)
        prefix.reserveCapacity(views.count)
        for i in views.indices {
            if let id = paths.ids[i] {
                let name = table.name(id)
                own.append(table.key(Key(tag: 0, a: name, b: 0)))
                prefix.append(table.key(Key(tag: 1, a: table.name(paths.kinds[i]), b: name)))
            } else {
                let parent = paths.parents[i]
                let step = table.name(paths.steps[i])
                let key = table.key(parent < 0 ? Key(tag: 2, a: step, b: 0) : Key(tag: 3, a: prefix[parent], b: step))
                own.append(key)
                prefix.append(key)
            }
        }
        return own
    }

    /// `#id` (tag 0), an id'd ancestor `Kind#id` (1), a root `Kind` (2), a child: the parent's
    /// prefix and `Kind[i]` (3); names interned as numbers.
    private struct Key: Hashable {
        let tag: Int
        let a: Int
        let b: Int
    }

    private struct Interning {
        var names: [String: Int] = [:]
        var keys: [Key: Int] = [:]

        mutating func name(_ s: String) -> Int {
            if let n = names[s] { return n }
            names[s] = names.count
            return names.count - 1
        }

        mutating func key(_ k: Key) -> Int {
            if let n = keys[k] { return n }
            keys[k] = keys.count
            return keys.count - 1
        }
    }

    /// What differs from `old`, in this snapshot's tree order, then slot order.
    ///
    ///     let changes = TreeSnapshot(root).changes(since: before)
    ///     // [PropertyChange(view: "#subscribe", property: "titleColor", old: .null, new: .color(.white))]
    ///
    /// Views are paired by reference. A view that `old` does not have (or had with another kind)
    /// is compared against its kind's defaults (a kind a script declares again on reload, with
    /// the same name and properties, counts as the same kind), so a new view lists what the stylesheet set on
    /// it. Views that `old` has and this snapshot does not are not reported.
    public func changes(since old: TreeSnapshot) -> [PropertyChange] {
        changes(since: old, listingEverySetValue: false)
    }

    /// What differs from `old`, and with `listingEverySetValue` also every value that differs
    /// from its kind's default though `old` held it already: what a first application set, with
    /// the values the tree held before it as `old`.
    ///
    ///     let before = TreeSnapshot(root)
    ///     try sheet.apply(to: root)
    ///     let set = TreeSnapshot(root).changes(since: before, listingEverySetValue: true)
    public func changes(since old: TreeSnapshot, listingEverySetValue: Bool) -> [PropertyChange] {
        var table = Interning()
        let oldKeys = old.keys(&table)
        let newKeys = keys(&table)
        var oldByKey: [Int: Int] = [:]
        for (i, key) in oldKeys.enumerated() where oldByKey[key] == nil { oldByKey[key] = i }
        var out: [PropertyChange] = []
        for (i, new) in views.enumerated() {
            let previous = oldByKey[newKeys[i]].map { old.views[$0] }.flatMap { $0.kind.hasLayout(of: new.kind) ? $0 : nil }
            let olds = previous?.values ?? new.kind.defaultValues
            var reference: String?
            let defaults = new.kind.defaultValues
            for slot in new.values.indices where !olds.sameValue(at: slot, as: new.values)
                || (listingEverySetValue && !defaults.sameValue(at: slot, as: new.values)) {
                if reference == nil { reference = new.reference }
                out.append(PropertyChange(view: reference!, property: new.kind.properties[slot].path,
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
///
/// A change list of a whole tree (a trait change's) names its views from one table of the
/// kinds, ids and places the views had when it was made, and spells a view's reference only
/// when `view` is read: a host that delivers changes by identity spells none.
public struct PropertyChange: Hashable, Sendable, CustomStringConvertible {
    /// `View.reference`: `#id`, or the path of kinds with 1-based child indices, as the view
    /// was named when the change was made.
    public var view: String {
        switch name {
        case .spelled(let text): return text
        case .entry(let table, let entry): return table.reference(at: Int(entry))
        }
    }
    /// The changed `View`'s identity; nil for a change built by hand.
    public let viewIdentity: ViewIdentity?
    /// The property's dotted path (`"titleLabel.font"`), whole values as in the JSON tree.
    public let property: String
    public let old: Value
    public let new: Value
    /// The view's reference, or where to spell it from.
    private let name: Name

    private enum Name: Sendable {
        case spelled(String)
        case entry(ChangeReferences, Int32)
    }

    public init(view: String, property: String, old: Value, new: Value, viewIdentity: ViewIdentity? = nil) {
        self.name = .spelled(view)
        self.viewIdentity = viewIdentity
        self.property = property
        self.old = old
        self.new = new
    }

    /// A change whose view is `entry` of `references`, spelled when read.
    init(entry: Int32, of references: ChangeReferences, property: String, old: Value, new: Value, viewIdentity: ViewIdentity) {
        self.name = .entry(references, entry)
        self.viewIdentity = viewIdentity
        self.property = property
        self.old = old
        self.new = new
    }

    public var description: String { "\(view) \(property): \(old) → \(new)" }

    /// Changes are equal when they say the same thing (view reference, property, values);
    /// `viewIdentity` is where to deliver them, not part of what they say.
    public static func == (a: PropertyChange, b: PropertyChange) -> Bool {
        a.property == b.property && a.old == b.old && a.new == b.new && a.view == b.view
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
