/// How a cascade restyles in part after `previous`: which views keep their values, and which
/// take new values without running the cascade for them.
///
/// Two ways, tried in turn for each view of a tree of `previous`'s shape:
/// - *kept*: when few rules changed, a view that no changed, added or removed rule matches (or
///   matched), with the same own styles and literals, keeps its values and provenance.
/// - *rebased*: when the rules have the same selectors (a theme switch, edited values), a view
///   whose own layer is unchanged and only sets properties (no `mver`, function or field) has
///   the values of its appearances and rules (a result shared by every view of its kind and
///   matches, `CascadeSteps.sharedResult`) under the values its own layer set before, which
///   are the same: only the slots its own layer does not set and whose value changed are
///   rewritten, and they are the view's changes.
final class RestylePlan {
    /// Beyond this many changed complex selectors, restyling everything is cheaper than testing
    /// every view against them.
    static let changedCandidateLimit = 64

    private let previous: StyledTree
    /// `previous`'s candidates by their place in the new index; -1 for a rule changed or
    /// removed. Nil when too many rules changed, or they were reordered: views are not kept.
    private let candidateMap: [Int32]?
    /// The kinds whose appearance changed its style, when rules are paired in place (the
    /// appearances otherwise the same, in the same order): a view of one of them (or of a
    /// sub-kind) may take other values whatever its matches.
    private let changedAppearanceKinds: [Kind]
    /// The rules changed or added, to test views against (`hasChanged`).
    private let changed: RuleIndex
    /// Whether views are tested against changed or added rules, which needs the path above them.
    let hasChanged: Bool
    /// Whether views may be rebased: the rules have `previous`'s selectors.
    private let rebases: Bool
    @exclusivity(unchecked) private var scratch: [RuleIndex.Match] = []
    @exclusivity(unchecked) private var rankScratch: [Int32] = []
    /// `changed`'s ancestor-name buckets of the path above the view, kept as the cascade pushes
    /// and pops views (`push(_:)`, `pop()`) beside its own.
    @exclusivity(unchecked) private var changedAncestors = AncestorBuckets()
    @exclusivity(unchecked) private var ownSlots: [Int] = []
    /// The slots the last rebase rewrote, reused from view to view (`StyledTree.append` copies
    /// them out).
    @exclusivity(unchecked) private var changedSlots: [Int] = []
    /// The styles compared so far, appearances' and rules' and the views' own: a re-evaluated
    /// script gives every view of a style a new copy of it, the same for each, and rules share
    /// parts. Both sides are held (by `previous` and the new stylesheet and views) while the
    /// plan lives, so no storage is reused.
    @exclusivity(unchecked) private var comparison: StyleComparison
    /// Whether the old and the new rules are paired by place (`rebases`): a view's matches are
    /// then its own candidates, so a view none of whose matches changed keeps them as they
    /// are, and its match context (`MatchContexts`, carried over) says so for all its views.
    private let pairedInPlace: Bool
    /// By match context, when rules are paired in place: 0 not known yet, 1 its matches are
    /// all unchanged, 2 one of them changed.
    @exclusivity(unchecked) private var contextsKept: [UInt8] = []

