import Synchronization

/// A node of the headless view tree: a kind, an identity, styles to apply, and applied values.
///
/// Values live in an array indexed by property slot (see `Kind`). They start at the kind's
/// defaults and are written by the cascade (and by the host's own content, `set(_:_:)`), so
/// re-applying a stylesheet always starts from the defaults and a property a script stops
/// setting returns to its default.
///
/// Not `Sendable`: a tree belongs to one isolation domain (the main actor, or one actor), with
/// the runtime and stylesheets that style it; values (`TreeSnapshot`, changes) leave it.
///
/// The stored properties the cascade reads and writes for every view are
/// `@exclusivity(unchecked)`: a class's properties are otherwise checked at run time for
/// overlapping access on every read and write (a fifth of a cascade's instructions). No code
/// holds an access to them across a call that could reach them again; the checks stay on
/// everywhere else.
public final class View {
    /// On a root, counts the changes to the place, id, classes or state of any view of its
    /// tree: what a tree's shape is made of (`StyledTree.hasSameShape`). A styled tree notes its
    /// top root and that count (`shapeVersion`), so a restyle with no change to the tree since
    /// knows the shape is the same without comparing every view, whatever other trees do.
    /// Meaningless on a view with a parent (its root counts for it).
    @exclusivity(unchecked) fileprivate var shapeEdits = 0
    /// On a root, counts the writes to its tree's views made outside a cascade's walk: values
    /// set (`set(_:_:)`, a `StyleApplication` a host made, `resetToDefaults()`), own styles and
    /// literals changed, and each cascade's run over the tree itself. A styled tree notes it with
    /// the shape (`styleVersion`): while both stay the same, every view of the tree holds what
    /// that styling gave it, so a restyle may leave the views no change reaches unvisited.
    @exclusivity(unchecked) fileprivate var styleEdits = 0
    /// On a root, a number no other view of the process had, given when a styled tree first
    /// notes the root (`styleVersion`): a view made later at a freed root's address has none
    /// yet, so a note of the freed tree never passes for it.
    @exclusivity(unchecked) fileprivate var serial: UInt64 = 0
    private static let serials = Atomic<UInt64>(1)

    public let kind: Kind
    /// Unique in its tree; checked when the tree is styled.
    @exclusivity(unchecked) public var id: String? {
        didSet {
            cachedSelectorKeys = nil
            noteShapeEdit()
        }
    }
    /// Class names in the order given, without duplicates.
    @exclusivity(unchecked) public private(set) var classes: [String]
    /// The view this one was added to; nil for a root, and once the parent is freed.
    public var parent: View? { parentReference?.takeUnretainedValue() }
    /// The parent as the selector matcher walks up the tree: without a retain and a release
    /// at every step.
    var unretainedParent: Unmanaged<View>? { parentReference }
    /// Not `weak`: a weak reference gives its object a side table, which moves every retain and
    /// release of every view to the runtime's slow path (a tenth of styling a screen). The
    /// parent clears it in its `deinit`, and `removeFromParent` and `addChild` keep it true.
    @exclusivity(unchecked) private var parentReference: Unmanaged<View>?
    @exclusivity(unchecked) public private(set) var children: [View] = []
    /// The node's own styles, applied after appearance and rules, in order (`style =`, `with`).
    @exclusivity(unchecked) public var styles: [Style] = [] {
        didSet { noteStyleEdit() }
    }
    /// Properties given in the constructor (`Label { text = "Hi" }`).
    @exclusivity(unchecked) public var literals: [Literal] = [] {
        didSet {
            cachedLiteralValues = nil
            noteStyleEdit()
            if kind.isControl { stateChanged() }
        }
    }
    /// The state a host or `--state` gives a control, in place of the one its literals give
    /// (`state`); nil for none. Ignored on a view that is not a control.
    @exclusivity(unchecked) public var stateOverride: ControlState? {
        didSet { if kind.isControl, oldValue != stateOverride { stateChanged() } }
    }
    /// `state` once worked out (`ControlState.rawValue`), or `View.unknownState`.
    @exclusivity(unchecked) private var cachedState: UInt8 = View.unknownState
    private static let unknownState: UInt8 = 0xFF
    /// `literalValues`, once asked for, until the literals change.
    @exclusivity(unchecked) private var cachedLiteralValues: [Value]?
    /// How many of `styles` apply before `literals`: those given in the constructor, as the
    /// ones added later (`with`, calling a style) apply after them, in the order they were
    /// applied. Nil, as for a view built in Swift: every style applies before the literals.
    @exclusivity(unchecked) public var stylesBeforeLiterals: Int? {
        didSet { noteStyleEdit() }
    }
    /// Where the view was built, for messages and explain.
    @exclusivity(unchecked) public var location: SourceLocation?

