/// What applying a stylesheet may spend: a deadline and the memory its recorded provenance
/// takes. The script's limits bound evaluation in the Lua VM; this bounds the styling that the
/// script's styles cause in Swift (a style composed with itself twenty times is two million
/// writes per view), with the same limits and messages.
///
///     let budget = CascadeBudget(seconds: 5, memory: 256 << 20)
///     let diagnostics = Cascade(sheet).apply(to: root, budget: budget)
public final class CascadeBudget {
    /// The time limit the deadline was set from, for messages.
    public let seconds: Double
    /// The memory limit in bytes, for messages and for provenance.
    public let memory: Int
    private let deadline: ContinuousClock.Instant
    /// Steps left before the next is checked (the clock read, a limit passed before raised
    /// again): 0 once a limit has stopped the cascade, so every step after it throws.
    @exclusivity(unchecked) private var stepsBeforeCheck = CascadeBudget.stepsPerClockRead
    @exclusivity(unchecked) private var recorded = 0
    /// The recorded writes `memory` has room for.
    private let recordedLimit: Int
    /// The limit that stopped the cascade, once one has.
    @exclusivity(unchecked) public private(set) var exceeded: Diagnostic?
    /// Views checked since the clock was last read (the first view reads it).
    @exclusivity(unchecked) private var viewsSinceClockRead = CascadeBudget.viewsPerClockRead - 1

    /// What one recorded write of provenance costs, in bytes (a value and its indices).
    static let bytesPerRecordedWrite = 64
    /// The clock is read once per this many steps.
    static let stepsPerClockRead = 256
    /// Between views, once per this many views: a view's own operations are counted by
    /// `step`, so views without any are all this reads the clock for.
    static let viewsPerClockRead = 16

    /// A budget of `seconds` from now (or from `start`) and `memory` bytes.
    public init(seconds: Double, memory: Int, start: ContinuousClock.Instant = .now) {
        self.seconds = seconds
        self.memory = memory
        self.recordedLimit = memory / Self.bytesPerRecordedWrite
        let clamped = min(max(seconds, 0), 1e9)
        self.deadline = start.advanced(by: .nanoseconds(Int64(clamped * 1e9)))
    }

    /// The seconds left before the deadline (0 when it has passed).
    public var remainingSeconds: Double {
        let left = ContinuousClock.now.duration(to: deadline)
        let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
        return max(seconds, 0)
    }

    /// Counts one operation (and one recorded write when provenance is kept); throws the
    /// limit's diagnostic, at `location`, once time or memory has run out. Called for every
    /// operation applied to every view: a count and a comparison, the rest once per
    /// `stepsPerClockRead` steps.
    @inline(__always)
    func step(recording: Bool, at location: @autoclosure () -> SourceLocation?) throws(Diagnostic) {
        stepsBeforeCheck &-= 1
        if recording { recorded &+= 1 }
        guard stepsBeforeCheck <= 0 || recorded > recordedLimit else { return }
        try checkStep(at: location)
    }

    @inline(never)
    private func checkStep(at location: () -> SourceLocation?) throws(Diagnostic) {
        if let exceeded { throw exceeded }
        if recorded > recordedLimit {
            throw fail("The script went past its memory limit of \(memory >> 20) MiB while styling (\(recorded) recorded writes).", at: location())
        }
        guard stepsBeforeCheck <= 0 else { return }
        stepsBeforeCheck = Self.stepsPerClockRead
        if ContinuousClock.now > deadline {
            throw fail("The script ran past its time limit of \(Self.seconds(seconds)) while styling.", at: location())
        }
    }

    /// Checks the deadline between views.
    func check(at location: SourceLocation?) throws(Diagnostic) {
        viewsSinceClockRead &+= 1
        try check { location }
    }

    /// Checks the deadline before styling `view`, whose place is read only when time ran out:
    /// copying a view's location (its file's name, its token) at every view cost as much as a
    /// kept view's restyle.
    @inline(__always)
    func check(before view: View) throws(Diagnostic) {
        viewsSinceClockRead &+= 1
        // A limit passed leaves no steps before the next check.
        guard viewsSinceClockRead >= Self.viewsPerClockRead || stepsBeforeCheck <= 0 else { return }
        try check { view.location }
    }

    @inline(never)
    private func check(_ location: () -> SourceLocation?) throws(Diagnostic) {
        if let exceeded { throw exceeded }
        guard viewsSinceClockRead >= Self.viewsPerClockRead else { return }
        viewsSinceClockRead = 0
        if ContinuousClock.now > deadline {
            throw fail("The script ran past its time limit of \(Self.seconds(seconds)) while styling.", at: location())
        }
    }

    private func fail(_ message: String, at location: SourceLocation?) -> Diagnostic {
        let d = Diagnostic(.limitExceeded, message, at: location ?? SourceLocation(file: "<styles>", line: 1))
        exceeded = d
        stepsBeforeCheck = 0
        return d
    }

    /// `5 seconds`, `1 second`, `0.5 seconds`.
    public static func seconds(_ s: Double) -> String {
        let text = s == s.rounded() && s < 1e15 ? String(Int64(s)) : String(s)
        return text + (s == 1 ? " second" : " seconds")
    }
}
