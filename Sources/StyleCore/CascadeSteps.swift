/// An appearance as the cascade applies it to many views: what `Appearance.applies(to:)`
/// tests, its origin, and its style prepared.
struct PreparedAppearance {
    let kind: ObjectIdentifier
    let styleKind: ObjectIdentifier
    /// `.appearance(kind:)` in the provenance table.
    let originIndex: UInt32
    let style: PreparedStyle

    init(_ appearance: Appearance, table: ProvenanceTable, values: ValueTable, traits: Traits = .default) {
        kind = ObjectIdentifier(appearance.kind)
        styleKind = ObjectIdentifier(appearance.style.kind)
        originIndex = table.index(of: .appearance(kind: appearance.kind.name))
        style = PreparedStyle(appearance.style, table: table, values: values, traits: traits)
    }

    /// `Appearance.applies(to:)`.
    func applies(to kind: Kind) -> Bool { kind.isA(id: self.kind) && kind.isA(id: styleKind) }

    /// The style of the appearance at `appearance`, where it is.
    static func style(of appearance: UnsafePointer<PreparedAppearance>) -> UnsafePointer<PreparedStyle> {
        UnsafeRawPointer(appearance).advanced(by: styleOffset).assumingMemoryBound(to: PreparedStyle.self)
    }

    private static let styleOffset = MemoryLayout<PreparedAppearance>.offset(of: \.style)!
}

/// The steps of the cascade, made once per cascade and run for each view.
///
/// What appearances and rules give a view depends only on its kind and on which rules matched
/// it, as long as their styles are plain (no function, which may read more of the view, and no
/// `mver` but those whose result depends on the value alone). So the result is kept per kind
/// and list of matches, as browsers keep a matched properties cache: the next view of that
/// kind with those matches takes the stored values (a shared copy of the store, and of the
/// provenance record) instead of applying each write.
final class CascadeSteps {
    /// In the order they apply.
    let appearances: [PreparedAppearance]
    let index: RuleIndex
    /// Where provenance is recorded; nil when it is not.
    let provenanceTable: ProvenanceTable?
    let budget: CascadeBudget?
    /// The traits of the run, and the kinds' defaults resolved for them.
    let traits: Traits
    let defaults: ResolvedDefaults
    /// Whether results are kept for views with the same kind and matches (`Cascade.sharesStyles`).
    /// A one-off styling turns it off part way when hardly any view so far took a kept result
    /// (`stopKeepingResults`).
    @exclusivity(unchecked) private(set) var cachesResults: Bool
    /// How many views had their appearances and rules applied, their result worked out rather
    /// than taken from another view's: what tells a one-off styling whether keeping results pays.
    @exclusivity(unchecked) private(set) var resultsWorkedOut = 0
    /// Whether views are grouped into match contexts (`MatchContexts`) as well, when results
    /// are kept: not for a tree whose views hardly repeat one another's (`Cascade.numbersContexts`).
    /// A one-off styling turns it off part way when the views so far hardly repeated
    /// (`stopNumberingContexts`).
    @exclusivity(unchecked) private(set) var numbersContexts: Bool

    /// Groups no more views into contexts: the views after this one are matched, and their
    /// results shared by kind and matches, as in a styling that numbers none.
    func stopNumberingContexts() {
        numbersContexts = false
    }

    /// Keeps no more results, and so numbers no more contexts: the views after this one are
    /// matched and styled alone. What was kept stays (`Stylesheet.matchedResults`) for the next
    /// cascade, which asks again.
    func stopKeepingResults() {
        cachesResults = false
        numbersContexts = false
    }

