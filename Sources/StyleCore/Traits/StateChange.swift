extension Cascade {
    /// Puts one control in `state` (nil: the state its tree gives it) and restyles only the
    /// views whose result can change: the view, and its descendants only when some rule has a
    /// pseudo-class in a compound other than its subject (`Toggle:selected Label`), since only
    /// descendant and child combinators let a view's state reach other views. All or nothing:
    /// on an error the view gets its former state back and every view its former values.
    ///
    ///     let change = Cascade(engine).setState(.highlighted, of: button)
    ///     change.restyled.count     // 1, unless a rule looks at ancestors' states
    ///
    /// - Returns: the diagnostics, the views restyled in tree order (none when the state did
    ///   not change), and the values that changed on them, each with its view's reference and
    ///   identity (what `StyleBinder.deliver(_:)` takes).
    public func setState(_ state: ControlState?, of view: View, recordingProvenance: Bool = true,
                         budget: CascadeBudget? = nil) -> (diagnostics: [Diagnostic], restyled: [View], changes: [PropertyChange]) {
        let former = view.stateOverride, formerState = view.state
        view.stateOverride = state
        guard view.state != formerState else { return ([], [], []) }
        let subtree = engine.ruleIndex.hasPseudoClassesAboveSubjects
        // The values before, of the views that may be restyled (copies share their storage), in
        // the order the walk lists them (`forEachInTree` from the view): by place, not hashed.
        var before: [ValueStore] = []
        if subtree { view.forEachInTree { before.append($0.values) } } else { before.append(view.values) }
        let result = run(view, after: nil, recordingProvenance: recordingProvenance, remembering: false, budget: budget,
                         partial: true, onlyRoot: !subtree)
        if result.diagnostics.contains(where: { $0.severity == .error }) {
            view.stateOverride = former
            return (result.diagnostics, [], [])
        }
        let restyled = result.restyled.map { result.views[$0] }
        var changes: [PropertyChange] = []
        for i in result.restyled where i < before.count {
            let v = result.views[i], old = before[i]
            let values = v.values
            var slots: [Int] = []
            old.differingSlots(from: values, into: &slots)
            guard !slots.isEmpty else { continue }
            let reference = v.reference
            for slot in slots {
                changes.append(PropertyChange(view: reference, property: v.kind.properties[slot].path, old: old[slot], new: values[slot],
                                              viewIdentity: v.identity))
            }
        }
        return (result.diagnostics, restyled, changes)
    }
}
