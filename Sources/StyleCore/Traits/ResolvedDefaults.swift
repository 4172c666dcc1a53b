extension Value {
    /// Whether the value stands for itself under any traits: a plain colour, number or
    /// string, not a dynamic colour or a font that follows Dynamic Type.
    public var isTraitIndependent: Bool { !dependsOnTraits }
}

/// Every kind's defaults resolved for one set of traits (`Value.resolved(for:)`), worked out
/// once per kind and kept by the engine for its runs of those traits: a view starts from its
/// kind's store as before, and a kind whose defaults are all trait-independent keeps its own
/// store (`Kind.defaultValues`), so nothing changes for it.
final class ResolvedDefaults {
    let traits: Traits
    private var known: [(kind: ObjectIdentifier, holder: Kind, store: ValueStore?)] = []

    init(traits: Traits) {
        self.traits = traits
    }

    /// `kind`'s defaults resolved, or nil when they are the declared ones.
    func store(for kind: Kind) -> ValueStore? {
        let id = ObjectIdentifier(kind)
        for entry in known where entry.kind == id { return entry.store }
        let store = Self.resolve(kind, for: traits)
        known.append((id, kind, store))
        return store
    }

    /// `kind`'s defaults resolved for `traits`, or nil when every one resolves to itself.
    static func resolve(_ kind: Kind, for traits: Traits) -> ValueStore? {
        guard kind.hasTraitDependentDefaults else { return nil }
        let resolved = kind.properties.map { $0.defaultValue.resolved(for: traits) }
        guard zip(resolved, kind.properties).contains(where: { $0 != $1.defaultValue }) else { return nil }
        return ValueStore(defaults: resolved)
    }
}
