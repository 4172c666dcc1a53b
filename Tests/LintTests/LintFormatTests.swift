import StyleRun
import TestSupport
import XCTest

/// The four `--format`s of `stylerun lint`, as snapshots of one report.
final class LintFormatTests: XCTestCase {
    private let sources = [
        "styles/app.lua": "local card = mut(View.layer.cornerRadus, 8)\nreturn StackView { spacing = 10 }\n",
        "styles/buttons, 100%.lua": "rule(\"Buton\", s)\n",
    ]

    private var report: LintReport {
        var typo = Diagnostic(.unknownProperty, "View.layer has no property 'cornerRadus'. Did you mean 'cornerRadius'?",
                              at: SourceLocation(file: "styles/app.lua", line: 1, column: 29), length: 11, suggestions: ["cornerRadius"])
        typo.endColumn = 40
        let grid = Diagnostic(.grid, "10 is off the 4-point grid; use 8 or 12.", at: SourceLocation(file: "styles/app.lua", line: 2, column: 30),
                              length: 2, severity: .warning, suggestions: ["8", "12"])
        let selector = Diagnostic(.unknownKind, "Unknown kind 'Buton' in the selector: 100% sure?\nDid you mean 'Button'?",
                                  at: SourceLocation(file: "styles/buttons, 100%.lua", line: 1, column: 7), length: 5, suggestions: ["Button"])
        return LintReport(diagnostics: [typo, grid, selector], files: 4)
    }

    func testText() {
        assertSnapshot(LintFormat.text.render(report, source: { self.sources[$0] }))
    }

    func testTextWithColors() {
        assertSnapshot(LintFormat.text.render(report, terminal: Terminal(colors: true), source: { self.sources[$0] }))
    }

    func testTextOfACleanRun() {
        XCTAssertEqual(LintFormat.text.render(LintReport(diagnostics: [], files: 3)), "No problems in 3 files.\n")
    }

    func testJSON() throws {
        let text = LintFormat.json.render(report)
        assertSnapshot(text)
        let parsed = try JSONValue(parsing: text)
        XCTAssertEqual(parsed.keys, ["diagnostics", "files", "errors", "warnings"])
        XCTAssertEqual(parsed["errors"], 2)
        XCTAssertEqual(parsed["warnings"], 1)
        XCTAssertEqual(parsed["files"], 4)
        XCTAssertEqual(parsed["diagnostics"]?[0]?.keys,
                       ["file", "line", "column", "endLine", "endColumn", "severity", "code", "message", "suggestions"])
    }

    func testGitHub() {
        let text = LintFormat.github.render(report)
        assertSnapshot(text)
        XCTAssertEqual(text.split(separator: "\n").count, 3, "one annotation per line, newlines escaped")
    }

    func testSARIF() throws {
        let text = LintFormat.sarif.render(report, version: "0.1.0")
        assertSnapshot(text)
        let log = try JSONValue(parsing: text)
        XCTAssertEqual(log["version"], "2.1.0")
        let run = try XCTUnwrap(log["runs"]?[0])
        XCTAssertEqual(run["tool"]?["driver"]?["name"], "stylerun")
        let rules = try XCTUnwrap(run["tool"]?["driver"]?["rules"])
        guard case .array(let ruleList) = rules else { return XCTFail("rules is not an array") }
        XCTAssertEqual(ruleList.map { $0["id"] }, LintRule.catalog.map { .string($0.code.rawValue) }, "rule ids are stable")
        let result = try XCTUnwrap(run["results"]?[1])
        XCTAssertEqual(result["ruleId"], "grid")
        XCTAssertEqual(result["level"], "warning")
        let gridIndex = try XCTUnwrap(LintRule.catalog.firstIndex { $0.code == .grid })
        XCTAssertEqual(result["ruleIndex"], .number(Double(gridIndex)))
        let region = try XCTUnwrap(result["locations"]?[0]?["physicalLocation"]?["region"])
        XCTAssertEqual(region["startLine"], 2)
        XCTAssertEqual(region["startColumn"], 30)
        XCTAssertEqual(region["endColumn"], 32)
        XCTAssertEqual(run["results"]?[2]?["locations"]?[0]?["physicalLocation"]?["artifactLocation"]?["uri"], "styles/buttons%2C%20100%25.lua")
    }

    func testEveryCatalogRuleHasANameAndASummary() {
        XCTAssertEqual(LintRule.named(.unknownProperty).name, "UnknownProperty")
        XCTAssertEqual(LintRule.named("made-up").name, "MadeUp")
        XCTAssertEqual(Set(LintRule.catalog.map(\.code)).count, LintRule.catalog.count)
        for rule in LintRule.catalog { XCTAssertTrue(rule.summary.hasSuffix("."), rule.code.rawValue) }
    }
}
