/// Views that the rules cannot tell apart, numbered, so that the cascade matches each such
/// group once instead of every view: style sharing, as browsers share computed styles between
/// siblings and cousins.
///
/// A selector looks only at a view's kind, id and classes and at those of its ancestors (kind,
/// id and class compounds, joined by descendant and child combinators). So two views match the
/// same rules when they have the same kind, the same id and classes as far as the rules name
/// them, and parents that match alike in turn. A view's context is that: its parent's context,
/// its kind, the id when a rule names it and the classes a rule names. The first view of a
/// context is matched; the others take its matches, and the result its appearances and rules
/// gave it (`CascadeSteps`). Like siblings share a context, and so do the like views of
/// repeated blocks (the titles of cards in sections, the rows of lists), which are not siblings.
///
///     var contexts = MatchContexts(index)
///     let top = contexts.context(of: root, parent: nil)
///     let child = contexts.context(of: label, parent: top)
struct MatchContexts {
    /// What appearances and rules gave a view, kept for the views that take it: a reference,
    /// kept by its context and by its kind and matches and handed to many views, so that
    /// passing it on copies no store.
    final class Result {
        let values: ValueStore
        let record: ProvenanceRecord?

        init(values: ValueStore, record: ProvenanceRecord?) {
            self.values = values
            self.record = record
        }
    }

    /// What a context is known to give its views, once the first of them was styled.
    struct Entry {
        /// Where the rules the context's views match are in `matchStorage` (in cascade order),
        /// once known: one array for every context rather than one each.
        var matchesStart: Int32 = -1
        var matchesCount: Int32 = 0
        /// What appearances and rules gave the first view, when it may be shared (plain styles,
        /// no diagnostic): see `CascadeSteps`.
        var result: Result?
    }

    /// A context as found: the first view found in it stands for the names. Its first two
    /// named classes are kept in the key (a class name of up to 15 bytes is stored in the
    /// string itself), so a view is compared with the context without reading the other view,
    /// which is long out of the cache; a view with more named classes is compared through it.
    private struct Key {
        let parent: Int32
        let kind: ObjectIdentifier
        /// The view's control state: views in other states match other pseudo-classes and
        /// other `when`s.
        let state: UInt8
        /// The view whose names these are; the cascade holds its views while it runs.
        unowned(unsafe) let view: View
        /// Whether the view's id is one a rule names.
        let namesID: Bool
        /// Bit `i`: whether the view's class `i` is one a rule names (classes past the 64th
        /// count as named).
        let namedClasses: UInt64
        /// Mixed from the parent, kind and named names' `AncestorFilter` keys.
        let mixed: Int
        /// How many of the view's classes are named, and the first two of them ("" past them).
        let namedCount: Int
        let named0: String, named1: String

        init(parent: Int32, kind: ObjectIdentifier, state: UInt8, view: View, namesID: Bool, namedClasses: UInt64, mixed: Int) {
            self.parent = parent
            self.kind = kind
            self.state = state
            self.view = view
            self.namesID = namesID
            self.namedClasses = namedClasses
            self.mixed = mixed
            var count = 0, first = "", second = ""
            let classes = view.classes
            for i in classes.indices where Self.isNamed(i, namedClasses) {
                if count == 0 { first = classes[i] } else if count == 1 { second = classes[i] }
                count += 1
            }
            namedCount = count
            named0 = first
            named1 = second
        }

        /// Whether `other` has this key's names: its id when a rule names it (`namesID`), and
        /// the classes a rule names (`namedClasses`, its bits), in order.
        func sameNames(as other: View, namesID: Bool, namedClasses: UInt64) -> Bool {
            guard namesID == self.namesID, !namesID || view.id == other.id else { return false }
            guard namedCount <= 2 else { return Self.sameNamed(view.classes, self.namedClasses, other.classes, namedClasses) }
            var count = 0
            let classes = other.classes
            for i in classes.indices where Self.isNamed(i, namedClasses) {
                guard count < namedCount, classes[i] == (count == 0 ? named0 : named1) else { return false }
                count += 1
            }
            return count == namedCount
        }

        /// Whether the named classes of `a` (by `aMask`) are those of `b`, in order. Index
        /// loops over borrowed arrays: no iterator holds a copy of either.
        private static func sameNamed(_ a: [String], _ aMask: UInt64, _ b: [String], _ bMask: UInt64) -> Bool {
            if aMask == .max && bMask == .max { return a == b }
            var i = 0, j = 0
            while true {
                while i < a.count, !isNamed(i, aMask) { i += 1 }
                while j < b.count, !isNamed(j, bMask) { j += 1 }
                guard i < a.count, j < b.count else { return i == a.count && j == b.count }
                guard a[i] == b[j] else { return false }
                i += 1
                j += 1
            }
        }

        private static func isNamed(_ i: Int, _ mask: UInt64) -> Bool { i >= 64 || mask & (1 << UInt64(i)) != 0 }
    }

    private(set) var entries: [Entry] = []
    /// The matches of every context whose matches are known, one after another, as candidates
    /// (`RuleIndex.match(of:)`): a twelfth of a match's size, as most contexts' matches are
    /// written once and never read (a small tree's views are mostly contexts of their own).
    private var matchStorage: [Int32] = []
    private var keys: [Key] = []
    /// Where each context's key is in `keys`, by `Key.mixed`.
    private var index = ProbeIndex()
    private let names: RuleIndex.ExactNames