    /// By kind: the appearances that apply, in order, and whether all of them are plain. A
    /// tree has a handful of kinds, so a list searched by identity beats hashing.
    @exclusivity(unchecked) private var appearancesByKind: [(kind: ObjectIdentifier, indices: [Int], plain: Bool)] = []
    /// Results by kind and matches (`MatchedResults`), carried from cascade to cascade of the
    /// stylesheet (`Stylesheet.matchedResults`) while they hold.
    let results: MatchedResults
    @exclusivity(unchecked) private var keyBuffer: [Int32] = []
    /// The ranks of a view's matches as they are gathered (`RuleIndex.orderedMatches`).
    @exclusivity(unchecked) private var rankBuffer: [Int32] = []
    /// Views' own styles seen, by storage: carried from one cascade of the stylesheet to the
    /// next (`OwnStyles`), so a host's tree restyled again applies its styles prepared.
    @exclusivity(unchecked) private(set) var ownStyles: OwnStyles
    /// Views the rules cannot tell apart (`MatchContexts`), numbered when results are kept.
    @exclusivity(unchecked) private var contexts: MatchContexts
    /// What styles every view in turn (`StyleApplication.restart(on:)`): one object for the
    /// cascade rather than one for each view.
    @exclusivity(unchecked) private var reused: StyleApplication?
    /// Whether results are kept by kind alone (`CascadeFault.resultsIgnoreMatches`).
    private let keysIgnoreMatches: Bool
    /// Whether results are kept whatever the view's state (`CascadeFault.resultsIgnoreState`).
    private let keysIgnoreState: Bool
    /// Whether contexts are numbered without their parents' (`CascadeFault.contextsIgnoreParents`).
    private let contextsIgnoreParents: Bool

    /// `ownStyles`: what earlier cascades of the stylesheet saw (`Stylesheet.ownStyles`); taken
    /// only when prepared with `index`'s provenance table.
    /// `carriedContexts`: how many match contexts an earlier cascade numbered, when the views
    /// keep their numbers (`MatchContexts.init(_:carrying:)`).
    /// `expectedContexts`, `expectedContextMatches`: how many match contexts the last cascade
    /// of the stylesheet found, and how many matches they kept.
    /// `results`: what earlier cascades of the stylesheet worked out, when it holds for this one
    /// (`MatchedResults.holds(for:table:recordsProvenance:)`); a new table otherwise.
    /// `partial`: the cascade restyles part of a tree styled before (a state change), so the
    /// kept styles and results the rest of the tree uses are not pruned.
    init(appearances: [PreparedAppearance], index: RuleIndex, provenanceTable: ProvenanceTable?,
         budget: CascadeBudget?, traits: Traits = .default, defaults: ResolvedDefaults? = nil, cachesResults: Bool, numbersContexts: Bool, ownStyles: OwnStyles? = nil, carriedContexts: Int? = nil,
         expectedContexts: Int = 0, expectedContextMatches: Int = 0, results: MatchedResults, partial: Bool = false,
         fault: CascadeFault? = nil) {
        self.appearances = appearances
        keysIgnoreMatches = fault == .resultsIgnoreMatches
        keysIgnoreState = fault == .resultsIgnoreState
        contextsIgnoreParents = fault == .contextsIgnoreParents
        self.index = index
        self.provenanceTable = provenanceTable
        self.budget = budget
        self.traits = traits
        self.defaults = defaults.flatMap { $0.traits == traits && $0.values === index.values ? $0 : nil }
            ?? ResolvedDefaults(traits: traits, values: index.values)
        self.cachesResults = cachesResults
        self.numbersContexts = numbersContexts
        contexts = carriedContexts.map { MatchContexts(index, carrying: $0) } ?? MatchContexts(index, expecting: expectedContexts, expectedMatches: expectedContextMatches)
        self.ownStyles = ownStyles.flatMap { $0.table === index.provenanceTable && $0.values === index.values && $0.traits == traits ? $0 : nil }
            ?? OwnStyles(table: index.provenanceTable, values: index.values, traits: traits)
        self.ownStyles.startCascade(partial: partial)
        self.results = results
        results.startCascade(partial: partial)
    }

    /// The match context of `view` (`MatchContexts`), given its parent's; nil when results are
    /// not kept or contexts not numbered. Every view needs one, styled or kept, for its
    /// children's.
    func context(of view: View, parent: Int32?) -> Int32? {
        cachesResults && numbersContexts ? contexts.context(of: view, parent: contextsIgnoreParents ? nil : parent) : nil
    }

    /// How many match contexts there are.
    var contextCount: Int { contexts.count }
    /// How many matches they keep between them.
    var contextMatchCount: Int { contexts.matchCount }

