/// Why a property has its value: the contribution that won and those it overrode.
///
///     for e in explain(button) {
///         print(e.property.path, e.value, e.winner.origin, e.overridden.map(\.origin))
///     }
public struct PropertyExplanation: Sendable {
    public let property: Property
    /// The applied value.
    public let value: Value
    /// The last contribution: the one that produced `value`.
    public let winner: Contribution
    /// The earlier contributions, most recent first, ending with the kind's default. When the
    /// winner is a transform (`mver`), the first of these is the value it transformed.
    public let overridden: [Contribution]
}

/// What set each property of `view`, from the provenance the cascade recorded.
///
///     explain(label)                        // properties something other than the default set
///     explain(label, includingDefaults: true) // every property
///
/// - Parameters:
///   - includingDefaults: also list properties that only have their kind's default.
/// - Returns: explanations in slot order; empty when the view was styled without provenance.
public func explain(_ view: View, includingDefaults: Bool = false) -> [PropertyExplanation] {
    guard let provenance = view.provenance else { return [] }
    var out: [PropertyExplanation] = []
    for property in view.kind.properties {
        let contributions = provenance[property.slot]
        guard let winner = contributions.last, includingDefaults || contributions.count > 1 else { continue }
        out.append(PropertyExplanation(property: property, value: view.values[property.slot], winner: winner,
                                       overridden: contributions.dropLast().reversed()))
    }
    return out
}
