import Foundation
import XCTest

/// `stylerun lint` and `stylerun types` as a CI job runs them: output on standard output,
/// exit 0 clean, 1 for errors or too many warnings, 2 for bad usage.
final class LintCLITests: XCTestCase {
    private let lint = fixtures.appendingPathComponent("lint")

    /// A folder with one clean script and one with a warning (`grid`: 10 is off the 4-point grid).
    private func warningFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lint-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "return StackView { spacing = 8 }\n".write(to: folder.appendingPathComponent("clean.lua"), atomically: true, encoding: .utf8)
        try "return StackView { spacing = 10 }\n".write(to: folder.appendingPathComponent("warn.lua"), atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    func testCleanFilesExitZero() throws {
        let result = try StyleRunCommand.run(["lint", "dynamic/clean-tree.lua", "dynamic/clean-module.lua", "dynamic/clean-nothing.lua"], in: lint)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "No problems in 3 files.\n")
    }

    func testErrorsExitOneWithEveryDiagnosticOnStandardOutput() throws {
        let result = try StyleRunCommand.run(["lint", "dynamic/several-errors.lua"], in: lint)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "")
        let headers = result.stdout.split(separator: "\n").filter { $0.hasPrefix("dynamic/") }
        XCTAssertEqual(headers.first, "dynamic/several-errors.lua:3:18: error: View.layer has no property 'cornerRadus'. Did you mean 'cornerRadius'? [unknown-property]")
        XCTAssertGreaterThanOrEqual(headers.count, 6)
        XCTAssertTrue(result.stdout.contains("    3 |   mut(View.layer.cornerRadus, 8),\n      |                  ^~~~~~~~~~~\n"))
    }

    func testJSONFollowsTheSpec() throws {
        let result = try StyleRunCommand.run(["lint", "--format", "json", "dynamic"], in: lint)
        XCTAssertEqual(result.status, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["files"] as? Int, 10)
        let diagnostics = try XCTUnwrap(object["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(object["errors"] as? Int, diagnostics.filter { $0["severity"] as? String == "error" }.count)
        XCTAssertEqual(diagnostics.first?["file"] as? String, "dynamic/function-styles.lua", "paths as given, sorted")
    }

    func testMaxWarnings() throws {
        let folder = try warningFolder()
        let plain = try StyleRunCommand.run(["lint", "."], in: folder)
        XCTAssertEqual(plain.status, 0, "warnings alone pass: " + plain.stdout)
        XCTAssertTrue(plain.stdout.contains("warn.lua:1:20: warning:"), plain.stdout)
        XCTAssertEqual(try StyleRunCommand.run(["lint", "--max-warnings", "1"], in: folder).status, 0)
        XCTAssertEqual(try StyleRunCommand.run(["lint", "--max-warnings", "0"], in: folder).status, 1)
        XCTAssertEqual(try StyleRunCommand.run(["lint", "--max-warnings=0", "clean.lua"], in: folder).status, 0)
    }

    func testGitHubAndSARIFFormats() throws {
        let github = try StyleRunCommand.run(["lint", "dynamic/runtime-stop.lua", "--format", "github"], in: lint)
        XCTAssertEqual(github.status, 1)
        XCTAssertTrue(github.stdout.hasPrefix("::error file=dynamic/runtime-stop.lua,line=2,col=20,endLine=2,endColumn=25,title=unknown-property::View has no property 'alpah'."), github.stdout)
        let sarif = try StyleRunCommand.run(["lint", "dynamic/runtime-stop.lua", "--format", "sarif"], in: lint)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(log["version"] as? String, "2.1.0")
    }

    func testBadUsageExitsTwo() throws {
        let missing = try StyleRunCommand.run(["lint", "dynamic", "no/such/folder"], in: lint)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stdout, "")
        XCTAssertEqual(missing.firstErrorLine, "stylerun lint: No such file or folder: 'no/such/folder'.")
        XCTAssertEqual(try StyleRunCommand.run(["lint", "--strict", "dynamic"], in: lint).status, 2)
        XCTAssertEqual(try StyleRunCommand.run(["lint", "--format", "xml", "dynamic"], in: lint).status, 2)
        XCTAssertEqual(try StyleRunCommand.run(["lint", "--max-warnings", "-1"], in: lint).status, 2)
    }

    func testUnusableFilesAreErrorsNotCrashes() throws {
        let folder = try warningFolder()
        try Data([0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00]).write(to: folder.appendingPathComponent("compiled.lua"))
        try Data([0x72, 0x65, 0x74, 0xFF, 0xFE]).write(to: folder.appendingPathComponent("latin1.lua"))
        let result = try StyleRunCommand.run(["lint", "--format", "json", "."], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(result.crashed)
        XCTAssertTrue(result.stdout.contains("\"code\": \"unreadable-file\""))
    }

    func testRealWorldLuaNeverCrashes() throws {
        let result = try StyleRunCommand.run(["lint", "realworld", "--format", "json"], in: lint)
        XCTAssertFalse(result.crashed, result.stderr)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "")
    }

    func testTypesWritesTheShippedDefinitions() throws {
        let result = try StyleRunCommand.run(["types"], in: repositoryRoot)
        XCTAssertEqual(result.status, 0)
        let shipped = try String(contentsOf: repositoryRoot.appendingPathComponent("stdlib/types/stylerun.lua"), encoding: .utf8)
        XCTAssertEqual(result.stdout, shipped)
        let folder = try warningFolder()
        XCTAssertEqual(try StyleRunCommand.run(["types", "-o", "defs.lua"], in: folder).status, 0)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("defs.lua"), encoding: .utf8), shipped)
        // A folder lint skips definitions files: they declare the API rather than use it.
        XCTAssertEqual(try StyleRunCommand.run(["lint", "."], in: folder).stdout.contains("defs.lua"), false)
    }
}

/// `stylerun lint --contrast`: the level reaches the isolated children, and a bad level is a usage error.
final class LintContrastCLITests: XCTestCase {
    private let lint = fixtures.appendingPathComponent("lint")

    func testContrastAAAReachesTheIsolatedPass() throws {
        let aa = try StyleRunCommand.run(["lint", "accessibility/contrast.lua"], in: lint)
        XCTAssertEqual(aa.status, 1)
        XCTAssertEqual(aa.stdout.components(separatedBy: "[low-contrast]").count - 1, 2, aa.stdout)
        XCTAssertFalse(aa.stdout.contains("AAA"))
        let aaa = try StyleRunCommand.run(["lint", "--contrast", "AAA", "accessibility/contrast.lua"], in: lint)
        XCTAssertEqual(aaa.status, 1)
        // #767676 passes AA but not AAA's 7:1.
        XCTAssertTrue(aaa.stdout.contains("accessibility/contrast.lua:12:39: error: Text #767676"), aaa.stdout)
        XCTAssertTrue(aaa.stdout.contains("needs 7:1 (AAA, normal text)"), aaa.stdout)
        let inProcess = try StyleRunCommand.run(["lint", "--no-isolation", "--contrast", "AAA", "accessibility/contrast.lua"], in: lint)
        XCTAssertEqual(inProcess.stdout, aaa.stdout)
    }

    func testAnUnknownLevelIsBadUsage() throws {
        let r = try StyleRunCommand.run(["lint", "--contrast", "AAAA", "accessibility/contrast.lua"], in: lint)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("'AAAA'"), r.stderr)
    }
}
