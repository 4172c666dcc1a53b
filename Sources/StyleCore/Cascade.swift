import Synchronization

/// Applies a stylesheet to a view tree, in the order of REFERENCE §1.6.
///
/// For each view, lowest first, later wins per property: the kind's defaults, the appearances
/// (super-kinds first, then source order), the matching rules (ascending specificity, then
/// source order), then the view's own layer in the order it was applied: the constructor's
/// styles, its literals, the styles added later (`with`). Every run starts from the
/// defaults, so a property nothing sets any more returns to its default.
///
///     let diagnostics = Cascade(sheet).apply(to: root)
///     if diagnostics.isEmpty { print(root["titleColor"]!) }
public struct Cascade {
    /// What the cascade keeps from one run to the next, and the stylesheet it applies.
    public let engine: StyleEngine
    public var stylesheet: Stylesheet { engine.stylesheet }
    /// Whether views the rules cannot tell apart share their matches and what appearances and
    /// rules gave them (`MatchContexts`), and views of one kind with the same matches reuse one
    /// result (`CascadeSteps`); the result is the same either way, so this is for measuring it.
    ///
    ///     var cascade = Cascade(sheet)
    ///     cascade.sharesStyles = false
    public var sharesStyles = true
    /// A cache broken on purpose, for the test that shows the comparison with
    /// `ReferenceCascade` catches a wrong cache; nil in every real cascade.
    var fault: CascadeFault?

    /// A one-off cascade of `stylesheet`, with an engine of its own: what it works out (the
    /// rule index among it) is freed with it. A caller styling again holds a `StyleEngine`.
    ///
    ///     let cascade = Cascade(sheet)
    public init(_ stylesheet: Stylesheet, traits: Traits = .default) {
        engine = StyleEngine(stylesheet, traits: traits)
    }

    /// A cascade of `engine`'s stylesheet, with what its earlier cascades kept.
    ///
    ///     let cascade = Cascade(engine)
    public init(_ engine: StyleEngine) {
        self.engine = engine
    }

    /// Styles `root` and all its descendants; all or nothing.
    ///
    ///     let diagnostics = Cascade(sheet).apply(to: root, recordingProvenance: false)
    ///
    /// Errors are collected across views rather than stopping at the first. If any occurred,
    /// every view gets back the values and provenance it had before the call, so the tree is
    /// either fully restyled or untouched. Sub-views such as `titleLabel` are not nodes: they
    /// are styled through their owner's key paths.
    ///
    /// - Parameters:
    ///   - root: the tree to style; selectors may still look at `root`'s ancestors.
    ///   - recordingProvenance: keep every contribution in `View.provenance` (for explain).
    /// - Returns: the diagnostics: duplicate ids first, then each view's in tree order; empty
    ///   when the tree was styled.
    ///   - budget: the time and memory styling may take (the script's limits); nil for none.
    public func apply(to root: View, recordingProvenance: Bool = true, budget: CascadeBudget? = nil) -> [Diagnostic] {
        run(root, after: nil, recordingProvenance: recordingProvenance, remembering: false, budget: budget).diagnostics
    }

    /// `apply(to:)`, telling what it changed: each view's values are compared with those the
    /// walk took from it (a view never styled, with its kind's defaults), so nothing is copied
    /// beforehand. What a trait change gives a host (`StyleBinder.deliver(_:)`).
    ///
    ///     engine.traits.colorScheme = .dark
    ///     let (diagnostics, changes) = Cascade(engine).applyReportingChanges(to: root)
    ///
    /// - Returns: the diagnostics, and the values that changed in tree order, each with its
    ///   view's reference and identity (none when styling failed: the tree is as it was).
    public func applyReportingChanges(to root: View, recordingProvenance: Bool = true,
                                      budget: CascadeBudget? = nil) -> (diagnostics: [Diagnostic], changes: [PropertyChange]) {
        let result = run(root, after: nil, recordingProvenance: recordingProvenance, remembering: false, budget: budget,
                         reportingChanges: true)
        return (result.diagnostics, result.changes)
    }