    /// Styles one view: appearances and rules (or what an earlier view of its match context,
    /// or of its kind with its matches, got from them), then the view's own layer.
    /// `filter`, `ancestors`, `prefixes`: the path above the view (`AncestorFilter`,
    /// `AncestorBuckets`, `PrefixPath`).
    /// `carriedMatches`: the view's matches, as candidates, when they are known to be those of
    /// an earlier cascade (`StyledTree.hasSameSelectors(as:)`). `context`: the view's
    /// (`context(of:parent:)`). `matches` is the view's matches afterwards only with
    /// `needsMatches`: a view that takes its context's result is not told them otherwise.
    func run(_ view: View, filter: AncestorFilter, ancestors: AncestorBuckets, prefixes: PrefixPath, carriedMatches: [Int32]?, context: Int32?,
             needsMatches: Bool, matches: inout [RuleIndex.Match], into collector: inout DiagnosticCollector) {
        let application = application(on: view)
        if !needsMatches, carriedMatches == nil, let context, contexts.hasResult(context) {
            // Copied straight from where the context keeps it: a local copy would be retained
            // and released again.
            view.values = contexts[context].result!.values
            view.record = contexts[context].result!.record
            runOwnLayer(application, into: &collector)
            return
        }
        if let carriedMatches {
            matches.removeAll(keepingCapacity: true)
            for c in carriedMatches { matches.append(index.match(of: Int(c))) }
        } else if let context, contexts.copyMatches(of: context, into: &matches, index: index) {
            // The context's matches, found for an earlier view.
        } else {
            index.orderedMatches(for: view, filter: filter, ancestors: ancestors, prefixes: prefixes, ranked: &rankBuffer, into: &matches)
            if let context { contexts.setMatches(matches, of: context) }
        }
        runAppearancesAndRules(application, matches: matches, context: context, into: &collector)
        runOwnLayer(application, into: &collector)
    }

    /// The appearances that apply to the view, then its matching rules (`matches`, in cascade
    /// order). The result is kept for the view's context and for its kind and matches when it
    /// may be shared: all of them plain and no diagnostic.
    private func runAppearancesAndRules(_ application: StyleApplication, matches: [RuleIndex.Match], context: Int32?,
                                        into collector: inout DiagnosticCollector) {
        let view = application.view
        if let context, let result = contexts[context].result {
            view.values = result.values
            view.record = result.record
            return
        }
        let kind = view.kind
        // The key's list is built in one buffer kept across views: it is copied only when a
        // result is stored under it.
        var key: MatchedResults.Key?
        if cachesResults {
            keyBuffer.removeAll(keepingCapacity: true)
            if !keysIgnoreMatches { for match in matches { keyBuffer.append(Int32(match.candidate)) } }
            key = MatchedResults.Key(kind: ObjectIdentifier(kind), matches: keyBuffer,
                                     state: kind.isControl && !keysIgnoreState ? view.state.rawValue : 0)
        }
        if let result = keptResult(key, context: context) {
            view.values = result.values
            view.record = result.record
            return
        }
        let applying = appearances(for: kind)
        resultsWorkedOut += 1
        application.resetView()
        // Whether a step failed, not whether the collector grew: a diagnostic another view
        // reported already is not added again, and a result kept without it would hide it
        // from every view that takes the result (a later cascade of the stylesheet too).
        var failed = false
        var plain = applying.plain
        application.sharesValueOnlyResults = true
        defer { application.sharesValueOnlyResults = false }
        let budget = application.budget
        // Each appearance's style read where it is, as the rules' are below (an element read
        // out of the array was a copy of it at every view).
        appearances.withUnsafeBufferPointer { appearances in
            for i in applying.indices {
                application.setOrigin(index: appearances[i].originIndex)
                let style = PreparedAppearance.style(of: appearances.baseAddress! + i)
                if collector.run({ () throws(Diagnostic) in try application.apply(prepared: style, to: view, budget: budget) }) { failed = true }
            }
        }
        // The styles read in place: an element read out of the index's array is a copy of the
        // style, its arrays retained and released, at every rule of every view.
        var rulesDependOnTraits = false
        index.preparedStyles.withUnsafeBufferPointer { styles in
            for match in matches {
                application.setOrigin(index: index.prepared[match.candidate].origin)
                let style = styles.baseAddress! + match.rule
                if collector.run({ () throws(Diagnostic) in try application.apply(prepared: style, to: view, budget: budget) }) { failed = true }
                plain = plain && style.pointee.isPlain
                rulesDependOnTraits = rulesDependOnTraits || style.pointee.dependsOnTraits
            }
        }
        guard plain, !failed else { return }
        if let key {
            view.record?.shrink()
            // The key keeps a list of its own: sharing the buffer's storage would make the
            // buffer copy itself at the next view.
            let result = MatchContexts.Result(values: view.values, record: view.record)
            let dependsOnTraits = kind.hasTraitDependentDefaults || applying.indices.contains { appearances[$0].style.dependsOnTraits }
                || rulesDependOnTraits
            results.insert(MatchedResults.Key(kind: key.kind, matches: Array(keyBuffer), state: key.state, mixed: key.mixed), kind: kind, result,
                           dependsOnTraits: dependsOnTraits)
            if let context { contexts[context].result = result }
        }
    }

