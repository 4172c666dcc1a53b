import Foundation
import StyleCore
import XCTest
@testable import StyleRun

/// `stylerun lint` checks the design-token files it finds, and those the scripts load.
final class TokenFileLintTests: XCTestCase {
    var folder: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-lint-tokens-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/tokens", withIntermediateDirectories: true)
        try ##"{"palette": {"$type": "color", "red": {"$value": "#ff3b30"}}}"##.write(toFile: folder + "/tokens/palette.tokens.json", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)  // a leftover temporary folder harms no test
    }

    func describe(_ report: LintReport) -> [String] {
        report.diagnostics.map { "\(($0.file as NSString).lastPathComponent):\($0.line):\($0.column): \($0.severity): [\($0.code)]" }
    }

    func testATokenFileIsCheckedWithItsSiblingsAsContext() throws {
        // brand aliases palette: no error for that, one for the misspelled alias and one for the type.
        try "{\n  \"color\": {\"danger\": {\"$value\": \"{palette.red}\"}, \"warn\": {\"$value\": \"{palette.redd}\"}},\n  \"x\": {\"$type\": \"colour\", \"$value\": 1}\n}"
            .write(toFile: folder + "/tokens/brand.tokens.json", atomically: true, encoding: .utf8)
        let report = try Linter().lint(paths: [folder])
        XCTAssertEqual(describe(report), ["brand.tokens.json:2:71: error: [unknown-alias]", "brand.tokens.json:3:18: error: [unknown-token-type]"])
        XCTAssertEqual(report.files, 2)
    }

    func testAScriptReportsEveryMistakeOfTheFilesItLoads() throws {
        try "{\"a\": {\"$type\": \"dimension\", \"$value\": 4},\n \"b\": {\"$type\": \"number\", \"$value\": \"{zz}\"}}"
            .write(toFile: folder + "/tokens/broken.tokens.json", atomically: true, encoding: .utf8)
        try "local t = tokens \"tokens/broken.tokens.json\"\nreturn View {}\n".write(toFile: folder + "/app.lua", atomically: true, encoding: .utf8)
        let report = Linter().lint(files: [folder + "/app.lua"])
        XCTAssertEqual(describe(report), ["broken.tokens.json:1:40: error: [token-value]", "broken.tokens.json:2:37: error: [unknown-alias]"])
    }

    func testAResolverDocumentIsChecked() throws {
        try "{\"version\": \"2025.10\", \"resolutionOrder\": [{\"$ref\": \"#/sets/nope\"}]}"
            .write(toFile: folder + "/tokens/app.resolver.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(describe(try Linter().lint(paths: [folder])), ["app.resolver.json:1:44: error: [token-resolver]"])
    }
}
