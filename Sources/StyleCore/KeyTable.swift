/// Where entries kept in an array are, by a hash the caller computed: open addressing with
/// linear probing, on the hash's own bits (no hashing here). The one index behind the
/// cascade's tables: rule buckets (`KeyTable`), match contexts and kept results.
///
///     var index = ProbeIndex()
///     index.insert(Int32(entries.count - 1), hash: h) { entries[Int($0)].hash }
///     index.find(h) { entries[Int($0)].key == key }
struct ProbeIndex {
    /// Per position: an entry's index, -1 when empty.
    private var positions = [Int32](repeating: -1, count: 8)
    private var count = 0

    init() {}

    /// An index that holds `expected` entries without growing.
    init(expecting expected: Int) {
        var size = 8
        while size < 2 * expected { size *= 2 }
        positions = [Int32](repeating: -1, count: size)
    }

    /// The entry whose hash is `hash` and that `isEntry` accepts, or nil.
    @inline(__always)
    func find(_ hash: Int, _ isEntry: (Int32) -> Bool) -> Int32? {
        positions.withUnsafeBufferPointer { positions in
            let mask = positions.count - 1
            var i = hash & mask
            while positions[i] >= 0 {
                if isEntry(positions[i]) { return positions[i] }
                i = (i + 1) & mask
            }
            return nil
        }
    }

    /// Records `entry`, whose hash is `hash`; `hashOf` gives the hash of every entry recorded so
    /// far when the index grows (it keeps at most half its positions full).
    mutating func insert(_ entry: Int32, hash: Int, hashOf: (Int32) -> Int) {
        count += 1
        if count * 2 > positions.count {
            let recorded = positions.filter { $0 >= 0 }
            positions = [Int32](repeating: -1, count: positions.count * 2)
            for e in recorded { place(e, hashOf(e)) }
        }
        place(entry, hash)
    }

    private mutating func place(_ entry: Int32, _ hash: Int) {
        let mask = positions.count - 1
        var i = hash & mask
        while positions[i] >= 0 { i = (i + 1) & mask }
        positions[i] = entry
    }
}

/// A read-only map from integer keys to values, on a `ProbeIndex` of the key's own bits: no
/// hashing on lookup. For keys that are already hashes (`AncestorFilter` keys of ids and
/// classes) or identities (a kind's `ObjectIdentifier`), looked up for every view the cascade
/// matches, where `Dictionary`'s seeded hashing was a tenth of the work.
///
///     let table = KeyTable([AncestorFilter.key(class: "card"): slots])
///     table[AncestorFilter.key(class: "card")]    // slots
struct KeyTable<Element> {
    private var entries: [(key: Int, element: Element)] = []
    private var index = ProbeIndex()

    init(_ dictionary: [Int: Element]) {
        entries.reserveCapacity(dictionary.count)
        for (key, element) in dictionary {
            entries.append((key, element))
            index.insert(Int32(entries.count - 1), hash: Self.spread(key)) { [entries] in Self.spread(entries[Int($0)].key) }
        }
    }

    var isEmpty: Bool { entries.isEmpty }

    subscript(key: Int) -> Element? {
        index.find(Self.spread(key)) { entries[Int($0)].key == key }.map { entries[Int($0)].element }
    }

    /// The key's bits spread over the table (an identity's low bits are all zero).
    private static func spread(_ key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}