    /// Whether the contexts were carried over (`init(_:carrying:)`): they are known by number
    /// only, and no view is looked up.
    private let isCarried: Bool

    /// `expected`: how many contexts there will likely be (the last cascade's count), and
    /// `expectedMatches` how many matches they will keep: room made for them at once rather than
    /// grown context by context (each growth of the matches copied all of them).
    init(_ index: RuleIndex, expecting expected: Int = 0, expectedMatches: Int = 0) {
        names = index.exactNames
        isCarried = false
        matchStorage.reserveCapacity(expectedMatches)
        guard expected > 0 else { return }
        entries.reserveCapacity(expected)
        keys.reserveCapacity(expected)
        self.index = ProbeIndex(expecting: expected)
    }

    /// `count` contexts as an earlier cascade numbered them, with nothing known of them yet:
    /// a tree of that cascade's shape, under rules of its selectors, has its contexts, and
    /// each view keeps its number (`StyledTree.contexts`).
    init(_ index: RuleIndex, carrying count: Int) {
        names = index.exactNames
        entries = Array(repeating: Entry(), count: count)
        isCarried = true
    }

    var count: Int { entries.count }

    /// How many matches the contexts keep between them.
    var matchCount: Int { matchStorage.count }

    /// The context of `view`, whose parent's context is `parent` (nil for a view with no
    /// parent); a new one the first time.
    mutating func context(of view: View, parent: Int32?) -> Int32 {
        precondition(!isCarried, "Carried contexts are known by number")
        let parent = parent ?? -1
        var mixed = Self.mix(Int(parent), Int(bitPattern: ObjectIdentifier(view.kind)))
        let keys = view.selectorKeys
        var namesID = false
        if let idKey = keys.id, names.isNamed(idKey) {
            namesID = true
            mixed = Self.mix(mixed, idKey)
        }
        var namedClasses: UInt64 = .max
        for (i, key) in keys.classes.enumerated() {
            if names.isNamed(key) {
                mixed = Self.mix(mixed, key)
            } else if i < 64 {
                namedClasses &= ~(1 << UInt64(i))
            }
        }
        let kind = ObjectIdentifier(view.kind)
        let state = view.kind.isControl ? view.state.rawValue : 0
        if state != 0 { mixed = Self.mix(mixed, Int(state)) }
        // Keys are compared where they are: a copy of one would retain its names.
        let found = self.keys.withUnsafeBufferPointer { keys in
            index.find(mixed) { i in
                let known = keys.baseAddress! + Int(i)
                return known.pointee.mixed == mixed && known.pointee.parent == parent && known.pointee.kind == kind
                    && known.pointee.state == state
                    && known.pointee.sameNames(as: view, namesID: namesID, namedClasses: namedClasses)
            }
        }
        if let found { return found }
        let number = Int32(entries.count)
        self.keys.append(Key(parent: parent, kind: kind, state: state, view: view, namesID: namesID, namedClasses: namedClasses, mixed: mixed))
        entries.append(Entry())
        self.keys.withUnsafeBufferPointer { keys in
            index.insert(number, hash: mixed) { keys[Int($0)].mixed }  // read in place: a copy retains its names
        }
        return number
    }

    /// Copies the matches of `context` into `matches` (emptied first, its storage reused), as
    /// `index` lists them; false, leaving it as it was, when they are not known yet. Mutating,
    /// as `hasResult`, only so that a caller holding the contexts in a class reads them in
    /// place: a non-mutating call copied the whole struct, retaining its five arrays, at every
    /// view.
    mutating func copyMatches(of context: Int32, into matches: inout [RuleIndex.Match], index: RuleIndex) -> Bool {
        // The fields alone: copying the entry would retain its result.
        let start = Int(entries[Int(context)].matchesStart), count = Int(entries[Int(context)].matchesCount)
        guard start >= 0 else { return false }
        matches.removeAll(keepingCapacity: true)
        matchStorage.withUnsafeBufferPointer { storage in
            for c in storage[start..<(start + count)] { matches.append(index.match(of: Int(c))) }
        }
        return true
    }

    /// Whether `context` has a result its views may take.
    mutating func hasResult(_ context: Int32) -> Bool { entries[Int(context)].result != nil }

    /// Keeps `matches` as the matches of `context`.
    mutating func setMatches(_ matches: [RuleIndex.Match], of context: Int32) {
        entries[Int(context)].matchesStart = Int32(matchStorage.count)
        entries[Int(context)].matchesCount = Int32(matches.count)
        for match in matches { matchStorage.append(Int32(match.candidate)) }
    }

    subscript(context: Int32) -> Entry {
        _read { yield entries[Int(context)] }
        _modify { yield &entries[Int(context)] }
    }

    private static func mix(_ a: Int, _ b: Int) -> Int {
        var h = UInt64(bitPattern: Int64(a)) ^ (UInt64(bitPattern: Int64(b)) &* 0x9E37_79B9_7F4A_7C15)
        h ^= h >> 31
        h &*= 0xBF58_476D_1CE4_E5B9
        h ^= h >> 29
        return Int(truncatingIfNeeded: h)
    }
}
