/// The ids, classes and kinds of a view's ancestors, as a counting Bloom filter: what lets the
/// cascade reject a selector such as `.card--dark Label` without walking a view's ancestors.
///
/// Browsers style with the same device (WebKit's `SelectorFilter`). The cascade walks the tree
/// depth first, pushing a view's keys before its children and popping them after, so the
/// filter always holds exactly the keys of the view's ancestors. A selector whose compounds left
/// of the subject need a key the filter lacks cannot match; one whose keys are all present may
/// match (two keys can share a counter) and is verified in full.
///
///     var filter = AncestorFilter()
///     filter.push(card)                                 // card.card--dark
///     filter.mayContainAll(AncestorFilter.keys(requiredBy: selector))   // true: verify it
struct AncestorFilter {
    /// 2¹² counters, indexed by two 12-bit slices of a key.
    private static let bits = 12
    private static let mask = (1 << bits) - 1

    /// How many counters there are (`counters(of:)` indexes them).
    static let counterCount = 1 << bits

    /// The two counters of a key: two 12-bit slices of it.
    @inline(__always)
    static func counters(of key: Int) -> (Int, Int) { (key & mask, (key >> bits) & mask) }

    private var counts: [UInt32]
    /// The keys pushed for each view still on the path, so that a pop removes exactly them.
    private var pushed: [Int] = []
    /// `pushed.count` before each view's keys, one per view on the path.
    private var marks: [Int] = []

    /// How many views are on the path.
    var depth: Int { marks.count }

    /// An empty filter: every counter zero.
    init() { counts = [UInt32](repeating: 0, count: Self.counterCount) }

    private init(counts: [UInt32]) { self.counts = counts }

    /// A filter without counters, which stands in for one handed back to be used again
    /// (`AncestorPath.handBackFilter()`) and is never read.
    static var spent: AncestorFilter { AncestorFilter(counts: []) }

    /// Removes every view's keys: every counter is zero again, and the filter can serve
    /// another walk without a new allocation of its counters (16 KiB, zeroed).
    mutating func removeAll() {
        while !marks.isEmpty { pop() }
    }

    /// Adds `view`'s id, classes and kinds (its kind and super-kinds, as a kind compound
    /// matches sub-kinds).
    mutating func push(_ view: View) {
        marks.append(pushed.count)
        let keys = view.selectorKeys
        if let id = keys.id { add(id) }
        for key in keys.classes { add(key) }
        for key in view.kind.filterKeys { add(key) }
    }

    /// Removes the keys of the view pushed last.
    mutating func pop() {
        let mark = marks.removeLast()
        counts.withUnsafeMutableBufferPointer { counts in
            for key in pushed[mark...] {
                let (a, b) = Self.counters(of: key)
                counts[a] -= 1
                counts[b] -= 1
            }
        }
        pushed.removeLast(pushed.count - mark)
    }

    /// False only when some key is certainly absent.
    func mayContainAll(_ keys: [Int]) -> Bool {
        counts.withUnsafeBufferPointer { counts in
            for key in keys {
                let (a, b) = Self.counters(of: key)
                if counts[a] == 0 || counts[b] == 0 { return false }
            }
            return true
        }
    }

    /// Up to four of a selector's required keys as counter indices, held inline where the rule
    /// index lists its candidates: most candidates are rejected with these, without reaching
    /// for the selector or its key list (as Blink keeps four ancestor hashes in each rule's
    /// data).
    struct Probe {
        static let inlineKeys = 4
        private var indices: (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0, 0, 0, 0, 0)
        private var count: UInt8 = 0
        /// Whether the probe holds all the keys; if not, `mayContainAll` of the rest decides.
        let isComplete: Bool

        init(_ keys: [Int]) {
            isComplete = keys.count <= Self.inlineKeys
            withUnsafeMutableBytes(of: &indices) { raw in
                let slots = raw.bindMemory(to: UInt16.self)
                for key in keys.prefix(Self.inlineKeys) {
                    let (a, b) = AncestorFilter.counters(of: key)
                    slots[Int(count)] = UInt16(a)
                    slots[Int(count) + 1] = UInt16(b)
                    count += 2
                }
            }
        }

        fileprivate func mayPass(_ counts: UnsafeBufferPointer<UInt32>) -> Bool {
            withUnsafeBytes(of: indices) { raw in
                let slots = raw.bindMemory(to: UInt16.self)
                for i in 0..<Int(count) where counts[Int(slots[i])] == 0 { return false }
                return true
            }
        }
    }

    /// False only when some key of the probe is certainly absent.
    func mayPass(_ probe: Probe) -> Bool {
        counts.withUnsafeBufferPointer { probe.mayPass($0) }
    }

    private mutating func add(_ key: Int) {
        pushed.append(key)
        let (a, b) = Self.counters(of: key)
        counts[a] += 1
        counts[b] += 1
    }

    /// The keys some ancestor must have for `selector` to match: those of every compound left
    /// of the subject (each is matched against an ancestor, whatever the combinator), each once.
    static func keys(requiredBy selector: ComplexSelector) -> [Int] {
        let keys = nameKeys(requiredBy: selector) + selector.compounds.dropLast().compactMap { $0.kind.map(key(kind:)) }
        var seen = Set<Int>()
        return keys.filter { seen.insert($0).inserted }
    }

    /// The keys of the ids and classes some ancestor must have for `selector` to match, in the
    /// order written (the rule index buckets such selectors by one of them).
    static func nameKeys(requiredBy selector: ComplexSelector) -> [Int] {
        selector.compounds.dropLast().flatMap { compound in
            (compound.id.map { [key(id: $0)] } ?? []) + compound.classes.map(key(class:))
        }
    }

    /// An id's or class's key: a hash of the name, computed from the name alone (no table of
    /// names is kept). Two names may share a key, so a key says only that a name may be there:
    /// the filter and the rule index's buckets take it as that, and matching confirms a key it
    /// finds by comparing the names (`CompoundSelector.matches`, `CompoundRecords`). Never 0,
    /// which stands for no id.
    static func key(id: String) -> Int { nameKey(tag: 1, id) }
    static func key(class name: String) -> Int { nameKey(tag: 2, name) }
    /// By name, so that a kind can compute its keys while it is initialized; two kinds of one
    /// name in different schemas share a key, which only makes the filter less selective. A
    /// kind's key is a hash, which may be some id's or class's key too: that only makes the
    /// filter less selective as well.
    static func key(kind name: String) -> Int { key(tag: 3, name) }
    static func key(kind: Kind) -> Int { key(kind: kind.name) }

    /// How many low bits of an id's or class's key are kept; nil for all. Set only by tests,
    /// to make distinct names share keys and show that no key is taken for its name.
    @TaskLocal static var nameKeyBits: Int?

    /// `key(tag:_:)` finished by splitmix64's finalizer, which spreads the bits over the
    /// filter's counters, and never 0.
    private static func nameKey(tag: UInt8, _ name: String) -> Int {
        var z = UInt64(bitPattern: Int64(key(tag: tag, name)))
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        if let bits = nameKeyBits { z &= (1 << UInt64(bits)) - 1 }
        return z == 0 ? 1 : Int(truncatingIfNeeded: z)
    }

    /// FNV-1a over a tag and a name's UTF-8, its final bits mixed: it needs no protection
    /// against chosen collisions (two names with one key only make the filter less selective,
    /// and matching compares names and tests kinds by identity).
    private static func key(tag: UInt8, _ name: String) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(tag)
        var name = name
        name.withUTF8 { bytes in
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        hash ^= hash >> 29
        hash &*= 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 32
        return Int(truncatingIfNeeded: hash)
    }
}