    /// The applied value of every property, by slot (`values[p.slot]` is a `Value`).
    @exclusivity(unchecked) public internal(set) var values: ValueStore
    /// What each slot's value was made of, when the cascade recorded provenance: the kind's
    /// default, then each write in cascade order.
    public var provenance: [[Contribution]]? { record?.contributions(of: self) }
    /// What won each slot, when the cascade recorded provenance: the last contribution's
    /// origin and location, nil for a slot that kept its kind's default. The last entry of
    /// each slot of `provenance`, without working out every contribution's value (what a
    /// snapshot records of each property).
    ///
    ///     view.winners?[Schema.label.property("textColor")!.slot]?.origin   // rule "Label.title"
    public var winners: [Winner?]? {
        guard let record else { return nil }
        let table = record.table
        return record.winners(slotCount: kind.properties.count).map { w in
            w.map { Winner(originIndex: $0.origin, locationIndex: $0.location, table: table) }
        }
    }

    /// What won one property (`winners`' entry for its slot, without the others'): nil for a
    /// property left at its kind's default, or when the cascade recorded no provenance.
    ///
    ///     label.winner(of: Schema.label.property("textColor")!)?.location    // app.lua:12
    public func winner(of property: Property) -> Winner? {
        winner(ofSlot: property.slot)
    }

    /// `winner(of:)` by the property's slot.
    func winner(ofSlot slot: Int) -> Winner? {
        guard let record, let w = record.winner(ofSlot: slot) else { return nil }
        return Winner(originIndex: w.origin, locationIndex: w.location, table: record.table)
    }

    /// `provenance`, as stored: only what was written.
    @exclusivity(unchecked) var record: ProvenanceRecord?

    /// `record?.identity`, read where the record is.
    var recordIdentity: ProvenanceRecord.Identity? {
        guard record != nil else { return nil }
        return record.unsafelyUnwrapped.identity
    }

    public convenience init(kind: Kind, id: String? = nil, classes: [String] = [], location: SourceLocation? = nil) {
        self.init(kind: kind, id: id, classes: classes, location: location, stylesBeforeLiterals: nil)
    }

    /// `stylesBeforeLiterals`: set from the start (a constructor's view, 0 until its end).
    package init(kind: Kind, id: String? = nil, classes: [String] = [], location: SourceLocation? = nil, stylesBeforeLiterals: Int?) {
        precondition(kind.isViewKind, "\(kind.name) is a sub-object kind, not a view kind")
        self.kind = kind
        self.id = id
        self.classes = []
        self.location = location
        self.stylesBeforeLiterals = stylesBeforeLiterals
        self.values = kind.defaultValues
        // A new view is in no tree: it changes no tree's shape until it is added to one (a
        // styled tree's root reused at a freed one's address is caught by its kind and names).
        assignClasses(classes)
    }

