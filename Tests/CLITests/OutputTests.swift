import Foundation
import XCTest

/// Output that cannot be written is never lost behind exit 0: a closed or full standard output
/// or error, an `-o` that is a folder, a device that is full, a path that cannot be written;
/// and `-o` never overwrites the script it styles.
final class OutputTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "return Label { id = 'ok', text = 'hi' }\n".write(to: folder.appendingPathComponent("app.lua"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `stylerun` through `sh -c` so that the redirections (`>&-`, `> /dev/full`) are the
    /// shell's; returns standard error (captured unless the redirections close it) and the status.
    private func shell(_ redirections: String, _ arguments: [String], captureError: Bool = true) throws -> (stderr: String, status: Int32) {
        let executable = try XCTUnwrap(StyleRunCommand.executable, "stylerun is not built")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" \"$@\" \(redirections)", executable.path] + arguments
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = captureError ? errors : FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = captureError ? String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) : ""
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus
        return (text, status)
    }

    func testAClosedStandardOutputIsAnErrorNotATrap() throws {
        for extra in [[], ["--no-isolation"], ["--format", "json"]] {
            let r = try shell(">&-", ["app.lua"] + extra)
            XCTAssertEqual(r.status, 1, "\(extra): \(r.stderr)")
            XCTAssertEqual(r.stderr, "stylerun: cannot write to standard output: it is closed.\n", "\(extra)")
        }
        // The watch stops once it cannot write its first event.
        for command in [["kinds"], ["types"], ["lint", "app.lua"], ["watch", "app.lua"], ["watch", "app.lua", "--format", "json"]] {
            let r = try shell(">&-", command)
            XCTAssertEqual(r.status, 1, "\(command): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("cannot write to standard output: it is closed."), "\(command): \(r.stderr)")
        }
    }

    /// With standard error closed there is nowhere to say it, but the status says it.
    func testAClosedStandardErrorMakesTheStatusNonZero() throws {
        try "return Label { text = 1 }\n".write(to: folder.appendingPathComponent("bad.lua"), atomically: true, encoding: .utf8)
        let bad = try shell("2>&-", ["bad.lua"], captureError: false)
        XCTAssertEqual(bad.status, 1)
        let good = try shell("2>&- >&-", ["app.lua"], captureError: false)
        XCTAssertEqual(good.status, 1)
    }

    func testAFullStandardOutputIsAnError() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/dev/full"))
        for extra in [[], ["--no-isolation"]] {
            let r = try shell("> /dev/full", ["app.lua"] + extra)
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertEqual(r.stderr, "stylerun: cannot write to standard output: no space left on the device.\n")
        }
    }

    func testOutputFilesThatCannotBeWrittenSaySoInASentence() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        var cases: [(output: String, says: String)] = [
            ("out", "stylerun: cannot write 'out': it is a folder."),
            ("missing/tree.txt", "stylerun: cannot write 'missing/tree.txt': its folder does not exist."),
        ]
        if FileManager.default.fileExists(atPath: "/dev/full") {
            cases.append(("/dev/full", "stylerun: cannot write '/dev/full': no space left on the device."))
        }
        for c in cases {
            for command in [["app.lua", "-o", c.output], ["app.lua", "--no-isolation", "-o", c.output], ["types", "-o", c.output]] {
                let r = try StyleRunCommand.run(command, in: folder)
                XCTAssertEqual(r.status, 1, "\(command): \(r.stderr)")
                XCTAssertEqual(r.stderr, c.says + "\n", "\(command)")
                XCTAssertFalse(r.crashed)
            }
        }
    }

    func testAnOutputFileIsWrittenWhole() throws {
        let r = try StyleRunCommand.run(["app.lua", "--format", "json", "-o", "tree.json"], in: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "")
        let written = try String(contentsOf: folder.appendingPathComponent("tree.json"), encoding: .utf8)
        XCTAssertTrue(written.contains("\"id\": \"ok\""), written)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".stylerun-") }
        XCTAssertEqual(leftovers, [])
    }

    /// `-o` naming the script, however it is spelt, is refused and the script is untouched.
    func testTheScriptIsNeverOverwritten() throws {
        let script = folder.appendingPathComponent("app.lua")
        let before = try Data(contentsOf: script)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("alias.lua").path, withDestinationPath: "app.lua")
        for output in ["app.lua", "./app.lua", script.path, "alias.lua"] {
            for extra in [[], ["--no-isolation"], ["--format", "json"]] {
                let r = try StyleRunCommand.run(["app.lua", "-o", output] + extra, in: folder)
                XCTAssertEqual(r.status, 2, "\(output): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains("is the script itself; refusing to overwrite it"), r.stderr)
            }
        }
        XCTAssertEqual(try Data(contentsOf: script), before)
    }

    /// One rule by cause: a path naming nothing is the command line's fault (2); one naming
    /// something that is not a readable script is the input's (1), whatever it is.
    func testExitStatusesFollowTheCause() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.lua"), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.lua").path, 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("a.lua").path, withDestinationPath: "b.lua")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("b.lua").path, withDestinationPath: "a.lua")
        let cases: [(path: String, status: Int32, says: String)] = [
            ("nothing.lua", 2, "No such file: 'nothing.lua'."),
            ("folder.lua", 1, "'folder.lua' is a folder"),
            ("pipe.lua", 1, "'pipe.lua' is not a regular file"),
            ("/dev/zero", 1, "'/dev/zero' is not a regular file"),
            ("a.lua", 1, "'a.lua' is a loop of symbolic links"),
        ]
        for c in cases {
            for command in [[c.path], [c.path, "--no-isolation"], ["watch", c.path]] {
                let r = try StyleRunCommand.run(command, in: folder)
                XCTAssertEqual(r.status, c.status, "\(command): \(r.stderr)")
                XCTAssertTrue(r.firstErrorLine.contains(c.says), "\(command): \(r.stderr)")
            }
        }
    }
}

/// A limit of zero would stop every script at once: refused as bad usage, for every command
/// that takes limits.
final class ZeroLimitTests: XCTestCase {
    func testZeroLimitsAreRefused() throws {
        for (flag, value) in [("--timeout", "0"), ("--timeout", "0.0"), ("--memory", "0"), ("--instructions", "0")] {
            for command in [["small.lua"], ["small.lua", "--no-isolation"], ["watch", "small.lua"]] {
                let r = try StyleRunCommand.run(command + [flag, value])
                XCTAssertEqual(r.status, 2, "\(command) \(flag): \(r.stderr)")
                XCTAssertEqual(r.stderr, "stylerun: Invalid value '0' for '\(flag)': a limit must be greater than 0.\n")
                XCTAssertEqual(r.stdout, "")
            }
        }
    }
}
