/// A view being styled: the cascade's working state for one view, and what a function style's
/// proxy reads and writes.
///
/// Writes are checked against the view's kind and, when provenance is on, recorded with the
/// step (`origin`) and the line that wrote them.
public final class StyleApplication {
    /// The view being styled; the cascade moves one application from view to view
    /// (`restart(on:)`) instead of making one per view.
    @exclusivity(unchecked) public private(set) var view: View
    /// The cascade step now running; contributions are tagged with it.
    public var origin: Origin {
        get { isNamed ? namedOrigin : origins!.origins[Int(originIndex!)] }
        set { namedOrigin = newValue; isNamed = true; originIndex = nil }
    }
    /// `origin` as set by name, while `isNamed`; else the cascade has set it by index
    /// (`setOrigin(index:)`). A flag rather than an optional: setting an `Origin?` to nil
    /// destroyed the old value through the runtime's generic witness at every view.
    @exclusivity(unchecked) private var namedOrigin: Origin = .kindDefault
    @exclusivity(unchecked) private var isNamed = true
    /// Where `setOrigin(index:)` indices point: the provenance table of the cascade's rules,
    /// recording or not.
    private let origins: ProvenanceTable?
    /// Where the view's record is kept; nil when provenance is not recorded.
    private let provenanceTable: ProvenanceTable?
    private let recordsProvenance: Bool
    /// `origin` in the provenance table, looked up at its first write.
    @exclusivity(unchecked) private var originIndex: UInt32?
    /// What the cascade may still spend; nil for no bound (a host applying by hand).
    @exclusivity(unchecked) var budget: CascadeBudget?
    /// Set while the cascade applies appearances and rules, whose result views may share: a
    /// field set into a value, or a `mver` whose result depends on the value alone
    /// (`ValueTransform.dependsOnlyOnValue`), given a value every view may hold (not one of the
    /// view's own), stores its result as a shared value, so the result holds only shared
    /// values (`ValueStore.rebase` needs that).
    @exclusivity(unchecked) var sharesValueOnlyResults = false
    /// The traits of the run: `when`s decide by them, and every value written is resolved for
    /// them (`Value.resolved(for:)`).
    @exclusivity(unchecked) public var traits: Traits = .default
    /// The kinds' defaults resolved for `traits`, worked out once per kind by the cascade; nil
    /// to resolve them for each view (a host applying by hand, the reference cascade).
    @exclusivity(unchecked) var defaults: ResolvedDefaults?
    /// The table the engine's prepared styles intern their constants in, which the view's
    /// values are of once reset (`defaults` are interned there); nil with no engine.
    private let values: ValueTable?
    /// Constructor literals that a style applied after them would replace, by slot.
    @exclusivity(unchecked) private var watchedLiterals: [Int: Literal] = [:]
    /// Literals a later style replaced outright, with the write that did it.
    @exclusivity(unchecked) private var replacedLiterals: [(literal: Literal, by: SourceLocation)] = []

    public convenience init(view: View, recordsProvenance: Bool, traits: Traits = .default) {
        // Styling by hand writes the view outside a cascade's walk: a styled tree's note that
        // its views hold what it gave them no longer holds (`View.noteStyleEdit`).
        view.noteStyleEdit()
        self.init(view: view, provenanceTable: recordsProvenance ? ProvenanceTable() : nil, traits: traits)
    }

    /// Styles `view` by hand for `engine`: from the kind's defaults for the engine's traits,
    /// as the engine's cascade starts a view, so that the engine's constants
    /// (`StyleEngine.constant(_:)`) are written as one slot store each.
    public convenience init(view: View, engine: StyleEngine, recordsProvenance: Bool) {
        view.noteStyleEdit()
        self.init(view: view, provenanceTable: recordsProvenance ? ProvenanceTable() : nil, traits: engine.traits,
                  defaults: engine.defaults, values: engine.valueTable)
    }

