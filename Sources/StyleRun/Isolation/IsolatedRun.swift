import Foundation
import StyleCore
import StyleLua

/// Running one untrusted script in a child `stylerun`, so that a crash of the Lua VM (or of
/// anything under it) ends the child, not the tool: `stylerun FILE` and, per file,
/// `stylerun lint`.
///
///     let run = try IsolatedRun.run(arguments: ["app.lua", "--format", "json"], limits: runtime.limits)
///     FileHandle.standardOutput.write(run.outcome.stdout)
///     if let d = run.failure(file: "app.lua") { print(d) }    // app.lua:1:1: error: The script crashed…
///
/// The child is a copy of this process (`runForked`) when it runs a single thread, which
/// skips a second start of the executable; otherwise (a host's multithreaded process, lint's
/// batches) it is this executable re-run as `stylerun __child ARGUMENTS…`: it waits for its
/// standard input to close (the parent closes it once the operating-system limits are in
/// place), then does what `stylerun ARGUMENTS…` does in process. Its limits are derived from the
/// script's own `Limits`, with room to spare, so the script's limits trip first and give their
/// ordinary diagnostics; the operating system's are the backstop for what escapes them.
public struct IsolatedRun {
    /// The first argument that puts `stylerun` in its child mode (not shown in help).
    public static let childCommand = "__child"
    /// The environment variable that tells the child which of its parent's standard output (1)
    /// and error (2) are terminals, comma-separated, so that its colors follow the parent's.
    public static let parentTerminalsVariable = "STYLERUN_PARENT_TERMINALS"
    /// Whether this process is the child of an isolated run.
    public static let isChild = CommandLine.arguments.dropFirst().first == childCommand

    public var outcome: ChildProcess.Outcome
    public var limits: ChildProcess.ResourceLimits
    /// The script's own limits, which messages name (the operating system's are only a backstop).
    public var scriptLimits: Limits?

    /// The operating-system limits for a script with `limits`: its memory plus room for the
    /// runtime, twice its time (evaluation and styling each get the full time budget) plus
    /// start-up, on the CPU and on the wall clock.
    public static func resourceLimits(for limits: Limits) -> ChildProcess.ResourceLimits {
        // In doubles, and no limit past what a machine has: a huge --memory or --timeout must not overflow.
        let bytes = Double(limits.memory) * 1.25 + Double(512 << 20)
        let memory = limits.memory > 0 && bytes < 0x1p50 && !underSanitizer ? Int(bytes) : nil
        let seconds = limits.seconds > 0 && limits.seconds < 1e7 ? 2 * limits.seconds + 5 : nil
        return ChildProcess.ResourceLimits(addressSpace: memory, cpuSeconds: seconds.map { Int($0.rounded(.up)) },
                                           wallClock: seconds)
    }

    /// Whether this executable (and so the child) is built with AddressSanitizer or
    /// ThreadSanitizer: they reserve terabytes of shadow memory at start, which an address-space
    /// limit makes fail, so the child then has only the script's own memory limit.
    public static let underSanitizer = ["__asan_init", "__tsan_init"].contains { (name: String) in dlsym(nil, name) != nil }

    /// Runs `stylerun __child arguments…` under the limits for `limits`.
    public static func run(arguments: [String], limits: Limits, environment: [String: String] = [:],
                           executable: String = ChildProcess.currentExecutable) throws(ChildProcess.SpawnError) -> IsolatedRun {
        let os = resourceLimits(for: limits)
        // A crash ends the child with its signal at once: no Swift backtrace on its standard error.
        var environment = environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let outcome = try ChildProcess.run(executable: executable, arguments: [childCommand] + arguments,
                                           environment: environment, limits: os)
        return IsolatedRun(outcome: outcome, limits: os, scriptLimits: limits)
    }

    /// Runs `body` in a copy of this process (`ChildProcess.fork`) under the limits for
    /// `limits`; nil when this process runs other threads and cannot be copied safely (then
    /// use `run`). The copy's exit status is what `body` returns.
    public static func runForked(limits: Limits, body: () -> Int32) throws(ChildProcess.SpawnError) -> IsolatedRun? {
        let os = resourceLimits(for: limits)
        guard let outcome = try ChildProcess.fork(limits: os, body: body) else { return nil }
        return IsolatedRun(outcome: outcome, limits: os, scriptLimits: limits)
    }

    /// The diagnostic for a child that did not end on its own (a signal, the CPU limit, the
    /// wall-clock kill); nil when it exited, since then it printed its own diagnostics.
    public func failure(file: String) -> Diagnostic? {
        Self.failure(outcome.termination, limits: limits, file: file, timeLimit: scriptLimits?.seconds,
                     memoryLimit: scriptLimits?.memory, stderr: outcome.stderr)
    }

    /// The diagnostic for `file` when a child under `limits` ended with `termination`; nil when
    /// it exited.
    /// With `timeLimit` (the time limit the user set), a child stopped by the wall-clock or
    /// CPU backstop is reported as past that limit, the one the user knows.
    /// With `memoryLimit` (the memory limit the user set), a child that ended because an
    /// allocation failed at its address-space backstop (`stderr` holds the Swift runtime's
    /// report) is reported as past that limit: the work the limit does not count as it goes
    /// (rendering, printing) stopped at the operating system's limit, not in a crash.
    static func failure(_ termination: ChildProcess.Termination, limits: ChildProcess.ResourceLimits, file: String,
                        timeLimit: Double? = nil, memoryLimit: Int? = nil, stderr: Data = Data()) -> Diagnostic? {
        let at = SourceLocation(file: file, line: 1)
        if case .signaled = termination, let memoryLimit, limits.addressSpace != nil, Self.ranOutOfMemory(stderr) {
            return Diagnostic(.limitExceeded, "The script went past its memory limit of \(memoryLimit >> 20) MiB and was stopped.", at: at)
        }
        switch termination {
        case .exited:
            return nil
        case .timedOut where timeLimit != nil, .signaled(SIGXCPU) where timeLimit != nil:
            return Diagnostic(.limitExceeded, "The script ran past its time limit of \(CascadeBudget.seconds(timeLimit!)) and was stopped.", at: at)
        case .timedOut(let seconds):
            return Diagnostic(.limitExceeded, "The script did not finish within the wall-clock limit of \(Self.format(limits.wallClock ?? seconds)) seconds and was stopped.", at: at)
        case .signaled(let signal) where signal == SIGXCPU:
            return Diagnostic(.limitExceeded, "The script used more than the CPU limit of \(limits.cpuSeconds ?? 0) seconds and was stopped (signal \(signal)).", at: at)
        case .signaled(let signal):
            return Diagnostic(.crash, "The script crashed the evaluator (signal \(signal)).", at: at)
        }
    }

    /// Whether a child's standard error ends in the Swift runtime's report of an allocation that
    /// failed (`Fatal error: failed to allocate 235760 bytes of memory with alignment 8`,
    /// `Could not allocate memory.`): what an address-space limit makes of a large allocation.
    static func ranOutOfMemory(_ stderr: Data) -> Bool {
        let tail = String(decoding: stderr.suffix(4096), as: UTF8.self)
        return tail.contains("failed to allocate") || tail.contains("Could not allocate memory")
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}

extension Diagnostic.Code {
    /// The evaluator died while running the script (a signal in the child process).
    public static let crash: Diagnostic.Code = "crash"
}
