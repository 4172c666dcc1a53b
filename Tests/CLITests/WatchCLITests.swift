import Foundation
import StyleRun
import XCTest

/// `stylerun watch` as a process: events read line by line from its standard output.
final class WatchCLITests: XCTestCase {
    /// A running `stylerun watch` whose standard output and error are read as they come.
    private final class Watcher: @unchecked Sendable {
        let process = Process()
        private let condition = NSCondition()
        private var lines: [String] = []
        private var errors = ""

        init(_ arguments: [String], in folder: URL, environment extra: [String: String] = [:]) throws {
            let executable = try XCTUnwrap(StyleRunCommand.executable, "build stylerun first")
            let out = Pipe(), err = Pipe()
            process.executableURL = executable
            process.arguments = ["watch"] + arguments
            process.currentDirectoryURL = folder
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = out
            process.standardError = err
            var environment = ProcessInfo.processInfo.environment
            environment["NO_COLOR"] = "1"
            for (key, value) in extra { environment[key] = value }
            process.environment = environment
            read(out.fileHandleForReading) { self.lines.append(contentsOf: $0.split(separator: "\n").map(String.init)) }
            read(err.fileHandleForReading) { self.errors += $0 }
            try process.run()
        }

        /// Reads on a thread of its own until end of file, splitting at line ends.
        private func read(_ handle: FileHandle, into append: @escaping @Sendable (String) -> Void) {
            Thread.detachNewThread { [condition] in
                var pending = Data()
                while case let chunk = handle.availableData, !chunk.isEmpty {
                    pending.append(chunk)
                    guard let end = pending.lastIndex(of: UInt8(ascii: "\n")) else { continue }
                    let complete = String(decoding: pending[...end], as: UTF8.self)
                    pending = Data(pending[(end + 1)...])
                    condition.withLock {
                        append(complete)
                        condition.broadcast()
                    }
                }
            }
        }

        var stderr: String { condition.withLock { errors } }

        /// Standard error once it contains `text`, or as it is after 10 seconds: the two pipes
        /// are read on threads of their own, so stdout's next line may come before it.
        func stderr(containing text: String) -> String {
            let deadline = Date().addingTimeInterval(10)
            condition.lock()
            defer { condition.unlock() }
            while !errors.contains(text), condition.wait(until: deadline) {}
            return errors
        }

        /// The next line of standard output after the first `index`, within 60 seconds (far
        /// above the work: the suite may share the machine with a build).
        func line(_ index: Int, file: StaticString = #filePath, line: UInt = #line) -> String? {
            let deadline = Date().addingTimeInterval(60)
            condition.lock()
            defer { condition.unlock() }
            while lines.count <= index {
                guard condition.wait(until: deadline) else {
                    XCTFail("No line \(index + 1) within 60 s; got \(lines), stderr: \(errors)", file: file, line: line)
                    return nil
                }
            }
            return lines[index]
        }