    /// The one application the views are styled through, moved on to `view`.
    private func application(on view: View) -> StyleApplication {
        if let reused { reused.restart(on: view); return reused }
        let application = StyleApplication(view: view, provenanceTable: provenanceTable, origins: index.provenanceTable,
                                           traits: traits, defaults: defaults, values: index.values)
        application.budget = budget
        reused = application
        return application
    }

    /// The result kept for `key`, now kept for `context` too; nil when there is none.
    private func keptResult(_ key: MatchedResults.Key?, context: Int32?) -> MatchContexts.Result? {
        guard let key, let result = results.find(key) else { return nil }
        if let context { contexts[context].result = result }
        return result
    }

    /// The appearances that apply to views of `kind`, worked out once per kind.
    private func appearances(for kind: Kind) -> (indices: [Int], plain: Bool) {
        let id = ObjectIdentifier(kind)
        for known in appearancesByKind where known.kind == id { return (known.indices, known.plain) }
        let indices = appearances.indices.filter { appearances[$0].applies(to: kind) }
        let found = (indices, indices.allSatisfy { appearances[$0].style.isPlain })
        appearancesByKind.append((id, found.0, found.1))
        return found
    }

    /// The view's own layer, the last of the cascade, in the order things were applied to it:
    /// the constructor's styles, its literals, then the styles added later.
    private func runOwnLayer(_ application: StyleApplication, into collector: inout DiagnosticCollector) {
        let view = application.view
        let beforeLiterals = min(view.stylesBeforeLiterals ?? view.styles.count, view.styles.count)
        for i in 0..<beforeLiterals { applyOwnStyle(i, of: view, application, into: &collector) }
        let literals = view.literals
        if !literals.isEmpty {
            application.origin = .literal
            // The literals' values become the view's own values, one array kept in the view,
            // unless a style before them wrote own values of its own.
            let adopted = view.values.adoptOwnValues(view.literalValues)
            // Through the buffer: each literal is read where it is (`writeChecked`).
            literals.withUnsafeBufferPointer { literals in
                for i in literals.indices where !application.writeChecked(literals, i, adopted: adopted) {
                    collector.run { () throws(Diagnostic) in try application.set(literals[i].keyPath, literals[i].value, at: literals[i].location) }
                }
            }
        }
        guard beforeLiterals < view.styles.count else { return }
        application.watchLiterals(view.literals)
        for i in beforeLiterals..<view.styles.count { applyOwnStyle(i, of: view, application, into: &collector) }
        collector.add(application.overriddenLiterals())
    }

    private func applyOwnStyle(_ i: Int, of view: View, _ application: StyleApplication, into collector: inout DiagnosticCollector) {
        let style = view.styles[i]
        application.origin = .viewStyle(index: i + 1, name: style.name, attachment: style.attachment)
        guard view.kind.isA(style.kind) else {
            collector.add([.ownStyle(style, cannotApplyTo: view)])
            return
        }
        if let prepared = prepared(style) {
            collector.run { () throws(Diagnostic) in try application.apply(prepared) }
        } else {
            collector.run { () throws(Diagnostic) in try application.apply(style) }
        }
    }

    /// A view's own style prepared, with its locations entered in the rules' table, once it is
    /// seen a second time, in this cascade or an earlier one of the stylesheet (many views
    /// share their `style = …`, and a host restyles its tree; a style of one view, applied
    /// once, is cheaper applied as it is); nil for a style seen once, or too large to prepare.
    private func prepared(_ style: Style) -> PreparedStyle? {
        guard style.count <= PreparedStyle.maximumPrepared, let key = style.storageIdentity else { return nil }
        return ownStyles.prepared(style, key: key)
    }
}

