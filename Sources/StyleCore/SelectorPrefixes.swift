/// The left parts of the rule index's complex selectors, so that the cascade's walk knows, for
/// each one, which of the views above it match it, and a candidate's combinators are decided
/// by one lookup instead of a search of its ancestors.
///
/// A prefix of `A > B C D` is `A`, `A > B` or `A > B C`: the selector without its last
/// compounds, itself a selector. Each is numbered once however many selectors share it, and
/// written as its last compound (a record of `CompoundRecords`), the prefix to its left and the
/// combinator between them. As the walk enters a view (`PrefixPath.push`), it finds the
/// prefixes the view matches, each by one compound test and one lookup of its left part: `P C`
/// matches a view that matches `C` below a view matching `P`, and `P > C` one whose parent
/// matches `P`. The path keeps, per prefix, the depth of the nearest view above matching it;
/// a candidate `P D` then matches a view that matches `D` while that depth is not -1, and
/// `P > D` while it is the parent's. Matching costs the view's own compound and a lookup, and
/// no descendant combinator ever searches (Blink's and Servo's matchers walk the ancestors and
/// backtrack; `CompoundRecords.matches` does still, where no walk keeps a path).
///
///     var path = PrefixPath(count: index.prefixes.count)
///     path.push(parent, index)                   // the walk enters the parent
///     path.passes(prefix, child: true)           // the parent matches prefix `prefix`
struct SelectorPrefixes {
    /// One prefix: its last compound, and what is on its left.
    struct Prefix {
        /// The last compound's record (`CompoundRecords.records`).
        let compound: Int32
        /// The prefix on the left of the last compound, -1 when it is the first.
        let left: Int32
        /// Whether the last compound is joined to the left by `>`.
        let childOfLeft: Bool
    }

    private(set) var prefixes: [Prefix] = []
    /// Each candidate's prefix (every compound but its subject), -1 for a one-compound selector.
    private(set) var ofCandidate: [Int32] = []
    /// Prefixes by their last compound's id, else first class, else kind, else none: a view
    /// tests those its own names and kinds can match, each once.
    private var byID = KeyTable<Range<Int32>>([:])
    private var byClass = KeyTable<Range<Int32>>([:])
    private var byKind = KeyTable<Range<Int32>>([:])
    private var universal: Range<Int32> = 0..<0
    private var slots: [Int32] = []

    var count: Int { prefixes.count }

    /// What makes two prefixes one: their last compound as written, and what is on its left.
    private struct Identity: Hashable {
        let kind: ObjectIdentifier?
        let id: String?
        let classes: [String]
        let states: UInt32
        let requiresNormal: Bool
        let left: Int32
        let child: Bool
    }

    init() {}

    /// The prefixes of `candidates` (`RuleIndex.prepared`), whose compounds are in `records`.
    init(_ candidates: [RuleIndex.Candidate], records: CompoundRecords) {
        var numbered: [Identity: Int32] = [:]
        var byID: [Int: [Int32]] = [:], byClass: [Int: [Int32]] = [:], byKind: [Int: [Int32]] = [:]
        var universal: [Int32] = []
        for candidate in candidates {
            let compounds = candidate.selector.compounds
            let start = Int(candidate.compounds.start)
            var left: Int32 = -1
            for j in 0..<(compounds.count - 1) {
                let compound = compounds[j]
                let child = j > 0 && candidate.selector.combinators[j - 1] == .child
                let identity = Identity(kind: compound.kind.map(ObjectIdentifier.init), id: compound.id, classes: compound.classes,
                                        states: UInt32(compound.states.rawValue), requiresNormal: compound.requiresNormal,
                                        left: left, child: child)
                if let known = numbered[identity] {
                    left = known
                    continue
                }
                let number = Int32(prefixes.count)
                prefixes.append(Prefix(compound: Int32(start + j), left: left, childOfLeft: child))
                numbered[identity] = number
                if let id = compound.id {
                    byID[AncestorFilter.key(id: id), default: []].append(number)
                } else if let first = compound.classes.first {
                    byClass[AncestorFilter.key(class: first), default: []].append(number)
                } else if let kind = compound.kind {
                    byKind[Int(bitPattern: ObjectIdentifier(kind)), default: []].append(number)
                } else {
                    universal.append(number)
                }
                left = number
            }
            ofCandidate.append(left)
        }
        self.byID = Self.ranges(of: byID, in: &slots)
        self.byClass = Self.ranges(of: byClass, in: &slots)
        self.byKind = Self.ranges(of: byKind, in: &slots)
        self.universal = Int32(slots.count)..<Int32(slots.count + universal.count)
        slots += universal
    }