    /// A plan for a tree of `previous`'s shape, or nil when everything must be restyled:
    /// provenance switched, or other selectors and other appearances, rules reordered or too
    /// many rules changed. `sameSelectors`: `previous.hasSameSelectors(as: stylesheet)`, which
    /// the cascade has asked already.
    /// `fault`: a cache broken on purpose (`CascadeFault`), nil but in its test.
    /// `index`: the new stylesheet's, recording into `previous.index`'s provenance table (kept
    /// and rebased records point at its origins and locations).
    /// `lines`: how the lines of the edited files moved since `previous` was styled
    /// (`LineMap`): its rules, appearances, styles and literals are taken for those at the
    /// lines they moved to.
    init?(previous: StyledTree, stylesheet: Stylesheet, index newIndex: RuleIndex, recordingProvenance: Bool, sameSelectors: Bool,
          lines: LineMap? = nil, fault: CascadeFault? = nil) {
        guard previous.recordedProvenance == recordingProvenance,
              newIndex.provenanceTable === previous.index.provenanceTable else { return nil }
        self.previous = previous
        rebases = sameSelectors
        pairedInPlace = sameSelectors
        // A reload's copy of a self-contained function does what the old one did: the views of
        // its rule keep their values.
        var comparison = StyleComparison(functionsByWhatTheyDo: true, lines: lines)
        // With the same selectors in the same order, rule k is paired with rule k: candidates
        // are numbered alike, and a changed rule matches the views its old self matched.
        let pairing = sameSelectors
            ? Self.pairingInPlace(appearances: previous.appearances, rules: previous.index.rules, stylesheet, index: newIndex,
                                  former: previous.index, &comparison)
            : Self.pairing(appearances: previous.appearances, rules: previous.index.rules, stylesheet, &comparison)
        self.comparison = comparison
        changedAppearanceKinds = pairing?.changedAppearanceKinds ?? []
        guard pairing != nil || rebases else { return nil }
        changed = RuleIndex(pairing?.changed ?? [])
        hasChanged = !(pairing?.changed.isEmpty ?? true) && fault != .restyleIgnoresChangedRules
        if let oldForNew = pairing?.oldForNew {
            let oldIndex = previous.index
            var map = [Int32](repeating: -1, count: oldIndex.prepared.count)
            for (c, candidate) in newIndex.prepared.enumerated() where oldForNew[candidate.entry.rule] >= 0 {
                let oldRule = oldForNew[candidate.entry.rule]
                map[oldIndex.firstCandidate[oldRule] + candidate.entry.selector] = Int32(c)
            }
            candidateMap = map
        } else {
            candidateMap = nil
        }
    }

    /// Each new rule paired with an identical old one (same selector, style and place), in
    /// source order, and the rules changed or added; nil when the appearances differ, rules
    /// were reordered or too many changed.
    private static func pairing(appearances: [Appearance], rules: [Rule], _ new: Stylesheet,
                                _ comparison: inout StyleComparison) -> (oldForNew: [Int], changed: [Rule], changedAppearanceKinds: [Kind])? {
        guard changedAppearanceKinds(appearances, new.appearances, &comparison)?.isEmpty == true else { return nil }
        var oldByKey: [RuleKey: [Int]] = [:]
        // An old rule is keyed by the line it moved to; one on a line the edit changed by none.
        for (i, rule) in rules.enumerated() {
            let moved = if let lines = comparison.lines { lines.moved(rule.location) } else { rule.location }
            guard let location = moved else { continue }
            oldByKey[RuleKey(rule, at: location), default: []].append(i)
        }
        var oldForNew = [Int](repeating: -1, count: new.rules.count)
        var lastOld = -1
        var changedRules: [Rule] = []
        for (j, rule) in new.rules.enumerated() {
            let key = RuleKey(rule, at: rule.location)
            if let candidates = oldByKey[key], let k = candidates.firstIndex(where: { comparison.same(rules[$0].style, rule.style) }) {
                let i = candidates[k]
                guard i > lastOld else { return nil }  // reordered: cascade order may differ
                lastOld = i
                oldForNew[j] = i
                oldByKey[key]!.remove(at: k)
            } else {
                changedRules.append(rule)
            }
        }
        guard changedRules.reduce(0, { $0 + $1.selector.selectors.count }) <= Self.changedCandidateLimit else { return nil }
        return (oldForNew, changedRules, [])
    }

    /// `pairing` for rules with the old rules' selectors in the same order: each new rule is
    /// paired with the old one in its place when it has the same style and place; none is
    /// tested against views, since a changed rule matches the views its old self matched, and
    /// those views' matches hold the old one. Appearances are paired in place too: the kinds of
    /// those whose style changed (a theme's colours) are listed. Nil when the appearances are
    /// others (another number, kind, order or place).
    /// `index`, the new stylesheet's, answers for the rules whose styles it found the same as
    /// `former`'s when it was made from it (`RuleIndex.keepsStyle(of:from:)`).
    private static func pairingInPlace(appearances: [Appearance], rules: [Rule], _ new: Stylesheet, index: RuleIndex,
                                       former: RuleIndex, _ comparison: inout StyleComparison)
        -> (oldForNew: [Int], changed: [Rule], changedAppearanceKinds: [Kind])? {
        guard rules.count == new.rules.count, let changedKinds = changedAppearanceKinds(appearances, new.appearances, &comparison) else {
            return nil
        }
        var oldForNew = Array(rules.indices)
        for k in rules.indices {
            guard comparison.same(rules[k].location, new.rules[k].location) else {
                oldForNew[k] = -1
                continue
            }
            if let kept = index.keepsStyle(of: k, from: former), kept { continue }
            if !comparison.same(rules[k].style, new.rules[k].style) { oldForNew[k] = -1 }
        }
        return (oldForNew, [], changedKinds)
    }

