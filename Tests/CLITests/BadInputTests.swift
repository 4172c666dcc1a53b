import Foundation
import StyleRun
import XCTest

/// Bad input on the command line (REFERENCE §4): one clear line each, the documented exit code, never
/// a trap; and a crash of the evaluator process turned into a diagnostic.
final class BadInputTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-bad-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func assertOneLine(_ r: CommandResult, status: Int32, says text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.status, status, r.stderr, file: file, line: line)
        XCTAssertEqual(r.errorLines.count, 1, r.stderr, file: file, line: line)
        XCTAssertTrue(r.firstErrorLine.contains(text), "expected '\(text)' in: \(r.stderr)", file: file, line: line)
        XCTAssertFalse(r.crashed, r.stderr, file: file, line: line)
    }

    func testAnEmptyFileSaysItReturnedNothing() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: folder.appendingPathComponent("empty.lua").path, contents: Data()))
        let r = try StyleRunCommand.run(["empty.lua"], in: folder)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.firstErrorLine.hasPrefix("empty.lua:1:1: error: The script returned nothing"), r.stderr)
        XCTAssertFalse(r.crashed, r.stderr)
    }

    /// A FIFO would block a plain read forever; it is refused before reading.
    func testAFIFOIsNotARegularFile() throws {
        let path = folder.appendingPathComponent("pipe.lua").path
        XCTAssertEqual(mkfifo(path, 0o644), 0)
        let started = Date()
        for extra in [[], ["--no-isolation"]] {
            let r = try StyleRunCommand.run(["pipe.lua"] + extra, in: folder)
            assertOneLine(r, status: 1, says: "'pipe.lua' is not a regular file")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }

    func testADeviceIsNotARegularFile() throws {
        assertOneLine(try StyleRunCommand.run(["/dev/null"], in: folder), status: 1, says: "is not a regular file")
    }

    /// `-o` naming a pipe or a device (`-o /dev/null`) writes into it: an atomic write would
    /// have renamed a regular file over it.
    func testAnOutputThatIsAPipeIsWrittenInPlace() throws {
        try "return Label { id = \"x\", text = \"Hi\" }".write(to: folder.appendingPathComponent("a.lua"), atomically: true, encoding: .utf8)
        let pipe = folder.appendingPathComponent("out").path
        XCTAssertEqual(mkfifo(pipe, 0o644), 0)
        final class Received: @unchecked Sendable { var data = Data() }
        let received = Received()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            if let reader = FileHandle(forReadingAtPath: pipe) { received.data = reader.readDataToEndOfFile() }
            done.signal()
        }
        let r = try StyleRunCommand.run(["a.lua", "--no-isolation", "-o", "out"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(String(decoding: received.data, as: UTF8.self), "Label#x\n   text: \"Hi\"\n")
        var status = stat()
        XCTAssertEqual(stat(pipe, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFIFO, "the pipe is still a pipe, not a regular file")
    }

    /// A file deleted before it could be read: a symbolic link left dangling.
    func testAFileThatIsGoneIsMissing() throws {
        let target = folder.appendingPathComponent("gone.lua")
        try "return Label {}".write(to: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.lua").path, withDestinationPath: target.path)
        try FileManager.default.removeItem(at: target)
        assertOneLine(try StyleRunCommand.run(["link.lua"], in: folder), status: 2, says: "No such file: 'link.lua'")
    }

    func testAnUnreadableFileSaysPermissionDenied() throws {
        // chmod 000 does not stop root (CAP_DAC_OVERRIDE), so there is nothing to observe.
        try XCTSkipIf(geteuid() == 0, "running as root: file permissions do not apply")
        let path = folder.appendingPathComponent("secret.lua").path
        try "return Label {}".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(path, 0), 0)
        assertOneLine(try StyleRunCommand.run(["secret.lua"], in: folder), status: 1, says: "permission denied")
    }

    func testFlagMistakesExitTwo() throws {
        try "return Label {}".write(to: folder.appendingPathComponent("ok.lua"), atomically: true, encoding: .utf8)
        let cases: [(arguments: [String], says: String)] = [
            (["ok.lua", "--format", "json", "--format", "tree"], "Option '--format' can be given only once."),
            (["ok.lua", "--format", "xml"], "Invalid value 'xml' for '--format'"),
            (["ok.lua", "--timeout", "-1"], "Invalid value '-1' for '--timeout'"),
            (["ok.lua", "--timeout", "nan"], "Invalid value 'nan' for '--timeout'"),
            (["ok.lua", "other.lua"], "Unexpected argument 'other.lua'."),
            (["watch", "ok.lua", "--no-isolation"], "Unknown option '--no-isolation'."),
            (["--isolation", "ok.lua"], "Unknown option '--isolation'."),
        ]
        for c in cases {
            let r = try StyleRunCommand.run(c.arguments, in: folder)
            XCTAssertEqual(r.status, 2, "\(c.arguments): \(r.stderr)")
            XCTAssertTrue(r.firstErrorLine.contains(c.says), "\(c.arguments): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", "\(c.arguments)")
            XCTAssertFalse(r.crashed, "\(c.arguments): \(r.stderr)")
        }
    }

    /// A usage error shows the usage of the command the line names, not the default one's.
    func testAFlagMistakeShowsItsCommandsUsage() throws {
        try "return Label {}".write(to: folder.appendingPathComponent("ok.lua"), atomically: true, encoding: .utf8)
        let cases: [(arguments: [String], usage: String)] = [
            (["lint", "--timeout", "5", "ok.lua"], "stylerun lint [PATH …] [options]"),
            (["watch", "ok.lua", "--no-isolation"], "stylerun watch FILE.lua [options]"),
            (["--format", "json", "snapshot", "--bogus"], "stylerun snapshot [PATH …] [options]"),
            (["ok.lua", "--bogus"], "stylerun FILE.lua [options]"),
        ]
        for c in cases {
            let r = try StyleRunCommand.run(c.arguments, in: folder)
            XCTAssertEqual(r.status, 2, "\(c.arguments): \(r.stderr)")
            let lines = r.stderr.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 2, "\(c.arguments): \(r.stderr)")
            XCTAssertEqual(lines.last, c.usage, "\(c.arguments)")
        }
    }

    /// Limits far past anything real are accepted without overflowing into a trap.
    func testHugeLimitsDoNotTrap() throws {
        try "return Label { id = 'ok' }".write(to: folder.appendingPathComponent("ok.lua"), atomically: true, encoding: .utf8)
        for extra in [["--timeout", "1e308"], ["--memory", "9223372036854775807"], ["--instructions", "9223372036854775807"]] {
            let r = try StyleRunCommand.run(["ok.lua"] + extra, in: folder)
            XCTAssertEqual(r.status, 0, "\(extra): \(r.stderr)")
            XCTAssertTrue(r.stdout.contains("Label#ok"), "\(extra): \(r.stdout)")
            XCTAssertFalse(r.crashed, "\(extra): \(r.stderr)")
        }
    }

    // MARK: Isolation

    /// The evaluator process dies of a signal while the script runs (here SIGSEGV sent to it, as a
    /// crash in the Lua VM would raise): stylerun reports it for the file and exits 1.
    func testACrashOfTheEvaluatorIsADiagnostic() throws {
        let name = "spin-\(UUID().uuidString.prefix(8)).lua"
        try "local n = 0\nwhile true do n = n + 1 end\n".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        // The script must still be running when the killer finds it, however busy the machine:
        // no limit of its own ends it before the killer's deadline. The killer may strike the
        // evaluator at any moment of its start (it was once caught between the fork and its
        // default handlers, and hung in the parent's crash handler).
        let killer = Thread {
            let deadline = Date().addingTimeInterval(50)
            while Date() < deadline {
                if let pid = Self.evaluator(of: name) {
                    kill(pid, SIGSEGV)
                    return
                }
                usleep(20_000)
            }
        }
        killer.start()
        let r = try StyleRunCommand.run([name, "--timeout", "60", "--instructions", "9000000000000000000"], in: folder)
        XCTAssertEqual(r.status, 1, r.stderr)
        if IsolatedRun.underSanitizer {
            // AddressSanitizer's handler catches the SIGSEGV, reports it and aborts (scripts/sanitize).
            XCTAssertTrue(r.stderr.contains("\(name):1:1: error: The script crashed the evaluator (signal "), r.stderr)
        } else {
            XCTAssertEqual(r.firstErrorLine, "\(name):1:1: error: The script crashed the evaluator (signal 11). [crash]", r.stderr)
        }
        XCTAssertFalse(r.crashed, r.stderr)
    }

    /// The evaluator runs under the operating system's limits for the script's own (`--timeout 1
    /// --memory 64`): its address space and CPU time, read from /proc while it runs.
    func testTheEvaluatorRunsUnderTheOperatingSystemLimits() throws {
        let name = "spin-\(UUID().uuidString.prefix(8)).lua"
        try "local n = 0\nwhile true do n = n + 1 end\n".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let seen = SeenLimits()
        let reader = Thread {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                // Read again until the limits are in place: the evaluator may be seen between
                // its start and the parent applying them (it waits for them before any work).
                if let pid = Self.evaluator(of: name),
                   let text = try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8) {
                    seen.set(text)
                    if text.split(separator: "\n").contains(where: { $0.hasPrefix("Max cpu time") && !$0.contains("unlimited") }) { return }
                }
                usleep(10_000)
            }
        }
        reader.start()
        let r = try StyleRunCommand.run([name, "--timeout", "1", "--memory", "64"], in: folder)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("time limit"), r.stderr)
        let text = try XCTUnwrap(seen.get(), "no evaluator process was seen")
        var limits = Runtime().limits
        limits.seconds = 1
        limits.memory = 64 << 20
        let expected = IsolatedRun.resourceLimits(for: limits)
        let lines = text.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        let cpu = try XCTUnwrap(lines.first { $0.starts(with: ["Max", "cpu", "time"]) }, text)
        let memory = try XCTUnwrap(lines.first { $0.starts(with: ["Max", "address", "space"]) }, text)
        XCTAssertEqual(Array(cpu[3...4]), [String(expected.cpuSeconds!), String(expected.cpuSeconds! + 1)], text)
        let bytes = expected.addressSpace.map(String.init) ?? "unlimited"
        XCTAssertEqual(Array(memory[3...4]), [bytes, bytes], text)
    }

    /// The evaluator process of `stylerun name`: a copy of the `stylerun` process (a process
    /// running `name` whose parent runs it too), or `stylerun __child name`.
    static func evaluator(of name: String) -> pid_t? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        for entry in entries {
            guard let pid = pid_t(entry), let parts = arguments(of: pid), let at = parts.firstIndex(of: name) else { continue }
            if at > 0, parts[at - 1] == IsolatedRun.childCommand { return pid }
            if let parent = parentID(of: pid), parent != pid, arguments(of: parent)?.contains(name) == true { return pid }
        }
        return nil
    }

    /// A process's command line, split at its NUL bytes.
    static func arguments(of pid: pid_t) -> [String]? {
        FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")?.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A process's parent, from /proc/PID/stat (the fourth field, after the command's closing parenthesis).
    static func parentID(of pid: pid_t) -> pid_t? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let stat = String(decoding: data, as: UTF8.self)
        guard let end = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }
}

/// What a reader thread saw, handed to the test's thread.
private final class SeenLimits: @unchecked Sendable {
    private let lock = NSLock()
    private var text: String?
    func set(_ t: String) { lock.withLock { text = t } }
    func get() -> String? { lock.withLock { text } }
}