        /// Sends `signal` and waits (up to 60 s) for the exit status.
        func stop(with signal: Int32) -> Int32? {
            kill(process.processIdentifier, signal)
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            guard !process.isRunning else {
                process.terminate()
                return nil
            }
            return process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus
        }
    }

    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-watch-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: folder)
    }

    private func save(_ name: String, _ text: String, renaming: Bool = false) throws {
        let url = folder.appendingPathComponent(name)
        guard renaming else { return try text.write(to: url, atomically: false, encoding: .utf8) }
        let temporary = folder.appendingPathComponent(".\(name).swp")
        try text.write(to: temporary, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(temporary.path, url.path), 0)
    }

    private func event(_ line: String?) throws -> JSONValue {
        try JSONValue(parsing: try XCTUnwrap(line))
    }

    private let app = """
        local t = require "tokens"
        return StackView { id = "root", Button { id = "subscribe", titleColor = t.ink }, Label { text = "or" } }

        """

    /// Without inotify (here refused on purpose), the watch polls, says so, and still reloads.
    func testWithoutInotifyTheWatchPollsAndSaysSo() throws {
        try save("tokens.lua", "return { ink = \"#000000\" }\n")
        try save("app.lua", app)
        let watcher = try Watcher(["app.lua", "--format", "json"], in: folder, environment: ["STYLERUN_TEST_NO_INOTIFY": "1"])
        XCTAssertEqual(try event(watcher.line(0))["ok"], true)
        XCTAssertTrue(watcher.stderr(containing: "polling").contains("stylerun watch: inotify cannot be used (STYLERUN_TEST_NO_INOTIFY is set); watching by polling"),
                      watcher.stderr)
        try save("tokens.lua", "return { ink = \"#FFFFFF\" }\n", renaming: true)
        let edited = try event(watcher.line(1))
        XCTAssertEqual(edited["changes"], [["view": "#subscribe", "property": "titleColor", "old": "#000000FF", "new": "#FFFFFFFF"]])
        XCTAssertEqual(watcher.stop(with: SIGINT), 0)
    }

    /// A FIFO, a device or a folder is refused at once, as the plain command refuses it.
    func testWatchingWhatIsNotAScriptExitsAtOnce() throws {
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.lua").path, 0o644), 0)
        for path in ["pipe.lua", "/dev/null"] {
            let r = try StyleRunCommand.run(["watch", path], in: folder)
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.firstErrorLine.contains("is not a regular file"), r.stderr)
        }
    }

    /// `--state` and `--trait` hold for every reload: the saved script's new tree is in the
    /// state again, styled for the trait.
    func testStatesAndTraitsHoldAcrossReloads() throws {
        let script = """
            rule("Button:highlighted", mut(Button.titleColor, "#E0E0E0"))
            rule("Button", when({ colorScheme = "dark" }, mut(View.alpha, X)))
            return StackView { Button { id = "go" } }
            """
        try save("states.lua", script.replacingOccurrences(of: "X", with: "0.5"))
        let watcher = try Watcher(["states.lua", "--format", "json", "--state", "#go=highlighted", "--trait", "colorScheme=dark"], in: folder)
        let initial = try event(watcher.line(0))
        // The title label's default textColor is color.label: white in dark.
        XCTAssertEqual(initial["changes"], [["view": "#go", "property": "alpha", "old": 1, "new": 0.5],
                                            ["view": "#go", "property": "titleColor", "old": nil, "new": "#E0E0E0FF"],
                                            ["view": "#go", "property": "titleLabel.textColor", "old": "#000000FF", "new": "#FFFFFFFF"]])
        try save("states.lua", script.replacingOccurrences(of: "X", with: "0.25"), renaming: true)
        let edited = try event(watcher.line(1))
        XCTAssertEqual(edited["changes"], [["view": "#go", "property": "alpha", "old": 0.5, "new": 0.25]])
        XCTAssertEqual(watcher.stop(with: SIGINT), 0, watcher.stderr)
    }

    func testJSONEventsFollowEverySaveAndInterruptExitsZero() throws {
        try save("tokens.lua", "return { ink = \"#000000\" }\n")
        try save("app.lua", app)
        let watcher = try Watcher(["app.lua", "--format", "json"], in: folder)

        let initial = try event(watcher.line(0))
        XCTAssertEqual(initial.keys, ["event", "reload", "ok", "ms", "files", "changes"].filter { $0 != "reload" })
        XCTAssertEqual(initial["event"], "reload")
        XCTAssertEqual(initial["ok"], true)
        XCTAssertEqual(initial["files"], ["app.lua", "tokens.lua"])
        XCTAssertEqual(initial["changes"]?[0], ["view": "#subscribe", "property": "titleColor", "old": nil, "new": "#000000FF"])

        try save("tokens.lua", "return { ink = \"#FFFFFF\" }\n", renaming: true)
        let edited = try event(watcher.line(1))
        XCTAssertEqual(edited["ok"], true)
        XCTAssertEqual(edited["changes"], [["view": "#subscribe", "property": "titleColor", "old": "#000000FF", "new": "#FFFFFFFF"]])

        try save("app.lua", app.replacingOccurrences(of: "t.ink }", with: "t.ink "))
        let broken = try event(watcher.line(2))
        XCTAssertEqual(broken.keys, ["event", "ok", "ms", "diagnostics"])
        XCTAssertEqual(broken["ok"], false)
        XCTAssertEqual(broken["diagnostics"]?[0]?["file"], "app.lua")
        XCTAssertEqual(broken["diagnostics"]?[0]?["code"], "syntax-error")

        try save("app.lua", app.replacingOccurrences(of: "\"or\"", with: "\"and\""), renaming: true)
        let fixed = try event(watcher.line(3))
        XCTAssertEqual(fixed["changes"], [["view": "StackView#root > Label[2]", "property": "text", "old": "or", "new": "and"]])

        XCTAssertEqual(watcher.stop(with: SIGINT), 0, watcher.stderr)
    }

    func testTextShowsChangesErrorsWithCaretAndTheLastGoodStylesLine() throws {
        try save("tokens.lua", "return { ink = \"#000000\" }\n")
        try save("app.lua", app)
        let watcher = try Watcher(["app.lua"], in: folder)
        XCTAssertEqual(watcher.line(0), "Loaded app.lua and tokens.lua in \(try XCTUnwrap(watcher.line(0)?.split(separator: " ")[5])) ms: "
                       + "2 properties styled on 2 views. Watching for saves; Ctrl-C to stop.")

        try save("tokens.lua", "return { ink = \"#FFFFFF\" }\n")
        XCTAssertEqual(watcher.line(1)?.hasPrefix("Reloaded in "), true)
        XCTAssertEqual(watcher.line(2), "  #subscribe  titleColor: #000000 → #FFFFFF")

        try save("tokens.lua", "return { ink = mutt }\n")
        XCTAssertEqual(watcher.line(3)?.hasSuffix("keeping the last good styles."), true)
        let errors = watcher.stderr(containing: "      |                ^~~~")
        XCTAssertTrue(errors.contains("tokens.lua:1:16: error: Undefined global 'mutt'"), errors)
        XCTAssertTrue(watcher.stderr.contains("    1 | return { ink = mutt }\n      |                ^~~~"), watcher.stderr)

        XCTAssertEqual(watcher.stop(with: SIGTERM), 0, watcher.stderr)
    }

    /// A save with a table left open says which bracket and where it opened, and `stylerun
    /// FILE`, `lint` and `watch` say it in the same words.
    func testABracketLeftOpenIsNamedByRunLintAndWatch() throws {
        try save("tokens.lua", "return { ink = \"#000000\" }\n")
        try save("app.lua", app)
        let watcher = try Watcher(["app.lua"], in: folder)
        XCTAssertEqual(watcher.line(0)?.hasPrefix("Loaded app.lua"), true, watcher.stderr)
        let broken = "local t = require \"tokens\"\nlocal Card = {\nfunction CommonStyle(v)\n  v.alpha = 1\nend\nreturn View {}\n"
        let expected = "app.lua:3:10: error: '}' expected (to close '{' at line 2) near 'CommonStyle'. [syntax-error]"
        try save("app.lua", broken)
        XCTAssertEqual(watcher.line(1)?.hasSuffix("keeping the last good styles."), true)
        XCTAssertTrue(watcher.stderr(containing: expected).contains(expected), watcher.stderr)
        XCTAssertEqual(watcher.stop(with: SIGTERM), 0, watcher.stderr)

        let run = try StyleRunCommand.run(["app.lua"], in: folder)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.firstErrorLine, expected, run.stderr)
        let lint = try StyleRunCommand.run(["lint", "app.lua"], in: folder)
        XCTAssertEqual(lint.status, 1)
        XCTAssertTrue((lint.stdout + lint.stderr).contains(expected), lint.stdout + lint.stderr)
    }

    /// A script broken from the start has no last good styles: every failure says nothing is
    /// styled yet, and the first good save is a first load.
    func testFailuresBeforeTheFirstGoodLoadKeepNothing() throws {
        try save("tokens.lua", "return { ink = mutt }\n")
        try save("app.lua", app)
        let watcher = try Watcher(["app.lua"], in: folder)
        XCTAssertEqual(watcher.line(0)?.hasSuffix("nothing is styled yet. Fix the script and save."), true, watcher.stderr)

        try save("tokens.lua", "return { ink = muttt }\n", renaming: true)
        XCTAssertEqual(watcher.line(1)?.hasSuffix("nothing is styled yet. Fix the script and save."), true, watcher.stderr)

        try save("tokens.lua", "return { ink = \"#000000\" }\n", renaming: true)
        XCTAssertEqual(watcher.line(2)?.hasPrefix("Loaded app.lua and tokens.lua in "), true)
        XCTAssertEqual(watcher.line(2)?.hasSuffix("2 properties styled on 2 views. Watching for saves; Ctrl-C to stop."), true)

        try save("tokens.lua", "return { ink = mutt }\n")
        XCTAssertEqual(watcher.line(3)?.hasSuffix("keeping the last good styles."), true)

        XCTAssertEqual(watcher.stop(with: SIGTERM), 0, watcher.stderr)
    }

    func testAMissingFileIsAUsageError() throws {
        let r = try StyleRunCommand.run(["watch", "no-such-file.lua"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.firstErrorLine.contains("No such file: 'no-such-file.lua'"), r.stderr)
    }
}