    /// Records provenance into `provenanceTable` when there is one: the cascade shares one
    /// table among all the views it styles. `defaults` and `values`: the engine's, which go
    /// together (the defaults are interned in `values`).
    init(view: View, provenanceTable: ProvenanceTable?, origins: ProvenanceTable? = nil, traits: Traits = .default,
         defaults: ResolvedDefaults? = nil, values: ValueTable? = nil) {
        precondition(defaults.map { $0.values === values } ?? true, "Defaults are interned in the application's table")
        self.view = view
        self.provenanceTable = provenanceTable
        self.recordsProvenance = provenanceTable != nil
        self.origins = origins ?? provenanceTable
        self.traits = traits
        self.defaults = defaults
        self.values = values
        resetView()
    }

    /// Moves on to styling `view`, as a new application would, except that the view keeps its
    /// values until `resetView()`: the cascade gives a view that takes a kept result its values
    /// and record directly. A function style's proxy of the previous view is already invalid.
    func restart(on view: View) {
        self.view = view
        if case .kindDefault = namedOrigin {} else { namedOrigin = .kindDefault }
        isNamed = true
        originIndex = nil
        if !watchedLiterals.isEmpty { watchedLiterals = [:] }
        if !replacedLiterals.isEmpty { replacedLiterals = [] }
    }

    /// Puts the view back to its kind's defaults (the engine's, in its table, when there is
    /// one), with an empty record when provenance is kept.
    func resetView() {
        if let defaults {
            view.record = nil
            view.values = defaults.store(for: view.kind)
        } else {
            view.clearState()
            if let resolved = ResolvedDefaults.resolve(view.kind, for: traits) { view.values = resolved }
        }
        if let provenanceTable { view.record = ProvenanceRecord(table: provenanceTable) }
    }

    /// When set, every write and read is logged to find dead writes (lint's `duplicate-set`).
    @exclusivity(unchecked) public var deadWrites: DeadWrites?

    /// The current value of a property of the view's kind.
    public func value(of property: Property) -> Value {
        deadWrites?.read(slot: property.slot)
        return view.values[property.slot]
    }

    /// The current value at a key path (a field reads as a Number).
    public func value(at keyPath: StyleKeyPath) -> Value? {
        if let deadWrites, let slot = keyPath.property?.slot { deadWrites.read(slot: slot) }
        switch keyPath.target {
        case .property(let p): return view.values[p.slot]
        case .field(let p, let f): return Self.field(f, of: view.values[p.slot])
        case .object: return nil
        }
    }

    /// Writes an already checked value.
    public func write(_ property: Property, _ value: Value, at location: SourceLocation?, isTransform: Bool = false) {
        write(slot: property.slot, value, at: location, isTransform: isTransform)
    }

    func write(slot: Int, _ value: Value, at location: SourceLocation?, isTransform: Bool = false) {
        recordWrite(slot: slot, at: location, isTransform: isTransform)
        view.values[slot] = value.resolved(for: traits)
    }

    /// Writes a constant an engine made (`StyleEngine.constant(_:)`), as it is: with no
    /// checking, reference counting or allocation for a view styled for that engine
    /// (`init(view:engine:recordsProvenance:)`), as the view's own value for any other. The
    /// hand-written equivalent of a prepared `mut`.
    ///
    ///     let red = engine.constant(.color(.red))
    ///     application.write(Label.textColor.property, red, at: nil)
    public func write(_ property: Property, _ constant: StyleConstant, at location: SourceLocation?) {
        recordWrite(slot: property.slot, at: location, isTransform: false)
        if let stored = constant.stored(for: view.values) {
            view.values.write(stored, at: property.slot)
        } else {
            view.values[property.slot] = constant.value
        }
    }

    /// `write(slot:_:at:)` of a value from a style prepared with this application's tables
    /// (`values`, and its location already entered in the provenance table), to `view`, this
    /// application's, as the caller read it (`apply(prepared:to:budget:)`).
    @inline(__always)
    private func write(slot: Int, _ value: StoredValue, locationIndex: UInt32, to view: View) {
        assert(!value.isShared || values.map(view.values.isOfTable) == true, "A prepared value is written to a store of its table")
        if recordsProvenance { record(slot: slot, locationIndex: locationIndex, isTransform: false) }
        view.values.write(value, at: slot)
    }

