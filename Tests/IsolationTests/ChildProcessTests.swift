import Foundation
@testable import StyleRun
import XCTest

/// `ChildProcess` and `IsolatedRun`: output, exit status, signals, and the limits the operating
/// system enforces, on small shell commands.
final class ChildProcessTests: XCTestCase {
    private func sh(_ script: String, limits: ChildProcess.ResourceLimits = .init(), input: Data = Data()) throws -> ChildProcess.Outcome {
        try ChildProcess.run(executable: "/bin/sh", arguments: ["-c", script], limits: limits, input: input)
    }

    func testOutputAndExitStatus() throws {
        let o = try sh("echo out; echo err >&2; exit 3")
        XCTAssertEqual(String(decoding: o.stdout, as: UTF8.self), "out\n")
        XCTAssertEqual(String(decoding: o.stderr, as: UTF8.self), "err\n")
        XCTAssertEqual(o.termination, .exited(3))
    }

    /// More output than a pipe holds, on both streams, is collected without blocking.
    func testLargeOutputOnBothStreams() throws {
        let o = try sh("head -c 1000000 /dev/zero; head -c 300000 /dev/zero >&2")
        XCTAssertEqual(o.stdout.count, 1_000_000)
        XCTAssertEqual(o.stderr.count, 300_000)
        XCTAssertEqual(o.termination, .exited(0))
    }

    func testInputIsWrittenThenClosed() throws {
        let o = try sh("wc -c", input: Data(repeating: 65, count: 200_000))
        XCTAssertEqual(String(decoding: o.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), "200000")
    }

    /// A child that never reads its input does not block the parent.
    func testUnreadInputDoesNotBlock() throws {
        let o = try sh("exit 0", input: Data(repeating: 65, count: 1_000_000))
        XCTAssertEqual(o.termination, .exited(0))
    }

    func testASignalIsReported() throws {
        XCTAssertEqual(try sh("kill -SEGV $$").termination, .signaled(SIGSEGV))
    }

    func testTheWallClockLimitKills() throws {
        let started = Date()
        let o = try sh("sleep 30", limits: .init(wallClock: 0.5))
        guard case .timedOut(let seconds) = o.termination else { return XCTFail("\(o.termination)") }
        XCTAssertGreaterThanOrEqual(seconds, 0.5)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    /// The silence limit restarts at each write to standard output.
    func testTheSilenceLimitKillsAChildThatStopsReporting() throws {
        let started = Date()
        let o = try sh("echo 1; sleep 0.6; echo 2; sleep 0.6; echo 3; sleep 30", limits: .init(wallClock: 20, silence: 1))
        guard case .timedOut = o.termination else { return XCTFail("\(o.termination)") }
        XCTAssertEqual(String(decoding: o.stdout, as: UTF8.self), "1\n2\n3\n")
        XCTAssertLessThan(Date().timeIntervalSince(started), 6)
    }

    func testTheCPULimitStopsABusyChild() throws {
        let o = try sh("while :; do :; done", limits: .init(cpuSeconds: 1, wallClock: 20))
        XCTAssertEqual(o.termination, .signaled(SIGXCPU))
    }

    func testTheAddressSpaceLimitRefusesMemory() throws {
        // 64 MiB of address space is too little for the shell to hold 100 MB in a variable.
        let o = try sh("x=$(head -c 100000000 /dev/zero | tr '\\\\0' a); echo ${#x}", limits: .init(addressSpace: 64 << 20, wallClock: 20))
        XCTAssertNotEqual(String(decoding: o.stdout, as: UTF8.self), "100000000\n")
    }

    /// A process running other threads is not copied (a copy could inherit a lock one of them
    /// held): `fork` declines, and the caller spawns the executable instead.
    func testForkDeclinesInAMultithreadedProcess() throws {
        let release = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let other = Thread {
            started.signal()
            release.wait()
        }
        other.start()
        started.wait()
        defer { release.signal() }
        XCTAssertNil(try ChildProcess.fork { 0 })
    }

    func testAMissingExecutableIsASpawnError() {
        XCTAssertThrowsError(try ChildProcess.run(executable: "/nonexistent/stylerun", arguments: []))
    }

    // MARK: IsolatedRun

    private func isolated(_ script: String) throws -> IsolatedRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-isolated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = folder.appendingPathComponent("fake-stylerun")
        // Stands in for `stylerun __child …`: checks its arguments, then does what it is told.
        try "#!/bin/sh\n[ \"$1\" = __child ] || exit 9\ncat >/dev/null\n\(script)\n".write(to: fake, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(fake.path, 0o755), 0)
        return try IsolatedRun.run(arguments: ["app.lua"], limits: .init(seconds: 0.5), executable: fake.path)
    }

