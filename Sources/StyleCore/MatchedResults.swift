/// What appearances and rules gave views, by kind and matches: a matched-properties cache, as
/// browsers keep one per document. The cascade looks a view's kind and matches up before
/// applying anything (`CascadeSteps`), and keeps what it applied when it may be shared (plain
/// styles, no diagnostic).
///
/// A stylesheet keeps its table from one cascade to the next (`Stylesheet.matchedResults`), as
/// long as its rules, appearances and provenance table stay the same and for one provenance
/// setting, so views styled again (a host restyling its tree, a new cell, a theme applied
/// twice) take the results earlier cascades worked out. Results no cascade used lately are let
/// go once they outnumber those the last one used, so a host that styles ever new trees does
/// not grow the table without bound. Each entry holds its kind, so a kind's identity is never
/// taken by another while an entry names it.
final class MatchedResults {
    struct Key: Equatable {
        let kind: ObjectIdentifier
        let matches: [Int32]
        /// The view's control state: a `when` of a state gives views of one kind and matches
        /// other results in other states.
        let state: UInt8
        /// The kind and matches mixed once: where the table looks first, and what two keys
        /// compare before their matches.
        let mixed: Int

        init(kind: ObjectIdentifier, matches: [Int32], state: UInt8 = 0) {
            self.kind = kind
            self.matches = matches
            self.state = state
            var h = UInt64(UInt(bitPattern: kind)) ^ 0xCBF2_9CE4_8422_2325 ^ (UInt64(state) << 56)
            for m in matches { h = (h ^ UInt64(UInt32(bitPattern: m))) &* 0x0000_0100_0000_01B3 }
            mixed = Int(truncatingIfNeeded: h ^ (h >> 29))
        }

        init(kind: ObjectIdentifier, matches: [Int32], state: UInt8, mixed: Int) {
            self.kind = kind
            self.matches = matches
            self.state = state
            self.mixed = mixed
        }

        static func == (a: Key, b: Key) -> Bool {
            a.mixed == b.mixed && a.kind == b.kind && a.state == b.state && a.matches == b.matches
        }
    }

    private struct Entry {
        let key: Key
        /// Held so that `key.kind` names this kind for as long as the entry lives.
        let kind: Kind
        let result: MatchContexts.Result
        /// The cascade (`generation`) that last used it.
        var lastUsed: Int
        /// Whether the result can differ under other traits (see `insert`).
        let dependsOnTraits: Bool
    }

    /// What the results were worked out with: they hold only for cascades of the same.
    private let table: ProvenanceTable
    private let recordsProvenance: Bool
    private let ruleCount: Int
    private let appearanceCount: Int

    /// Where each entry is, by `Key.mixed`: a lookup for every view matched, where a
    /// dictionary's seeded hashing cost more than the comparison.
    /// Unchecked: the table is used by one cascade at a time, and checking each access cost more
    /// than the lookup (a cascade looks up every view it matches).
    @exclusivity(unchecked) private var index = ProbeIndex()
    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var generation = 0
    /// How many entries the current cascade used.
    @exclusivity(unchecked) private var used = 0

    init(table: ProvenanceTable, recordsProvenance: Bool, ruleCount: Int, appearanceCount: Int) {
        self.table = table
        self.recordsProvenance = recordsProvenance
        self.ruleCount = ruleCount
        self.appearanceCount = appearanceCount
    }

    /// Whether these results hold for a cascade of `stylesheet` recording provenance into
    /// `table` (or not): the same rules, appearances and table.
    func holds(for stylesheet: Stylesheet, table: ProvenanceTable, recordsProvenance: Bool) -> Bool {
        self.table === table && self.recordsProvenance == recordsProvenance
            && ruleCount == stylesheet.rules.count && appearanceCount == stylesheet.appearances.count
    }

    var count: Int { entries.count }

    /// Begins a cascade: lets go of the results the previous one did not use when they
    /// outnumber those it did.
    func startCascade(partial: Bool = false) {
        // Part of a tree restyled (a state change): the rest of it still uses what it kept.
        if partial { return }
        if entries.count > 2 * used + 256 {
            let kept = entries.filter { $0.lastUsed == generation }
            entries = []
            index = ProbeIndex(expecting: kept.count)
            for entry in kept { insert(entry) }
        }
        generation += 1
        used = 0
    }

    /// The result kept for `key`, or nil.
    func find(_ key: Key) -> MatchContexts.Result? {
        guard let i = entries.withUnsafeBufferPointer({ entries in index.find(key.mixed) { entries[Int($0)].key == key } }) else {
            return nil
        }
        if entries[Int(i)].lastUsed != generation {
            entries[Int(i)].lastUsed = generation
            used += 1
        }
        return entries[Int(i)].result
    }

    /// Keeps `result` for views of `kind` matching `key.matches`; there is none yet.
    /// `dependsOnTraits`: whether it can differ under other traits (the kind's defaults do, or
    /// a style that wrote it: `PreparedStyle.dependsOnTraits`).
    func insert(_ key: Key, kind: Kind, _ result: MatchContexts.Result, dependsOnTraits: Bool = true) {
        used += 1
        insert(Entry(key: key, kind: kind, result: result, lastUsed: generation, dependsOnTraits: dependsOnTraits))
    }

    /// The traits changed: lets go of the results that can differ under them and keeps the
    /// others, which hold under any traits (a stack's, an image's, when no `when` of a trait
    /// and no dynamic value wrote them). Their views take the very same values again.
    func dropTraitDependent() {
        let kept = entries.filter { !$0.dependsOnTraits }
        guard kept.count < entries.count else { return }
        entries = []
        index = ProbeIndex(expecting: kept.count)
        for entry in kept { insert(entry) }
    }

    private func insert(_ entry: Entry) {
        entries.append(entry)
        entries.withUnsafeBufferPointer { entries in
            index.insert(Int32(entries.count - 1), hash: entry.key.mixed) { entries[Int($0)].key.mixed }
        }
    }
}