    /// The location entered in the rules' table at `index`, or nil.
    private func location(at index: UInt32) -> SourceLocation? {
        index == ProvenanceRecord.noLocation ? nil : origins?.locations[Int(index)]
    }

    /// Sets `origin` to the one entered in this application's provenance table at `index`,
    /// without building it: only provenance reads it.
    func setOrigin(index: UInt32) {
        isNamed = false
        originIndex = index
    }

    /// Records a write of `slot` at `location` (nil for none), when provenance is kept.
    private func recordWrite(slot: Int, at location: SourceLocation?, isTransform: Bool) {
        guard recordsProvenance else { return }
        record(slot: slot, locationIndex: location.map(view.record!.table.index(of:)) ?? ProvenanceRecord.noLocation,
               isTransform: isTransform)
    }

    /// Records a write of `slot` before it replaces the slot's value.
    private func record(slot: Int, locationIndex: UInt32, isTransform: Bool) {
        let origin = originIndex ?? view.record!.table.index(of: namedOrigin)
        originIndex = origin
        view.record!.append(slot: slot, previous: view.values.stored(slot), origin: origin, location: locationIndex,
                            isTransform: isTransform)
    }

    /// Checks `value` against the path and writes it.
    public func set(_ keyPath: StyleKeyPath, _ value: Value, at location: SourceLocation) throws(Diagnostic) {
        try ensureApplies(keyPath, at: location)
        try write(value, at: keyPath, location)
    }

    /// `set` of literal `i` of `literals`, whose value was checked when it was made
    /// (`Literal.checkedSlot`): the write alone. False, having written nothing, for one that
    /// needs `set`: a field, a value to check, a path of another kind, or a lint run logging its
    /// reads and writes. `adopted`: whether the store took the view's literal values as its own
    /// (`ValueStore.adoptOwnValues`), the literal's value being own value `i`.
    ///
    /// The literal is read field by field where it is: a literal passed as a value was copied
    /// at every styling, retaining its path, value and file name.
    func writeChecked(_ literals: UnsafeBufferPointer<Literal>, _ i: Int, adopted: Bool) -> Bool {
        guard literals[i].checkedSlot >= 0, literals[i].isTraitIndependent, deadWrites == nil, watchedLiterals.isEmpty,
              view.kind.isA(id: literals[i].rootID) else { return false }
        let slot = Int(literals[i].checkedSlot)
        guard adopted else {
            write(slot: slot, literals[i].value, at: literals[i].location)
            return true
        }
        // Asked here too, so that the literal's location is not read when nothing records it.
        if recordsProvenance { recordWrite(slot: slot, at: literals[i].location, isTransform: false) }
        view.values.write(adopted: i, scalar: literals[i].scalar, at: slot)
        return true
    }

    /// `set` through a key path already known to apply to the view.
    private func write(_ value: Value, at keyPath: StyleKeyPath, _ location: SourceLocation) throws(Diagnostic) {
        switch keyPath.target {
        case .property(let p):
            write(p, try checked(value, for: p, name: keyPath.qualifiedName, at: location), at: location)
            deadWrites?.write(slot: p.slot, property: keyPath.qualifiedName, isTransform: false)
            if !watchedLiterals.isEmpty, let literal = watchedLiterals.removeValue(forKey: p.slot) {
                replacedLiterals.append((literal, location))
            }
        case .field(let p, let f):
            guard case .number(let x) = (try checked(value, type: .number, name: keyPath.qualifiedName, at: location)) else { return }
            writeComputed(p, Self.setting(f, x, in: view.values[p.slot]), fromValueAlone: true, isTransform: false, at: location)
            deadWrites?.writeField(slot: p.slot)
        case .object:
            throw Diagnostic(.typeMismatch, StyleError.notSettable(keyPath).message, at: location)
        }
    }

