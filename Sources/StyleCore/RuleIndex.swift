/// Rules bucketed by their subjects' most selective key, so that matching a view tests only the
/// rules that could match it rather than every rule.
///
/// Each complex selector goes into one bucket, chosen from its subject (rightmost compound):
/// its id, else its rarest class. A subject with neither (`.card--dark Label`) goes by an id or
/// class an ancestor must have, the rarest (as Blink buckets such rules by an ancestor's name
/// too), else by its kind, else into the universal bucket. A view gathers the buckets of its id,
/// of each of its classes, of each id and class on its ancestors, of its kind and super-kinds,
/// and the universal one; each candidate is then verified in full.
///
///     let index = RuleIndex(sheet.rules)
///     for match in index.matches(for: button) { print(match.selector.text, match.rule.order) }
public struct RuleIndex {
    /// A complex selector of a rule: `rules[rule].selector.selectors[selector]`.
    public struct Entry: Hashable, Sendable {
        public let rule: Int
        public let selector: Int
    }

    public let rules: [Rule]
    /// What matching needs of each complex selector, in the order of `rules`; buckets hold
    /// indices into it.
    let prepared: [Candidate]
    /// Every candidate's compounds as matching reads them (`Candidate.compounds`).
    let records: CompoundRecords
    /// The candidates' left parts, for a walk that keeps which views above match them
    /// (`PrefixPath`).
    let prefixes: SelectorPrefixes
    /// Each rule's style, prepared for applying (`rules[r].style`) for runs of `traits`.
    let preparedStyles: [PreparedStyle]
    let traits: Traits
    /// Where the cascade records the provenance of the views this index styles: the rules'
    /// origins and locations are entered once, here, rather than at every write.
    let provenanceTable: ProvenanceTable
    /// Where the prepared styles' constants are interned: the table of the stores the cascade
    /// applies them to (the engine's, `StyleEngine.valueTable`).
    let values: ValueTable
    /// Where each rule's complex selectors start in `prepared`.
    let firstCandidate: [Int]
    /// By the id's and the class's `AncestorFilter` key, which a view computes once
    /// (`View.selectorKeys`), which is the name's alone (`AncestorFilter.key(class:)`).
    private let byID: KeyTable<Range<Int32>>
    private let byClass: KeyTable<Range<Int32>>
    /// By the kind's `ObjectIdentifier`.
    private let byKind: KeyTable<Range<Int32>>
    private let universal: Range<Int32>
    /// Selectors whose subject has no id or class, by the key of an id or class one of the
    /// view's ancestors must have: a view of a kind many such rules name (`.block--dark Label`
    /// for each block) tests only those whose ancestor name is on its path.
    private let byAncestorName: KeyTable<Range<Int32>>
    /// Every bucket's slots, one bucket after another: a bucket is a range of them, so gathering
    /// one copies and retains nothing (a bucket of its own was an array retained and released at
    /// every lookup, a dozen a view). Each bucket's slots are in cascade order (`ranks`), so a
    /// view's matches come as a few ordered runs.
    private let slots: [Slot]
    /// Each slot's subject compound, a copy of its record kept in the slots' order: going
    /// through a bucket reads them one after another instead of from all over `records`.
    private let subjects: [CompoundRecords.Record]
    /// The names the rules give ids and classes, by key: a view whose names are the only ones
    /// of their keys has its keys compared alone, and a name no rule gives is left out of match
    /// contexts (`MatchContexts`).
    let exactNames: ExactNames

    /// A candidate as a bucket lists it: what rejects most candidates, inline, so that going
    /// through a bucket reads one small array rather than every candidate's selector.
    struct Slot {
        /// Index into `prepared`.
        let candidate: Int32
        /// Whether a view in the bucket may be of a kind the rule's style cannot apply to: not
        /// when the subject's kind is the style's kind or a sub-kind of it.
        let checksKind: Bool
        /// The ancestor keys the selector needs (`Candidate.ancestorKeys`), as the filter probes them.
        let probe: AncestorFilter.Probe
        /// The selector's prefix (`SelectorPrefixes`), -1 for one compound.
        let prefix: Int32
        /// Whether the subject is joined to the prefix by `>`.
        let childOfPrefix: Bool

