import Foundation
import XCTest

/// examples/host: a package that depends on stylerun by path, mirrors a styled tree into plain
/// Swift objects and follows reloads. Built here (into `.build/host-example`, kept between runs so
/// that only the first build is slow) and run against a copy of its stylesheet.
final class HostExampleTests: XCTestCase {
    func testTheHostPackageBuildsMirrorsTheTreeAndFollowsAReload() throws {
        let repository = Guide.repository
        let scratch = repository.appendingPathComponent(".build/host-example")
        let arguments = ["build", "--package-path", repository.appendingPathComponent("examples/host").path,
                         "--scratch-path", scratch.path]
        var build = try run(swift(), arguments)
        if build.status != 0 {
            // SwiftPM may keep the plan of a path dependency whose files were added or removed
            // since the last build; a clean build settles whether the failure is real.
            try? FileManager.default.removeItem(at: scratch)
            build = try run(swift(), arguments)
        }
        XCTAssertEqual(build.status, 0, build.output)
        XCTAssertFalse(build.output.contains("warning:"), build.output)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-host-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stylesheet = folder.appendingPathComponent("app.lua")
        try FileManager.default.copyItem(at: repository.appendingPathComponent("examples/host/styles/app.lua"), to: stylesheet)

        let output = Output()
        let process = Process()
        process.executableURL = scratch.appendingPathComponent("debug/HostMirror")
        process.arguments = [stylesheet.path, "--reloads", "1"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { output.append($0.availableData) }
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let first = try output.wait(forBlock: 1)
        XCTAssertTrue(first.hasPrefix("lint: 0 errors with the host's kinds\n"), first)
        XCTAssertTrue(first.contains("name background=none radius=0 text=Ada Lovelace color=#000000FF size=22"), first)
        XCTAssertTrue(first.contains("follow background=none radius=8 text=Follow color=#FFFFFFFF size=17"), first)
        XCTAssertTrue(first.contains("avatar background=none radius=0 ring=#974DFFFF diameter=64"), first)

        let text = try String(contentsOf: stylesheet, encoding: .utf8)
        try text.replacingOccurrences(of: "\"title2\"", with: "\"title1\"").write(to: stylesheet, atomically: false, encoding: .utf8)
        let second = try output.wait(forBlock: 2)
        XCTAssertTrue(second.hasPrefix("styled: 1 changes"), second)
        XCTAssertTrue(second.contains("name background=none radius=0 text=Ada Lovelace color=#000000FF size=28"), second)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }

    /// What the program printed, block by block (each ends with a line `end`).
    private final class Output: @unchecked Sendable {
        private let condition = NSCondition()
        private var data = Data()

        func append(_ chunk: Data) {
            condition.withLock {
                data.append(chunk)
                condition.broadcast()
            }
        }

        /// The `n`th block (1-based), waiting up to 20 seconds for it.
        func wait(forBlock n: Int) throws -> String {
            let deadline = Date().addingTimeInterval(20)
            condition.lock()
            defer { condition.unlock() }
            while true {
                let blocks = String(decoding: data, as: UTF8.self).components(separatedBy: "end\n")
                if blocks.count > n { return blocks[n - 1] }
                guard condition.wait(until: deadline) else {
                    throw TimedOut(text: String(decoding: data, as: UTF8.self))
                }
            }
        }
    }

    private struct TimedOut: Error, CustomStringConvertible {
        let text: String
        var description: String { "timed out; the program printed:\n\(text)" }
    }

    private func swift() -> String {
        for candidate in ["/opt/swift/usr/bin/swift", "/usr/bin/swift"] where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return "/usr/bin/env"
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = executable == "/usr/bin/env" ? ["swift"] + arguments : arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