    /// Pairs the old appearances with the new ones in place: the kinds of those whose style
    /// changed (none: the same appearances), or nil when they are others (another number, or
    /// another kind, order or place at some position).
    private static func changedAppearanceKinds(_ a: [Appearance], _ b: [Appearance], _ comparison: inout StyleComparison) -> [Kind]? {
        guard a.count == b.count else { return nil }
        var changed: [Kind] = []
        for (x, y) in zip(a, b) {
            guard x.kind === y.kind, x.order == y.order, comparison.same(x.location, y.location) else { return nil }
            if !comparison.same(x.style, y.style), !changed.contains(where: { $0 === x.kind }) { changed.append(x.kind) }
        }
        return changed
    }

    /// Gives view `i` what it takes without the cascade running for it, and appends it to
    /// `styled`; false, having changed nothing, when it must be restyled. `context`: the view's
    /// match context (`CascadeSteps.context(of:parent:)`).
    ///
    /// The view's values and record are handed over here rather than returned: a returned
    /// struct of them was copied into the view and the styled tree, then destroyed through the
    /// runtime's generic witnesses, at every view.
    func keep(_ i: Int, _ view: View, filter: AncestorFilter, steps: CascadeSteps, context: Int32?,
              into styled: inout StyledTree) -> Bool {
        // Each list is read once and its items compared where they are: copying an entry, a
        // style or a literal retains all it holds.
        let styles = view.styles, literals = view.literals
        let (oldStyles, oldLiterals) = previous.withEntry(at: i) { ($0.styles, $0.literals) }
        guard oldStyles.count == styles.count, oldLiterals.count == literals.count else { return false }
        // A host's view keeps its lists from one restyle to the next: the very same storage
        // holds the same items.
        if !oldStyles.hasStorage(of: styles) {
            let sameStyles = oldStyles.withUnsafeBufferPointer { old in
                styles.withUnsafeBufferPointer { new in new.indices.allSatisfy { comparison.same(old.baseAddress! + $0, new.baseAddress! + $0) } }
            }
            guard sameStyles else { return false }
        }
        if !oldLiterals.hasStorage(of: literals) {
            let sameLiterals = oldLiterals.withUnsafeBufferPointer { old in
                literals.withUnsafeBufferPointer { new in
                    new.indices.allSatisfy { Literal.same(old.baseAddress! + $0, new.baseAddress! + $0, lines: comparison.lines) }
                }
            }
            guard sameLiterals else { return false }
        }
        // Lists equal only once their lines moved (`comparison.lines`) are not the entry's: the
        // tree keeps the view's, so that the next restyle compares with where they are now.
        let refreshesLists = comparison.lines != nil && !(oldStyles.hasStorage(of: styles) && oldLiterals.hasStorage(of: literals))
        if pairedInPlace, let candidateMap, keepsMatchesInPlace(i, kind: view.kind, candidateMap: candidateMap, context: context) {
            // Rules paired in place: the view's matches are the very ones its entry holds.
            takeValues(i, view, matches: nil, context: context, refreshingLists: refreshesLists, into: &styled)
            return true
        }
        if !pairedInPlace, let candidateMap, let kept = unchanged(i, view, filter: filter, candidateMap: candidateMap) {
            takeValues(i, view, matches: kept, context: context, refreshingLists: refreshesLists, into: &styled)
            return true
        }
        return rebase(i, view, steps: steps, context: context, into: &styled)
    }

