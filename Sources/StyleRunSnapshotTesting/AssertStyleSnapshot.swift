import Foundation
import StyleRun
import XCTest

/// The environment variable that makes `assertStyleSnapshot` rewrite snapshots that differ,
/// as `stylerun snapshot --update` does (any value but empty, `false` or `0`).
public let styleSnapshotUpdateVariable = "STYLERUN_SNAPSHOT_UPDATE"

extension XCTestCase {
    /// Asserts that a styled view tree matches its recorded snapshot, the way `stylerun
    /// snapshot` compares a screen.
    ///
    ///     func testHomeScreen() throws {
    ///         let root = makeHomeScreen()
    ///         try runtime.load(file: "Styles/home.lua").apply(to: root)
    ///         assertStyleSnapshot(of: root)    // __snapshots__/HomeTests.testHomeScreen.snap beside this file
    ///     }
    ///
    /// The snapshot is `__snapshots__/<TestCase>.<test>[.<name>].snap` beside the test file, in
    /// `stylerun snapshot`'s format: every view, every property's value, and what set it. A
    /// difference fails the test with each view, property, old → new value and the `file:line`
    /// that now sets it. A missing snapshot is recorded (the test passes, with a note on
    /// standard error), except when `CI` is set, where it fails. With
    /// `STYLERUN_SNAPSHOT_UPDATE=1` (or `update: true`) a snapshot that differs is rewritten.
    ///
    /// - Parameters:
    ///   - view: the root of a tree styled with `LoadedStylesheet.apply(to:)`.
    ///   - name: a suffix, for several snapshots in one test.
    ///   - sourceFolder: style files inside it are named relative to it in the snapshot's notes.
    ///   - update: rewrite a snapshot that differs.
    public func assertStyleSnapshot(of view: View, named name: String? = nil, sourceFolder: String? = nil,
                                    update: Bool = SnapshotOptions.isSet(ProcessInfo.processInfo.environment[styleSnapshotUpdateVariable]),
                                    file: StaticString = #filePath, function: String = #function, line: UInt = #line) {
        let testName = function.hasSuffix("()") ? String(function.dropLast(2)) : function
        let title = "\(type(of: self)).\(testName)" + (name.map { "." + $0 } ?? "")
        let path = (SnapshotFiles.folder(of: "\(file)") as NSString).appendingPathComponent(title + "." + SnapshotFiles.textExtension)
        if let failure = verifyStyleSnapshot(of: view, at: path, title: title, sourceFolder: sourceFolder,
                                             update: update, ci: SnapshotOptions.isCI()) {
            XCTFail(failure, file: file, line: line)
        }
    }
}

/// Compares a styled tree with the snapshot file at `path` by `stylerun snapshot`'s rules,
/// recording or rewriting it as `update` and `ci` say: what `assertStyleSnapshot` does, for
/// hosts with their own test harness.
///
///     if let failure = verifyStyleSnapshot(of: root, at: "Tests/__snapshots__/home.snap", title: "home") {
///         print(failure)    // changed   home: 1 difference from … #subscribe  titleColor: #FFFFFF → #000000 …
///     }
///
/// - Returns: the report when the snapshot differs, is missing under CI or cannot be read or
///   written; nil when it matches or was written (then the report goes to standard error).
public func verifyStyleSnapshot(of view: View, at path: String, title: String, sourceFolder: String? = nil,
                                update: Bool = false, ci: Bool = SnapshotOptions.isCI()) -> String? {
    let runner = SnapshotRunner(evaluator: InProcessSnapshotEvaluator(), options: SnapshotOptions(update: update, ci: ci))
    let result = runner.check(StyleSnapshot(view), at: path, title: title, sourceFolder: sourceFolder, script: title, theme: nil)
    let report = SnapshotFormat.text.render(SnapshotReport(results: [result], skipped: []))
    guard result.status != .matched else { return nil }
    if result.fails { return report }
    FileHandle.standardError.write(Data(report.utf8))
    return nil
}
