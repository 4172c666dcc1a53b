/// The text of each constant value written so far (a stylesheet's color, font or number, by
/// its `forEachValueChangedFromDefault` key), spelled once per render and copied after: a
/// screen shows a few hundred distinct constants on tens of thousands of lines. A table
/// indexed by the key's hash, one entry a slot; the texts live in one buffer, started again
/// when it grows past 64 KB.
///
///     constants.append(key, to: &out) { $0.append(display: value()) }
///
/// A `variant` tells apart texts of one constant that differ by where they are written (the
/// JSON's indentation of an object value); it is 0 where the text is always the same.
struct ConstantTexts {
    private struct Entry {
        var key: ConstantKey?
        var variant: Int32 = 0
        var start: Int32 = 0
        var count: Int32 = -1  // empty
    }

    private static let size = 512
    /// Longer texts are spelled each time: they are rare, and would crowd the buffer.
    private static let longest = 512
    private var entries = [Entry](repeating: Entry(), count: size)
    private var texts: [UInt8] = []

    /// Appends the text of the constant `key` (in `variant`) to `out`: copied when it was
    /// spelled before, else spelled by `spell` (which appends it) and kept.
    @inline(__always)
    mutating func append(_ key: ConstantKey, variant: Int32 = 0, to out: inout TextBytes, spell: (inout TextBytes) -> Void) {
        // The table's address tells apart indices of tables alive together.
        let table = key.table.map { UInt64(UInt(bitPattern: $0)) } ?? 0
        let hash = ((key.bits ^ table) &+ UInt64(UInt32(bitPattern: variant)) &* 0x1000_0001) &* 0x9E37_79B9_7F4A_7C15
        let index = Int(truncatingIfNeeded: hash >> 55) & (Self.size - 1)
        let entry = entries[index]
        if entry.count >= 0, entry.key == key, entry.variant == variant {
            texts.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[Int(entry.start)..<Int(entry.start + entry.count)])) }
            return
        }
        let start = out.count
        spell(&out)
        let count = out.count - start
        guard count <= Self.longest else { return }
        if texts.count + count > 1 << 16 {
            texts.removeAll(keepingCapacity: true)
            for i in entries.indices { entries[i].count = -1 }
        }
        entries[index] = Entry(key: key, variant: variant, start: Int32(texts.count), count: Int32(count))
        texts.append(contentsOf: UnsafeBufferPointer(rebasing: out.bytes[start...]))
    }
}
