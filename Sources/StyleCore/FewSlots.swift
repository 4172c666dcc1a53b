/// Up to four slot numbers, in place: a list a restyle keeps per match context without an
/// allocation for each.
struct FewSlots {
    static let capacity = 4
    private var slots: (Int32, Int32, Int32, Int32) = (-1, -1, -1, -1)
    private(set) var count = 0

    /// Appends `slot`; false, having changed nothing, when the list is full.
    mutating func append(_ slot: Int) -> Bool {
        guard count < Self.capacity else { return false }
        withUnsafeMutableBytes(of: &slots) { $0.storeBytes(of: Int32(slot), toByteOffset: count * 4, as: Int32.self) }
        count += 1
        return true
    }

    /// Whether `body` holds for every slot, in order.
    func allSatisfy(_ body: (Int) -> Bool) -> Bool {
        withUnsafeBytes(of: slots) { bytes in
            (0..<count).allSatisfy { body(Int(bytes.load(fromByteOffset: $0 * 4, as: Int32.self))) }
        }
    }
}