    /// Gives view `i` its previous values and record, and keeps its entry when the tree carries
    /// the previous entries and `matches` (nil: the entry's own) are the very ones it holds.
    /// `refreshingLists`: the view's own styles and literals are the entry's only once their
    /// lines moved, and the tree takes the view's.
    private func takeValues(_ i: Int, _ view: View, matches: [Int32]?, context: Int32?, refreshingLists: Bool = false,
                            into styled: inout StyledTree) {
        previous.withEntry(at: i) { entry in
            view.values = entry.values
            view.record = entry.record
            if styled.carriesEntries, !refreshingLists, matches?.hasStorage(of: entry.matches) ?? true {
                styled.keepCarried(context: context)
            } else {
                styled.append(view, matches: matches ?? entry.matches, context: context, ownSlots: entry.ownSlots)
            }
        }
    }

    /// Whether view `i` holds the very values and record the previous styling gave it and keeps
    /// them: the same lists of own styles and literals (one storage, as a host's view keeps
    /// them), rules paired in place, and either none of its matches changed or those that did
    /// give what they gave before (`keepsResult`). Then the tree keeps its entry and the view
    /// is not touched at all: no state saved, nothing written.
    func keepsUntouched(_ i: Int, _ view: View, steps: CascadeSteps, context: Int32?, into styled: inout StyledTree) -> Bool {
        guard pairedInPlace, styled.carriesEntries else { return false }
        guard previous.withEntry(at: i, { entry in
            view.styles.hasStorage(of: entry.styles) && view.literals.hasStorage(of: entry.literals)
                && view.values.isUnwrittenCopy(of: entry.values) && view.recordIdentity == entry.recordIdentity
        }) else { return false }
        // Without a map (appearances of other kinds or places, rules reordered or too many
        // changed) a view's matches say nothing: only its result can keep it.
        guard candidateMap.map({ keepsMatchesInPlace(i, kind: view.kind, candidateMap: $0, context: context) }) ?? false
                || keepsResult(previous.entries[i], view, steps: steps, context: context) else { return false }
        styled.keepCarried(context: context)
        return true
    }

    /// What a view's match context gives now (its shared result), and where the slot buffer
    /// of the views of that context that share one buffer and one shared record differs from
    /// it (`keepsResult`). Plain data: one per context, kept in an array without an allocation
    /// of its own.
    private struct ContextVerdict {
        let slots: ObjectIdentifier
        let shared: UInt?
        /// The result; nil when there is none, or the buffer or the record's shared prefix is
        /// not of it.
        let result: MatchContexts.Result?
        /// The slots at which the buffer differs from the result (a view's patches).
        let differing: FewSlots
        /// Whether the context has no shared result (a rule that is not plain): then no view
        /// of it is kept this way, whatever it holds.
        let noResult: Bool
    }

    /// The verdicts worked out, one per match context asked (`keepsResult`), found through
    /// `verdictIndex`.
    @exclusivity(unchecked) private var contextVerdicts: [ContextVerdict] = []
    /// By match context, where its verdict is in `contextVerdicts`; -1 for none yet. Plain
    /// numbers: a list of optional verdicts, which hold references, was made and destroyed an
    /// element at a time through the runtime's generic witnesses, for thousands of contexts
    /// when a restyle reached a few.
    @exclusivity(unchecked) private var verdictIndex: [Int32] = []

    /// Whether the view, some of whose matched rules changed, would be rebased onto exactly
    /// what it holds. A theme switch changes some values of most rules, yet most views' rules
    /// still give what they gave (values one theme shares with the other): such a view is left
    /// as it is instead of rebased onto a copy of the same. That holds when its appearances
    /// and rules give a shared result (`CascadeSteps.sharedResult`) and
    /// - wherever its own layer does not write, the view holds the result's value: its slot
    ///   buffer has the result's bits but at a few slots, each of which its own layer writes
    ///   or one of its patches holds the result's value, and every other patch does too;
    /// - its record's shared prefix records the result's writes, and each slot's first write
    ///   of its own layer replaced the result's value (as a rebase would record it);
    /// - its own layer only sets properties: a function or `mver` of it may read a token or a
    ///   value that changed, so its writes may differ although the result does not.
    ///
    /// Views of one context that took one result share its slot buffer and shared prefix: the
    /// first of them compares them with the result, and the others reuse the comparison.
    private func keepsResult(_ entry: StyledTree.Entry, _ view: View, steps: CascadeSteps, context: Int32?) -> Bool {
        guard rebases, let context else { return false }
        // The entry's fields are read in place: copying a store or a record retains all it holds.
        let verdict = self.verdict(entry, view, steps: steps, context: context)
        guard let result = verdict.result else { return false }
        // Kept, the entry is carried: its own slots are worked out once, not at every switch.
        guard let own = ownSlots(of: entry, view, keeping: true) else { return false }
        // Slots the buffer has other bits at: the own layer writes them, or a patch holds the
        // result's value there.
        guard verdict.differing.allSatisfy({ slot in
            own.contains(slot) || entry.values.patch(at: slot).map { $0.isIdentical(to: result.values.stored(slot)) } == true
        }) else { return false }
        guard entry.values.patchesHold(result.values, except: own) else { return false }
        guard entry.record != nil else { return true }
        return entry.record!.ownCount == own.count && entry.record!.ownWritesReplace { result.values.stored($0) }
    }

