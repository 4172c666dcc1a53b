/// A read-only map from integer keys to values, by open addressing on the key's own bits: no
/// hashing on lookup. For keys that are already hashes (`AncestorFilter` keys of ids and
/// classes) or identities (a kind's `ObjectIdentifier`), looked up for every view the cascade
/// matches, where `Dictionary`'s seeded hashing was a tenth of the work.
///
///     let table = KeyTable([AncestorFilter.key(class: "card"): slots])
///     table[AncestorFilter.key(class: "card")]    // slots
struct KeyTable<Element> {
    /// Per table position: the key and its index in `elements`, -1 when empty.
    private var positions: [(key: Int, element: Int32)]
    private var elements: [Element] = []
    private let mask: Int

    init(_ dictionary: [Int: Element]) {
        var capacity = 8
        while capacity < dictionary.count * 2 { capacity <<= 1 }
        mask = capacity - 1
        positions = Array(repeating: (0, -1), count: capacity)
        elements.reserveCapacity(dictionary.count)
        for (key, element) in dictionary {
            var i = Self.position(of: key, mask)
            while positions[i].element >= 0 { i = (i + 1) & mask }
            positions[i] = (key, Int32(elements.count))
            elements.append(element)
        }
    }

    var isEmpty: Bool { elements.isEmpty }

    subscript(key: Int) -> Element? {
        positions.withUnsafeBufferPointer { positions in
            var i = Self.position(of: key, mask)
            while true {
                let p = positions[i]
                if p.element < 0 { return nil }
                if p.key == key { return elements[Int(p.element)] }
                i = (i + 1) & mask
            }
        }
    }

    /// The key's bits spread over the table (an identity's low bits are all zero).
    private static func position(of key: Int, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