    /// `apply(to:)`, restyling only the views that `previous` shows could differ (see
    /// `StyledTree`); the others keep, or take over, the values and provenance they had.
    /// Returns the diagnostics, the tree as styled (nil unless styled without any diagnostic)
    /// and, in tree order, the views that were restyled (all of them without `previous`).
    /// Without `remembering`, no `StyledTree` is kept (a one-off styling).
    /// `views` is the tree in tree order, and `sameShape` whether `previous` had its shape
    /// (`knownSameShape` when the caller has just asked `previous.hasSameShape(as: root)`);
    /// `views` is empty when the walk visited only the views a change reaches (`visited`: how
    /// many views the walk reached).
    /// `partial`: `root` is part of a tree styled before, restyled alone (a state change): what
    /// the engine keeps for the whole tree (kept results and own styles, the tree's size) is
    /// neither pruned nor resized for it. `onlyRoot`: only `root` itself is restyled.
    /// `reportingChanges`: the values that changed on each view styled, compared with what
    /// the walk took from it (`changes`, empty otherwise and when styling failed).
    /// `reportingChangesUnlessHeld`: for a tree of `previous`'s shape, the same, but only when
    /// some view did not hold what `previous` gave it (`heldValues` false): then a change
    /// list by position from `previous` would not be what the views saw change.
    func run(_ root: View, after previous: StyledTree?, recordingProvenance: Bool, remembering: Bool = true,
             budget: CascadeBudget? = nil, knownSameShape: Bool? = nil, partial: Bool = false, onlyRoot: Bool = false,
             reportingChanges: Bool = false, reportingChangesUnlessHeld: Bool = false, lines: LineMap? = nil)
        -> (diagnostics: [Diagnostic], styled: StyledTree?, restyled: [Int], views: [View], sameShape: Bool, changes: [PropertyChange],
            heldValues: Bool, visited: Int) {
        // A restyle lists the tree first, to compare its shape with the previous one's; without
        // a previous tree the views are listed as the walk below reaches them, in one pass over
        // the tree rather than two (the second would find most views out of the caches).
        let shapeAtStart = root.shapeVersion
        let engine = self.engine, stylesheet = engine.stylesheet
        // A tree styled under other traits is restyled whole: any value may differ.
        let previous = previous.flatMap { $0.traits == engine.traits ? $0 : nil }
        // A tree of the previous shape whose views were written by nothing since (a host's tree
        // restyled again) may be restyled visiting only the views a change reaches (`visits`,
        // below): it is not listed unless the plan needs every view.
        let mayLeaveUnvisited = remembering && !reportingChanges && !partial && !onlyRoot
            && previous?.canLeaveViewsUnvisited(under: root) == true
        // This run's writes count as one: every earlier note that the tree's views hold what a
        // styling gave them is void from here (a one-off `apply(to:)` between two restyles).
        root.noteStyleEdit()
        let styleAtStart = root.styleVersion
        // One view restyled alone (a state change) reserves room for one, not for a tree.
        let expectedSize = onlyRoot ? 1 : partial ? 0 : previous?.entries.count ?? engine.lastTreeSize
        var views: [View] = []
        let sameShape: Bool
        if let previous, !mayLeaveUnvisited {
            if let known = knownSameShape ?? (previous.isUnchanged(under: root) ? true : nil) {
                views = root.treeInOrder(capacity: previous.entries.count)
                sameShape = known
            } else {
                (views, sameShape) = previous.listComparingShape(root)
            }
        } else {
            sameShape = mayLeaveUnvisited
            if previous == nil { views.reserveCapacity(expectedSize) }
        }
        var unlisted: TreeWalk? = previous == nil ? TreeWalk(root) : nil
        // What to restore if styling fails, kept as each view is reached: a view never styled
        // (a fresh tree's) goes back to its defaults, so only the others' states are kept.
        var saved: [SavedState] = []
        // Room for every view when every view is walked; a walk through the views a change
        // reaches grows it as it goes (room for ten thousand was mapped and unmapped for seventy).
        if !mayLeaveUnvisited { saved.reserveCapacity(expectedSize) }
        // The previous tree's entries, by position, for a tree of its shape: the objects the walk
        // asks for ahead (`prefetch`), and what each view held.
        let previousEntries = sameShape ? previous!.entries : StyledTree.EntryList(capacity: 0)
        // Whether every view reached held the values `previous` gave it (a tree of its shape):
        // asked of each view as its state is saved, where the walk reads it anyway, rather than
        // in a walk of its own before the restyle. A view left untouched holds them.
        // A tree whose views nothing wrote since (`mayLeaveUnvisited`) holds them all.
        let checksHeldValues = sameShape && reportingChangesUnlessHeld && !mayLeaveUnvisited
        var heldValues = sameShape && reportingChangesUnlessHeld

        var collector = DiagnosticCollector()
        // Restyling in part needs the previous index's provenance table, so that the records
        // views keep or take over point at the same origins and locations.
        // Views of a tree of the same shape match what they matched when the rules' selectors
        // are the same (a theme switch, a changed value): their matches are carried over
        // instead of found again.
        // Kept and rebased records point at the previous tree's table: an engine that did not
        // style it (a one-off cascade's) records into that table too.
        // Rebased views take results in the table their values are of: the previous tree's.
        if sameShape, let previous {
            engine.shareTables(of: previous.index, provenance: previous.recordedProvenance == recordingProvenance, values: true)
        }
        // An index made from the previous one (a reload, a theme switch: `StyleEngine.adopt`)
        // compared the selectors when it was made.
        let sameSelectors = sameShape && (engine.ruleIndex.wasMade(from: previous!.index) || previous!.hasSameSelectors(as: stylesheet))
        let plan = sameShape ? previous.flatMap {
            RestylePlan(previous: $0, stylesheet: stylesheet, index: engine.ruleIndex, recordingProvenance: recordingProvenance,
                        sameSelectors: sameSelectors, lines: lines, fault: fault)
        } : nil
        let carried = sameSelectors ? previous : nil
        let index = engine.ruleIndex
        let table = index.provenanceTable
        // A tree of the previous shape under rules of the previous selectors has the previous
        // match contexts: each view keeps its number instead of being looked up.
        let carriedContexts = sharesStyles ? carried.flatMap { $0.contexts.count == $0.entries.count ? $0 : nil } : nil
        let results = engine.matchedResults.flatMap { $0.holds(for: stylesheet, table: table, recordsProvenance: recordingProvenance) ? $0 : nil }
            ?? MatchedResults(table: table, recordsProvenance: recordingProvenance, ruleCount: stylesheet.rules.count,
                              appearanceCount: stylesheet.appearances.count)
        let numbersContexts = sharesStyles && (remembering || previous != nil || !Self.contextsHardlyRepeat(in: engine))
        let steps = CascadeSteps(appearances: engine.preparedAppearances(table: table), index: index,
                                 provenanceTable: recordingProvenance ? table : nil, budget: budget,
                                 traits: engine.traits, defaults: engine.defaults,
                                 cachesResults: sharesStyles, numbersContexts: numbersContexts, ownStyles: engine.ownStyles,
                                 carriedContexts: carriedContexts?.contextCount,
                                 expectedContexts: numbersContexts && !partial ? engine.lastContextCount : 0,
                                 expectedContextMatches: numbersContexts && !partial ? engine.lastContextMatchCount : 0, results: results,
                                 partial: partial, fault: fault)
        // The ancestors of the view being styled: those above `root`, then the path from
        // `root` down, as `views` is in depth-first order.
        // The last walk's filter, emptied: a walk of one view (a state change) allocates none.
        let spareFilter = engine.spareAncestorFilter, sparePrefixes = engine.sparePrefixPath
        engine.spareAncestorFilter = nil
        engine.sparePrefixPath = nil
        var path = AncestorPath(index: index, plan: plan, filter: spareFilter ?? AncestorFilter(), prefixes: sparePrefixes)
        var above: [View] = []
        var ancestor = root.parent
        while let a = ancestor { above.append(a); ancestor = a.parent }
        var aboveContext: Int32?
        for a in above.reversed() {
            path.enterAbove(a)
            if carriedContexts == nil { aboveContext = steps.context(of: a, parent: aboveContext) }
        }
        if let carriedContexts { aboveContext = carriedContexts.aboveContext }
        // Read once: each read through the optional tree copied (and retained) all of it.
        let carriedContextNumbers = carriedContexts?.contexts, carriedEntries = carried != nil ? previousEntries : nil
        // With matches and contexts carried over, no view is matched against the rules and no
        // context is looked up: the walk keeps no path of ancestors.
        let walksPath = carriedContextNumbers == nil || carriedEntries == nil || plan?.hasChanged == true
        var matches: [RuleIndex.Match] = []
        // A tree of the previous shape has its places: the list is carried, not noted again.
        // A tree of the previous shape styled whole (not one view of it restyled alone) starts
        // from the previous tree's entries: the views kept keep theirs, not copied.
        let carriesEntries = sameShape && plan != nil && !partial && !onlyRoot
        // With the entries, the contexts are carried whole (the same numbers, view by view).
        let carriesContexts = carriesEntries && carriedContextNumbers != nil
        var styled = StyledTree(stylesheet: stylesheet, index: index, recordedProvenance: recordingProvenance, capacity: remembering ? expectedSize : 0,
                                places: sameShape ? previous!.places : nil, carrying: carriesEntries ? previousEntries : nil,
                                carryingContexts: carriesContexts ? carriedContextNumbers : nil)
        styled.traits = engine.traits
        // The views the plan's changes reach, by position, when the others may be left
        // unvisited: rules paired in place, matches and contexts carried (no path is walked).
        // Without them, a tree that was not listed is listed now, from the previous tree's
        // views (the same views: nothing changed its shape).
        let previousMatchesByContext = mayLeaveUnvisited && carriesContexts && !walksPath ? previous!.matchesByContext() : nil
        let visits = previousMatchesByContext.flatMap { plan?.positionsReached(contexts: previous!.contexts, byContext: $0) }
        // Read once: each read through the optional tree copied (and retained) all of it.
        let previousViews = mayLeaveUnvisited ? previous!.viewPointers : []
        if mayLeaveUnvisited, visits == nil { views = previousViews.map { $0.takeUnretainedValue() } }
        var restyled: [Int] = []
        var ids: [IDKey] = []
        // The candidates each context's views matched, one array for all of them.
        var candidatesByContext: [[Int32]?] = []
        // How many views the walk reached (a budget stops it before the view it checks): by
        // position, or, visiting only some, in `visits`.
        var reached = 0
        // The positions of the views left untouched (`RestylePlan.keepsUntouched`), in order.
        var untouched: [Int] = []
        var i = -1
        let hasPrevious = previous != nil
        let checksRepetition = numbersContexts && !remembering && !hasPrevious && !partial
        let checksResultReuse = sharesStyles && !remembering && !hasPrevious && !partial
        var k = -1  // in `visits`
        while true {
            let view: View
            if let visits {
                k += 1
                guard k < visits.count else { break }
                i = visits[k]
                styled.keepCarried(upTo: i)
                view = previousViews[i].takeUnretainedValue()
                Self.prefetch(previousViews, previousEntries, visits, at: k)
            } else if !hasPrevious {
                i += 1
                guard let next = Self.listNext(&unlisted, into: &views) else { break }
                view = next
            } else {
                i += 1
                guard i < views.count else { break }
                view = views[i]
                Self.prefetch(views, previousEntries, at: i)
            }
            if let budget {
                // Out of time or memory: one diagnostic, and the tree is restored below.
                do throws(Diagnostic) { try budget.check(before: view) } catch {
                    collector.add([error])
                    break
                }
            }
            if walksPath { path.leave(to: view.parent) }
            // A one-off styling of a tree whose first views hardly repeat one another's (nine
            // contexts in ten views or more) numbers no more: the rest are matched alone, as a
            // styling after such a tree does from the start (`contextsHardlyRepeat`).
            if checksRepetition, i == Self.repetitionSample {
                if steps.contextCount * 10 >= i * 9 { steps.stopNumberingContexts() }
            }
            // One whose first views hardly took another's result (fewer than one in eight: each
            // with matches of its own, as on a page of random class pairs) keeps no more: a result
            // kept costs its key, its list and an entry, for a view that nothing will ask for.
            if checksResultReuse, i == Self.repetitionSample, steps.resultsWorkedOut * 8 > i * 7 {
                steps.stopKeepingResults()
            }
            let context = carriedContextNumbers?[i] ?? steps.context(of: view, parent: path.parentContext ?? aboveContext)
            reached = visits != nil ? k + 1 : i + 1
            // A tree of the previous shape has its ids (see below).
            if !sameShape, let key = view.selectorKeys.id { ids.append(IDKey(key: key, index: i)) }
            // A view that holds what the previous styling gave it, and keeps it, is not touched:
            // no state is saved for it and nothing is written (a host's tree restyled again).
            if !reportingChanges, let plan, plan.keepsUntouched(i, view, steps: steps, context: context, into: &styled) {
                untouched.append(i)
                if walksPath, !view.children.isEmpty { path.enter(view, context: context) }
                continue
            }
            // Reporting changes, a view never styled is compared with its defaults.
            if reportingChanges || checksHeldValues || !view.isUnstyled {
                let (values, record) = view.takeState()
                if heldValues, !previousEntries.withEntry(at: i, { values.isUnwrittenCopy(of: $0.values) }) { heldValues = false }
                saved.append(SavedState(index: i, values: values, record: record))
            }
            // Kept or rebased, the view is given its values and appended to `styled` by the plan.
            if plan?.keep(i, view, filter: path.filter, steps: steps, context: context, into: &styled) != true {
                steps.run(view, filter: path.filter, ancestors: path.buckets, prefixes: path.prefixes, carriedMatches: carriedEntries?[i].matches,
                          context: context, needsMatches: remembering, matches: &matches, into: &collector)
                view.record?.shrink()
                if remembering {
                    styled.append(view, matches: Self.candidates(matches, context: context, known: &candidatesByContext), context: context)
                }
                restyled.append(i)
            }
            // A limit reached while styling this view stops the walk: it is reported once.
            if collector.stopped { break }
            // A state change that no other view's matches can see restyles its view alone.
            if onlyRoot { break }
            // Only a view with children is an ancestor of a view still to come: a leaf (most
            // views) is not pushed, to be popped again at the next view.
            if walksPath, !view.children.isEmpty { path.enter(view, context: context) }
        }
        // The views after the last one visited keep their entries too.
        if visits != nil, !collector.stopped { styled.keepCarried(upTo: previousEntries.count) }
        let treeSize = visits != nil ? previousEntries.count : views.count
        precondition(path.isConsistent, "The ancestor filter holds the path to the view styled")
        (engine.spareAncestorFilter, engine.sparePrefixPath) = path.handBack()
        // The views a budget stopped the walk before are listed too.
        while Self.listNext(&unlisted, into: &views) != nil {}
        if !sameShape {
            for i in reached..<views.count { if let key = views[i].selectorKeys.id { ids.append(IDKey(key: key, index: i)) } }
        }
        // What part of a tree restyled alone saw says nothing of the tree's size.
        if !partial { engine.lastTreeSize = treeSize }
        if partial {
        } else if steps.numbersContexts || !sharesStyles {
            engine.lastContextCount = steps.contextCount
            engine.lastContextMatchCount = steps.contextMatchCount
            engine.cascadesWithoutContexts = 0
        } else if numbersContexts {
            // Stopped part way: the tree's views hardly repeat, as the next one-off styling
            // is told (`contextsHardlyRepeat`).
            engine.lastContextCount = views.count
            engine.lastContextMatchCount = steps.contextMatchCount
            engine.cascadesWithoutContexts = 0
        } else {
            engine.cascadesWithoutContexts += 1
        }
        engine.ownStyles = steps.ownStyles
        if sharesStyles { engine.matchedResults = results }
        styled.aboveContext = aboveContext
        if root.shapeVersion == shapeAtStart {
            styled.shapeStamp = (ObjectIdentifier(root), shapeAtStart)
            // Nothing but this walk wrote the tree's views while it ran.
            if root.styleVersion == styleAtStart { styled.styleStamp = styleAtStart }
        }
        styled.contextCount = steps.contextCount
        if remembering {
            styled.noteViews(views, carried: visits != nil ? previousViews : nil)
            // Each context's kind and matches: the previous tree's, for contexts carried.
            if carriesContexts { styled.contextMatches = previousMatchesByContext ?? previous!.contextMatches }
        }

        // Duplicate ids come first, then each view's diagnostics in tree order.
        var all = DiagnosticCollector()
        // A tree of the previous shape has its ids, and the previous tree (styled without a
        // diagnostic) had no duplicate.
        if !sameShape { all.add(duplicateIDs(in: views, ids: ids)) }
        all.add(collector.diagnostics)
        collector = all
        if collector.hasErrors {
            // Only the views reached were changed (a budget stops the walk part way), and not
            // those left untouched or unvisited.
            let reachedPositions = visits.map { Array($0[..<reached]) } ?? Array(0..<reached)
            let view = { (i: Int) in visits != nil ? previousViews[i].takeUnretainedValue() : views[i] }
            var next = 0  // in `untouched`
            for p in reachedPositions {
                if next < untouched.count, untouched[next] == p {
                    next += 1
                    continue
                }
                view(p).clearState()
            }
            for state in saved {
                view(state.index).values = state.values
                view(state.index).record = state.record
            }
        }
        let diagnostics = collector.diagnostics
        let reports = reportingChanges || checksHeldValues && !heldValues
        let changes = reports && !collector.hasErrors ? Self.changes(of: views, since: saved) : []
        return (diagnostics, diagnostics.isEmpty && remembering ? styled : nil, restyled, views, sameShape, changes, heldValues, reached)
    }

