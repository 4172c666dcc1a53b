import Synchronization

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

    private var counts = [UInt32](repeating: 0, count: counterCount)
    /// The keys pushed for each view still on the path, so that a pop removes exactly them.
    private var pushed: [Int] = []
    /// `pushed.count` before each view's keys, one per view on the path.
    private var marks: [Int] = []

    /// How many views are on the path.
    var depth: Int { marks.count }

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
        pushed.removeSubrange(mark...)
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

    /// An id's or class's key: one name, one key, and two names never share one (`Names`), so
    /// a compound compares keys rather than names.
    static func key(id: String) -> Int { Names.key(tag: 1, id) }
    static func key(class name: String) -> Int { Names.key(tag: 2, name) }
    /// By name, so that a kind can compute its keys while it is initialized; two kinds of one
    /// name in different schemas share a key, which only makes the filter less selective. A
    /// kind's key is a hash, which may be some id's or class's key too: that only makes the
    /// filter less selective as well.
    static func key(kind name: String) -> Int { key(tag: 3, name) }
    static func key(kind: Kind) -> Int { key(kind: kind.name) }

    /// FNV-1a over a kind's name's UTF-8, its final bits mixed: it needs no protection against
    /// chosen collisions (two names with one key only make the filter less selective; matching
    /// tests kinds by identity).
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

/// The ids and classes the process has seen, each numbered once, as Blink interns its names:
/// a key is its number, mixed by a bijection so that its bits spread over the filter's
/// counters, so keys are equal exactly when names are. A key is computed once per name of a
/// view (`View.selectorKeys`) and of a rule, never while matching.
///
/// The table keeps every name for the process's life: names are few (those of stylesheets and
/// trees), and ids of numbered views (`row-1` … `row-9999`) a few bytes each.
enum Names {
    private static let table = Mutex<[NameKey: Int]>([:])

    private struct NameKey: Hashable {
        let tag: UInt8
        let name: String
    }

    static func key(tag: UInt8, _ name: String) -> Int {
        let number = table.withLock { table in
            let key = NameKey(tag: tag, name: name)
            if let number = table[key] { return number }
            let number = table.count + 1
            table[key] = number
            return number
        }
        return mix(UInt64(number) | UInt64(tag) << 56)
    }

    /// splitmix64's finalizer: each step (xor with a shift, multiplication by an odd number) is
    /// invertible, so distinct numbers stay distinct keys.
    private static func mix(_ value: UInt64) -> Int {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(truncatingIfNeeded: z)
    }
}
