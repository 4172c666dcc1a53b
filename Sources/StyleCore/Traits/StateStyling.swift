/// A control styled as it is in another of its states, for as long as a check looks at it: what
/// lint's accessibility checks measure a control's highlighted, selected and focused colours in.
///
///     let found = StateStyling.with(button, in: .highlighted, stylesheet: sheet, traits: traits) {
///         TextContrast.samples(in: button, screen: ScreenColors(for: traits))
///     }
///
/// The control alone is styled, its ancestors as they are, exactly as `StateValues` styles each
/// other state; afterwards it holds its own state, values and provenance again.
public enum StateStyling {
    /// The result of `body` run while `view` holds the values it takes in `state`, whether any
    /// value differs from its current state's, and what styling that state reported.
    public static func with<T>(_ view: View, in state: ControlState, stylesheet: Stylesheet, traits: Traits,
                               recordingProvenance: Bool = true,
                               _ body: () -> T) -> (result: T, changed: Bool, diagnostics: [Diagnostic]) {
        with(view, in: state, styler: Styler(stylesheet, traits: traits), recordingProvenance: recordingProvenance, body)
    }

    /// What styles controls of one stylesheet for one set of traits in their other states:
    /// made once for the many controls of a tree (its rule index is the stylesheet's, made
    /// once). The tree it is asked about is the one the stylesheet styled for the traits.
    public final class Styler {
        let styler: StateStyler

        public init(_ stylesheet: Stylesheet, traits: Traits) {
            styler = StateStyler(stylesheet, traits: traits)
        }

        /// Whether some state may give `control` other values than its current state's: when
        /// not, `with(_:in:styler:_:)` would find nothing changed in any state.
        public func mayDependOnState(_ control: View) -> Bool { styler.mayDependOnState(control) }
    }

    /// `with(_:in:stylesheet:traits:recordingProvenance:_:)` with a styler made once for many
    /// controls.
    public static func with<T>(_ view: View, in state: ControlState, styler: Styler, recordingProvenance: Bool = true,
                               _ body: () -> T) -> (result: T, changed: Bool, diagnostics: [Diagnostic]) {
        let override = view.stateOverride, values = view.values, record = view.record
        view.stateOverride = state
        let diagnostics = styler.styler.styleAlone(view, recordingProvenance: recordingProvenance)
        let changed = view.values != values
        let result = body()
        view.stateOverride = override
        view.values = values
        view.record = record
        view.noteStyleEdit()
        return (result, changed, diagnostics)
    }
}
