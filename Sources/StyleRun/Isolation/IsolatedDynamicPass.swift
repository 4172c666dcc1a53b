import Dispatch
import Foundation
import StyleCore
import StyleLua
import Synchronization

/// Lint's dynamic pass in child processes, so that a crash in the Lua VM, a kill or an
/// operating-system limit is a diagnostic for one file, not the end of `stylerun lint`.
///
///     let linter = Linter(dynamicPass: IsolatedDynamicPass())
///     linter.lint(files: ["a.lua", "b.lua"])    // a.lua:1:1: error: The script crashed the evaluator (signal 11). [crash]
///
/// A child per file would cost a process start per file, so the files are split into batches
/// (at least one per core, at most `batchSize` files each, balanced by size) and each batch is
/// evaluated by one child, `stylerun __child lint-dynamic`, running `InProcessDynamicPass` on
/// its files one after the other and writing each file's diagnostics as one JSON line as soon as
/// it has them. The scripts go to the child on its standard input, so it evaluates exactly the
/// text the static pass checked.
///
/// The child's limits are one file's, as `IsolatedRun` derives them, with the time scaled to the
/// batch: its CPU time and wall clock are the file's times the number of files, and it is also
/// killed when it goes longer than one file's wall clock without reporting a file. Memory is
/// not scaled: each file's Lua state is closed before the next is opened.
///
/// When a child does not end on its own, the files it reported keep their results. If it was
/// killed for silence, the file it was on ran past one file's wall clock: that file gets the
/// limit's diagnostic. Otherwise (a signal, the CPU limit) the file it was on is re-run alone in
/// a child of its own, and gets the crash or limit diagnostic only if it fails there too. The
/// files it had not reached go on in a new batch.
public struct IsolatedDynamicPass: BatchedDynamicPass {
    /// What each file's evaluation may spend, in the child as in process.
    public var limits: Limits
    /// Where `require` looks after the script's folder, in order.
    public var stdlibPaths: [String]
    /// The `stylerun` executable to run as the child.
    public var executable: String
    /// The most files one child evaluates.
    public var batchSize: Int
    /// How many children run at once, and the fewest batches.
    public var concurrency: Int
    /// Added to each child's environment.
    public var environment: [String: String]
    /// Asked while a child runs: when it returns true the child is killed and the scripts not
    /// yet reported get no diagnostics (a language server whose text has changed since).
    public var isCancelled: (@Sendable () -> Bool)? = nil
    /// The accessibility checks the children run on each screen.
    public var accessibility = AccessibilityChecks()

    public init(limits: Limits = Linter.defaultLimits, stdlibPaths: [String] = Runtime.defaultStdlibPaths,
                executable: String = ChildProcess.currentExecutable, batchSize: Int = 50,
                concurrency: Int = ProcessInfo.processInfo.activeProcessorCount, environment: [String: String] = [:]) {
        precondition(batchSize > 0 && concurrency > 0, "A batch holds at least one file and at least one child runs.")
        self.limits = limits
        self.stdlibPaths = stdlibPaths
        self.executable = executable
        self.batchSize = batchSize
        self.concurrency = concurrency
        self.environment = environment
    }

    public func check(file: String, source: String) -> [Diagnostic] {
        check(scripts: [LintScript(file: file, source: source)])[0]
    }

    public func check(scripts: [LintScript]) -> [[Diagnostic]] {
        let batches = Self.batches(of: scripts, count: max(concurrency, (scripts.count + batchSize - 1) / batchSize))
        let slots = ResultSlots<[Diagnostic]>(count: scripts.count, initial: [])
        let next = NextBatch(count: batches.count)
        let finished = DispatchGroup()
        // Threads of their own, which only wait on children: Dispatch's workers stay free for
        // the static pass, which runs meanwhile.
        for _ in 0..<min(concurrency, batches.count) {
            finished.enter()
            Thread {
                while let b = next.take() {
                    let results = evaluate(batches[b].map { scripts[$0] })
                    for (k, i) in batches[b].enumerated() { slots[i] = results[k] }
                }
                finished.leave()
            }.start()
        }
        finished.wait()
        return slots.all
    }

    /// The operating-system limits for one child evaluating `count` files.
    ///
    ///     IsolatedDynamicPass().resourceLimits(files: 17).silence    // 6 seconds: one file's wall clock
    public func resourceLimits(files count: Int) -> ChildProcess.ResourceLimits {
        let one = oneFileLimits
        let files = Double(max(count, 1))
        return ChildProcess.ResourceLimits(addressSpace: one.addressSpace,
                                           cpuSeconds: one.cpuSeconds.map { Int((Double($0) * files).rounded(.up)) },
                                           wallClock: one.wallClock.map { $0 * files + 1 },
                                           silence: one.wallClock)
    }

