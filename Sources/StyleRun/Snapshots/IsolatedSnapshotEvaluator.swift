import Dispatch
import Foundation
import StyleCore
import StyleLua

/// Snapshot evaluation in child processes, as `stylerun FILE` and `lint` evaluate untrusted
/// scripts: a crash of the Lua VM, a kill or an operating-system limit is a diagnostic for one
/// script, not the end of `stylerun snapshot`.
///
///     let captures = IsolatedSnapshotEvaluator().capture(files: ["screens/home.lua"], html: false)
///
/// Each script is captured by its own child, `stylerun __child snapshot-capture`, which reads
///
///     {"limits": {"seconds": 5, "memory": 268435456, "instructions": 1000000000}, "stdlib": "/…/stdlib",
///      "file": "screens/home.lua", "html": false, "traits": [{}], "states": ["#go=highlighted"]}
///
/// on standard input, runs `InProcessSnapshotEvaluator` on it, writes `{"progress": THEME}` after
/// each theme and finally `{"capture": …}`. Up to `concurrency` children run at once. A child's
/// limits are those `IsolatedRun` derives for one evaluation, on its silences (the time between
/// two lines) and, multiplied by the most evaluations a script can need, on the whole.
public struct IsolatedSnapshotEvaluator: SnapshotEvaluator {
    public var limits: Limits
    public var stdlibPaths: [String]
    public var executable: String
    public var concurrency: Int
    /// When set, frames at this width are recorded too (`InProcessSnapshotEvaluator.layoutWidth`).
    public var layoutWidth: Double?
    /// `--state` assignments for every tree (`InProcessSnapshotEvaluator.states`).
    public var states: [String] = []

    /// The argument after `__child` that selects the snapshot evaluator.
    public static let childMode = "snapshot-capture"

    /// For tests only: makes the snapshot evaluator child fail on purpose, as
    /// `IsolatedDynamicPass.testFaultsVariable` does for lint's (`crash:NAME`, `hang:NAME`).
    public static let testFaultsVariable = "STYLERUN_TEST_SNAPSHOT_FAULTS"

    public init(limits: Limits = .default, stdlibPaths: [String] = Runtime.defaultStdlibPaths,
                executable: String = ChildProcess.currentExecutable,
                concurrency: Int = ProcessInfo.processInfo.activeProcessorCount) {
        precondition(concurrency > 0, "At least one child runs.")
        self.limits = limits
        self.stdlibPaths = stdlibPaths
        self.executable = executable
        self.concurrency = concurrency
    }

    public func capture(files: [String], html: Bool, traits: [[Traits]]) -> [ScriptCapture] {
        let slots = ResultSlots<ScriptCapture>(count: files.count, initial: .notAScreen(returned: "nil"))
        let next = NextIndex(count: files.count)
        let finished = DispatchGroup()
        for _ in 0..<min(concurrency, files.count) {
            finished.enter()
            Thread {
                while let i = next.take() { slots[i] = capture(file: files[i], html: html, traits: traits[i]) }
                finished.leave()
            }.start()
        }
        finished.wait()
        return slots.all
    }

    /// The operating-system limits of one child.
    public var resourceLimits: ChildProcess.ResourceLimits {
        let one = IsolatedRun.resourceLimits(for: limits)
        let evaluations = Double(InProcessSnapshotEvaluator.maxThemes + 1)
            // Styling for each trait set of the matrix (one evaluation's limits each at most).
            + Double(SnapshotMatrix.maxTraitSets)
        return ChildProcess.ResourceLimits(addressSpace: one.addressSpace,
                                           cpuSeconds: one.cpuSeconds.map { Int(Double($0) * evaluations) },
                                           wallClock: one.wallClock.map { $0 * evaluations }, silence: one.wallClock)
    }

