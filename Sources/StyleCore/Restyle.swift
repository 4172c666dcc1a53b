/// What `Cascade.restyle` did.
public struct Restyle {
    /// As `Cascade.apply(to:)` returns them.
    public let diagnostics: [Diagnostic]
    /// The tree as styled, for the next restyle; nil when there were diagnostics.
    public let styled: StyledTree?
    /// The positions, in tree order, of the views the cascade ran for; the others kept or took
    /// over the values and provenance `previous` had for them.
    public let restyled: [Int]
    /// The positions, in tree order, of the views that took their appearances' and rules' new
    /// values under their unchanged own layer without the cascade running for them (a view
    /// whose own styles and literals only set properties, when the rules kept their selectors).
    public let rebased: [Int]
    /// The applied values that differ from `previous`, when the tree had its shape; nil when
    /// there was no previous tree of that shape (compare `TreeSnapshot`s then).
    public let changes: [PropertyChange]?
    /// How many views the restyle's walk reached. A tree kept by its host, whose views nothing
    /// wrote since `previous` (no value set, no own style or literal changed, no other
    /// stylesheet applied) and whose shape did not change, is walked only through the views a
    /// changed rule matches: the others are not read at all.
    public let visited: Int
}

extension Cascade {
    /// Styles `root` as `apply(to:)` does and lists what changed since `previous`.
    ///
    ///     var styled = Cascade(sheet).restyle(root, after: nil).styled
    ///     let next = Cascade(newSheet).restyle(root, after: styled)
    ///     for change in next.changes ?? [] { print(change) }
    ///
    /// When `previous` styled a tree of the same shape, with the same appearances and
    /// provenance setting, and few rules changed, only the views whose own styles or literals
    /// changed, or that a changed, added or removed rule matches (or matched), are restyled; the
    /// others keep their values and provenance (a new tree of the same shape, such as a script's
    /// re-evaluated tree, takes them over). When the rules kept their selectors (a theme switch),
    /// a view whose own layer is unchanged and only sets properties is rebased instead: it takes
    /// the new values of its appearances and rules where its own layer sets nothing
    /// (`RestylePlan`). Values, provenance, diagnostics and changes are those of a full restyle.
    public func restyle(_ root: View, after previous: StyledTree?, recordingProvenance: Bool = true,
                        budget: CascadeBudget? = nil) -> Restyle {
        restyle(root, after: previous, recordingProvenance: recordingProvenance, budget: budget, knownSameShape: nil)
    }

    /// `restyle(_:after:recordingProvenance:budget:)` after an edit of the stylesheet's files
    /// that moved lines (`LineMap`): a rule, style or literal that only moved is the same one,
    /// and the views it styled keep their values, with provenance naming the lines it is at
    /// now. The engine adopted the edited stylesheet with the same map.
    ///
    ///     var lines = LineMap()
    ///     lines.add(file: "screen.lua", before: oldBytes, after: newBytes)
    ///     engine.adopt(edited, movingLines: lines)
    ///     let next = Cascade(engine).restyle(root, after: first.styled, lines: lines)
    public func restyle(_ root: View, after previous: StyledTree?, lines: LineMap, recordingProvenance: Bool = true,
                        budget: CascadeBudget? = nil) -> Restyle {
        restyle(root, after: previous, recordingProvenance: recordingProvenance, budget: budget, knownSameShape: nil, lines: lines)
    }

    /// `restyle(_:after:recordingProvenance:budget:)` for a caller that has just asked
    /// `previous.hasSameShape(as: root)` (the watch, choosing whether to snapshot first): the
    /// tree is not walked for it twice.
    ///
    /// `changesAsTheViewsSawThem`: for a tree of `previous`'s shape, `changes` lists what
    /// differs from what each view held before this restyle, which is what `previous` gave it
    /// unless the host set values or applied another stylesheet in between (a host's tree;
    /// a script's re-evaluated tree holds nothing yet, and its changes are from `previous`).
    ///
    /// `lines`: how the stylesheet's files moved their lines since `previous` was styled (a
    /// rule added on a line of its own moves every line below it): the rules, styles and
    /// literals that only moved are the same. An engine that records into `previous`'s
    /// provenance table must have adopted the stylesheet with the same map
    /// (`StyleEngine.adopt(_:movingLines:)`); one that records elsewhere (made for this
    /// stylesheet) has `previous`'s locations moved here. Either way the provenance the views
    /// keep names the lines they moved to. Without a map, a rule, style or literal at another
    /// line is another.
    package func restyle(_ root: View, after previous: StyledTree?, recordingProvenance: Bool = true,
                         budget: CascadeBudget? = nil, knownSameShape: Bool?, changesAsTheViewsSawThem: Bool = false,
                         lines: LineMap? = nil) -> Restyle {
        let lines = lines.flatMap { $0.isEmpty ? nil : $0 }
        // An engine that records into another table than `previous`'s (one made for this
        // stylesheet) takes `previous`'s when the restyle starts and enters its stylesheet's
        // locations then: `previous`'s are moved first, and back if the restyle fails.
        var moved: ProvenanceTable.MovedLines?
        if let lines, let previous, previous.index.provenanceTable !== engine.provenanceTable {
            moved = previous.index.provenanceTable.moveLines(lines)
        }
        let run = self.run(root, after: previous, recordingProvenance: recordingProvenance, budget: budget,
                           knownSameShape: knownSameShape, reportingChangesUnlessHeld: changesAsTheViewsSawThem,
                           lines: lines)
        if let moved, let previous, !run.diagnostics.isEmpty { previous.index.provenanceTable.restore(moved) }
        var changes: [PropertyChange]?
        var styled = run.styled
        if changesAsTheViewsSawThem, previous != nil, run.sameShape, styled != nil, !run.heldValues {
            // Some view held other values: its changes are from what it held (saved as the walk
            // reached it), and the others' the same as by position.
            changes = run.changes
        } else if let previous, run.sameShape, styled != nil {
            changes = styled!.changes(since: previous, at: run.restyled)
        }
        return Restyle(diagnostics: run.diagnostics, styled: styled, restyled: run.restyled,
                       rebased: styled?.rebased.map(\.position) ?? [], changes: changes, visited: run.visited)
    }
}
