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
    /// A size set by the host in place of the one the memory limit gives (`scriptBytes`).
    private var scriptBytesSet: Int?

    public init(seconds: Double = 5, memory: Int = 256 << 20, instructions: Int64 = 1_000_000_000, printedBytes: Int = 1 << 20) {
        self.seconds = seconds
        self.memory = memory
        self.instructions = instructions
        self.printedBytes = printedBytes
    }

    public static let `default` = Limits()

    /// The smallest size cap of a script: what every memory limit allows.
    public static let minimumScriptBytes = 16 << 20

    /// The largest script file (or chunk given to `load`, or module) read: bigger ones are
    /// refused before parsing. A script's text is held whole while Lua compiles it, and the
    /// compiled chunk of a screen written out as constructors takes about as many bytes again
    /// in the Lua heap, so the cap follows the memory limit: a sixteenth of it, and at least
    /// 16 MiB (the default 256 MiB gives 16 MiB; `--memory 2048` gives 128 MiB, room for a
    /// million-view screen of about 60 MiB). A host may set another cap (a test, a small one).
    public var scriptBytes: Int {
        get { scriptBytesSet ?? max(Self.minimumScriptBytes, memory / 16) }
        set { scriptBytesSet = max(newValue, 1) }
    }

    /// Whether the host set `scriptBytes` (else the memory limit gives it).
    public var setsScriptBytes: Bool { scriptBytesSet != nil }
}