/// The views' own styles a stylesheet's cascades have seen, by storage, each prepared once
/// seen twice. Carried from cascade to cascade (`Stylesheet.ownStyles`) and pruned to the
/// styles the last cascade used when others outnumber them, so a host that builds new styles
/// for every restyle does not grow it without bound.
final class OwnStyles {
    /// One style seen: kept so that its storage, and the key, live on.
    final class Entry {
        let style: Style
        var prepared: PreparedStyle?
        /// The cascade (`generation`) that last applied it.
        var lastUsed: Int

        init(style: Style, lastUsed: Int) {
            self.style = style
            self.lastUsed = lastUsed
        }
    }

    /// The provenance table the styles are prepared with (their locations' indices).
    let table: ProvenanceTable
    /// The traits they are prepared for.
    let traits: Traits
    /// The value table their constants are interned in.
    let values: ValueTable
    private var entries: [UnsafeRawPointer: Entry] = [:]
    private var generation = 0
    /// How many entries the current cascade applied.
    private var used = 0

    init(table: ProvenanceTable, values: ValueTable, traits: Traits = .default) {
        self.table = table
        self.values = values
        self.traits = traits
    }

    var count: Int { entries.count }
    /// How many of the styles are prepared.
    var preparedCount: Int { entries.values.count { $0.prepared != nil } }

    /// Begins a cascade: drops the styles the previous one did not apply when they outnumber
    /// those it did. A `partial` one (a state change restyling a view or a subtree) drops
    /// nothing and counts as part of the previous cascade: what a view alone applies says
    /// nothing of what the rest of the tree still uses.
    func startCascade(partial: Bool = false) {
        if partial { return }
        if entries.count > 2 * used + 64 {
            entries = entries.filter { $0.value.lastUsed == generation }
        }
        generation += 1
        used = 0
    }

    /// The same styles for `traits`: those prepared stay prepared when they write the same
    /// under any traits (`PreparedStyle.dependsOnTraits`); the others are prepared again when
    /// next applied.
    func forTraits(_ traits: Traits) -> OwnStyles {
        let next = OwnStyles(table: table, values: values, traits: traits)
        next.generation = generation
        next.used = used
        next.entries = entries
        for entry in entries.values where entry.prepared?.dependsOnTraits == true { entry.prepared = nil }
        return next
    }

    /// `style` (whose storage is `key`) prepared when seen before; nil the first time.
    func prepared(_ style: Style, key: UnsafeRawPointer) -> PreparedStyle? {
        guard let entry = entries[key] else {
            entries[key] = Entry(style: style, lastUsed: generation)
            used += 1
            return nil
        }
        if entry.lastUsed != generation {
            entry.lastUsed = generation
            used += 1
        }
        if let prepared = entry.prepared { return prepared }
        let prepared = PreparedStyle(style, table: table, values: values, traits: traits)
        entry.prepared = prepared
        return prepared
    }
}

extension CascadeSteps {
    /// What appearances and rules give every view of `kind` that matches `candidates` (as
    /// `StyledTree` keeps matches), when that is one result kept for all of them: plain styles
    /// and no diagnostic. Worked out the first time on a view of its own, outside the tree (a
    /// plain style reads nothing else), then kept as `run` keeps it. Nil otherwise; the view
    /// is then styled by `run`, which reports what went wrong.
    /// `context`: the view's (`context(of:parent:)`), whose result is looked up first.
    func sharedResult(kind: Kind, state: ControlState = [], candidates: [Int32], context: Int32?) -> MatchContexts.Result? {
        guard cachesResults else { return nil }
        if let context, let result = contexts[context].result { return result }
        let key = MatchedResults.Key(kind: ObjectIdentifier(kind), matches: keysIgnoreMatches ? [] : candidates,
                                     state: kind.isControl && !keysIgnoreState ? state.rawValue : 0)
        if let result = keptResult(key, context: context) { return result }
        let matches = candidates.map { index.match(of: Int($0)) }
        guard appearances(for: kind).plain, matches.allSatisfy({ index.preparedStyles[$0.rule].isPlain }) else { return nil }
        let alone = View(kind: kind)
        if kind.isControl { alone.stateOverride = state }
        let application = StyleApplication(view: alone, provenanceTable: provenanceTable, origins: index.provenanceTable,
                                           traits: traits, defaults: defaults, values: index.values)
        application.budget = budget
        var collector = DiagnosticCollector()
        runAppearancesAndRules(application, matches: matches, context: context, into: &collector)
        return results.find(key)  // nil when not kept: a diagnostic
    }
}