    /// The verdict for `entry`'s slot buffer and shared record in `context`: the one kept for
    /// the context when it is of them, or a new one, kept.
    private func verdict(_ entry: StyledTree.Entry, _ view: View, steps: CascadeSteps, context: Int32) -> ContextVerdict {
        let c = Int(context)
        let slots = entry.values.slotsIdentity, identity = entry.recordIdentity
        if c < verdictIndex.count, verdictIndex[c] >= 0 {
            let known = contextVerdicts[Int(verdictIndex[c])]
            if known.noResult || (known.slots == slots && known.shared == identity?.shared) { return known }
        }
        let result = steps.sharedResult(kind: view.kind, state: view.state, candidates: entry.matches, context: context)
        var differing: FewSlots?
        if let result, result.values.holdsOnlySharedValues {
            switch (entry.record, result.record) {
            case (nil, nil): differing = entry.values.slotsDiffering(from: result.values)
            case (let old?, let new?) where old.sharesWrites(of: new): differing = entry.values.slotsDiffering(from: result.values)
            default: break
            }
        }
        let verdict = ContextVerdict(slots: slots, shared: identity?.shared, result: differing == nil ? nil : result,
                                     differing: differing ?? FewSlots(), noResult: result == nil)
        if verdictIndex.isEmpty {
            // The tree's contexts are the previous tree's: room for all of them at once.
            verdictIndex = Array(repeating: -1, count: max(c + 1, previous.contextCount))
        } else if c >= verdictIndex.count {
            verdictIndex += repeatElement(-1, count: c + 1 - verdictIndex.count)
        }
        if verdictIndex[c] >= 0 {
            contextVerdicts[Int(verdictIndex[c])] = verdict
        } else {
            verdictIndex[c] = Int32(contextVerdicts.count)
            contextVerdicts.append(verdict)
        }
        return verdict
    }

    /// Notes `view` as an ancestor of the views that follow, as the cascade pushes it.
    func push(_ view: View) {
        if hasChanged { changed.push(view, onto: &changedAncestors) }
    }

    /// Forgets the view pushed last, as the cascade pops it.
    func pop() {
        if hasChanged { changedAncestors.pop() }
    }

    /// The view's matches mapped to the new index when no changed rule matches it, or nil.
    private func unchanged(_ i: Int, _ view: View, filter: AncestorFilter, candidateMap: [Int32]) -> [Int32]? {
        var matches = previous.entries[i].matches
        for k in matches.indices {
            let mapped = candidateMap[Int(matches[k])]
            guard mapped >= 0 else { return nil }
            if mapped != matches[k] { matches[k] = mapped }  // copied only when the index moved
        }
        // Most views have no bucket of the few changed rules: they are not tested at all.
        if hasChanged, changed.hasCandidates(for: view, ancestors: changedAncestors) {
            changed.orderedMatches(for: view, filter: filter, ancestors: changedAncestors, ranked: &rankScratch, into: &scratch)
            guard scratch.isEmpty else { return nil }
        }
        return matches
    }

    /// The positions of the views some change reaches (a changed rule matches them, or their
    /// kind's appearance changed), in tree order, for a tree whose views nothing wrote since
    /// `previous` styled it (`StyledTree.canLeaveViewsUnvisited`): every other view keeps its
    /// entry untouched, as `keepsUntouched` would find view by view. `contexts`: the views'
    /// match contexts, by position; `byContext`: each context's kind and matches (nil: not
    /// known, its views are visited). Nil when rules are not paired in place.
    /// How far ahead `positionsReached` asks for a context's matches.
    private static let contextsAhead = 8