    private func capture(file: String, html: Bool, traits: [Traits]) -> ScriptCapture {
        var work: [(key: String, value: JSONValue)] = [("file", .string(file)), ("html", .bool(html)), ("traits", .array(traits.map(\.json)))]
        if let layoutWidth { work.append(("layoutWidth", .number(layoutWidth))) }
        if !states.isEmpty { work.append(("states", .array(states.map(JSONValue.string)))) }
        let request = ChildRequest(limits: limits, stdlibPaths: stdlibPaths, work: work)
        let os = resourceLimits
        var outcome: ChildProcess.Outcome
        do throws(ChildProcess.SpawnError) {
            outcome = try ChildProcess.run(executable: executable, arguments: [IsolatedRun.childCommand, Self.childMode],
                                           environment: ["SWIFT_BACKTRACE": "enable=no"], limits: os,
                                           input: request.encoded())
        } catch {
            return .failed([Diagnostic(.crash, "The script was not evaluated: the evaluator process could not start (\(error)). Use --no-isolation to evaluate in this process.",
                                       at: SourceLocation(file: file, line: 1))])
        }
        // The last line alone is decoded, and the output let go of first: a large screen's
        // capture is tens of megabytes.
        let last: String = {
            let output = outcome.stdout
            let end = output.last == UInt8(ascii: "\n") ? output.index(before: output.endIndex) : output.endIndex
            let start = output[..<end].lastIndex(of: UInt8(ascii: "\n")).map { output.index(after: $0) } ?? output.startIndex
            return String(decoding: output[start..<end], as: UTF8.self)
        }()
        outcome.stdout = Data()
        if let capture = Self.decode(last) { return capture }
        var stopped = os
        if case .timedOut(let elapsed) = outcome.termination, let silence = os.silence, elapsed < (os.wallClock ?? .infinity) {
            // Killed for silence: one evaluation ran past its wall clock.
            stopped.wallClock = silence
        }
        if let failure = IsolatedRun.failure(outcome.termination, limits: stopped, file: file, memoryLimit: limits.memory,
                                             stderr: outcome.stderr) {
            return .failed([failure])
        }
        let reason = String(decoding: outcome.stderr, as: UTF8.self).split(separator: "\n").first.map { ": \($0)" } ?? ""
        return .failed([Diagnostic(.crash, "The evaluator process ended without a result for the script\(reason).",
                                   at: SourceLocation(file: file, line: 1))])
    }

    /// The child's `{"capture": …}` line, or nil when it is not one.
    private static func decode(_ line: String) -> ScriptCapture? {
        guard let json = try? JSONValue(parsing: line), let body = json["capture"] else { return nil }
        return ScriptCapture(json: body)
    }

    // MARK: The child

    /// The work of `stylerun __child snapshot-capture` without the process: captures the script
    /// of the request `input`, calling `willEvaluate` with its file first and `emit` with each
    /// line (newline-ended): a `{"progress": THEME}` after each theme, then `{"capture": …}`.
    /// The command owns standard input, output and error, and the test faults.
    ///
    ///     try IsolatedSnapshotEvaluator.serveChild(input: request, emit: console.out)
    ///
    /// - Throws: `IsolatedDynamicPass.ChildRequestError.invalidRequest` for a request that cannot be read.
    public static func serveChild(input: Data, willEvaluate: (String) -> Void = { _ in },
                                  emit: (String) -> Void) throws(IsolatedDynamicPass.ChildRequestError) {
        let request = try ChildRequest(decoding: input)
        guard case .string(let file)? = request["file"] else { throw .invalidRequest }
        var traits: [Traits] = [.default]
        if case .array(let sets)? = request["traits"] {
            traits = sets.compactMap(Traits.init(json:))
            guard traits.count == sets.count, !traits.isEmpty else { throw .invalidRequest }
        }
        var evaluator = InProcessSnapshotEvaluator(limits: request.limits, stdlibPaths: request.stdlibPaths)
        if let width = request["layoutWidth"] {
            guard case .number(let w) = width, w.isFinite, w > 0 else { throw .invalidRequest }
            evaluator.layoutWidth = w
        }
        if let given = request["states"] {
            guard case .array(let list) = given else { throw .invalidRequest }
            for case .string(let assignment) in list { evaluator.states.append(assignment) }
            guard evaluator.states.count == list.count else { throw .invalidRequest }
        }
        willEvaluate(file)
        let capture = evaluator.capture(file: file, html: request["html"] == .bool(true), traits: traits) { theme in
            let line: JSONValue = ["progress": theme.map(JSONValue.string) ?? .null]
            emit(line.serialized() + "\n")
        }
        let line: JSONValue = ["capture": capture.json]
        emit(line.serialized() + "\n")
    }
}

/// The indices not yet taken, handed out one at a time to the threads that run children.
private final class NextIndex: @unchecked Sendable {
    private let count: Int
    private var taken = 0
    private let lock = NSLock()

    init(count: Int) { self.count = count }

    func take() -> Int? {
        lock.withLock {
            guard taken < count else { return nil }
            defer { taken += 1 }
            return taken
        }
    }
}
