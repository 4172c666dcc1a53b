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
    /// Runs `stylerun arguments…` as `run` does and also returns the peak resident memory, in
    /// bytes, of the process and the children it waited for (its evaluator child among them):
    /// `wait4`'s `ru_maxrss`, the figure for this one run, not for the whole test process.
    /// It runs in this process's folder: give it absolute paths.
    static func runMeasuringMemory(_ arguments: [String]) throws -> (result: CommandResult, peakBytes: Int) {
        let executable = try XCTUnwrap(Self.executable, "stylerun is not built; run swift build first")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outPath = scratch.appendingPathComponent("stdout").path, errPath = scratch.appendingPathComponent("stderr").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
        XCTAssertEqual(spawned, 0, "posix_spawn failed")
        var status: Int32 = 0, usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let stdout = String(decoding: try Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self)
        let stderr = String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self)
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : -(status & 0x7F)
        return (CommandResult(stdout: stdout, stderr: stderr, status: code), usage.ru_maxrss * 1024)
    }
}
