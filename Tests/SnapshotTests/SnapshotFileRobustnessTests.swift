#if canImport(Glibc)
import Glibc
#endif
import Foundation
import StyleRun
import XCTest

/// Snapshot files as they are found in the wild: hostile names, CRLF checkouts, hand-merged
/// files, binary junk, huge values, and things that are not files at all.
final class SnapshotFileRobustnessTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-robust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder.resolvingSymlinksInPath()
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    private func runner(update: Bool = false, ci: Bool = false) -> SnapshotRunner {
        SnapshotRunner(evaluator: InProcessSnapshotEvaluator(), options: SnapshotOptions(update: update, ci: ci))
    }

    private func statuses(_ report: SnapshotReport) -> [String] {
        report.results.map { "\($0.theme.map { "theme \($0.debugDescription)" } ?? "-") \($0.status.rawValue)" }
    }

    private func snapshot(_ views: [(String, [(String, String)])]) -> StyleSnapshot {
        StyleSnapshot(views: views.map { reference, properties in
            StyleSnapshot.ViewRecord(reference: reference, kindAndClasses: "Label",
                                     properties: properties.map { StyleSnapshot.Property(path: $0.0, value: $0.1, source: nil) })
        })
    }

    private func check(_ snapshot: StyleSnapshot, at path: String, update: Bool = false) -> SnapshotResult {
        runner(update: update).check(snapshot, at: path, title: "t", sourceFolder: nil, script: "t.lua", theme: nil)
    }

    // MARK: Names

    func testScriptsThemesAndIdsWithNewlinesAndControlCharactersReadBack() throws {
        let source = #"""
            local theme = themes { default = "da\nrk", ["da\nrk"] = { ink = color.black }, ["tab\tesc\27bell\7"] = { ink = color.white } }
            return StackView { id = "line\none", class = "x\ry", backgroundColor = theme.ink }

            """#
        let script = folder.appendingPathComponent("my\nscreen\t.lua")
        try source.write(to: script, atomically: true, encoding: .utf8)
        let first = try runner().run(paths: [folder.path])
        XCTAssertEqual(statuses(first), [#"theme "da\nrk" recorded"#, #"theme "tab\tesc\u{1B}bell\u{07}" recorded"#])
        let second = try runner(ci: true).run(paths: [folder.path])
        XCTAssertEqual(statuses(second), [#"theme "da\nrk" matched"#, #"theme "tab\tesc\u{1B}bell\u{07}" matched"#],
                       second.results.compactMap(\.message).joined(separator: "\n"))
        let text = try String(contentsOfFile: first.results[0].file, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix(#"# stylerun snapshot: my\nscreen\t.lua, theme "da\nrk""# + "\n"), text)
        XCTAssertTrue(text.contains("\n#line\\none  StackView.x\\ry\n"), text)
        XCTAssertTrue(text.contains("← literal my\\nscreen\\t.lua:2\n"), text)
    }

    // MARK: Line endings

    func testACRLFCheckoutMatchesAndIsRewrittenWithLF() throws {
        let before = snapshot([("#a", [("alpha", "1"), ("text", "\"x\"")]), ("#b", [("alpha", "1")])])
        let path = folder.appendingPathComponent("__snapshots__/t.lua.snap").path
        XCTAssertEqual(check(before, at: path).status, .recorded)
        let lf = try String(contentsOfFile: path, encoding: .utf8)
        try lf.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
        let result = check(before, at: path)
        XCTAssertEqual(result.status, .matched, result.differences.map(\.summary).joined(separator: "\n"))

        let after = snapshot([("#a", [("alpha", "0.5"), ("text", "\"x\"")]), ("#b", [("alpha", "1")])])
        XCTAssertEqual(check(after, at: path).differences.map(\.summary), ["#a  alpha: 1 → 0.5"])
        XCTAssertEqual(check(after, at: path, update: true).status, .updated)
        let rewritten = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertFalse(rewritten.unicodeScalars.contains("\r"), "the rewritten file kept CRLF")
        XCTAssertEqual(rewritten, lf.replacingOccurrences(of: "  alpha: 1\n  text", with: "  alpha: 0.5\n  text"))
    }

    // MARK: Repeated views

    func testAViewRecordedTwiceIsAnErrorNamingBothLines() throws {
        let text = "# stylerun snapshot: t\n\n#a  Label\n  alpha: 1\n#b  Label\n  alpha: 1\n#a  Label\n  alpha: 0.5\n"
        XCTAssertThrowsError(try RecordedSnapshot(text: text)) { error in
            let error = error as? RecordedSnapshot.FormatError
            XCTAssertEqual(error?.line, 7)
            XCTAssertEqual(error?.reason, .repeatedView(reference: "#a", firstLine: 3))
            XCTAssertEqual(error?.message, "Lines 3 and 7 both record the view '#a' (a snapshot records each view once); re-record it with `stylerun snapshot --update`.")
        }
        XCTAssertThrowsError(try RecordedSnapshot(text: "#a  Label\n  alpha: 1\n  text: \"x\"\n  alpha: 0.5\n")) { error in
            XCTAssertEqual((error as? RecordedSnapshot.FormatError)?.reason, .repeatedProperty(view: "#a", path: "alpha", firstLine: 2))
        }

        // Whichever copy the tree matches, the runner fails rather than saying `matched`.
        let path = folder.appendingPathComponent("t.lua.snap").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let current = snapshot([("#a", [("alpha", "1")]), ("#b", [("alpha", "1")])])
        let result = check(current, at: path)
        XCTAssertEqual(result.status, .failed)
        XCTAssertEqual(result.message, "\(path): Lines 3 and 7 both record the view '#a' (a snapshot records each view once); re-record it with `stylerun snapshot --update`.")
        let updated = check(current, at: path, update: true)
        XCTAssertEqual(updated.status, .updated)
        XCTAssertEqual(updated.message, "Lines 3 and 7 both record the view '#a' (a snapshot records each view once) in the old file; it was recorded anew.")
        XCTAssertEqual(check(current, at: path).status, .matched)
    }

    // MARK: Not UTF-8

    /// A file is read whole whatever its size said: one of the size it has, an empty one, and
    /// one whose size says nothing (`/proc`, as a file that grew after it was measured).
    func testAFileIsReadWholeWhateverItsSizeSaid() throws {
        let path = folder.appendingPathComponent("whole.snap").path
        let content = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(content)))
        XCTAssertEqual(try SnapshotFileAccess.read(path), content)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        XCTAssertEqual(try SnapshotFileAccess.read(path), [])
        #if os(Linux)
        let status = try SnapshotFileAccess.read("/proc/self/status")
        XCTAssertTrue(String(decoding: status, as: UTF8.self).contains("Name:"), "a file whose size is 0 until read")
        #endif
    }

    func testAFileThatIsNotUTF8FailsClearlyAndUpdateRewritesIt() throws {
        let path = folder.appendingPathComponent("t.lua.snap").path
        try Data([0x23, 0x20, 0xFF, 0xFE, 0x00, 0x80, 0x0A]).write(to: URL(fileURLWithPath: path))
        let current = snapshot([("#a", [("alpha", "1")])])
        let result = check(current, at: path)
        XCTAssertEqual(result.status, .failed)
        XCTAssertEqual(result.message, "'\(path)' is not UTF-8 text, so it is not a stylerun snapshot (corrupt, or another file); re-record it with `stylerun snapshot --update`.")
        let updated = check(current, at: path, update: true)
        XCTAssertEqual(updated.status, .updated)
        XCTAssertEqual(updated.message, "The old file was not UTF-8 text, so not a stylerun snapshot; it was recorded anew.")
        XCTAssertEqual(check(current, at: path).status, .matched)
    }

    // MARK: Long values

    func testALongValueIsCutInEveryReportWithItsLength() throws {
        let huge = "\"" + String(repeating: "a", count: 5_000_000) + "\""
        let difference = SnapshotDifference(view: "#a", property: "text", old: "\"short\"", new: huge, source: nil)
        let cut = "\"" + String(repeating: "a", count: SnapshotDifference.reportedValueLength - 1) + "… (5000002 characters in all)"
        XCTAssertEqual(difference.summary, "#a  text: \"short\" → " + cut)
        let report = SnapshotReport(results: [SnapshotResult(script: "t.lua", theme: nil, file: "t.lua.snap", status: .changed,
                                                             differences: [difference])], skipped: [])
        for format in SnapshotFormat.allCases {
            let out = format.render(report)
            XCTAssertLessThan(out.utf8.count, 2_000, "\(format) printed the whole value")
            XCTAssertTrue(out.contains("5000002"), "\(format) does not say how long the value is")
        }
        let json = try JSONValue(parsing: SnapshotFormat.json.render(report))
        XCTAssertEqual(json["snapshots"]?[0]?["differences"]?[0]?["new"], .string(cut))
        XCTAssertEqual(json["snapshots"]?[0]?["differences"]?[0]?["newLength"], .number(5_000_002))
        XCTAssertEqual(json["snapshots"]?[0]?["differences"]?[0]?["old"], "\"short\"")
    }

    // MARK: Not a file

    func testAFolderOrNamedPipeWhereASnapshotBelongsIsNamedNeverReadOrReplaced() throws {
        let current = snapshot([("#a", [("alpha", "1")])])
        let pipe = folder.appendingPathComponent("pipe.lua.snap").path
        XCTAssertEqual(mkfifo(pipe, 0o644), 0)
        let directory = folder.appendingPathComponent("dir.lua.snap").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let cases: [(String, String)] = [(pipe, "a named pipe (FIFO)"), (directory, "a folder")]
        for update in [false, true] {
            for (path, what) in cases {
                let result = check(current, at: path, update: update)  // a pipe read as a file would block here
                XCTAssertEqual(result.status, .failed, path)
                XCTAssertEqual(result.message, "'\(path)' is \(what), not a snapshot file; move or remove it so that the snapshot can be recorded there.")
            }
        }
        XCTAssertEqual(SnapshotFileAccess.entry(at: pipe), .namedPipe, "the pipe was replaced")
        XCTAssertEqual(SnapshotFileAccess.entry(at: directory), .folder, "the folder was replaced")
        XCTAssertThrowsError(try SnapshotFileAccess.read(pipe)) { error in
            XCTAssertEqual(error as? SnapshotFileAccess.Problem, .notAFile(path: pipe, entry: .namedPipe))
        }
    }

    func testAnObsoleteSnapshotThatIsAFolderIsNotDeleted() throws {
        let snapshots = folder.appendingPathComponent("__snapshots__")
        let stray = snapshots.appendingPathComponent("gone.lua.snap")
        try FileManager.default.createDirectory(at: stray, withIntermediateDirectories: true)
        try "keep".write(to: stray.appendingPathComponent("inside.txt"), atomically: true, encoding: .utf8)
        let report = try runner(update: true).run(paths: [folder.path])
        XCTAssertEqual(report.results.map(\.status), [.failed])
        XCTAssertEqual(report.results.first?.message,
                       "The snapshot is obsolete: its script '\(folder.path)/gone.lua' is gone, but it was not deleted. '\(stray.path)' is a folder, not a snapshot file; move or remove it so that the snapshot can be recorded there.")
        XCTAssertTrue(FileManager.default.fileExists(atPath: stray.appendingPathComponent("inside.txt").path))
    }

    func testASnapshotFolderThatCannotBeListedFailsTheRunInsteadOfPassingForEmpty() throws {
        try XCTSkipIf(geteuid() == 0, "permissions do not stop root")
        let script = folder.appendingPathComponent("screen.lua")
        try "return Label { text = \"hi\" }\n".write(to: script, atomically: true, encoding: .utf8)
        XCTAssertEqual(statuses(try runner().run(paths: [folder.path])), ["- recorded"])
        // A stray snapshot whose script is gone: obsolete, but only if the folder can be listed.
        let snapshots = folder.appendingPathComponent("__snapshots__")
        try "# stray\n".write(to: snapshots.appendingPathComponent("gone.lua.snap"), atomically: true, encoding: .utf8)
        XCTAssertEqual(statuses(try runner(ci: true).run(paths: [folder.path])), ["- matched", "- obsolete"])
        XCTAssertEqual(chmod(snapshots.path, 0o311), 0)  // files can be opened by name, not listed
        defer { chmod(snapshots.path, 0o755) }
        // Given the script, the run finds its snapshot by name and says the folder cannot be listed.
        let report = try runner(ci: true).run(paths: [script.path])
        XCTAssertEqual(statuses(report), ["- matched", "- failed"])
        XCTAssertEqual(report.results.last?.message,
                       "Cannot list the folder '\(snapshots.path)': Permission denied. Its snapshots cannot be checked for being obsolete.")
        XCTAssertTrue(report.failed)
        // Given the folder, the search for scripts meets it first and says so, once.
        let whole = try runner(ci: true).run(paths: [folder.path])
        XCTAssertEqual(whole.results.map(\.status).sorted { "\($0)" < "\($1)" }, [.failed, .matched])
        let said = whole.results.filter { $0.status == .failed }.flatMap { $0.diagnostics.map(\.description) + [$0.message ?? ""] }
        XCTAssertTrue(said.contains { $0.contains("__snapshots__") }, "\(said)")
        XCTAssertTrue(whole.failed)
        // A folder given to the run that cannot be listed is said too.
        let closed = folder.appendingPathComponent("closed")
        try FileManager.default.createDirectory(at: closed, withIntermediateDirectories: false)
        XCTAssertEqual(chmod(closed.path, 0o000), 0)
        defer { chmod(closed.path, 0o755) }
        let closedReport = try runner(ci: true).run(paths: [closed.path])
        XCTAssertEqual(closedReport.results.map(\.status), [.failed], "\(closedReport.results.map(\.message))")
    }

    func testWriteFailuresSayWhyInTheSystemsWordsNotFoundations() throws {
        // `__snapshots__` is a file: the folder cannot be made.
        let blocker = folder.appendingPathComponent("__snapshots__")
        try "not a folder".write(to: blocker, atomically: true, encoding: .utf8)
        let result = check(snapshot([("#a", [("alpha", "1")])]), at: blocker.appendingPathComponent("t.lua.snap").path)
        XCTAssertEqual(result.status, .failed)
        XCTAssertEqual(result.message, "Cannot make the folder '\(blocker.path)': a file is there.")
        if geteuid() != 0 {  // root writes anywhere
            let locked = folder.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
            XCTAssertEqual(chmod(locked.path, 0o555), 0)
            defer { chmod(locked.path, 0o755) }
            let denied = check(snapshot([("#a", [("alpha", "1")])]), at: locked.appendingPathComponent("t.lua.snap").path)
            XCTAssertEqual(denied.message, "Cannot write '\(locked.path)/t.lua.snap': Permission denied.")
        }
        for message in [result.message ?? ""] {
            XCTAssertFalse(message.contains("NSCocoaErrorDomain") || message.contains("Error Domain"), message)
        }
    }
}