        init(_ candidate: Int, _ prepared: Candidate, prefix: Int32) {
            self.candidate = Int32(candidate)
            let subjectKind = prepared.selector.subject.kind
            checksKind = !(subjectKind?.isA(prepared.styleKind) ?? false)
            probe = AncestorFilter.Probe(prepared.ancestorKeys)
            self.prefix = prefix
            childOfPrefix = prepared.selector.combinators.last == .child
        }
    }

    /// Whether some rule's selector has a pseudo-class in a compound other than its subject
    /// (`Button:highlighted > Label`): then a view's state changes what its descendants match.
    /// Found once per index, not at every state change.
    let hasPseudoClassesAboveSubjects: Bool

    /// One complex selector, with what the cascade tests before verifying it, computed once.
    struct Candidate {
        let entry: Entry
        /// The rule's style's kind: a view of another kind cannot take the rule.
        let styleKind: Kind
        /// `styleKind`, compared without retaining it.
        let styleKindID: ObjectIdentifier
        let specificity: Specificity
        /// The rule's source order.
        let order: Int
        let selector: ComplexSelector
        /// `AncestorFilter.keys(requiredBy: selector)`.
        let ancestorKeys: [Int]
        /// `.rule(selector: selector.text)` in the provenance table.
        let origin: UInt32
        /// Whether the rule's list has other complex selectors, which a view may match too
        /// (then the most specific counts).
        let isInList: Bool
        /// `selector`'s compounds in `RuleIndex.records`.
        let compounds: CompoundRecords.Span
    }

    /// A verified match while ordering a view's matches.
    struct Match {
        /// Index into `prepared`.
        var candidate: Int
        var rule: Int
        var selector: Int
        var specificity: Specificity
        var order: Int
        /// The candidate's place in cascade order (`RuleIndex.ranks`): sorting a view's
        /// matches compares these alone.
        var rank: Int32
    }

    /// Each candidate's place when all are ordered by specificity, then source order (then
    /// by their place in the list, which only tells apart selectors of one rule, of which a
    /// view keeps one): a view's matches sort by this one number.
    let ranks: [Int32]
    /// The candidate of each rank: `ranks` inverted.
    let byRank: [Int32]

    public init(_ rules: [Rule]) {
        self.init(rules, provenanceTable: ProvenanceTable(), values: ValueTable())
    }

    /// An index recording provenance into `provenanceTable` (a restyle shares one table), its
    /// styles' constants interned in `values`.
    init(_ rules: [Rule], provenanceTable: ProvenanceTable, values: ValueTable, traits: Traits = .default) {
        self.rules = rules
        self.provenanceTable = provenanceTable
        self.values = values
        self.traits = traits
        var classUse: [String: Int] = [:]
        var ancestorNameUse: [Int: Int] = [:]
        for rule in rules {
            for complex in rule.selector.selectors where complex.subject.id == nil {
                for c in complex.subject.classes { classUse[c, default: 0] += 1 }
                if complex.subject.classes.isEmpty {
                    for key in AncestorFilter.nameKeys(requiredBy: complex) { ancestorNameUse[key, default: 0] += 1 }
                }
            }
        }
        var prepared: [Candidate] = []
        var records = CompoundRecords()
        var firstCandidate: [Int] = []
        var byID: [Int: [Int]] = [:], byClass: [Int: [Int]] = [:], byKind: [Int: [Int]] = [:]
        var byAncestorName: [Int: [Int]] = [:], universal: [Int] = []
        for (r, rule) in rules.enumerated() {
            firstCandidate.append(prepared.count)
            for (s, complex) in rule.selector.selectors.enumerated() {
                let i = prepared.count
                prepared.append(Candidate(entry: Entry(rule: r, selector: s), styleKind: rule.style.kind,
                                          styleKindID: ObjectIdentifier(rule.style.kind),
                                          specificity: complex.specificity, order: rule.order, selector: complex,
                                          ancestorKeys: AncestorFilter.keys(requiredBy: complex),
                                          origin: provenanceTable.index(of: .rule(selector: complex.text)),
                                          isInList: rule.selector.selectors.count > 1,
                                          compounds: records.append(complex)))
                let subject = complex.subject
                let slot = i
                if let id = subject.id {
                    byID[AncestorFilter.key(id: id), default: []].append(slot)
                } else if let rarest = subject.classes.min(by: { classUse[$0, default: 0] < classUse[$1, default: 0] }) {
                    byClass[AncestorFilter.key(class: rarest), default: []].append(slot)
                } else if let rarest = AncestorFilter.nameKeys(requiredBy: complex).min(by: { ancestorNameUse[$0, default: 0] < ancestorNameUse[$1, default: 0] }) {
                    byAncestorName[rarest, default: []].append(slot)
                } else if let kind = subject.kind {
                    byKind[Self.key(of: kind), default: []].append(slot)
                } else {
                    universal.append(slot)
                }
            }
        }
        let ranks = Self.ranks(of: prepared)
        let prefixes = SelectorPrefixes(prepared, records: records)
        func slot(_ i: Int) -> Slot { Slot(i, prepared[i], prefix: prefixes.ofCandidate[i]) }
        var slots: [Slot] = []
        self.byID = Self.ranges(of: byID, ranks: ranks, in: &slots, slot)
        self.byClass = Self.ranges(of: byClass, ranks: ranks, in: &slots, slot)
        self.byKind = Self.ranges(of: byKind, ranks: ranks, in: &slots, slot)
        self.byAncestorName = Self.ranges(of: byAncestorName, ranks: ranks, in: &slots, slot)
        self.universal = Int32(slots.count)..<Int32(slots.count + universal.count)
        slots += universal.sorted { ranks[$0] < ranks[$1] }.map(slot)
        self.slots = slots
        subjects = slots.map { slot in
            let span = prepared[Int(slot.candidate)].compounds
            return records.records[Int(span.start) + Int(span.count) - 1]
        }
        exactNames = ExactNames(prepared.lazy.flatMap(\.selector.compounds))
        self.prepared = prepared
        self.records = records
        self.prefixes = prefixes
        self.ranks = ranks
        var byRank = [Int32](repeating: 0, count: ranks.count)
        for (candidate, rank) in ranks.enumerated() { byRank[Int(rank)] = Int32(candidate) }
        self.byRank = byRank
        self.firstCandidate = firstCandidate
        self.preparedStyles = rules.map { [provenanceTable] in PreparedStyle($0.style, table: provenanceTable, values: values, traits: traits) }
        hasPseudoClassesAboveSubjects = prepared.contains { $0.selector.compounds.dropLast().contains(where: \.hasPseudoClasses) }
    }