    /// Frees the subtree without recursion: a view that only this one holds gives up its
    /// children to a list before it goes, so a chain of any depth is freed in a loop instead of
    /// one nested release per level (which overflows the stack at some ten thousand levels).
    deinit {
        guard !children.isEmpty else { return }
        // Children that live on (held elsewhere) no longer have this parent: each is a root
        // now, of a tree whose shape changed.
        for child in children {
            child.parentReference = nil
            child.shapeEdits &+= 1
        }
        var pending = children
        children = []
        while var view = pending.popLast() {
            if isKnownUniquelyReferenced(&view), !view.children.isEmpty {
                for child in view.children {
                    child.parentReference = nil
                    child.shapeEdits &+= 1
                }
                pending.append(contentsOf: view.children)
                view.children = []
            }
        }
    }

    /// The `AncestorFilter` keys of the id and classes, hashed once rather than at every
    /// cascade (the filter and the rule index's buckets use them).
    /// Read in place (a borrow, not a copy of the classes' keys).
    var selectorKeys: SelectorKeys {
        _read {
            if cachedSelectorKeys == nil {
                cachedSelectorKeys = SelectorKeys(id: id.map(AncestorFilter.key(id:)), classes: ClassKeys(classes))
            }
            yield cachedSelectorKeys.unsafelyUnwrapped
        }
    }

    @exclusivity(unchecked) private var cachedSelectorKeys: SelectorKeys?

    public func setClasses(_ names: [String]) {
        cachedSelectorKeys = nil
        noteShapeEdit()
        assignClasses(names)
    }

    /// For a script's constructor, which builds every view: `literals.append`, and the end of
    /// the constructor (the styles given so far apply before the literals; returns how many
    /// styles and literals the view has). As methods here, the view's stored properties are
    /// accessed as they are declared (`@exclusivity(unchecked)`): accessed from another
    /// module, each was checked at run time.
    package func appendLiteral(_ literal: Literal) {
        literals.append(literal)
    }

    package func endConstructor() -> Int {
        stylesBeforeLiterals = styles.count
        return styles.count + literals.count
    }

    /// `setClasses(_:)` of names whose keys the caller may already have (`ClassKeys(names)`;
    /// nil when it has not): a script's views share a few class lists, whose keys are then
    /// hashed once per list rather than once per view.
    package func setClasses(_ names: [String], keys: ClassKeys?) {
        setClasses(names)
        // The keys are the names' only when the names were kept as given (none was a
        // duplicate or empty).
        guard let keys, keys.count == names.count, classes.count == names.count else { return }
        cachedSelectorKeys = SelectorKeys(id: id.map(AncestorFilter.key(id:)), classes: keys)
    }

