/// Styles one control alone as it is in another state, for `StateValues` and `StateStyling`:
/// as `ReferenceCascade` styles a view alone, its rules found by the stylesheet's rule index
/// (made once for many controls), and tells which controls no state can change.
///
/// When no rule's subject has a pseudo-class, a control matches the same rules in every state
/// (a state decides only its own subject compounds); if none of them, of its appearances and
/// of its own styles reads the state (a `when` of a state, or an operation worked out as it is
/// applied, which may: `PreparedStyle.readsState`), it takes the same values in every state.
final class StateStyler {
    private let index: RuleIndex
    private let reference: ReferenceCascade
    private let traits: Traits
    /// Whether a state may change which rules match a control.
    private let statesChangeMatches: Bool
    private let appearancesReadingState: [Appearance]
    /// Whether some rule's style reads the state: if none does, a control's matches need not
    /// be found to know its rules read none.
    private let rulesReadState: Bool
    private var found: [RuleIndex.Match] = []

    /// `matchingEveryRule`: test every rule, as the reference does (what the tests compare with).
    init(_ stylesheet: Stylesheet, traits: Traits, matchingEveryRule: Bool = false) {
        self.traits = traits
        index = RuleIndex(stylesheet.rules, provenanceTable: ProvenanceTable(), values: ValueTable(), traits: traits)
        reference = ReferenceCascade(stylesheet, traits: traits, matchingBy: matchingEveryRule ? nil : index)
        statesChangeMatches = index.prepared.contains { $0.selector.subject.hasPseudoClasses }
        rulesReadState = index.preparedStyles.contains(where: \.readsState)
        appearancesReadingState = stylesheet.appearances.filter { PreparedStyle.readsState($0.style, traits: traits) }
    }

    /// Whether some state may give `view`, as it is now styled for the traits, other values.
    func mayDependOnState(_ view: View) -> Bool {
        guard view.kind.isControl else { return false }
        if statesChangeMatches || appearancesReadingState.contains(where: { $0.applies(to: view) }) { return true }
        if rulesReadState {
            index.orderedMatches(for: view, filter: nil, into: &found)
            if found.contains(where: { index.preparedStyles[$0.rule].readsState }) { return true }
        }
        return view.styles.contains { PreparedStyle.readsState($0, traits: traits) }
    }

    /// Styles `view` alone for its state (`View.state`, its override included); its diagnostics.
    func styleAlone(_ view: View, recordingProvenance: Bool) -> [Diagnostic] {
        reference.styleAlone(view, recordingProvenance: recordingProvenance)
    }
}