    /// Watches the view's constructor literals while the styles added after them run, so that
    /// one replaced outright (not transformed by a `mver`) can be reported.
    public func watchLiterals(_ literals: [Literal]) {
        for literal in literals {
            if case .property(let p) = literal.keyPath.target { watchedLiterals[p.slot] = literal }
        }
    }

    /// `overridden-literal` warnings, at each watched literal a later style replaced.
    public func overriddenLiterals() -> [Diagnostic] {
        defer { watchedLiterals = [:]; replacedLiterals = [] }
        return replacedLiterals.map { literal, by in
            let name = literal.keyPath.path
            return Diagnostic(.overriddenLiteral,
                              "'\(name)' given in the constructor of \(view.selectorDescription) is replaced by the style "
                                  + "applied later at \(by); remove one of them, or transform it with mver.",
                              at: literal.location, length: name.count, severity: .warning)
        }
    }

    /// Resolves a path reference against this view's kind.
    public func resolve(_ path: PathReference, at location: SourceLocation) throws(Diagnostic) -> StyleKeyPath {
        switch path {
        case .keyPath(let kp):
            try ensureApplies(kp, at: location)
            return kp
        case .unresolved(let components):
            switch StyleKeyPath.resolve(components, in: view.kind) {
            case .success(let kp): return kp
            case .failure(let e):
                throw Diagnostic(.unknownProperty, e.message + " (applied to \(view.selectorDescription))",
                                 at: location, suggestions: e.suggestion.map { [$0] } ?? [])
            }
        }
    }

    /// Runs one style's operations in order.
    public func apply(_ style: Style) throws(Diagnostic) {
        var i = 0
        try style.forEachOperation { op throws(Diagnostic) in
            // A `when` is not a step of its own: its parts are, when they apply.
            if case .when = op {} else { try budget?.step(recording: recordsProvenance, at: op.location) }
            deadWrites?.operation = i
            i += 1
            try apply(op)
        }
    }

    /// Runs a prepared style's operations in order, as `apply(_: Style)` runs the style's; the
    /// style was prepared with this application's provenance table.
    func apply(_ style: PreparedStyle) throws(Diagnostic) {
        try withUnsafePointer(to: style) { style throws(Diagnostic) in try apply(prepared: style) }
    }

    /// `apply(_:)` of the style at `style`, read in place: a style passed by value was copied
    /// (its arrays retained and released) at every style applied to every view.
    func apply(prepared style: UnsafePointer<PreparedStyle>) throws(Diagnostic) {
        try apply(prepared: style, to: view, budget: budget)
    }

    /// `apply(prepared:)` with the view and the budget read once by the caller for all the
    /// styles it applies to the view (`view` is this application's): read from `self` for each
    /// style, and at each write, they were retained and released there.
    func apply(prepared style: UnsafePointer<PreparedStyle>, to view: View, budget: CascadeBudget?) throws(Diagnostic) {
        assert(view === self.view, "The view is the application's")
        if !style.pointee.isPrepared, let whole = style.pointee.unprepared { return try apply(whole) }
        // Read once for all the operations, which are read where they are: each is applied to
        // every view its style reaches.
        let kind = view.kind, kindID = ObjectIdentifier(kind)
        for op in style.pointee.operations {
            if let budget, !op.isCondition { try budget.step(recording: recordsProvenance, at: self.location(at: op.locationIndex)) }
            if op.slot >= 0, let root = op.root, root == kindID || kind.isA(id: root) {
                write(slot: Int(op.slot), op.value, locationIndex: op.locationIndex, to: view)
                if !watchedLiterals.isEmpty, let literal = watchedLiterals.removeValue(forKey: Int(op.slot)) {
                    replacedLiterals.append((literal, location(at: op.locationIndex) ?? .host))
                }
            } else {
                try apply(style.pointee.general[Int(op.general)])
            }
        }
    }

