@testable import StyleRun
import XCTest

/// Static and dynamic findings joined: one per file, line and code, the better placed kept.
final class LintMergeTests: XCTestCase {
    private func d(_ line: Int, _ column: Int, _ code: Diagnostic.Code, _ message: String = "m",
                   file: String = "a.lua", length: Int = 0, suggestions: [String] = []) -> Diagnostic {
        Diagnostic(code, message, at: SourceLocation(file: file, line: line, column: column), length: length, suggestions: suggestions)
    }

    func testTheSameFindingFromBothPassesIsReportedOnce() {
        let merged = DiagnosticMerge.merge(static: [d(3, 10, .unknownProperty, "static", length: 5)],
                                           dynamic: [d(3, 10, .unknownProperty, "dynamic", length: 5)])
        XCTAssertEqual(merged.map(\.message), ["static"])
    }

    func testTheBetterPlacedDiagnosticWins() {
        let located = DiagnosticMerge.merge(static: [d(3, 1, .kindMismatch, "static")],
                                            dynamic: [d(3, 12, .kindMismatch, "dynamic", length: 4)])
        XCTAssertEqual(located.map(\.message), ["dynamic"])
        let suggested = DiagnosticMerge.merge(static: [d(3, 5, .unknownProperty, "static", length: 2, suggestions: ["alpha"])],
                                              dynamic: [d(3, 9, .unknownProperty, "dynamic", length: 2)])
        XCTAssertEqual(suggested.map(\.message), ["static"])
    }

    func testDifferentCodesLinesAndFilesStayApart() {
        let merged = DiagnosticMerge.merge(
            static: [d(3, 10, .unknownProperty), d(4, 2, .grid)],
            dynamic: [d(3, 10, .typeMismatch), d(5, 1, .runtimeError), d(3, 10, .unknownProperty, file: "b.lua")])
        XCTAssertEqual(merged.map { "\($0.file):\($0.line):\($0.code.rawValue)" },
                       ["a.lua:3:type-mismatch", "a.lua:3:unknown-property", "a.lua:4:grid", "a.lua:5:runtime-error", "b.lua:3:unknown-property"])
    }

    func testTwoMistakesOnOneLineOfOnePassStayTwo() {
        let merged = DiagnosticMerge.merge(static: [], dynamic: [d(7, 9, .typeMismatch), d(7, 30, .typeMismatch), d(7, 9, .typeMismatch)])
        XCTAssertEqual(merged.map(\.column), [9, 30])
    }

    func testSortedByFileLineAndColumn() {
        let merged = DiagnosticMerge.merge(static: [d(9, 1, .grid, file: "b.lua"), d(2, 8, .grid)],
                                           dynamic: [d(2, 3, .badArgument), d(1, 4, .sandbox, file: "b.lua")])
        XCTAssertEqual(merged.map { "\($0.file):\($0.line):\($0.column)" }, ["a.lua:2:3", "a.lua:2:8", "b.lua:1:4", "b.lua:9:1"])
    }

    func testDynamicFindingsHonourInlineSuppressions() {
        let source = "local s = mut(View.alpha, 2)  -- stylerun: ignore out-of-range\n"
        XCTAssertEqual(Linter().lint(source: source, file: "s.lua"), [])
        let unsuppressed = Linter().lint(source: "local s = mut(View.alpha, 2)\n", file: "s.lua")
        XCTAssertEqual(unsuppressed.map(\.code), [.outOfRange])
    }
}