    /// One file's limits: `IsolatedRun`'s memory; twice the time limit (evaluation, then the
    /// probes) and two seconds for the child's start, on the CPU and the wall clock.
    private var oneFileLimits: ChildProcess.ResourceLimits {
        let seconds = limits.seconds > 0 && limits.seconds < 1e7 ? 2 * limits.seconds + 2 : nil
        return ChildProcess.ResourceLimits(addressSpace: IsolatedRun.resourceLimits(for: limits).addressSpace,
                                           cpuSeconds: seconds.map { Int($0.rounded(.up)) }, wallClock: seconds)
    }

    // MARK: Batches

    /// The indices of `scripts` in `count` batches (fewer if there are fewer scripts), balanced
    /// by text length, each in the original order.
    static func batches(of scripts: [LintScript], count: Int) -> [[Int]] {
        let count = min(count, scripts.count)
        guard count > 1 else { return scripts.isEmpty ? [] : [Array(scripts.indices)] }
        var batches = Array(repeating: [Int](), count: count)
        var sizes = Array(repeating: 0, count: count)
        // Longest first, each to the lightest batch so far.
        for i in scripts.indices.sorted(by: { scripts[$0].source.utf8.count > scripts[$1].source.utf8.count }) {
            let lightest = sizes.indices.min { sizes[$0] < sizes[$1] }!
            batches[lightest].append(i)
            sizes[lightest] += scripts[i].source.utf8.count + 1
        }
        return batches.map { $0.sorted() }
    }

    /// Every script's diagnostics, from one child if all goes well.
    private func evaluate(_ scripts: [LintScript]) -> [[Diagnostic]] {
        guard !scripts.isEmpty else { return [] }
        if let isCancelled, isCancelled() { return scripts.map { _ in [] } }
        let limits = resourceLimits(files: scripts.count)
        let outcome: ChildProcess.Outcome
        do throws(ChildProcess.SpawnError) {
            outcome = try ChildProcess.run(executable: executable, arguments: [IsolatedRun.childCommand, Self.childMode],
                                           environment: environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 },
                                           limits: limits, input: Self.request(scripts, limits: self.limits, stdlibPaths: stdlibPaths, accessibility: accessibility),
                                           isCancelled: isCancelled)
        } catch {
            let message = "The script was not evaluated: the evaluator process could not start (\(error)). Use --no-isolation to evaluate in this process."
            return scripts.map { [Diagnostic(.crash, message, at: SourceLocation(file: $0.file, line: 1))] }
        }
        var results = Self.results(outcome.stdout, for: scripts)
        if results.count == scripts.count, outcome.termination == .exited(0) { return results }
        if let isCancelled, isCancelled() { return results + scripts[results.count...].map { _ in [] } }

        // The child stopped at scripts[results.count]; the ones after it were never started.
        let stopped = scripts[results.count]
        let rest = Array(scripts[(results.count + 1)...])
        if case .timedOut = outcome.termination {
            // Killed for silence (the whole batch's wall clock comes later): this script alone
            // ran past one file's wall clock.
            let one = oneFileLimits
            results.append([Self.failure(.timedOut(seconds: one.wallClock ?? 0), limits: one, stderr: outcome.stderr, file: stopped.file,
                                         memoryLimit: self.limits.memory)])
        } else if scripts.count > 1 {
            results += evaluate([stopped])
        } else {
            results.append([Self.failure(outcome.termination, limits: limits, stderr: outcome.stderr, file: stopped.file,
                                         memoryLimit: self.limits.memory)])
        }
        return results + evaluate(rest)
    }

    /// The diagnostic for a script whose child ended with `termination` without reporting on it:
    /// an allocation refused at the child's address-space backstop is past the memory limit the
    /// user set (`memoryLimit`), not a crash.
    private static func failure(_ termination: ChildProcess.Termination, limits: ChildProcess.ResourceLimits,
                                stderr: Data, file: String, memoryLimit: Int) -> Diagnostic {
        if let diagnostic = IsolatedRun.failure(termination, limits: limits, file: file, memoryLimit: memoryLimit, stderr: stderr) {
            return diagnostic
        }
        // It exited, yet without a result for this script: its standard error says why.
        let reason = String(decoding: stderr, as: UTF8.self).split(separator: "\n").first.map { ": \($0)" } ?? ""
        let status = if case .exited(let status) = termination { status } else { Int32(0) }
        return Diagnostic(.crash, "The evaluator process ended (status \(status)) without a result for the script\(reason).",
                          at: SourceLocation(file: file, line: 1))
    }
}

/// The batches not yet taken, handed out one at a time to the threads that run children.
private final class NextBatch: Sendable {
    private let count: Int
    private let taken = Mutex(0)

    init(count: Int) { self.count = count }

    func take() -> Int? {
        taken.withLock { taken in
            guard taken < count else { return nil }
            defer { taken += 1 }
            return taken
        }
    }
}