    func positionsReached(contexts: [Int32], byContext: [StyledTree.ContextMatches?]) -> [Int]? {
        guard pairedInPlace, let candidateMap else { return nil }
        // By context, as `keepsMatchesInPlace` notes them (so the views visited are not asked
        // again): 1 its matches are all unchanged, 2 one of them changed, 0 not known.
        var verdicts = [UInt8](repeating: 0, count: byContext.count)
        candidateMap.withUnsafeBufferPointer { map in
            byContext.withUnsafeBufferPointer { byContext in
                for c in byContext.indices {
                    // Each context's matches are a storage of their own, mostly out of the
                    // cache: the one a few contexts ahead is asked for while this one is read.
                    if c + Self.contextsAhead < byContext.count {
                        let ahead = byContext.baseAddress! + c + Self.contextsAhead
                        if case .some = ahead.pointee {
                            let known = UnsafeRawPointer(ahead).assumingMemoryBound(to: StyledTree.ContextMatches.self)
                            prefetchStorage(known.pointee.matches.storageIdentity, lines: 2)
                        }
                    }
                    // Read where it is: a context's kind and matches copied out were retained
                    // and released, for each of the thousands of contexts of a screen.
                    let entry = byContext.baseAddress! + c
                    switch entry.pointee { case .none: continue; case .some: break }
                    let known = UnsafeRawPointer(entry).assumingMemoryBound(to: StyledTree.ContextMatches.self)
                    verdicts[c] = !appearanceChanged(for: known.pointee.kind)
                        && known.pointee.matches.withUnsafeBufferPointer({ matches in
                            matches.allSatisfy { Int($0) < map.count && map[Int($0)] >= 0 }
                        }) ? 1 : 2
                }
            }
        }
        var positions: [Int] = []
        verdicts.withUnsafeBufferPointer { verdicts in
            for (i, c) in contexts.enumerated() where Int(c) >= verdicts.count || verdicts[Int(c)] != 1 { positions.append(i) }
        }
        contextsKept = verdicts
        return positions
    }

    /// Whether a view of `kind` gets what its appearances gave it before: none of them changed.
    private func appearanceChanged(for kind: Kind) -> Bool {
        !changedAppearanceKinds.isEmpty && changedAppearanceKinds.contains { kind.isA($0) }
    }

    /// Whether none of the view's matches changed, nor its kind's appearances, when rules are
    /// paired in place (its matches are then its own candidates). The views of one match
    /// context have the same kind and matches: the first of them answers for all, and the
    /// others' lists are not read.
    private func keepsMatchesInPlace(_ i: Int, kind: Kind, candidateMap: [Int32], context: Int32?) -> Bool {
        let c = context.map(Int.init) ?? -1
        if c >= 0, c < contextsKept.count, contextsKept[c] != 0 { return contextsKept[c] == 1 }
        let kept = !appearanceChanged(for: kind) && previous.withEntry(at: i) { entry in
            entry.matches.withUnsafeBufferPointer { matches in
                candidateMap.withUnsafeBufferPointer { map in matches.allSatisfy { map[Int($0)] >= 0 } }
            }
        }
        if c >= 0 {
            if c >= contextsKept.count { contextsKept += repeatElement(0, count: max(c + 1 - contextsKept.count, contextsKept.count)) }
            contextsKept[c] = kept ? 1 : 2
        }
        return kept
    }

