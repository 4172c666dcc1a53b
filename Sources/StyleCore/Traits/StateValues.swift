/// The values each control takes in its other states (SPEC §6.1): what a host needs for
/// `setTitleColor(_:for:)` and for `isHighlighted` changes, beside the tree styled for each
/// view's current state.
///
/// For every control, each of the single states (`highlighted`, `disabled`, `selected`,
/// `focused`, and `normal` when the current state is not normal) other than the current one is
/// styled, the view in that state with its ancestors as they are; a state keeps only the
/// properties whose value differs from the current state's, with what made it when provenance
/// is recorded. Controls whose values no state changes, and states that change nothing, are
/// left out.
///
///     let states = StateValues.compute(root, stylesheet: sheet, traits: traits)
///     states[button]?.first?.name          // "highlighted"
///     states.others(of: button, slot: titleColor.slot)   // [("highlighted", #E0E0E0)]
public struct StateValues: Sendable {
    /// One other state of a control.
    public struct Entry: Sendable {
        public let state: ControlState
        /// `highlighted`, as JSON keys and the tree text name it.
        public var name: String { state.description }
        /// The properties whose value differs from the current state's, in slot order.
        public let changes: [Change]
    }

    public struct Change: Sendable {
        public let property: Property
        public let value: Value
        /// The property's contributions in that state (the kind's default first), when
        /// provenance was recorded.
        public let contributions: [Contribution]?

        /// Why the property has `value` in that state, as `explain(_:)` says it of the
        /// current one; nil without provenance.
        public var explanation: PropertyExplanation? {
            guard let contributions, let winner = contributions.last else { return nil }
            return PropertyExplanation(property: property, value: value, winner: winner, overridden: contributions.dropLast().reversed())
        }
    }

    private var byView: [ObjectIdentifier: [Entry]] = [:]
    /// What styling another state reported (a `when("disabled", …)` that fails only there),
    /// in tree order.
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    /// The other states of `view` that change some value; nil for a view whose styles do not
    /// depend on its state (or that is not a control).
    public subscript(view: View) -> [Entry]? { byView[ObjectIdentifier(view)] }

    public var isEmpty: Bool { byView.isEmpty }

    /// The values `view`'s property at `slot` takes in its other states, when they differ.
    public func others(of view: View, slot: Int) -> [(name: String, value: Value)] {
        guard let entries = self[view] else { return [] }
        return entries.compactMap { entry in entry.changes.first { $0.property.slot == slot }.map { (entry.name, $0.value) } }
    }

    /// The other states' values of every control of `root`'s tree, styled as `stylesheet`
    /// styles them for `traits`: a tree `stylesheet` styled for `traits`, whose values are
    /// those of its current states. The tree is left as it was.
    ///
    /// Each control's states are styled as `ReferenceCascade` styles a view alone, its rules
    /// found by the stylesheet's rule index. When no rule's subject has a pseudo-class, a
    /// control matches the same rules in every state; if none of them, of its appearances and
    /// of its own styles reads the state (a `when` of a state, or an operation worked out as it
    /// is applied, which may), it takes the same values in every state, and is not styled
    /// again. `matchingEveryRule`: test every rule, as the reference does (what the tests
    /// compare with).
    public static func compute(_ root: View, stylesheet: Stylesheet, traits: Traits = .default,
                               recordingProvenance: Bool = false) -> StateValues {
        compute(root, stylesheet: stylesheet, traits: traits, recordingProvenance: recordingProvenance, matchingEveryRule: false)
    }

    static func compute(_ root: View, stylesheet: Stylesheet, traits: Traits, recordingProvenance: Bool,
                        matchingEveryRule: Bool) -> StateValues {
        var out = StateValues()
        let styler = StateStyler(stylesheet, traits: traits, matchingEveryRule: matchingEveryRule)
        root.forEachInTree { view in
            guard view.kind.isControl else { return }
            guard matchingEveryRule || styler.mayDependOnState(view) else { return }
            let current = view.state, override = view.stateOverride
            let values = view.values, record = view.record
            var entries: [Entry] = []
            for state in [ControlState.normal] + ControlState.single where state != current {
                view.stateOverride = state
                for d in styler.styleAlone(view, recordingProvenance: recordingProvenance) where !out.diagnostics.contains(d) {
                    out.diagnostics.append(d)
                }
                let provenance = recordingProvenance ? view.provenance : nil
                var changes: [Change] = []
                for p in view.kind.properties where view.values[p.slot] != values[p.slot] {
                    changes.append(Change(property: p, value: view.values[p.slot], contributions: provenance?[p.slot]))
                }
                if !changes.isEmpty { entries.append(Entry(state: state, changes: changes)) }
            }
            view.stateOverride = override
            view.values = values
            view.record = record
            view.noteStyleEdit()
            if !entries.isEmpty { out.byView[ObjectIdentifier(view)] = entries }
        }
        return out
    }
}
