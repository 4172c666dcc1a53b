/// SplitMix64: a small seeded generator for the property tests, so that a failure reproduces
/// from its seed on any machine.
///
///     var random = SeededGenerator(seed: 7)
///     let pick = ["a", "b", "c"].randomElement(using: &random)!
///     let n = random.next(6)    // 0..<6
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound.
    public mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
