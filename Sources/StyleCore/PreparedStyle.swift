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
    /// One operation: plain data, so running a prepared style copies and counts no references.
    struct Operation {
        /// The slot the checked `value` is written to; -1 for the general path.
        let slot: Int32
        /// The operation's location in the provenance table the style was prepared with.
        let locationIndex: UInt32
        /// The path's root kind: the view must be one for the fast path.
        let root: ObjectIdentifier?
        let value: StoredValue
        /// Where the operation as written is in `general`, for the general path.
        let general: Int32
    }

    let operations: [Operation]
    /// The operations as written, by `Operation.general`.
    let general: [StyleOperation]
    /// No function, and no `mver` but those whose result depends on the value alone
    /// (`ValueTransform.dependsOnlyOnValue`): the result depends only on the view's kind and
    /// the values before.
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
            general = []
            unprepared = style
            isPlain = false
            return
        }
        unprepared = nil
        let written = style.operations
        general = written
        isPlain = written.allSatisfy { op in
            switch op {
            case .set: true
            case .transform(_, let transform, _): transform.dependsOnlyOnValue
            case .function: false
            }
        }
        operations = written.indices.map { i in
            if case .set(.keyPath(let kp), let value, let location) = written[i], case .property(let p) = kp.target,
               case .success(let checked) = p.check(value), let stored = StoredValue(sharingIfPossible: checked) {
                return Operation(slot: Int32(p.slot), locationIndex: table.index(of: location),
                                 root: ObjectIdentifier(kp.root), value: stored, general: Int32(i))
            }
            return Operation(slot: -1, locationIndex: ProvenanceRecord.noLocation, root: nil, value: .null,
                             general: Int32(i))
        }
    }
}
