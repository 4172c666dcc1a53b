import Foundation
import XCTest

/// The repository checkout, for `Tests/Fixtures` and `examples/`.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // CLITests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures")

/// What one run of `stylerun` printed and how it exited.
struct CommandResult {
    var stdout: String
    var stderr: String
    var status: Int32

    /// The first line of standard error.
    var firstErrorLine: String { stderr.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "" }
    /// Standard error's non-empty lines.
    var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// The marks of a Swift trap: a script must never cause one.
    var crashed: Bool {
        let all = stdout + stderr
        return all.contains("Fatal error") || all.contains("Stack dump") || status > 128 || status < 0
    }
}

enum StyleRunCommand {
    /// The built `stylerun`: in the products directory beside the test bundle, else the
    /// checkout's `.build/debug`.
    static let executable: URL? = {
        var folders: [URL] = []
        for bundle in [Bundle.main] + Bundle.allBundles {
            folders.append(bundle.bundleURL)
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let arg0 = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: arg0).deletingLastPathComponent())
        }
        folders.append(repositoryRoot.appendingPathComponent(".build/debug"))
        for folder in folders {
            let candidate = folder.appendingPathComponent("stylerun")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }()

    /// Runs `stylerun arguments…` in `directory` and waits for it. Output goes to temporary files,
    /// so a chatty run cannot block on a full pipe.
    static func run(_ arguments: [String], in directory: URL = fixtures, environment: [String: String] = [:],
                    file: StaticString = #filePath, line: UInt = #line) throws -> CommandResult {
        let executable = try XCTUnwrap(Self.executable, "stylerun is not built; run swift build first", file: file, line: line)
        return try run(executable, arguments, in: directory, environment: environment)
    }

    /// Runs `executable arguments…` in `directory` and waits for it, output in temporary files.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> CommandResult {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let stdout = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
        let stderr = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        let status = process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus
        return CommandResult(stdout: stdout, stderr: stderr, status: status)
    }
}

extension StyleRunCommand {
    /// Forks and runs its arguments, then writes the child's exit status and `ru_maxrss` (KiB)
    /// to the file named first. A launcher of its own because Linux carries the peak memory of
    /// the process that `posix_spawn`s (this test process, gigabytes after other tests) over
    /// into the spawned program's `ru_maxrss`; a program forked from a fresh process starts
    /// from that process's few megabytes.
    private static let launcher = """
        import os, sys
        pid = os.fork()
        if pid == 0:
            os.execv(sys.argv[2], sys.argv[2:])
        _, status, usage = os.wait4(pid, 0)
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -os.WTERMSIG(status)
        open(sys.argv[1], "w").write("%d %d" % (code, usage.ru_maxrss))
        """

    /// Runs `stylerun arguments…` as `run` does and also returns the peak resident memory, in
    /// bytes, of the process and the children it waited for (its evaluator child among them):
    /// `ru_maxrss` of this one run, measured by a small launcher (`launcher`), not of the whole
    /// test process. It runs in this process's folder: give it absolute paths.
    static func runMeasuringMemory(_ arguments: [String]) throws -> (result: CommandResult, peakBytes: Int) {
        let executable = try XCTUnwrap(Self.executable, "stylerun is not built; run swift build first")
        let measured = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-peak-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: measured) }
        let ran = try run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", launcher, measured.path, executable.path] + arguments,
                          in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let fields = ((try? String(contentsOf: measured, encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int($0) }
        XCTAssertEqual(fields.count, 2, "the launcher did not report: \(ran.stderr)")
        guard fields.count == 2 else { return (ran, Int.max) }
        return (CommandResult(stdout: ran.stdout, stderr: ran.stderr, status: Int32(fields[0])), fields[1] * 1024)
    }
}