    /// The values that differ between each view's state before the walk (`saved`, by place in
    /// `views`, tree order from `root`) and its values now, in tree order, slot by slot.
    /// The changed views are named in one table as they are found (`ChangeReferences`); their
    /// references are spelled when read.
    private static func changes(of views: [View], since saved: [SavedState]) -> [PropertyChange] {
        // The states are read in place (copying one retains its stores); the lists are the
        // closure's own, so no access to them is checked at run time.
        saved.withUnsafeBufferPointer { saved -> [PropertyChange] in
            var changes: [PropertyChange] = []
            var names: ChangeReferencesBuilder?
            var slots: [Int] = []
            for i in saved.indices {
                let view = views[saved[i].index], values = view.values, old = saved[i].values
                // A view that took the very result it had (one no trait changes) changed nothing.
                if old.isSameStorage(as: values) { continue }
                slots.removeAll(keepingCapacity: true)
                old.differingSlots(from: values, into: &slots)
                guard !slots.isEmpty else { continue }
                if names == nil { names = ChangeReferencesBuilder(views: views) }
                let entry = names!.entry(at: saved[i].index)
                for slot in slots {
                    changes.append(PropertyChange(entry: entry, of: names!.references, property: view.kind.properties[slot].path,
                                                  old: old[slot], new: values[slot], viewIdentity: view.identity))
                }
            }
            names?.finish()
            return changes
        }
    }