    private func apply(_ op: StyleOperation) throws(Diagnostic) {
        switch op {
        case .set(let path, let value, let loc):
            try write(value, at: try resolve(path, at: loc), loc)
        case .transform(let path, let fn, let loc):
            let kp = try resolve(path, at: loc)
            guard let old = value(at: kp) else { throw Diagnostic(.typeMismatch, StyleError.notSettable(kp).message, at: loc) }
            let new = try fn.transform(old, path: kp, view: view)
            switch kp.target {
            case .property(let p):
                writeComputed(p, try checked(new, for: p, name: kp.qualifiedName, at: loc), fromValueAlone: fn.dependsOnlyOnValue,
                              isTransform: true, at: loc)
            case .field(let p, let f):
                guard case .number(let x) = (try checked(new, type: .number, name: kp.qualifiedName, at: loc)) else { break }
                writeComputed(p, Self.setting(f, x, in: view.values[p.slot]), fromValueAlone: fn.dependsOnlyOnValue,
                              isTransform: true, at: loc)
            case .object:
                break
            }
        case .function(let fn, _):
            try fn.apply(to: self)
        case .when(let condition, let style, _):
            guard condition.holds(state: view.state, traits: traits) else { return }
            // The parts count as the `when`'s operation for dead writes (lint), and hold only
            // sometimes: what they replace is still the value in other states and traits.
            deadWrites?.conditionalDepth += 1
            defer { deadWrites?.conditionalDepth -= 1 }
            try style.forEachOperation { op throws(Diagnostic) in
                if case .when = op {} else { try budget?.step(recording: recordsProvenance, at: op.location) }
                try apply(op)
            }
        }
    }

    /// Writes a value made from `property`'s value: shared when it may be
    /// (`sharesValueOnlyResults`) and `fromValueAlone` (a field set into it, a `mver` whose
    /// result depends on the value alone), else as any value.
    private func writeComputed(_ property: Property, _ value: Value, fromValueAlone: Bool, isTransform: Bool, at location: SourceLocation) {
        guard sharesValueOnlyResults, fromValueAlone, !view.values.stored(property.slot).isOwn, let values,
              view.values.isOfTable(values), let shared = StoredValue(interning: value.resolved(for: traits), in: values) else {
            write(property, value, at: location, isTransform: isTransform)
            return
        }
        recordWrite(slot: property.slot, at: location, isTransform: isTransform)
        view.values.write(shared, at: property.slot)
    }

    private func ensureApplies(_ kp: StyleKeyPath, at location: SourceLocation) throws(Diagnostic) {
        guard view.kind.isA(kp.root) else {
            throw Diagnostic(.kindMismatch, "'\(kp.qualifiedName)' cannot apply to \(view.selectorDescription): it is a \(view.kind.name), not a \(kp.root.name).", at: location)
        }
    }

    // `name` is rendered only when the check fails: building it for every write was most of
    // the cost of applying a `mut`.
    private func checked(_ value: Value, for p: Property, name: @autoclosure () -> String, at location: SourceLocation) throws(Diagnostic) -> Value {
        switch p.check(value) {
        case .success(let v): return v
        case .failure(let e): throw Diagnostic(e.code, e.message(for: name()), at: location, suggestions: e.suggestions)
        }
    }

    private func checked(_ value: Value, type: ValueType, name: @autoclosure () -> String, at location: SourceLocation) throws(Diagnostic) -> Value {
        switch type.check(value) {
        case .success(let v): return v
        case .failure(let e): throw Diagnostic(e.code, e.message(for: name()), at: location, suggestions: e.suggestions)
        }
    }

    static func field(_ name: String, of value: Value) -> Value? {
        switch value {
        case .insets(let i): i[name].map(Value.number)
        case .size(let s): s[name].map(Value.number)
        default: nil
        }
    }

    static func setting(_ name: String, _ x: Double, in value: Value) -> Value {
        switch value {
        case .insets(var i): i[name] = x; return .insets(i)
        case .size(var s): s[name] = x; return .size(s)
        default: preconditionFailure("Only Insets and Size values have fields")
        }
    }
}