    /// Rebases the view (see the type's summary) and appends it to `styled`; false, having
    /// changed nothing, when it cannot be rebased.
    private func rebase(_ i: Int, _ view: View, steps: CascadeSteps, context: Int32?, into styled: inout StyledTree) -> Bool {
        guard rebases else { return false }
        // The entry is read once: each read through the tree retained it and copied the field.
        let entry = previous.entries[i]
        // The own layer is the previous one (`keep` compared them): its slots, when the
        // previous rebase worked them out, are these.
        guard let own = ownSlots(of: entry, view, keeping: false) else { return false }
        let writes = own.count
        guard let base = steps.sharedResult(kind: view.kind, state: view.state, candidates: entry.matches, context: context) else { return false }
        let baseValues = base.values  // read once: each read of a class's stored struct copies it
        // The view's values and records are rebased onto the base's in place: only when both
        // are of one value table (a tree another engine styled is restyled instead).
        guard baseValues.holdsOnlySharedValues, entry.values.sharesTable(with: baseValues) else { return false }
        var record: ProvenanceRecord?
        if entry.record != nil {
            // A record whose own writes are not apart from its appearances' and rules' (a result
            // not shared) cannot be rebased. Both records are read where they are: bound to a
            // local, each was copied (three references counted).
            guard writes == 0 || entry.record.unsafelyUnwrapped.ownCount == writes, base.record != nil,
                  let rebased = entry.record.unsafelyUnwrapped.rebased(on: base.record.unsafelyUnwrapped, baseValues: baseValues)
            else { return false }
            record = rebased
        }
        var values = entry.values
        changedSlots.removeAll(keepingCapacity: true)
        values.rebase(onto: baseValues, keeping: own, changed: &changedSlots)
        view.values = values
        view.record = record
        styled.append(view, values: values, record: record, matches: entry.matches, context: context, changedSlots: changedSlots,
                      ownSlots: own)
        return true
    }

    /// The slots the view's own layer sets, which is `entry`'s (`keep` compared them): those the
    /// entry knows, or worked out now and, when `keeping`, noted in the entry (which a view
    /// left untouched carries on; a rebased view's new entry takes them instead). Nil when the
    /// own layer does more than set properties.
    private func ownSlots(of entry: StyledTree.Entry, _ view: View, keeping: Bool) -> [Int]? {
        if let known = entry.ownSlots { return known }
        guard ownSlots(of: view, into: &ownSlots) != nil else { return nil }
        if keeping { entry.ownSlots = ownSlots }
        return ownSlots
    }

    /// The slots a view's own layer sets, into `slots`, and how many writes it makes; nil when
    /// it does more than set properties of the view's kind (a `mver`, a function, a field, a
    /// path still to resolve, a style of another kind).
    private func ownSlots(of view: View, into slots: inout [Int]) -> Int? {
        slots.removeAll(keepingCapacity: true)
        let kind = view.kind
        for style in view.styles {
            // Many views share one style: its slots are worked out once per kind.
            let key = style.storageIdentity.map { StyleOnKind(style: $0, kind: ObjectIdentifier(kind)) }
            if let key, let known = styleSlots[key] {
                guard let known else { return nil }
                slots += known
                continue
            }
            let found = Self.slots(of: style, on: kind)
            if let key { styleSlots[key] = .some(found) }
            guard let found else { return nil }
            slots += found
        }
        for literal in view.literals {
            guard case .property(let p) = literal.keyPath.target, kind.isA(literal.keyPath.root) else { return nil }
            slots.append(p.slot)
        }
        return slots.count
    }

    private struct StyleOnKind: Hashable {
        let style: UnsafeRawPointer
        let kind: ObjectIdentifier
    }

    /// `ownSlots` of the styles seen, by storage and view kind; nil for a style that does more
    /// than set properties. The styles live in `previous`, so their storage is not reused.
    private var styleSlots: [StyleOnKind: [Int]?] = [:]

    /// The slots `style` sets on a view of `kind`, or nil when it does more than set them.
    private static func slots(of style: Style, on kind: Kind) -> [Int]? {
        guard kind.isA(style.kind), style.count <= PreparedStyle.maximumPrepared else { return nil }
        var slots: [Int] = []
        var simple = true
        style.forEachOperation { op in
            guard simple, case .set(.keyPath(let kp), _, _) = op, case .property(let p) = kp.target, kind.isA(kp.root) else {
                simple = false
                return
            }
            slots.append(p.slot)
        }
        return simple ? slots : nil
    }

    /// What pairs an old rule with a new one before comparing styles.
    private struct RuleKey: Hashable {
        let selector: [String]
        let location: SourceLocation
        init(_ rule: Rule, at location: SourceLocation) {
            selector = rule.selector.selectors.map(\.text)
            self.location = location
        }
    }
}