    /// Whether the last tree the engine styled had nearly as many match contexts as views,
    /// so that a one-off styling (nothing remembered) had better not number them.
    ///
    /// Contexts pay when views repeat one another's (the rows of a list, the titles of a
    /// section's cards): their views are matched once. In a tree where nearly every view is a
    /// context of its own, numbering them (a key, a lookup and an entry for every view) is work
    /// for nothing; results are still shared by kind and matches (`MatchedResults`), as browsers
    /// share computed styles through their matched-properties cache whether or not siblings
    /// share. Every eighth such styling numbers them again, in case the trees changed.
    static func contextsHardlyRepeat(in engine: StyleEngine) -> Bool {
        engine.lastTreeSize >= 64 && engine.lastContextCount * 10 >= engine.lastTreeSize * 9
            && engine.cascadesWithoutContexts < 7
    }

    /// After how many views a one-off styling asks whether they repeated one another's enough
    /// to go on grouping them into match contexts, and whether they took one another's results
    /// often enough to go on keeping them.
    static let repetitionSample = 1024

    /// How many views ahead of the one it styles a restyle asks for the objects it will read:
    /// a view takes from a few hundred instructions (left untouched) to a few thousand
    /// (rebased), and a line comes from memory in a few hundred cycles. The view and its entry
    /// are asked for twice as far ahead, so that the entry is there when its storages are.
    private static let prefetchDistance = 4

