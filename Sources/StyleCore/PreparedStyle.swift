/// A style's operations prepared once for applying to many views: what the cascade applies for
/// rules and appearances.
///
/// A `set` through a typed path to a property has its value checked here, once, instead of at
/// every view; applying it is then the kind test and one slot write. Every other operation
/// (a transform, a function, a field, a path resolved per view, a value that fails its check)
/// keeps the general path, with the same results and diagnostics as `StyleApplication.apply`.
///
///     let prepared = PreparedStyle(rule.style, table: index.provenanceTable)
///     try application.apply(prepared)
struct PreparedStyle {
    struct Operation {
        /// The slot the checked `value` is written to; -1 for the general path.
        let slot: Int
        /// The path's root kind: the view must be one for the fast path.
        let root: Kind?
        let value: Value
        /// The operation's location in the provenance table the style was prepared with.
        let locationIndex: UInt32
        /// The operation as written, for the general path.
        let operation: StyleOperation
    }

    let operations: [Operation]
    /// No `mver` or function: the result depends only on the view's kind and the values before.
    let isPlain: Bool
    /// A style too large to copy (one composed with itself many times) is not prepared: it is
    /// applied as it is, walking its shared parts.
    let unprepared: Style?

    /// The most operations a style may have to be prepared.
    static let maximumPrepared = 4096

    /// Prepares `style`, its locations entered in `table` for recording provenance.
    init(_ style: Style, table: ProvenanceTable) {
        guard style.count <= Self.maximumPrepared else {
            operations = []
            unprepared = style
            isPlain = false
            return
        }
        unprepared = nil
        isPlain = style.operations.allSatisfy { op in
            if case .set = op { return true }
            return false
        }
        operations = style.operations.map { op in
            if case .set(.keyPath(let kp), let value, let location) = op, case .property(let p) = kp.target,
               case .success(let checked) = p.check(value) {
                return Operation(slot: p.slot, root: kp.root, value: checked,
                                 locationIndex: table.index(of: location), operation: op)
            }
            return Operation(slot: -1, root: nil, value: .null,
                             locationIndex: ProvenanceRecord.noLocation, operation: op)
        }
    }
}
