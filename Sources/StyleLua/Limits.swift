/// What one evaluation may spend. Exceeding a limit is an ordinary script error naming it.
public struct Limits: Sendable, Hashable {
    /// Wall-clock seconds for evaluation and application together.
    public var seconds: Double
    /// Bytes the Lua heap may hold.
    public var memory: Int
    /// VM instructions, counted in steps of a thousand.
    public var instructions: Int64
    /// Bytes `print` may write in one evaluation (styling included); past them, one note says
    /// the rest is left out, and the script goes on. 0 for no limit.
    public var printedBytes: Int

    public init(seconds: Double = 5, memory: Int = 256 << 20, instructions: Int64 = 1_000_000_000, printedBytes: Int = 1 << 20) {
        self.seconds = seconds
        self.memory = memory
        self.instructions = instructions
        self.printedBytes = printedBytes
    }

    public static let `default` = Limits()
}
