import StyleCore

/// A host's control states and traits (SPEC §6.1–6.2): a control pressed or disabled restyles
/// only what its state can change; other traits (dark mode, a text size) restyle the tree.
extension LoadedStylesheet {
    /// Puts the control `view` of a tree this stylesheet styled in `state` (nil: the state its
    /// tree gives it, from `isEnabled`, `isHighlighted`…), and restyles only the views whose
    /// values can change: the control, and its descendants only when a rule looks at an
    /// ancestor's state (`Button:highlighted > Label`). Gives `binder` what changed.
    ///
    ///     try sheet.setState(.highlighted, of: button, binder: binder)   // touch down
    ///     try sheet.setState(nil, of: button, binder: binder)            // touch up
    ///
    /// On a view that is not a control the state is ignored and nothing changes.
    /// - Returns: the values that changed, each with its view's reference and identity.
    /// - Throws: `DiagnosticList` when a style fails in that state; the view keeps its former
    ///   state and every view its values, and nothing is delivered.
    @discardableResult
    public func setState(_ state: ControlState?, of view: View, binder: StyleBinder? = nil,
                         recordingProvenance: Bool = true) throws(DiagnosticList) -> [PropertyChange] {
        let budget = CascadeBudget(seconds: limits.seconds, memory: limits.memory)
        evaluation.prepareForApplication(within: budget.remainingSeconds)
        let result = Cascade(engine).setState(state, of: view, recordingProvenance: recordingProvenance, budget: budget)
        if result.diagnostics.contains(where: { $0.severity == .error }) { throw DiagnosticList(result.diagnostics) }
        applyWarnings = result.diagnostics
        binder?.deliver(result.changes)
        return result.changes
    }

    /// Styles `root`'s tree for `traits` from now on (a dark appearance, another text size, a
    /// regular width), restyling it whole, and gives `binder` what changed (and each control's
    /// values per state, when it takes them). The script is not evaluated again: `when` keeps
    /// its parts for every trait.
    ///
    ///     try sheet.setTraits(Traits(colorScheme: .dark), restyling: root, binder: binder)
    ///
    /// - Returns: the values that changed.
    /// - Throws: `DiagnosticList` when styling fails (the tree and `traits` are left as they
    ///   were), or when the script read its `traits` table: its styles hold for the traits it
    ///   was evaluated with, so it must be loaded again with `Runtime.traits` set (a watch does
    ///   that itself, `WatchHandle.setTraits`).
    @discardableResult
    public func setTraits(_ traits: Traits, restyling root: View, binder: StyleBinder? = nil,
                          recordingProvenance: Bool = true) throws(DiagnosticList) -> [PropertyChange] {
        guard !readsTraits || traits == self.traits else {
            throw DiagnosticList([Diagnostic(.badArgument, "The script reads its `traits` table, so its styles hold only for the traits it was evaluated with; set `runtime.traits` and load it again (a watch does this itself: `WatchHandle.setTraits`).",
                                             at: SourceLocation(file: files.first ?? "<script>", line: 1))])
        }
        let former = self.traits
        self.traits = traits
        // Each view's values are compared with those the cascade took from it: nothing is
        // copied beforehand.
        let budget = CascadeBudget(seconds: limits.seconds, memory: limits.memory)
        evaluation.prepareForApplication(within: budget.remainingSeconds)
        let (diagnostics, changes) = Cascade(engine).applyReportingChanges(to: root, recordingProvenance: recordingProvenance, budget: budget)
        if diagnostics.contains(where: { $0.severity == .error }) {
            self.traits = former
            throw DiagnosticList(diagnostics)
        }
        applyWarnings = diagnostics
        binder?.deliver(changes)
        if let binder, binder.bindsStates { binder.deliverStates(stateValues(of: root, recordingProvenance: false, since: .now), in: root) }
        return changes
    }
}
