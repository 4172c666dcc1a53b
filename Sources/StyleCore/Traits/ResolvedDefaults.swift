extension Value {
    /// Whether the value stands for itself under any traits: a plain colour, number or
    /// string, not a dynamic colour or a font that follows Dynamic Type.
    public var isTraitIndependent: Bool { !dependsOnTraits }
}

/// Every kind's defaults resolved for one set of traits (`Value.resolved(for:)`) and interned
/// in one value table (the engine's), worked out once per kind and kept by the engine for its
/// runs of those traits: a view the engine styles starts from its kind's store here, whose
/// shared values are of the table the engine's prepared styles write (`ValueStore.table`).
final class ResolvedDefaults {
    let traits: Traits
    /// The table the stores are interned in.
    let values: ValueTable
    private var known: [(kind: ObjectIdentifier, holder: Kind, store: ValueStore)] = []

    init(traits: Traits, values: ValueTable) {
        self.traits = traits
        self.values = values
    }

    /// `kind`'s defaults, resolved, in `values`.
    func store(for kind: Kind) -> ValueStore {
        let id = ObjectIdentifier(kind)
        for entry in known where entry.kind == id { return entry.store }
        let store = ValueStore(defaults: kind.properties.map { $0.defaultValue.resolved(for: traits) }, table: values)
        known.append((id, kind, store))
        return store
    }

    /// `kind`'s defaults resolved for `traits`, or nil when every one resolves to itself: for a
    /// view styled by hand, with no engine, so what is not kept in place is the store's own
    /// (nothing is interned in the kind's table).
    static func resolve(_ kind: Kind, for traits: Traits) -> ValueStore? {
        guard kind.hasTraitDependentDefaults else { return nil }
        let resolved = kind.properties.map { $0.defaultValue.resolved(for: traits) }
        guard zip(resolved, kind.properties).contains(where: { $0 != $1.defaultValue }) else { return nil }
        return ValueStore(own: resolved, table: kind.defaultValues.table)
    }
}
