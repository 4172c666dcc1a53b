import Foundation
import StyleRun
import XCTest

/// `SnapshotRunner` on a copy of `Tests/Fixtures/snapshots`: a themed screen and a plain one
/// sharing the `tokens` and `styles` modules.
final class SnapshotRunnerTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        let folder = try copyOfSnapshotFixtures()
        self.folder = folder
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    private func snapshots(update: Bool = false, ci: Bool = false, evaluator: any SnapshotEvaluator = InProcessSnapshotEvaluator()) throws -> SnapshotReport {
        try SnapshotRunner(evaluator: evaluator, options: SnapshotOptions(update: update, ci: ci)).run(paths: [folder.path])
    }

    private func statuses(_ report: SnapshotReport) -> [String] {
        report.results.map { "\(($0.script as NSString).lastPathComponent) \($0.theme ?? "-") \($0.status.rawValue)" }
    }

    func testScreensAreRecordedInEachThemeAndModulesSkipped() throws {
        let report = try snapshots()
        XCTAssertEqual(statuses(report), ["about.lua - recorded", "home.lua dark recorded", "home.lua light recorded"])
        XCTAssertEqual(report.skipped.map { ($0 as NSString).lastPathComponent }, ["styles.lua", "tokens.lua"])
        XCTAssertEqual(report.exitCode, 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("__snapshots__").path)
        XCTAssertEqual(files.sorted(), ["about.lua.snap", "home.lua@dark.snap", "home.lua@light.snap"])
        XCTAssertEqual(statuses(try snapshots()), ["about.lua - matched", "home.lua dark matched", "home.lua light matched"])
    }

    func testATokenChangeInASharedModuleFailsUntilUpdated() throws {
        _ = try snapshots()
        try edit("tokens.lua", "color \"#BB86FC\"", "color \"#00C853\"")
        let report = try snapshots()
        XCTAssertEqual(statuses(report), ["about.lua - matched", "home.lua dark changed", "home.lua light matched"])
        XCTAssertEqual(report.exitCode, 1)
        let difference = try XCTUnwrap(report.results[1].differences.first)
        XCTAssertEqual(difference.view, "#subscribe")
        XCTAssertEqual(difference.property, "backgroundColor")
        XCTAssertEqual(difference.old, "#BB86FC")
        XCTAssertEqual(difference.new, "#00C853")
        XCTAssertEqual(difference.source?.origin, "rule \"Button.primary\"")
        XCTAssertEqual(difference.source.map { ($0.file as NSString).lastPathComponent }, "styles.lua")
        XCTAssertEqual(difference.source?.line, 8)

        let dark = folder.appendingPathComponent("__snapshots__/home.lua@dark.snap")
        let before = try String(contentsOf: dark, encoding: .utf8)
        let updated = try snapshots(update: true)
        XCTAssertEqual(statuses(updated), ["about.lua - matched", "home.lua dark updated", "home.lua light matched"])
        XCTAssertEqual(updated.exitCode, 0)
        let after = try String(contentsOf: dark, encoding: .utf8)
        let changedLines = zip(before.split(separator: "\n"), after.split(separator: "\n")).filter { $0 != $1 }.map(\.1)
        XCTAssertEqual(changedLines, ["  backgroundColor: #00C853                    ← rule \"Button.primary\" styles.lua:8"])
        XCTAssertEqual(try snapshots(ci: true).exitCode, 0)
    }

    func testUnderCIAMissingSnapshotFailsAndIsNotWritten() throws {
        let report = try snapshots(ci: true)
        XCTAssertEqual(statuses(report), ["about.lua - missing", "home.lua dark missing", "home.lua light missing"])
        XCTAssertEqual(report.exitCode, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("__snapshots__").path))
        XCTAssertEqual(statuses(try snapshots(update: true, ci: true)), ["about.lua - recorded", "home.lua dark recorded", "home.lua light recorded"])
    }

    func testSnapshotsWithoutTheirScriptOrThemeAreObsoleteUntilDeleted() throws {
        _ = try snapshots()
        // A screenshot and its diff image, as `--images` leaves them.
        for name in ["about.lua.png", "about.lua.diff.png"] {
            try Data([0x89, 0x50, 0x4E, 0x47]).write(to: folder.appendingPathComponent("__snapshots__/" + name))
        }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("about.lua"))
        try edit("tokens.lua", "  dark = { accent = color \"#BB86FC\", ink = white(0.9), surface = color \"#121212\" },\n", "")
        let report = try snapshots()
        XCTAssertEqual(statuses(report), ["home.lua light matched", "about.lua - obsolete", "about.lua - obsolete", "home.lua dark obsolete"])
        XCTAssertEqual(report.results.map { ($0.file as NSString).lastPathComponent },
                       ["home.lua@light.snap", "about.lua.png", "about.lua.snap", "home.lua@dark.snap"])
        XCTAssertEqual(report.results[2].message, "The snapshot is obsolete: its script '\(folder.path)/about.lua' is gone.")
        XCTAssertEqual(report.results[3].message, "The snapshot is obsolete: '\(folder.path)/home.lua' declares no theme 'dark'.")
        XCTAssertEqual(report.exitCode, 1)
        XCTAssertEqual(statuses(try snapshots(update: true)),
                       ["home.lua light matched", "about.lua - deleted", "about.lua - deleted", "home.lua dark deleted"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("__snapshots__").path),
                       ["home.lua@light.snap"])
    }

    func testAScriptThatFailsIsReportedWithItsDiagnostics() throws {
        try "return StackView { spacing = \"wide\" }\n".write(to: folder.appendingPathComponent("broken.lua"), atomically: true, encoding: .utf8)
        let report = try snapshots()
        let broken = try XCTUnwrap(report.results.first { $0.script.hasSuffix("broken.lua") })
        XCTAssertEqual(broken.status, .failed)
        XCTAssertEqual(broken.diagnostics.first?.line, 1)
        XCTAssertEqual(report.exitCode, 1)
    }

    func testASnapshotFileThatIsNotOneFailsUntilRecordedAnew() throws {
        _ = try snapshots()
        let about = folder.appendingPathComponent("__snapshots__/about.lua.snap")
        try "#about  StackView\n  spacing 8\n".write(to: about, atomically: true, encoding: .utf8)
        let report = try snapshots()
        XCTAssertEqual(report.results[0].status, .failed)
        XCTAssertEqual(report.results[0].message, "\(about.path): Line 2 is not part of a stylerun snapshot; re-record it with `stylerun snapshot --update`.")
        let updated = try snapshots(update: true)
        XCTAssertEqual(updated.results[0].status, .updated)
        XCTAssertEqual(updated.results[0].message, "Line 2 of the old file was not part of a stylerun snapshot; it was recorded anew.")
        XCTAssertEqual(try snapshots().results[0].status, .matched)
    }

    func testChildProcessesGiveTheSameSnapshots() throws {
        // The isolated evaluator is the built `stylerun` run as a child.
        let executable = try XCTUnwrap(builtStylerun(), "stylerun is not built; run swift build first")
        let isolated = try snapshots(evaluator: IsolatedSnapshotEvaluator(executable: executable))
        XCTAssertEqual(statuses(isolated), ["about.lua - recorded", "home.lua dark recorded", "home.lua light recorded"])
        XCTAssertEqual(statuses(try snapshots()), ["about.lua - matched", "home.lua dark matched", "home.lua light matched"])
    }

    private func edit(_ name: String, _ old: String, _ new: String) throws {
        let url = folder.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(name) has no '\(old)'")
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }
}

/// A fresh copy of `Tests/Fixtures/snapshots` in a temporary folder, removed after the test.
func copyOfSnapshotFixtures(file: StaticString = #filePath) throws -> URL {
    let fixtures = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/snapshots")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) where name.hasSuffix(".lua") {
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
    return folder.resolvingSymlinksInPath()
}

/// The checkout's built `stylerun`, for the child processes.
func builtStylerun(file: StaticString = #filePath) -> String? {
    var folders = [URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent()]
    folders += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
    folders.append(URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug"))
    return folders.map { $0.appendingPathComponent("stylerun").path }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