    /// `names`, without duplicates or empty names, as the classes.
    private func assignClasses(_ names: [String]) {
        // A view has a few classes: a linear search is cheaper than hashing each into a set.
        guard names.count > 8 else {
            // Names already unique and not empty are kept as given, sharing the caller's array.
            if names.indices.allSatisfy({ i in !names[i].isEmpty && !names[..<i].contains(names[i]) }) {
                classes = names
                return
            }
            var unique: [String] = []
            unique.reserveCapacity(names.count)
            for name in names where !name.isEmpty && !unique.contains(name) { unique.append(name) }
            classes = unique
            return
        }
        var seen = Set<String>()
        classes = names.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    public func hasClass(_ name: String) -> Bool { classes.contains(name) }

    /// The control's state (SPEC §6.1): `stateOverride` when set, else what the tree gave it,
    /// its literals `isEnabled = false`, `isSelected = true`, `isHighlighted = true` and
    /// `isFocused = true`; always `normal` for a view that is not a control. Styles never
    /// change it: like CSS's `:disabled`, a state is read from the tree, not from the values
    /// the cascade computes, so a rule setting `isEnabled` cannot make its own rule apply.
    public var state: ControlState {
        if cachedState == View.unknownState { cachedState = computedState.rawValue }
        return ControlState(rawValue: cachedState)
    }

    private var computedState: ControlState {
        guard kind.isControl else { return .normal }
        if let stateOverride { return stateOverride }
        var state: ControlState = []
        for literal in literals {
            guard case .property(let p) = literal.keyPath.target, case .bool(let b) = literal.value,
                  let known = Kind.stateProperties.first(where: { $0.path == p.path }) else { continue }
            if b == known.when { state.insert(known.state) } else { state.remove(known.state) }
        }
        return state
    }

    /// A change of state changes what the rules match, as a change of classes does.
    private func stateChanged() {
        cachedState = View.unknownState
        cachedSelectorKeys = nil
        noteShapeEdit()
    }

    /// The root of this view's tree: the view itself when it has no parent.
    fileprivate var topRoot: View {
        var view = self
        while let parent = view.parentReference { view = parent.takeUnretainedValue() }
        return view
    }

    /// Counts a change to this view's tree's shape, on its root.
    private func noteShapeEdit() {
        topRoot.shapeEdits &+= 1
    }

    /// Counts a write to this view's values, own styles or literals made outside a cascade's
    /// walk, on its tree's root (`styleEdits`).
    func noteStyleEdit() {
        topRoot.styleEdits &+= 1
    }

    /// The root of this view's tree, its serial and its count of writes outside a cascade's
    /// walk: while they stay the same, no view of the tree was written but by the cascade that
    /// noted them (`StyledTree`).
    var styleVersion: StyleVersion {
        let top = topRoot
        if top.serial == 0 { top.serial = View.serials.wrappingAdd(1, ordering: .relaxed).oldValue }
        return StyleVersion(root: ObjectIdentifier(top), serial: top.serial, edits: top.styleEdits)
    }

    /// The root of this view's tree and its count of shape changes: while both stay the same,
    /// no view of the tree changed its place, id, classes or state.
    var shapeVersion: ShapeVersion {
        let top = topRoot
        return ShapeVersion(root: ObjectIdentifier(top), edits: top.shapeEdits)
    }

    /// Appends a child; a view has at most one parent.
    public func addChild(_ child: View) {
        precondition(child.parent == nil, "A view can be added to only one parent")
        precondition(child !== self, "A view cannot be its own child")
        // The child's tree is no longer a tree of its own, and this one grew.
        child.shapeEdits &+= 1
        child.parentReference = Unmanaged.passUnretained(self)
        children.append(child)
        noteShapeEdit()
    }

    public func removeFromParent() {
        guard let p = parent else { return }
        noteShapeEdit()
        p.children.removeAll { $0 === self }
        parentReference = nil
        shapeEdits &+= 1
    }

    /// The applied value at a dotted path (`"titleLabel.font"`), or nil if the kind has no such property.
    public subscript(path: String) -> Value? {
        kind.property(path).map { values[$0.slot] }
    }

    /// The applied value of a property of this view's kind.
    public subscript(property: Property) -> Value {
        values[property.slot]
    }

    /// `Kind#id.class1.class2`, as the tree printer and messages name the view.
    public var selectorDescription: String {
        var s = kind.name
        if let id { s += "#" + id }
        for c in classes { s += "." + c }
        return s
    }

    /// `#id` when it has one, else the path of kinds with 1-based child indices from the root
    /// (`StackView#root > Button[2]` names the second child when the root has an id), shortened
    /// past 64 steps (`TreeReferences`). For every view of a tree, ask a `TreeReferences`.
    public var reference: String { TreeReferences.reference(of: self) }

    /// This view and every descendant, depth first, parents before children (with an explicit
    /// stack: a tree of any depth).
    public func forEachInTree(_ body: (View) throws -> Void) rethrows {
        var walk = TreeWalk(self)
        while let view = walk.next() { try body(view) }
    }

    /// This view and every descendant in `forEachInTree` order, as an array (built without a
    /// closure, whose captured array would be an exclusivity-checked access per view; each
    /// view appended where the walk reads it, `TreeWalk.appendNext(to:)`).
    func treeInOrder(capacity: Int = 0) -> [View] {
        var views: [View] = []
        views.reserveCapacity(Swift.max(capacity, 1))
        var walk = TreeWalk(self)
        while walk.appendNext(to: &views) {}
        return views
    }

    /// Whether the view holds its kind's defaults, as built, with no provenance: what
    /// `resetToDefaults()` leaves.
    var isUnstyled: Bool { record == nil && values.isSameStorage(as: kind.defaultValues) }

    /// The view's values and record, moved out rather than copied (no reference counting):
    /// the view is left at its kind's defaults with no record, as `resetToDefaults()` leaves it.
    func takeState() -> (values: ValueStore, record: ProvenanceRecord?) {
        var values = kind.defaultValues
        swap(&values, &self.values)
        var record: ProvenanceRecord?
        swap(&record, &self.record)
        return (values, record)
    }

    /// The literals' values, in order: what the cascade gives a styled view as its own values
    /// (`ValueStore.adoptOwnValues`), one array kept from styling to styling, so writing a
    /// view's literals allocates nothing (a label's text was an array of its own, made at
    /// every styling and freed at the next). Empty when every value is kept in place (numbers,
    /// booleans): then there is nothing to share.
    var literalValues: [Value] {
        if let cachedLiteralValues { return cachedLiteralValues }
        let needed = literals.contains { $0.scalar == nil } ? literals.map(\.value) : []
        cachedLiteralValues = needed
        return needed
    }

    /// Resets every value to the kind's default, dropping provenance.
    public func resetToDefaults() {
        noteStyleEdit()
        clearState()
    }

    /// `resetToDefaults()` within a cascade's walk, which counts its writes once
    /// (`noteStyleEdit`).
    func clearState() {
        values = kind.defaultValues
        record = nil
    }
}

/// A view's `AncestorFilter` keys: its id's and its classes'.
struct SelectorKeys {
    let id: Int?
    let classes: ClassKeys
}

/// The keys of a view's classes, the first two kept in the view itself: reading a view's class
/// keys was a miss of the cache at every view the cascade looked up, the keys being an array of
/// their own elsewhere in memory. A view with more classes keeps them all in an array.
package struct ClassKeys: RandomAccessCollection {
    private let first: Int, second: Int
    private let all: [Int]
    package let count: Int

    package init(_ names: [String]) {
        count = names.count
        if names.count <= 2 {
            first = names.first.map(AncestorFilter.key(class:)) ?? 0
            second = names.count == 2 ? AncestorFilter.key(class: names[1]) : 0
            all = []
        } else {
            all = names.map(AncestorFilter.key(class:))
            first = all[0]
            second = all[1]
        }
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(i: Int) -> Int {
        precondition(i >= 0 && i < count, "Class key \(i) out of range")
        return i == 0 ? first : i == 1 ? second : all[i]
    }

    /// Whether a class has this key: the two kept in place first.
    func contains(_ key: Int) -> Bool {
        switch count {
        case 0: false
        case 1: first == key
        case 2: first == key || second == key
        default: all.contains(key)
        }
    }
}

/// A tree's shape at one moment (`View.treeShape`): equal while no view of the tree changed
/// its place, id, classes or state, so that what was worked out from them (references, a
/// snapshot's view lines) still holds. It holds the tree's top root, so no other tree can pass
/// for it.
public struct TreeShape: Equatable {
    /// What a styled tree notes of its shape (`View.shapeVersion`).
    fileprivate let version: ShapeVersion
    /// The top root the version names, kept so that no other view can take its identity.
    fileprivate let top: View

    public static func == (a: TreeShape, b: TreeShape) -> Bool { a.version == b.version }
}

extension View {
    /// The shape of this view's tree now.
    ///
    ///     let shape = root.treeShape
    ///     try sheet.apply(to: root)           // restyling leaves the shape alone
    ///     shape == root.treeShape             // true
    public var treeShape: TreeShape { TreeShape(version: shapeVersion, top: topRoot) }
}

/// A tree's top root and its count of shape changes (`View.shapeVersion`).
struct ShapeVersion: Equatable {
    let root: ObjectIdentifier
    let edits: Int
}

/// A tree's top root, its serial and its count of writes outside a cascade's walk
/// (`View.styleVersion`).
struct StyleVersion: Equatable {
    let root: ObjectIdentifier
    let serial: UInt64
    let edits: Int
}