    /// Asks the processor for what the walk will read of the views after the one at `i` and
    /// their previous entries (`Prefetch.swift`): a view's and an entry's first lines (where the
    /// fields a restyle compares are) `2 * prefetchDistance` places on, an entry's storages
    /// (`Entry.prefetchStorages`) and the view's own lists `prefetchDistance` places on.
    /// `prefetch(_:_:at:)` for a walk that visits only `visits` (positions of `previous`'s
    /// views): the view and entry of the visit `2 * prefetchDistance` on, the entry's storages
    /// of the one `prefetchDistance` on.
    @inline(__always)
    private static func prefetch(_ views: [Unmanaged<View>], _ entries: StyledTree.EntryList, _ visits: [Int], at k: Int) {
        if k + 2 * prefetchDistance < visits.count {
            let j = visits[k + 2 * prefetchDistance]
            prefetchStorage(UInt(bitPattern: views[j].toOpaque()), lines: 3)
            entries.prefetchEntry(at: j, lines: 3)
        }
        if k + prefetchDistance < visits.count {
            entries.withEntryIfAny(at: visits[k + prefetchDistance]) { $0.prefetchStorages() }
        }
    }

    @inline(__always)
    private static func prefetch(_ views: [View], _ entries: StyledTree.EntryList, at i: Int) {
        views.prefetchObject(at: i + 2 * prefetchDistance, lines: 3)
        entries.prefetchEntry(at: i + 2 * prefetchDistance, lines: 3)
        entries.withEntryIfAny(at: i + prefetchDistance) { entry in
            entry.prefetchStorages()
            // A re-evaluated tree's views hold lists of their own, compared with the entry's; a
            // kept tree's hold the entry's.
            views.withObject(at: i + prefetchDistance) { view in
                if !view.literals.hasStorage(of: entry.literals) { prefetchStorage(view.literals.storageIdentity, lines: 9) }
                if !view.styles.hasStorage(of: entry.styles) { prefetchStorage(view.styles.storageIdentity, lines: 1) }
            }
        }
    }

