/// Styles one control alone as it is in another state, for `StateValues` and `StateStyling`:
/// as `ReferenceCascade` styles a view alone, its rules found by the stylesheet's rule index
/// (made once for many controls), and tells which controls no state can change.
///
/// When no rule's subject has a pseudo-class, a control matches the same rules in every state
/// (a state decides only its own subject compounds); if none of them, of its appearances and
/// of its own styles reads the state (a `when` of a state, or an operation worked out as it is
/// applied, which may: `PreparedStyle.readsState`), it takes the same values in every state.
final class StateStyler {
    private let stylesheet: Stylesheet
    private let traits: Traits
    private let matchingEveryRule: Bool
    /// Whether a state may change which rules match a control.
    private let statesChangeMatches: Bool
    private let appearancesReadingState: [Appearance]
    /// The rules whose styles read the state, indexed to find a control's among them (nil when
    /// none does): a control that matches none of them reads no state through its rules. On
    /// most screens no rule does, and no control's matches are looked for.
    private let rulesReadingState: RuleIndex?
    private var found: [RuleIndex.Match] = []
    /// Whether a style reads the state, by the style's storage: rules share their styles' parts
    /// and a screen's controls share a few styles, each flattened once.
    private var styleReadsState: [UnsafeRawPointer: Bool] = [:]

    /// `matchingEveryRule`: test every rule, as the reference does (what the tests compare with).
    init(_ stylesheet: Stylesheet, traits: Traits, matchingEveryRule: Bool = false) {
        self.stylesheet = stylesheet
        self.traits = traits
        self.matchingEveryRule = matchingEveryRule
        statesChangeMatches = stylesheet.rules.contains { rule in rule.selector.selectors.contains { $0.subject.hasPseudoClasses } }
        var known: [UnsafeRawPointer: Bool] = [:]
        let reading = stylesheet.rules.filter { Self.readsState($0.style, traits: traits, known: &known) }
        styleReadsState = known
        rulesReadingState = reading.isEmpty ? nil : RuleIndex(reading, provenanceTable: ProvenanceTable(), values: ValueTable(), traits: traits)
        appearancesReadingState = stylesheet.appearances.filter { PreparedStyle.readsState($0.style, traits: traits) }
    }

    /// The cascade that styles a control alone, and the index its rules are found by: made at
    /// the first control some state may change.
    private lazy var reference: ReferenceCascade = {
        let index = RuleIndex(stylesheet.rules, provenanceTable: ProvenanceTable(), values: ValueTable(), traits: traits)
        return ReferenceCascade(stylesheet, traits: traits, matchingBy: matchingEveryRule ? nil : index)
    }()

    /// Whether some state may give `view`, as it is now styled for the traits, other values.
    func mayDependOnState(_ view: View) -> Bool {
        guard view.kind.isControl else { return false }
        if statesChangeMatches || appearancesReadingState.contains(where: { $0.applies(to: view) }) { return true }
        if let rulesReadingState {
            rulesReadingState.orderedMatches(for: view, filter: nil, into: &found)
            if !found.isEmpty { return true }
        }
        return view.styles.contains { Self.readsState($0, traits: traits, known: &styleReadsState) }
    }

    /// `PreparedStyle.readsState`, asked once per style storage (`known`).
    private static func readsState(_ style: Style, traits: Traits, known: inout [UnsafeRawPointer: Bool]) -> Bool {
        guard let key = style.storageIdentity else { return PreparedStyle.readsState(style, traits: traits) }
        if let answer = known[key] { return answer }
        let answer = PreparedStyle.readsState(style, traits: traits)
        known[key] = answer
        return answer
    }

    /// Styles `view` alone for its state (`View.state`, its override included); its diagnostics.
    func styleAlone(_ view: View, recordingProvenance: Bool) -> [Diagnostic] {
        reference.styleAlone(view, recordingProvenance: recordingProvenance)
    }
}
