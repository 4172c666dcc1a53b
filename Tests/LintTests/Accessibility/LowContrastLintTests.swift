import Foundation
import StyleCore
import StyleRun
import XCTest

private let accessibilityFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/lint/accessibility")

/// `low-contrast` as lint reports it: the message, where it points, the themes it fails in,
/// suppression, the level asked for, and every output format.
final class LowContrastLintTests: XCTestCase {
    private func lint(_ source: String, checks: AccessibilityChecks = .init()) -> [Diagnostic] {
        let linter = Linter(dynamicPass: InProcessDynamicPass(stdlibPaths: [], accessibility: checks), isParallel: false)
        return linter.lint(source: source, file: "app.lua").filter { $0.code == .lowContrast }
    }

    func testTheMessageGivesRatioThresholdBothColoursWithTheirLinesAndASuggestion() throws {
        let found = lint("""
            return View {
              Label { id = "pale", text = "Pale", textColor = "#EEEEEE" },
            }
            """)
        let d = try XCTUnwrap(found.first)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(d.message, "Text #EEEEEE (textColor of Label#pale, set at app.lua:2) on #FFFFFF (screen background) is 1.16:1, "
                       + "needs 4.5:1 (AA, normal text); #767676 passes (4.54:1). Fails in colorScheme=light contrast=normal; colorScheme=light contrast=high.")
        XCTAssertEqual(d.severity, .error)
        XCTAssertEqual(d.line, 2)
    }

    func testTextsOfOneColourOverOtherBackgroundsGetTheirOwnSuggestions() throws {
        // One colour over three backgrounds, the first and last alike: each text's suggestion
        // is the one it gets alone, searched for once per colour and background.
        let screen = """
            return View {
              View { backgroundColor = "#FFFFFF", Label { id = "a", text = "x", textColor = "#AAAAAA" } },
              View { backgroundColor = "#DDDDDD", Label { id = "b", text = "x", textColor = "#AAAAAA" } },
              View { backgroundColor = "#FFFFFF", Label { id = "c", text = "x", textColor = "#AAAAAA" } },
            }
            """
        func suggestion(_ message: String) -> Substring? {
            message.range(of: "; ").flatMap { start in message[start.upperBound...].split(separator: " ").first }
        }
        let light = lint(screen).filter { $0.message.contains("colorScheme=light") }
        XCTAssertEqual(light.count, 3, light.map(\.message).joined(separator: "\n"))
        let suggested = light.map { suggestion($0.message) }
        XCTAssertEqual(suggested[0], suggested[2])
        XCTAssertNotEqual(suggested[0], suggested[1])
        for (id, background) in [("a", "#FFFFFF"), ("b", "#DDDDDD")] {
            let alone = lint("""
                return View {
                  View { backgroundColor = "\(background)", Label { id = "\(id)", text = "x", textColor = "#AAAAAA" } },
                }
                """).filter { $0.message.contains("colorScheme=light") }
            XCTAssertEqual(alone.map { suggestion($0.message) }, [suggested[id == "a" ? 0 : 1]], id)
        }
    }

    func testTheBackgroundNamesEachTranslucentFillAndTheAlphaThatFadesIt() throws {
        let d = try XCTUnwrap(lint("""
            return View { id = "box", alpha = 0.5,
              View { id = "tint", backgroundColor = "#00000033",
                Label { id = "t", text = "x", textColor = "#888888" } } }
            """).first { $0.message.contains("colorScheme=light") })
        XCTAssertTrue(d.message.contains("on #E6E6E6 (#00000033 backgroundColor of View#tint, set at app.lua:2, over #FFFFFF screen background, "
                                         + "faded by alpha 0.5 of View#box, set at app.lua:1)"), d.message)
    }

    func testADefaultTextColourPointsAtTheViewAndSaysItIsTheDefault() throws {
        let d = try XCTUnwrap(lint("""
            return View { backgroundColor = "#333333",
              Label { id = "dark", text = "x" } }
            """).first)
        XCTAssertEqual(d.line, 2)
        XCTAssertEqual(d.column, 3)
        XCTAssertTrue(d.message.hasPrefix("Text #000000 (textColor of Label#dark) on #333333 (backgroundColor of View, set at app.lua:1)"),
                      d.message)
    }

