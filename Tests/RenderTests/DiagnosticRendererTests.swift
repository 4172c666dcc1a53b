import StyleCore
import TestSupport
import XCTest
@testable import StyleRun

final class DiagnosticRendererTests: XCTestCase {
    private let source = """
        local base = require "base"
        \tmut(View.layoutMargin, 8)
        rule("Button.primary", concat(
          mut(View.alpha, 2),
        ))

        """

    private func diagnostic(line: Int, column: Int, length: Int = 0, severity: Diagnostic.Severity = .error,
                            file: String = "app.lua") -> Diagnostic {
        Diagnostic(.unknownProperty, "View has no property 'layoutMargin'. Did you mean 'layoutMargins'?",
                   at: SourceLocation(file: file, line: line, column: column), length: length, severity: severity,
                   suggestions: ["layoutMargins"])
    }

    func testHeaderAloneWithoutSource() {
        XCTAssertEqual(DiagnosticRenderer().render(diagnostic(line: 12, column: 10, length: 12)), """
            app.lua:12:10: error: View has no property 'layoutMargin'. Did you mean 'layoutMargins'? [unknown-property]

            """)
    }

    func testSourceLineWithCaretUnderTheRange() {
        let d = diagnostic(line: 12, column: 10, length: 12)
        let text = Array(repeating: "", count: 11).joined(separator: "\n") + "\nmut(View.layoutMargin, 8)\n"
        XCTAssertEqual(DiagnosticRenderer(sources: ["app.lua": text]).render(d), """
            app.lua:12:10: error: View has no property 'layoutMargin'. Did you mean 'layoutMargins'? [unknown-property]
               12 | mut(View.layoutMargin, 8)
                  |          ^~~~~~~~~~~~

            """)
    }

    func testTabsBeforeTheColumnAreKeptSoTheCaretLinesUp() {
        let d = diagnostic(line: 2, column: 6, length: 12)
        XCTAssertEqual(DiagnosticRenderer(sources: ["app.lua": source]).render(d).split(separator: "\n").dropFirst(), [
            "    2 | \tmut(View.layoutMargin, 8)",
            "      | \t    ^~~~~~~~~~~~",
        ])
    }

    func testCaretEdgeCases() {
        let cases: [(Diagnostic, String)] = [
            // No length: a single caret.
            (diagnostic(line: 4, column: 3), "      |   ^"),
            // A range continuing onto later lines runs to the end of this one.
            (Diagnostic("x", "m", at: SourceLocation(file: "app.lua", line: 3, column: 24), length: 0)
                .with(endLine: 5, endColumn: 2), "      |                        ^~~~~~~"),
            // A range past the end of the line stops at it.
            (diagnostic(line: 4, column: 19, length: 40), "      |                   ^~~"),
            // A column past the end of the line points just after it.
            (diagnostic(line: 1, column: 80), "      |                            ^"),
        ]
        for (d, expected) in cases {
            let lines = DiagnosticRenderer(sources: ["app.lua": source]).render(d).split(separator: "\n")
            XCTAssertEqual(lines.count, 3, "\(d)")
            XCTAssertEqual(lines.last.map(String.init), expected, "\(d)")
        }
    }

    func testColumnsCountCharactersInALineThatIsNotASCII() {
        // "é" is two bytes and "👍🏽" eight: the caret goes under the 12th character either way.
        let text = "t = \"é👍🏽\"; mut(View.layoutMargin, 8)\n"
        let d = diagnostic(line: 1, column: 13, length: 12)
        XCTAssertEqual(DiagnosticRenderer(sources: ["app.lua": text]).render(d).split(separator: "\n").last.map(String.init),
                       "      |             ^~~~~~~~~~~~")
    }

    func testNoSnippetWhenTheLineOrFileIsNotThere() {
        let renderer = DiagnosticRenderer(sources: ["app.lua": source])
        for d in [diagnostic(line: 6, column: 1), diagnostic(line: 0, column: 1), diagnostic(line: 2, column: 1, file: "b.lua")] {
            XCTAssertEqual(renderer.render(d).split(separator: "\n").count, 1, "\(d)")
        }
        // The last line exists; the final line break does not begin another.
        XCTAssertEqual(renderer.render(diagnostic(line: 5, column: 1)).split(separator: "\n").count, 3)
    }

    func testWindowsLineEndingsAreNotPartOfTheLine() {
        let renderer = DiagnosticRenderer(sources: ["app.lua": "a = 1\r\nb = mutt(2)\r\n"])
        XCTAssertEqual(renderer.render(diagnostic(line: 2, column: 5, length: 4)).split(separator: "\n").dropFirst(), [
            "    2 | b = mutt(2)",
            "      |     ^~~~",
        ])
    }

    func testLinesAreFoundAfterEachKindOfLineBreak() {
        let cases: [(text: String, line: Int, expected: Substring?)] = [
            ("a\nb", 2, "b"), ("a\r\nb", 2, "b"), ("a\rb", 2, "b"), ("a\r\n\nb", 3, "b"),
            ("a\n\n", 2, ""), ("a\n", 2, nil), ("", 1, nil), ("a", 0, nil), ("a", 2, nil),
            ("é\n👋x\r\n", 2, "👋x"), ("x\n\u{301}y", 2, "\u{301}y"),
        ]
        for c in cases {
            XCTAssertEqual(DiagnosticRenderer.line(c.line, of: c.text), c.expected, "line \(c.line) of \(c.text.debugDescription)")
        }
    }

    func testEachFileIsAskedForOnceForManyDiagnostics() {
        var asked: [String] = []
        let renderer = DiagnosticRenderer { file in asked.append(file); return "x = 1\ny = 2\n" }
        let text = renderer.render([diagnostic(line: 1, column: 1), diagnostic(line: 2, column: 1), diagnostic(line: 1, column: 3)])
        XCTAssertEqual(asked, ["app.lua"])
        XCTAssertEqual(text.split(separator: "\n").filter { $0.contains(" | ") && !$0.contains("^") },
                       ["    1 | x = 1", "    2 | y = 2", "    1 | x = 1"])
    }

    func testWideLineNumbersWidenTheGutter() {
        let text = String(repeating: "\n", count: 123_455) + "x\n"
        let lines = DiagnosticRenderer(sources: ["app.lua": text]).render(diagnostic(line: 123_456, column: 1))
            .split(separator: "\n")
        XCTAssertEqual(lines.dropFirst(), ["123456 | x", "       | ^"])
    }

    func testSourceClosureIsAskedByFileName() {
        var asked: [String] = []
        let renderer = DiagnosticRenderer { file in asked.append(file); return file == "b.lua" ? "x = 1\n" : nil }
        let text = renderer.render([diagnostic(line: 1, column: 1, file: "a.lua"), diagnostic(line: 1, column: 1, file: "b.lua")])
        XCTAssertEqual(asked, ["a.lua", "b.lua"])
        XCTAssertEqual(text.split(separator: "\n").count, 4)
    }

    func testColorsMarkSeverityLocationAndCaret() {
        let renderer = DiagnosticRenderer(sources: ["app.lua": source], terminal: Terminal(colors: true))
        assertSnapshot(renderer.render([
            diagnostic(line: 2, column: 6, length: 12),
            Diagnostic("off-grid", "The value 6 is off the 4-point grid; use 4 or 8.",
                       at: SourceLocation(file: "app.lua", line: 4, column: 19), length: 1, severity: .warning),
        ]))
    }
}

private extension Diagnostic {
    func with(endLine: Int, endColumn: Int) -> Diagnostic {
        var d = self
        d.endLine = endLine
        d.endColumn = endColumn
        return d
    }
}