    /// A view's state before the cascade reached it, to restore if styling fails. A struct, not a
    /// tuple: an array of tuples is destroyed through the runtime's generic tuple witness, which
    /// cost 5 % of a cascade.
    private struct SavedState {
        let index: Int
        let values: ValueStore
        let record: ProvenanceRecord?
    }

    /// The next view of the tree in `forEachInTree` order, appended to `views`: `unlisted`
    /// walks the views still to list (nil: none); nil when there are none.
    private static func listNext(_ unlisted: inout TreeWalk?, into views: inout [View]) -> View? {
        guard unlisted?.appendNext(to: &views) == true else { return nil }
        return views.last
    }

    /// `matches` as candidates, as the styled tree keeps them: the views of a context match
    /// alike, so they share one array (`known`, by context), which a restyle reads for each of
    /// them without a miss of the cache at every view.
    private static func candidates(_ matches: [RuleIndex.Match], context: Int32?, known: inout [[Int32]?]) -> [Int32] {
        guard let context else { return matches.map { Int32($0.candidate) } }
        let c = Int(context)
        if c < known.count, let candidates = known[c] { return candidates }
        let candidates = matches.map { Int32($0.candidate) }
        if c >= known.count { known += Array(repeating: nil, count: c - known.count + 1) }
        known[c] = candidates
        return candidates
    }

    /// A view's id key (`SelectorKeys.id`) and its place in tree order, listed as the walk
    /// reaches the view, for `duplicateIDs`.
    private struct IDKey {
        let key: Int
        let index: Int
    }

    /// `duplicate-id` at each view that reuses an id, pointing at the later view, in tree
    /// order. `ids`: the views with an id, in tree order.
    ///
    /// Views are found by their id's selector key (hashed once per view rather than at every
    /// cascade) in an index of the first view of each id, so only views whose keys are the
    /// same have their ids compared.
    private func duplicateIDs(in views: [View], ids: [IDKey]) -> [Diagnostic] {
        var firstOfID = ProbeIndex(expecting: ids.count)
        var found: [Diagnostic] = []
        for (n, entry) in ids.enumerated() {
            let first = firstOfID.find(entry.key) {
                ids[Int($0)].key == entry.key && views[ids[Int($0)].index].id == views[entry.index].id
            }
            guard let first else {
                firstOfID.insert(Int32(n), hash: entry.key) { ids[Int($0)].key }
                continue
            }
            found.append(.duplicateID(views[entry.index], sameAs: views[ids[Int(first)].index]))
        }
        return found
    }
}