    func testAPlaceholderIsAWarningItsColourBeingUIKits() throws {
        let d = try XCTUnwrap(lint(##"return TextField { id = "mail", placeholder = "Email" }"##).first)
        XCTAssertEqual(d.severity, .warning)
        XCTAssertTrue(d.message.hasPrefix("Placeholder #3C3C434D (UIKit's placeholderText"), d.message)
        XCTAssertTrue(d.message.contains("no colour of this hue passes at alpha 0.3"), d.message)
    }

    func testEachThemeIsCheckedAndAFindingIsReportedOnceWithTheThemesItFailsIn() throws {
        let path = accessibilityFixtures.appendingPathComponent("contrast.lua").path
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let found = InProcessDynamicPass(stdlibPaths: []).check(file: "contrast.lua", source: source).filter { $0.code == .lowContrast }
        let byLine = Dictionary(grouping: found, by: \.line)
        // The pale label fails in both themes, in light (on black, in dark, it passes): one
        // finding naming each combination.
        XCTAssertEqual(byLine[10]?.count, 1)
        XCTAssertTrue(byLine[10]?.first?.message.hasSuffix("Fails in theme 'day', colorScheme=light contrast=normal; "
                                                           + "theme 'day', colorScheme=light contrast=high; "
                                                           + "theme 'night', colorScheme=light contrast=normal; "
                                                           + "theme 'night', colorScheme=light contrast=high.") == true,
                      byLine[10]?.first?.message ?? "")
        // The note is too pale on the day card only; #999999 on black passes.
        XCTAssertEqual(byLine[8]?.count, 1)
        XCTAssertTrue(byLine[8]?.first?.message.contains("theme 'day'") == true)
        XCTAssertFalse(byLine[8]?.first?.message.contains("theme 'night'") == true)
        // #767676 passes AA.
        XCTAssertNil(byLine[12])
    }

    func testAnIgnoreCommentSilencesTheRuleOnItsLine() throws {
        let path = accessibilityFixtures.appendingPathComponent("contrast.lua").path
        let lines = Linter(dynamicPass: InProcessDynamicPass(stdlibPaths: []), isParallel: false).lint(file: path)
            .filter { $0.code == .lowContrast }.map(\.line)
        XCTAssertEqual(lines, [8, 10], "line 11 carries `-- stylerun: ignore low-contrast`")
        XCTAssertEqual(lint(##"return Label { text = "x", textColor = "#EEEEEE" }  -- stylerun: ignore low-contrast"##), [])
        XCTAssertEqual(lint(##"return Label { text = "x", textColor = "#EEEEEE" }  -- stylerun: ignore grid"##).count, 1)
    }

    func testAAAAsksSevenToOne() throws {
        let source = ##"return Label { text = "x", textColor = "#767676" }"##
        XCTAssertEqual(lint(source), [])
        // On the light screen; on black, in dark, it is 4.62:1 and fails AAA too.
        let d = try XCTUnwrap(lint(source, checks: AccessibilityChecks(contrastLevel: .AAA)).first { $0.message.contains("colorScheme=light") })
        XCTAssertTrue(d.message.contains("is 4.54:1, needs 7:1 (AAA, normal text); #595959 passes (7.00:1)"), d.message)
        XCTAssertEqual(lint(##"return Label { text = "x", textColor = "#EEEEEE" }"##, checks: .off), [])
    }

    func testTheRuleIdIsInEveryFormat() throws {
        let d = try XCTUnwrap(lint(##"return Label { text = "x", textColor = "#EEEEEE" }"##).first)
        let report = LintReport(diagnostics: [d], files: 1)
        XCTAssertTrue(LintFormat.text.render(report).contains("[low-contrast]"))
        XCTAssertTrue(LintFormat.json.render(report).contains(#""code": "low-contrast""#) || LintFormat.json.render(report).contains(#""code":"low-contrast""#))
        XCTAssertTrue(LintFormat.github.render(report).contains("low-contrast"))
        let sarif = LintFormat.sarif.render(report)
        XCTAssertTrue(sarif.contains(#""ruleId": "low-contrast""#) || sarif.contains(#""ruleId":"low-contrast""#), sarif)
        XCTAssertEqual(LintRule.named(.lowContrast).name, "LowContrast")
        XCTAssertEqual(LintRule.named(.lowContrast).severity, .error)
    }

    func testAnIsolatedChildRunsTheChecksAtTheLevelAsked() throws {
        let request = IsolatedDynamicPassProbe.request(level: .AAA)
        var lines: [String] = []
        try IsolatedDynamicPass.serveChild(input: request) { lines.append($0) }
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].contains("low-contrast") && lines[0].contains("AAA, normal text"), lines[0])
    }
}

/// A child request as `IsolatedDynamicPass` writes it, for one script passing AA but not AAA.
enum IsolatedDynamicPassProbe {
    static func request(level: ContrastLevel) -> Data {
        let source = ##"return Label { text = \"x\", textColor = \"#767676\" }"##
        let json = #"{"limits": {"seconds": 2, "memory": 67108864, "instructions": 50000000}, "stdlib": [], "#
            + #""accessibility": {"enabled": true, "contrast": "\#(level.rawValue)"}, "#
            + #""scripts": [{"file": "a.lua", "source": "\#(source)"}]}"#
        return Data(json.utf8)
    }
}