    /// `old`'s buckets and candidates for `rules`, which have `old`'s selectors (the same text,
    /// of the very same kinds) and style kinds, in order, with other styles: a theme switch
    /// re-prepares the styles (their constants interned in `values`) and keeps the rest. Nil
    /// when the selectors differ.
    init?(_ rules: [Rule], selectorsOf old: RuleIndex, provenanceTable: ProvenanceTable, values: ValueTable, traits: Traits? = nil) {
        guard provenanceTable === old.provenanceTable, Self.sameSelectors(rules, old.rules, compoundByCompound: true) else { return nil }
        self.rules = rules
        self.provenanceTable = provenanceTable
        self.values = values
        let traits = traits ?? old.traits
        self.traits = traits
        prepared = old.prepared
        records = old.records
        prefixes = old.prefixes
        ranks = old.ranks
        byRank = old.byRank
        firstCandidate = old.firstCandidate
        byID = old.byID
        byClass = old.byClass
        byKind = old.byKind
        universal = old.universal
        byAncestorName = old.byAncestorName
        slots = old.slots
        subjects = old.subjects
        exactNames = old.exactNames
        hasPseudoClassesAboveSubjects = old.hasPseudoClassesAboveSubjects
        // Styles that write the same stay prepared: the same style of the same kind (or one
        // that runs the same steps: a reload's copy of an unchanged rule's style), its constants
        // in the same table, under any traits or under the same traits (a trait change, or a
        // reload that kept a rule as it was).
        var comparison = StyleComparison()
        var kept = [Bool](repeating: false, count: rules.count)
        preparedStyles = rules.indices.map { r in
            let style = rules[r].style, former = old.rules[r].style
            if old.values === values, !old.preparedStyles[r].dependsOnTraits || old.traits == traits,
               style.storageIdentity == former.storageIdentity && style.kind === former.kind || comparison.same(former, style) {
                kept[r] = true
                return old.preparedStyles[r]
            }
            return PreparedStyle(style, table: provenanceTable, values: values, traits: traits)
        }
        keptFromFormer = (former: old.preparedStyles, styles: kept)
    }

