import Foundation
import StyleCore
import XCTest
@testable import StyleRun

/// The files `stylerun lint` finds: links that loop end, a file reached twice is linted once, a
/// folder that cannot be read is an error, and a module both linted and required reports once.
final class LintFilesTests: XCTestCase {
    var folder: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-lint-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/styles/deep", withIntermediateDirectories: true)
        try "return View { id = 'a' }\n".write(toFile: folder + "/styles/app.lua", atomically: true, encoding: .utf8)
        try "return View { id = 'b' }\n".write(toFile: folder + "/styles/deep/b.lua", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        chmod(folder + "/styles/locked", 0o755)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Two links to `.` made 2^40 paths; each folder is now entered once, by its real path.
    func testLinksThatLoopAreFollowedOnce() throws {
        for name in ["s1", "s2", "deep/up"] {
            let target = name == "deep/up" ? ".." : "."
            try FileManager.default.createSymbolicLink(atPath: folder + "/styles/" + name, withDestinationPath: target)
        }
        let found = try LintFiles.expand([folder + "/styles"])
        XCTAssertEqual(found.files, [folder + "/styles/app.lua", folder + "/styles/deep/b.lua"])
        XCTAssertEqual(found.problems, [])
    }

    func testAFileGivenTwiceOrThroughALinkIsLintedOnce() throws {
        try FileManager.default.createSymbolicLink(atPath: folder + "/alias.lua", withDestinationPath: folder + "/styles/app.lua")
        let found = try LintFiles.expand([folder + "/styles/app.lua", folder + "/alias.lua", folder + "/styles/../styles/app.lua"])
        XCTAssertEqual(found.files.count, 1, "\(found.files)")
    }

    func testALinkThatLoopsIsReportedNotSkipped() throws {
        try FileManager.default.createSymbolicLink(atPath: folder + "/styles/x.lua", withDestinationPath: "y.lua")
        try FileManager.default.createSymbolicLink(atPath: folder + "/styles/y.lua", withDestinationPath: "x.lua")
        let report = try Linter().lint(paths: [folder + "/styles"])
        XCTAssertEqual(report.errors, 2, "\(report.diagnostics)")
        XCTAssertTrue(report.diagnostics.allSatisfy { $0.message.contains("is a loop of symbolic links") }, "\(report.diagnostics)")
        XCTAssertTrue(report.fails(maxWarnings: nil))
    }

    /// A FIFO named like a script is reported, not waited on (it has no writer).
    func testAFIFOInAFolderIsReportedWithoutWaiting() throws {
        XCTAssertEqual(mkfifo(folder + "/styles/pipe.lua", 0o644), 0)
        let report = try Linter(isParallel: false).lint(paths: [folder + "/styles"])
        XCTAssertEqual(report.files, 3)
        XCTAssertEqual(report.diagnostics.map(\.code), [.notAFile])
        XCTAssertTrue(report.diagnostics[0].message.contains("is not a regular file"))
    }

    func testAnUnreadableFolderIsAnError() throws {
        try XCTSkipIf(geteuid() == 0, "running as root: folder permissions do not apply")
        try FileManager.default.createDirectory(atPath: folder + "/styles/locked", withIntermediateDirectories: true)
        try "return View {}\n".write(toFile: folder + "/styles/locked/c.lua", atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(folder + "/styles/locked", 0), 0)
        let report = try Linter().lint(paths: [folder + "/styles"])
        XCTAssertTrue(report.fails(maxWarnings: nil))
        XCTAssertEqual(report.diagnostics.map(\.message),
                       ["Cannot read the folder '\(folder!)/styles/locked': permission denied; its scripts were not checked."])
    }

    /// A module with an error, linted itself and required by another linted file: one report.
    func testAModuleLintedAndRequiredIsReportedOnce() throws {
        try "local base = require 'base'\nreturn View { style = base.s }\n".write(toFile: folder + "/styles/app.lua", atomically: true, encoding: .utf8)
        try "local s = mut(View.alpha, 2)\nreturn { s = s }\n".write(toFile: folder + "/styles/base.lua", atomically: true, encoding: .utf8)
        for linter in [Linter(), Linter(isParallel: false)] {
            let report = try linter.lint(paths: [folder + "/styles"])
            let inBase = report.diagnostics.filter { $0.file.hasSuffix("base.lua") }
            XCTAssertEqual(inBase.count, 1, "\(report.diagnostics)")
        }
    }

    func testAFirstLineStartingWithHashIsSkipped() throws {
        let script = "#!/usr/bin/env stylerun\nreturn View { id = 'x', alpha = 0.5 }\n"
        try script.write(toFile: folder + "/styles/app.lua", atomically: true, encoding: .utf8)
        XCTAssertEqual(Linter().lint(file: folder + "/styles/app.lua"), [])
        let sheet = try Runtime().load(file: folder + "/styles/app.lua")
        XCTAssertEqual(try sheet.applyToOwnTree()["alpha"], .number(0.5))
    }
}
