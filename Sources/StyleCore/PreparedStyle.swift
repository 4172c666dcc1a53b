/// A style's operations prepared once for applying to many views: what the cascade applies for
/// rules and appearances.
///
/// A `set` through a typed path to a property has its value checked here, once, instead of at
/// every view; applying it is then the kind test and one slot write. Every other operation
/// (a transform, a function, a field, a path resolved per view, a value that fails its check)
/// keeps the general path, with the same results and diagnostics as `StyleApplication.apply`.
///
///     let prepared = PreparedStyle(rule.style, table: index.provenanceTable, values: index.values)
///     try application.apply(prepared)
struct PreparedStyle {
    /// One operation: plain data, so running a prepared style copies and counts no references.
    struct Operation {
        /// The slot the checked `value` is written to; -1 for the general path.
        let slot: Int32
        /// The operation's location in the provenance table the style was prepared with.
        let locationIndex: UInt32
        /// The path's root kind: the view must be one for the fast path.
        let root: ObjectIdentifier?
        /// Interned in the table the style was prepared with (`values`).
        let value: StoredValue
        /// Where the operation as written is in `general`, for the general path.
        let general: Int32
        /// A `when` of a state, decided per view: not a budget step of its own.
        let isCondition: Bool
    }

    /// The operations, in memory no reference count guards (`OperationStorage`): the cascade
    /// reads them for every style it applies to every view, and an array's storage was
    /// retained and released there.
    let operations: UnsafeBufferPointer<Operation>
    private let storage: OperationStorage

    /// Owns the memory of `operations`, which copies of the style share.
    private final class OperationStorage {
        let operations: UnsafeBufferPointer<Operation>

        init(_ operations: [Operation]) {
            assert(_isPOD(Operation.self), "Operations are plain data: their memory is freed without deinitializing")
            let memory = UnsafeMutableBufferPointer<Operation>.allocate(capacity: operations.count)
            _ = memory.initialize(from: operations)
            self.operations = UnsafeBufferPointer(memory)
        }

        deinit { operations.deallocate() }
    }
    /// The operations as written, by `Operation.general`.
    let general: [StyleOperation]
    /// Whether what the style writes can differ with the view's state: it has a `when` of a
    /// state, or an operation worked out as it is applied (a function, a `mver` that reads more
    /// than the value), which may read it; a style too large to prepare is taken to.
    var readsState: Bool { unprepared != nil || general.contains(where: Self.readsState) }

    /// `readsState` of `style` prepared for `traits`, without preparing it (nothing interned).
    static func readsState(_ style: Style, traits: Traits) -> Bool {
        guard style.count <= maximumPrepared else { return true }
        var written: [StyleOperation] = []
        flatten(style, for: traits, into: &written)
        return written.contains(where: readsState)
    }

    /// Whether an operation of a flattened style may read the view's state.
    private static func readsState(_ op: StyleOperation) -> Bool {
        switch op {
        case .set: false
        case .when: true  // the traits' are decided: what is left asks a state
        case .function: true
        case .transform(_, let transform, _): !transform.dependsOnlyOnValue
        }
    }
    /// No function, and no `mver` but those whose result depends on the value alone
    /// (`ValueTransform.dependsOnlyOnValue`): the result depends only on the view's kind and
    /// the values before.
    let isPlain: Bool
    /// Whether what the style writes can differ under other traits (`dependsOnTraits(_:)`):
    /// prepared again when the traits change. One that does not is kept (`RuleIndex`,
    /// `OwnStyles`), and so are the results of views only such styles wrote (`MatchedResults`).
    let dependsOnTraits: Bool
    /// A style too large to copy (one composed with itself many times) is not prepared: it is
    /// applied as it is, walking its shared parts.
    let unprepared: Style?
    /// `unprepared == nil`, as a flag: the cascade asks it of every style it applies to every
    /// view, and testing the optional copied the style out of the index to look at it.
    let isPrepared: Bool

    /// The most operations a style may have to be prepared.
    static let maximumPrepared = 4096

    /// Prepares `style` for a run of `traits`, its locations entered in `table` for
    /// recording provenance. A `when` is decided here as far as traits go: one whose traits
    /// do not hold is left out, one that asks only traits stands for its parts in its place,
    /// and one that asks a state is kept, for each view to decide. Values are resolved for
    /// `traits` once, here, and interned in `values`, the table of the stores the style is
    /// applied to (the engine's); a value it has no room for keeps the general path.
    init(_ style: Style, table: ProvenanceTable, values: ValueTable, traits: Traits = .default) {
        guard style.count <= Self.maximumPrepared else {
            storage = OperationStorage([])
            operations = storage.operations
            general = []
            unprepared = style
            isPrepared = false
            isPlain = false
            // Too large to walk (shared parts can make it run 2^50 operations): taken to
            // depend on the traits, which only costs a trait change its kept results.
            dependsOnTraits = true
            return
        }
        unprepared = nil
        isPrepared = true
        dependsOnTraits = Self.dependsOnTraits(style)
        var written: [StyleOperation] = []
        written.reserveCapacity(style.count)
        Self.flatten(style, for: traits, into: &written)
        general = written
        isPlain = written.allSatisfy(Self.isPlain)
        storage = OperationStorage(written.indices.map { i in
            if case .set(.keyPath(let kp), let value, let location) = written[i], case .property(let p) = kp.target,
               case .success(let checked) = p.check(value), let stored = StoredValue(interning: checked.resolved(for: traits), in: values) {
                return Operation(slot: Int32(p.slot), locationIndex: table.index(of: location),
                                 root: ObjectIdentifier(kp.root), value: stored, general: Int32(i), isCondition: false)
            }
            let isCondition = if case .when = written[i] { true } else { false }
            return Operation(slot: -1, locationIndex: ProvenanceRecord.noLocation, root: nil, value: .null,
                             general: Int32(i), isCondition: isCondition)
        })
        operations = storage.operations
    }

    /// `style`'s operations with its `when`s decided for `traits` (see `init`).
    private static func flatten(_ style: Style, for traits: Traits, into written: inout [StyleOperation]) {
        style.forEachOperation { op in
            guard case .when(let condition, let inner, _) = op else { return written.append(op) }
            guard condition.traitsHold(for: traits) else { return }
            if condition.testsState { written.append(op) } else { flatten(inner, for: traits, into: &written) }
        }
    }

    /// Whether what `style` writes can differ under other traits: it has a `when` that asks a
    /// trait (held or not: other traits may decide it otherwise), a value that stands for
    /// others under other traits (a dynamic colour, a font that follows Dynamic Type), or an
    /// operation whose value is worked out as it is applied (a transform, a function), which
    /// may be either.
    static func dependsOnTraits(_ style: Style) -> Bool {
        style.containsOperation { op in
            switch op {
            case .set(_, let value, _): value.dependsOnTraits
            case .transform, .function: true
            case .when(let condition, _, _): !condition.traits.isEmpty
            }
        }
    }

    /// Whether the operation's result depends only on the view's kind, state and the values
    /// before it.
    private static func isPlain(_ op: StyleOperation) -> Bool {
        switch op {
        case .set: true
        case .transform(_, let transform, _): transform.dependsOnlyOnValue
        case .function: false
        case .when(_, let inner, _): inner.operations.allSatisfy(isPlain)
        }
    }
}