    func testACrashedChildIsACrashDiagnostic() throws {
        let run = try isolated("kill -SEGV $$")
        XCTAssertEqual(run.failure(file: "app.lua")?.description, "app.lua:1:1: error: The script crashed the evaluator (signal 11). [crash]")
    }

    func testAChildPastTheWallClockIsALimitDiagnostic() throws {
        let run = try isolated("sleep 30")
        XCTAssertEqual(run.limits.wallClock, 6)
        let d = try XCTUnwrap(run.failure(file: "app.lua"))
        XCTAssertEqual(d.code, .limitExceeded)
        // The backstop stops it at 6 seconds, but the user set 0.5: the message names theirs.
        XCTAssertEqual(d.message, "The script ran past its time limit of 0.5 seconds and was stopped.")
    }

    func testAChildThatExitsSpeaksForItself() throws {
        let run = try isolated("echo 'app.lua:2:1: error: nope' >&2; exit 1")
        XCTAssertNil(run.failure(file: "app.lua"))
        XCTAssertEqual(run.outcome.termination, .exited(1))
        XCTAssertEqual(String(decoding: run.outcome.stderr, as: UTF8.self), "app.lua:2:1: error: nope\n")
    }

    func testResourceLimitsFollowTheScriptLimits() {
        let limits = IsolatedRun.resourceLimits(for: .init(seconds: 5, memory: 256 << 20))
        // No address-space limit under a sanitizer, whose shadow memory it would refuse.
        XCTAssertEqual(limits.addressSpace, IsolatedRun.underSanitizer ? nil : (320 + 512) << 20)
        XCTAssertEqual(limits.cpuSeconds, 15)
        XCTAssertEqual(limits.wallClock, 15)
        let unlimited = IsolatedRun.resourceLimits(for: .init(seconds: 1e308, memory: Int.max))
        XCTAssertNil(unlimited.addressSpace)
        XCTAssertNil(unlimited.wallClock)
    }
}

extension ChildProcessTests {
    /// An allocation refused at the child's address-space limit (the Swift runtime's report,
    /// then SIGABRT) is the memory limit, named as the user set it, not a crash.
    func testAChildOutOfMemoryIsALimitDiagnostic() throws {
        let limits = IsolatedRun.resourceLimits(for: .init(seconds: 5, memory: 64 << 20))
        let stderr = Data("Fatal error: failed to allocate 235760 bytes of memory with alignment 8\n".utf8)
        let d = try XCTUnwrap(IsolatedRun.failure(.signaled(SIGABRT), limits: limits, file: "app.lua", memoryLimit: 64 << 20, stderr: stderr))
        if IsolatedRun.underSanitizer {
            XCTAssertEqual(d.code, .crash, "no address-space limit under a sanitizer: nothing says it was the limit")
        } else {
            XCTAssertEqual(d.description, "app.lua:1:1: error: The script went past its memory limit of 64 MiB and was stopped. [limit-exceeded]")
        }
        // The output buffer's own report reads the same way.
        let buffer = Data("Fatal error: \(TextBytes.outOfMemory(1 << 30))\n".utf8)
        XCTAssertEqual(IsolatedRun.failure(.signaled(SIGILL), limits: limits, file: "app.lua", memoryLimit: 64 << 20, stderr: buffer)?.code,
                       IsolatedRun.underSanitizer ? .crash : .limitExceeded)
        // Any other abort is still a crash.
        XCTAssertEqual(IsolatedRun.failure(.signaled(SIGABRT), limits: limits, file: "app.lua", memoryLimit: 64 << 20,
                                           stderr: Data("Fatal error: Index out of range\n".utf8))?.code, .crash)
    }
}