    /// When this index was made from another (`init(_:selectorsOf:…)`): that one's prepared
    /// styles (held, so that their storage names them) and, by rule, whether the rule's style
    /// runs the same steps as the other's rule in its place and kept its prepared style. A
    /// restyle after a tree that index styled pairs the unchanged rules from it without
    /// comparing their styles again.
    private(set) var keptFromFormer: (former: [PreparedStyle], styles: [Bool])?

    /// Whether rule `r`'s style runs the same steps as rule `r` of `former`, as this index
    /// found when it was made from `former`; nil when it was not.
    func keepsStyle(of r: Int, from former: RuleIndex) -> Bool? {
        guard let keptFromFormer, !former.preparedStyles.isEmpty, keptFromFormer.former.hasStorage(of: former.preparedStyles) else { return nil }
        return keptFromFormer.styles[r]
    }

    /// Whether this index was made from `former` (`init(_:selectorsOf:…)`): its rules then have
    /// `former`'s selectors, compound by compound, without comparing them again.
    func wasMade(from former: RuleIndex) -> Bool {
        guard let keptFromFormer, !former.preparedStyles.isEmpty else { return false }
        return keptFromFormer.former.hasStorage(of: former.preparedStyles)
    }

    /// Whether two lists of rules have the same selectors, in order, for styles of the same
    /// kinds: the same text, which numbers their candidates alike (what a restyle needs to carry
    /// matches over); with `compoundByCompound`, also at the same places and of the very same
    /// kinds (a kind a script declares again is another object), so that one index serves both.
    ///
    /// The same text at the same place parses to the same ids, classes, states and places: of
    /// its compounds, only the kinds its names resolved to may be others. Rules, selectors and
    /// compounds are read where they are: a reload asks this of every rule, and copying each out
    /// retained its texts and lists.
    static func sameSelectors(_ a: [Rule], _ b: [Rule], compoundByCompound: Bool) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                a.indices.allSatisfy { r in
                    let (x, y) = (a.baseAddress! + r, b.baseAddress! + r)
                    guard x.pointee.style.kind === y.pointee.style.kind else { return false }
                    return x.pointee.selector.selectors.withUnsafeBufferPointer { p in
                        y.pointee.selector.selectors.withUnsafeBufferPointer { q in
                            p.count == q.count && p.indices.allSatisfy { k in
                                guard p[k].text == q[k].text else { return false }
                                guard compoundByCompound else { return true }
                                guard p[k].offset == q[k].offset else { return false }
                                return p[k].compounds.withUnsafeBufferPointer { pc in
                                    q[k].compounds.withUnsafeBufferPointer { qc in
                                        pc.count == qc.count && pc.indices.allSatisfy { pc[$0].kind === qc[$0].kind }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private static func ranks(of prepared: [Candidate]) -> [Int32] {
        let ordered = prepared.indices.sorted { a, b in
            let x = prepared[a], y = prepared[b]
            if x.specificity != y.specificity { return x.specificity < y.specificity }
            if x.order != y.order { return x.order < y.order }
            return x.entry.selector < y.entry.selector
        }
        var ranks = [Int32](repeating: 0, count: prepared.count)
        for (rank, candidate) in ordered.enumerated() { ranks[candidate] = Int32(rank) }
        return ranks
    }

    /// Each bucket's place in `slots`, to which its slots are appended in cascade order.
    private static func ranges(of buckets: [Int: [Int]], ranks: [Int32], in slots: inout [Slot],
                               _ slot: (Int) -> Slot) -> KeyTable<Range<Int32>> {
        var ranges: [Int: Range<Int32>] = [:]
        for (key, bucket) in buckets {
            ranges[key] = Int32(slots.count)..<Int32(slots.count + bucket.count)
            slots += bucket.sorted { ranks[$0] < ranks[$1] }.map(slot)
        }
        return KeyTable(ranges)
    }

    /// A kind's key in `byKind`.
    private static func key(of kind: Kind) -> Int { Int(bitPattern: ObjectIdentifier(kind)) }

    /// Calls `gather` with the ancestor-name bucket of each distinct id and class key on the
    /// path above `view`, found by walking its ancestors (a cascade keeps them as it goes
    /// instead: `push(_:onto:)`).
    @inline(__always)
    private func gatherByAncestorNames(of view: View, _ gather: (Range<Int32>) -> Void) {
        guard !byAncestorName.isEmpty else { return }
        var names: [Int] = []
        var ancestor = view.parent
        while let a = ancestor {
            if let id = a.selectorKeys.id { names.append(id) }
            names += a.selectorKeys.classes
            ancestor = a.parent
        }
        for (i, key) in names.enumerated() {
            // A name two ancestors have is gathered once.
            guard let bucket = byAncestorName[key], !names[..<i].contains(key) else { continue }
            gather(bucket)
        }
    }

    /// Adds to `buckets` the ancestor-name buckets of `view`'s id and classes that are not on
    /// the path yet, as the cascade pushes `view` before its children.
    func push(_ view: View, onto buckets: inout AncestorBuckets) {
        buckets.marks.append(buckets.ranges.count)
        guard !byAncestorName.isEmpty else { return }
        let keys = view.selectorKeys
        if let id = keys.id { buckets.add(id, byAncestorName[id]) }
        for key in keys.classes { buckets.add(key, byAncestorName[key]) }
    }

    /// The match of candidate `c`, as `orderedMatches` lists it.
    func match(of c: Int) -> Match {
        Match(candidate: c, rule: prepared[c].entry.rule, selector: prepared[c].entry.selector,
              specificity: prepared[c].specificity, order: prepared[c].order, rank: ranks[c])
    }

    /// The complex selectors that could match `view`, before verification: those in its
    /// buckets whose rule's style the view can take. Each appears once, in no particular order.
    public func candidates(for view: View) -> [Entry] {
        var out: [Entry] = []
        func gather(_ bucket: Range<Int32>?) {
            guard let bucket else { return }
            for slot in slots[Int(bucket.lowerBound)..<Int(bucket.upperBound)] where view.kind.isA(prepared[Int(slot.candidate)].styleKind) {
                out.append(prepared[Int(slot.candidate)].entry)
            }
        }
        let keys = view.selectorKeys
        if let id = keys.id { gather(byID[id]) }
        for c in keys.classes { gather(byClass[c]) }
        gatherByAncestorNames(of: view) { gather($0) }
        for k in view.kind.lineage { gather(byKind[Self.key(of: k)]) }
        gather(universal)
        return out
    }

    /// The rules that apply to `view`, in cascade order: ascending specificity, then source order.
    ///
    /// A rule whose list has several matching selectors counts once, with the most specific
    /// (the first written on a tie), as in CSS; its style is applied once.
    public func matches(for view: View) -> [RuleMatch] {
        var found: [Match] = []
        orderedMatches(for: view, filter: nil, into: &found)
        return found.map { RuleMatch(rule: rules[$0.rule], selector: prepared[$0.candidate].selector) }
    }

    /// `matches(for:)` as `Match`es in `found` (emptied first, its storage reused), without
    /// copying rules: what the cascade runs for every view.
    ///
    /// With `filter` holding the keys of `view`'s ancestors, a candidate needing an ancestor key
    /// the filter lacks is rejected without walking the ancestors.
    ///
    /// `ancestors`: the ancestor-name buckets of the path, when the caller keeps them as it
    /// pushes views (`push(_:onto:)`), each found once per ancestor rather than once per view;
    /// else they are found by walking the view's ancestors.
    ///
    /// `prefixes`: which prefixes the views above `view` match, when the caller keeps them as
    /// it pushes views (its parent pushed last): a candidate is then decided by its subject and
    /// one lookup, and no ancestor is searched. `ranked`: storage for the matches' ranks.
    func orderedMatches(for view: View, filter: AncestorFilter?, ancestors: AncestorBuckets? = nil,
                        prefixes: PrefixPath? = nil, ranked: inout [Int32], into found: inout [Match]) {
        found.removeAll(keepingCapacity: true)
        ranked.removeAll(keepingCapacity: true)
        let kind = view.kind
        let nearest = prefixes?.deepest ?? []
        let parentDepth = Int32((prefixes?.depth ?? 0) - 1)
        let usesPrefixes = prefixes != nil
        // What the gathering finds out, through a pointer: local variables the nested function
        // changed were boxed and checked for exclusive access at every candidate.
        var gathered = Gathered()
        withUnsafeMutablePointer(to: &gathered) { gathered in
        records.withReader { records in
        prepared.withUnsafeBufferPointer { prepared in slots.withUnsafeBufferPointer { slots in ranks.withUnsafeBufferPointer { ranks in
        nearest.withUnsafeBufferPointer { nearest in subjects.withUnsafeBufferPointer { subjects in
            func gather(_ bucket: Range<Int32>?) {
                guard let bucket else { return }
                for s in Int(bucket.lowerBound)..<Int(bucket.upperBound) {
                    let slot = slots[s]
                    let i = Int(slot.candidate)
                    if usesPrefixes {
                        if slot.prefix >= 0 {
                            let depth = nearest[Int(slot.prefix)]
                            guard depth >= 0, !slot.childOfPrefix || depth == parentDepth else { continue }
                        }
                        if slot.checksKind, !kind.isA(id: prepared[i].styleKindID) { continue }
                        let span = prepared[i].compounds
                        let confirms = gathered.pointee.confirmsNames ?? !exactNames.areTheOnlyNames(of: view)
                        gathered.pointee.confirmsNames = confirms
                        guard records.matches(subjects[s], at: Int(span.start) + Int(span.count) - 1, view, confirms: confirms) else { continue }
                    } else {
                        if let filter {
                            guard filter.mayPass(slot.probe) else { continue }
                            if !slot.probe.isComplete, !filter.mayContainAll(prepared[i].ancestorKeys) { continue }
                        }
                        // Reading fields rather than copying the candidate: a copy retains its
                        // kind, selector and keys, for every candidate of every view.
                        if slot.checksKind, !kind.isA(id: prepared[i].styleKindID) { continue }
                        guard records.matches(prepared[i].compounds, view) else { continue }
                    }
                    if prepared[i].isInList { gathered.pointee.hasListMatches = true }
                    ranked.append(ranks[i])
                }
            }
            // Empty bucket maps are skipped without hashing: a restyle tests every view against
            // an index of the few changed rules.
            if !byID.isEmpty || !byClass.isEmpty {
                let keys = view.selectorKeys
                if !byID.isEmpty, let id = keys.id { gather(byID[id]) }
                if !byClass.isEmpty {
                    // Two classes of one view may share a key: their bucket is gathered once,
                    // so that no candidate is gathered twice.
                    for (n, c) in keys.classes.enumerated() where n == 0 || !keys.classes[..<n].contains(c) { gather(byClass[c]) }
                }
            }
            if let ancestors {
                for bucket in ancestors.ranges { gather(bucket) }
            } else {
                gatherByAncestorNames(of: view) { gather($0) }
            }
            if !byKind.isEmpty {
                // By identity, the super-kinds from the kind's list: walking `superKind`
                // retained each.
                gather(byKind[Self.key(of: kind)])
                for id in kind.lineageIdentifiers { gather(byKind[Int(bitPattern: id)]) }
            }
            gather(universal)
        } } } } } } }
        // Each bucket gave its matches in cascade order: the ranks are a few ordered runs,
        // which the sort merges.
        if ranked.count > 1 { ranked.sort() }
        for rank in ranked { found.append(match(of: Int(byRank[Int(rank)]))) }
        if gathered.hasListMatches { keepTheBestOfEachList(&found) }
    }

    /// What `orderedMatches` finds out while gathering.
    private struct Gathered {
        /// Whether a rule of several selectors matched: then only its best counts.
        var hasListMatches = false
        /// Whether the view's keys are confirmed by its names (`ExactNames`), asked once a
        /// candidate gets as far as its names: most views of a small index (a restyle's changed
        /// rules) never do.
        var confirmsNames: Bool?
    }

    /// Whether some bucket holds candidates for `view`: false when none of its buckets (its id's,
    /// its classes', its kinds', the universal one, the path's ancestor-name buckets in
    /// `ancestors`) has any, so that it matches nothing here. What a restyle asks of every view
    /// before testing it against the few changed rules.
    func hasCandidates(for view: View, ancestors: AncestorBuckets) -> Bool {
        if !universal.isEmpty || ancestors.ranges.contains(where: { !$0.isEmpty }) { return true }
        if !byID.isEmpty || !byClass.isEmpty {
            let keys = view.selectorKeys
            if !byID.isEmpty, let id = keys.id, byID[id] != nil { return true }
            if !byClass.isEmpty, keys.classes.contains(where: { byClass[$0] != nil }) { return true }
        }
        if !byKind.isEmpty {
            let kind = view.kind
            if byKind[Self.key(of: kind)] != nil || kind.lineageIdentifiers.contains(where: { byKind[Int(bitPattern: $0)] != nil }) {
                return true
            }
        }
        return false
    }

    /// `orderedMatches(for:filter:ancestors:prefixes:ranked:into:)` with ranks of its own.
    func orderedMatches(for view: View, filter: AncestorFilter?, ancestors: AncestorBuckets? = nil, into found: inout [Match]) {
        var ranked: [Int32] = []
        orderedMatches(for: view, filter: filter, ancestors: ancestors, ranked: &ranked, into: &found)
    }

    /// A rule whose list has several matching selectors counts once, with the most specific
    /// (the first written on a tie), as in CSS: the others of its rule leave `found`.
    private func keepTheBestOfEachList(_ found: inout [Match]) {
        func better(_ a: Match, than b: Match) -> Bool {
            a.specificity > b.specificity || (a.specificity == b.specificity && a.selector < b.selector)
        }
        var kept = 0
        for n in found.indices {
            let match = found[n]
            // The best of a rule is never left out, so it is among those kept or those to come.
            if prepared[match.candidate].isInList,
               found[..<kept].contains(where: { $0.rule == match.rule && better($0, than: match) })
                || found[(n + 1)...].contains(where: { $0.rule == match.rule && better($0, than: match) }) {
                continue
            }
            found[kept] = match
            kept += 1
        }
        found.removeSubrange(kept...)
    }
}

/// A rule that applies to a view, with the complex selector that matched.
public struct RuleMatch {
    public let rule: Rule
    /// The most specific complex selector of the rule's list that matched; provenance shows its text.
    public let selector: ComplexSelector

    public var specificity: Specificity { selector.specificity }
}

/// The ancestor-name buckets (`RuleIndex`'s rules bucketed by a name an ancestor must have) of
/// the names on the path above the view being styled, each once: found as the cascade pushes
/// each ancestor (`RuleIndex.push(_:onto:)`), not looked up again for every view below it.
struct AncestorBuckets {
    /// The buckets, nearest ancestor's last.
    fileprivate(set) var ranges: [Range<Int32>] = []
    /// The name each bucket is of: a name two ancestors have is gathered once.
    private var names: [Int] = []
    /// `ranges.count` before each pushed view's buckets.
    fileprivate var marks: [Int] = []

    fileprivate mutating func add(_ name: Int, _ bucket: Range<Int32>?) {
        guard let bucket, !names.contains(name) else { return }
        ranges.append(bucket)
        names.append(name)
    }

    /// Removes the buckets of the view pushed last.
    mutating func pop() {
        let mark = marks.removeLast()
        ranges.removeLast(ranges.count - mark)
        names.removeLast(names.count - mark)
    }
}

extension RuleIndex {
    /// The names the rules give ids and classes, by their keys, to tell when a view's keys
    /// decide a match alone. A key is a hash (`AncestorFilter.key(class:)`) two names may share:
    /// a compound whose keys a view has is confirmed by comparing names, at every record tested.
    /// When no two of the rules' names share a key and each of the view's names that has a
    /// rule's key is that rule's name, the view's keys are its names for this index, and the
    /// comparison is left out: one lookup per name of the view instead of one comparison per
    /// compound matched.
    struct ExactNames {
        /// Each key's name; ids and classes apart (their keys differ by a tag).
        private let names: KeyTable<String>
        /// False when two of the rules' names share a key: every view is confirmed.
        private let distinct: Bool

        init(_ compounds: some Sequence<CompoundSelector>) {
            var byKey: [Int: String] = [:]
            var distinct = true
            for compound in compounds {
                var named = compound.classes.map { (AncestorFilter.key(class: $0), $0) }
                if let id = compound.id { named.append((AncestorFilter.key(id: id), id)) }
                for (key, name) in named {
                    if let known = byKey[key] {
                        if known != name { distinct = false }
                    } else {
                        byKey[key] = name
                    }
                }
            }
            names = KeyTable(byKey)
            self.distinct = distinct
        }

        /// Whether some rule names an id or class of this key (`AncestorFilter.key(id:)`,
        /// `key(class:)`): false only for a name no rule names.
        func isNamed(_ key: Int) -> Bool { names[key] != nil }

        /// Whether each of `view`'s id and classes that has the key of a rule's name is that
        /// name, so that a compound's keys on the view are its names.
        func areTheOnlyNames(of view: View) -> Bool {
            guard distinct else { return false }
            let keys = view.selectorKeys
            if let key = keys.id, let name = names[key], name != view.id { return false }
            guard keys.classes.count > 0 else { return true }
            var n = 0
            for key in keys.classes {
                if let name = names[key], name != view.classes[n] { return false }
                n += 1
            }
            return true
        }
    }
}