    private static func ranges(of buckets: [Int: [Int32]], in slots: inout [Int32]) -> KeyTable<Range<Int32>> {
        var ranges: [Int: Range<Int32>] = [:]
        for (key, bucket) in buckets {
            ranges[key] = Int32(slots.count)..<Int32(slots.count + bucket.count)
            slots += bucket
        }
        return KeyTable(ranges)
    }

    /// Calls `test` with every prefix whose last compound `view` may match (its id's, its
    /// classes', its kinds' and the universal ones), each once.
    @inline(__always)
    func forEachCandidate(of view: View, _ test: (Int32) -> Void) {
        slots.withUnsafeBufferPointer { slots in
            func gather(_ bucket: Range<Int32>?) {
                guard let bucket else { return }
                for i in Int(bucket.lowerBound)..<Int(bucket.upperBound) { test(slots[i]) }
            }
            if !byID.isEmpty || !byClass.isEmpty {
                let keys = view.selectorKeys
                if !byID.isEmpty, let id = keys.id { gather(byID[id]) }
                if !byClass.isEmpty {
                    for (n, c) in keys.classes.enumerated() where n == 0 || !keys.classes[..<n].contains(c) { gather(byClass[c]) }
                }
            }
            if !byKind.isEmpty {
                let kind = view.kind
                gather(byKind[Int(bitPattern: ObjectIdentifier(kind))])
                for id in kind.lineageIdentifiers { gather(byKind[Int(bitPattern: id)]) }
            }
            gather(universal)
        }
    }
}

/// Which prefixes (`SelectorPrefixes`) the views on the cascade's path match: per prefix, the
/// depth of the nearest such view, -1 for none. The cascade's walk pushes a view before its
/// children and pops it after (`AncestorPath`), as it does the ancestor filter.
struct PrefixPath {
    /// Per prefix: the depth (0 at the path's top) of the nearest view on the path matching it.
    private(set) var deepest: [Int32]
    /// What each push changed: the prefix and its depth before, so a pop restores exactly it.
    private var changed: [(prefix: Int32, before: Int32)] = []
    /// `changed.count` before each view's entries, one per view on the path.
    private var marks: [Int] = []

    /// A path of no views for an index of `count` prefixes.
    init(count: Int) { deepest = [Int32](repeating: -1, count: count) }

    /// How many views are on the path.
    var depth: Int { marks.count }
    var prefixCount: Int { deepest.count }

    /// Enters `view`, below the views on the path: the prefixes it matches, as `index` has them.
    mutating func push(_ view: View, _ index: RuleIndex) {
        let depth = Int32(marks.count)
        marks.append(changed.count)
        // Whether the view's keys are confirmed by its names, asked once a prefix gets that far;
        // through a pointer, so that the closure changes no boxed variable.
        var confirmsNames: Bool?
        let start = changed.count
        withUnsafeMutablePointer(to: &confirmsNames) { confirmsNames in
        index.prefixes.prefixes.withUnsafeBufferPointer { prefixes in
            index.records.withReader { records in
                deepest.withUnsafeBufferPointer { deepest in
                    index.prefixes.forEachCandidate(of: view) { p in
                        let prefix = prefixes[Int(p)]
                        if prefix.left >= 0 {
                            let nearest = deepest[Int(prefix.left)]
                            guard nearest >= 0, !prefix.childOfLeft || nearest == depth - 1 else { return }
                        }
                        let confirms = confirmsNames.pointee ?? !index.exactNames.areTheOnlyNames(of: view)
                        confirmsNames.pointee = confirms
                        guard records.matches(record: Int(prefix.compound), view, confirms: confirms) else { return }
                        changed.append((p, deepest[Int(p)]))
                    }
                }
            }
        } }
        // Set once all are found: a view is not its own ancestor (`.a .a`).
        for k in start..<changed.count { deepest[Int(changed[k].prefix)] = depth }
    }

    /// Leaves the view pushed last.
    mutating func pop() {
        let mark = marks.removeLast()
        // Last first, each removed as it is undone (`removeSubrange` goes through the generic
        // replacement of a range, at every pop).
        while changed.count > mark {
            let entry = changed.removeLast()
            deepest[Int(entry.prefix)] = entry.before
        }
    }

    /// Leaves every view: the path of no views, its storage kept for another walk.
    mutating func removeAll() {
        while !marks.isEmpty { pop() }
    }
}
