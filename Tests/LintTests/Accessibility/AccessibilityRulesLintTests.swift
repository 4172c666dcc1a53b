import Foundation
import StyleCore
import StyleRun
import XCTest

/// The accessibility matrix and the rules beside `low-contrast`, as lint reports them: dark and
/// high contrast, the controls' other states, `fixed-font-size`, `small-touch-target`,
/// `truncated-text`, their suppression and their ids in every format.
final class AccessibilityRulesLintTests: XCTestCase {
    private func lint(_ source: String, _ codes: Set<Diagnostic.Code>) -> [Diagnostic] {
        let linter = Linter(dynamicPass: InProcessDynamicPass(stdlibPaths: []), isParallel: false)
        return linter.lint(source: source, file: "app.lua").filter { codes.contains($0.code) }
    }

    // MARK: The matrix

    func testAColourThatOnlyFailsOnTheDarkScreenNamesDark() throws {
        let found = lint(##"return View { Label { id = "gray", text = "x", textColor = "#555555" } }"##, [.lowContrast])
        XCTAssertEqual(found.count, 1)
        let d = try XCTUnwrap(found.first)
        XCTAssertTrue(d.message.contains("on #000000 (screen background) is 2.81:1"), d.message)
        XCTAssertTrue(d.message.hasSuffix("Fails in colorScheme=dark contrast=normal; colorScheme=dark contrast=high."), d.message)
    }

    func testTheDefaultLabelColourIsWhiteOnTheBlackScreenInDark() {
        XCTAssertEqual(lint(##"return View { Label { text = "x" } }"##, [.lowContrast]), [])
    }

    func testAHighContrastVariantIsMeasuredInHighContrast() throws {
        let d = try XCTUnwrap(lint("""
            return View { Label { text = "x", textColor = color.dynamic { light = "#999999", dark = "#DDDDDD",
              highContrastLight = "#595959", highContrastDark = "#FFFFFF" } } }
            """, [.lowContrast]).first)
        XCTAssertTrue(d.message.hasSuffix("Fails in colorScheme=light contrast=normal."), d.message)
    }

    func testAHighlightedTitleIsCheckedAtTheLineThatSetsItNamingItsState() throws {
        let found = lint("""
            rule("Button", mut(Button.titleColor, color.label))
            rule("Button:highlighted", mut(Button.titleColor, "#DDDDDD"))
            rule("Button:disabled", mut(Button.titleColor, "#EEEEEE"))
            return View { Button { id = "go", title = "Go" } }
            """, [.lowContrast])
        XCTAssertEqual(found.count, 1, found.map(\.message).joined(separator: "\n"))
        let d = try XCTUnwrap(found.first)
        XCTAssertEqual(d.line, 2)
        XCTAssertTrue(d.message.hasPrefix("Title #DDDDDD (titleColor of Button#go, set at app.lua:2) on #FFFFFF"), d.message)
        XCTAssertTrue(d.message.hasSuffix("Fails in colorScheme=light contrast=normal, state highlighted; "
                                          + "colorScheme=light contrast=high, state highlighted."), d.message)
    }

    func testAViewFailingInTwoWaysAtOneSpotKeepsBothFindings() {
        // A placeholder is UIKit's colour in each scheme and contrast: four findings, one line.
        let found = lint(##"return TextField { placeholder = "Email", textColor = color.label }"##, [.lowContrast])
        XCTAssertEqual(Set(found.map(\.message)).count, 4, found.map(\.message).joined(separator: "\n"))
    }

    // MARK: fixed-font-size

    func testAFixedFontIsAWarningAtTheLineThatSetItWithTheNearestTextStyle() throws {
        let found = lint("""
            local small = font.system(12)
            return View {
              Label { id = "note", text = "Note", font = small },
              Label { text = "Body", font = font.preferred("body") },
              Label { text = "Brand", font = font.named("Lato-Bold", 20):scaled("title3") },
              Label { text = "Default" },
              Label { font = font.system(9) },
              Button { title = "Go", style = mut(Button.titleLabel.font, font.system(17, "semibold")) },
            }
            """, [.fixedFontSize])
        XCTAssertEqual(found.map(\.line), [3, 8])
        let d = try XCTUnwrap(found.first)
        XCTAssertEqual(d.severity, .warning)
        XCTAssertEqual(d.message, "Font system 12 (font of Label#note, set at app.lua:3) does not follow Dynamic Type: it stays 12 points "
                       + "at every text size the reader chooses. Give it a text style: font.preferred(\"caption1\"), or "
                       + ":scaled(\"caption1\") to keep this font.")
        XCTAssertTrue(found[1].message.contains("font.preferred(\"headline\")"), found[1].message)
    }

    /// Findings first seen in a theme that is not the script's own (whose tree is let go before
    /// lint writes its messages) name their views as the theme's tree had them: two labels in
    /// one fixed font are two findings, each with its path, not one naming a bare `Label`.
    func testFindingsOfAnotherThemeNameTheirViewsByTheirPaths() throws {
        let found = lint("""
            local t = themes { default = "light", dark = { fg = "#EEEEEE" }, light = { fg = "#222222" } }
            rule("Label", concat(mut(Label.textColor, t.fg), mut(Label.font, font.system(20, "bold"))))
            return StackView { axis = "vertical", backgroundColor = color.systemBackground,
              View { Label { text = "One" } },
              View { Label { text = "Two" } },
            }
            """, [.fixedFontSize, .smallTouchTarget])
        let fonts = found.filter { $0.code == .fixedFontSize }
        XCTAssertEqual(fonts.map(\.line), [2, 2])
        XCTAssertEqual(fonts.map { $0.message.components(separatedBy: ", set at").first! }, [
            "Font system 20 bold (font of StackView > View[1] > Label[1]",
            "Font system 20 bold (font of StackView > View[2] > Label[1]",
        ])
        for d in fonts { XCTAssertTrue(d.message.hasSuffix("Fails in theme 'dark'; theme 'light'."), d.message) }
    }

    // MARK: small-touch-target

    func testASmallControlGivesItsSizeAndWhatMadeIt() throws {
        let found = lint("""
            return StackView { axis = "vertical",
              Button { id = "small", title = "Go", titleColor = color.label },
              Button { id = "tall", title = "Go", titleColor = color.label, height = 44 },
              Button { id = "gone", title = "Go", titleColor = color.label, isHidden = true },
            }
            """, [.smallTouchTarget])
        XCTAssertEqual(found.count, 1)
        let d = try XCTUnwrap(found.first)
        XCTAssertEqual(d.line, 2)
        XCTAssertEqual(d.severity, .warning)
        XCTAssertTrue(d.message.hasPrefix("Button#small is 375 × 21 points, under the 44 × 44 a finger needs to hit it (height: "), d.message)
        XCTAssertFalse(d.message.contains("width:"), d.message)
    }

    // MARK: truncated-text

    func testALabelCutAtALargerTextSizeNamesTheSmallestSize() throws {
        let found = lint("""
            return StackView { axis = "vertical",
              Label { id = "mid", text = "Your order ships on Monday, Dec 7", font = font.preferred("body") },
              Label { id = "wraps", text = "Your order ships on Monday, Dec 7", font = font.preferred("body"), numberOfLines = 0 },
              Label { id = "fixed", text = "Your order ships on Monday, Dec 7", font = font.system(17) },  -- stylerun: ignore fixed-font-size
            }
            """, [.truncatedText, .fixedFontSize])
        XCTAssertEqual(found.map(\.code), [.truncatedText], found.map(\.message).joined(separator: "\n"))
        let d = try XCTUnwrap(found.first)
        XCTAssertEqual(d.line, 2)
        XCTAssertTrue(d.message.hasPrefix("The text of Label#mid does not fit its 375 × "), d.message)
        XCTAssertTrue(d.message.contains("from content size extraExtraExtraLarge on: 30 of its 33 characters show; numberOfLines is 1"), d.message)
    }

    func testAScreenThatNothingScalesIsCutFromTheSmallestSize() throws {
        // No Dynamic Type font and no `when` on the content size: the screen is styled and laid
        // out once for every size, and a label cut there is cut from the smallest size on.
        let source = """
            return StackView { axis = "vertical",
              Label { id = "fixed", text = "Your order ships on Monday, December the seventh, by courier", font = font.system(17) },
              Label { id = "short", text = "Shipped", font = font.system(17), style = when({ colorScheme = "dark" }, mut(Label.alpha, 0.9)) },
            }
            """
        let found = lint(source, [.truncatedText])
        XCTAssertEqual(found.map(\.code), [.truncatedText], found.map(\.message).joined(separator: "\n"))
        let d = try XCTUnwrap(found.first)
        XCTAssertEqual(d.line, 2)
        XCTAssertTrue(d.message.hasPrefix("The text of Label#fixed does not fit its 375 × "), d.message)
        XCTAssertTrue(d.message.contains("from content size large on:"), d.message)

        // The same label following Dynamic Type is cut from the same size: the sizes are looked
        // at one by one then.
        let scaled = lint(source.replacingOccurrences(of: "font = font.system(17) },\n  Label { id = \"short\"",
                                                      with: "font = font.preferred(\"body\") },\n  Label { id = \"short\""), [.truncatedText])
        XCTAssertEqual(scaled.map(\.message), found.map(\.message))
    }

    func testAWhenOnTheContentSizeIsFollowed() {
        // From accessibilityMedium on the label wraps: it is never cut.
        XCTAssertEqual(lint("""
            return StackView { axis = "vertical",
              Label { text = "Your order ships on Monday, Dec 7", font = font.preferred("body"),
                style = when({ contentSize = ">= extraExtraExtraLarge" }, mut(Label.numberOfLines, 0)) },
            }
            """, [.truncatedText]), [])
    }

    func testALabelHiddenFromSomeSizeOnIsLookedAtOnlyWhereItIsDrawn() throws {
        // Each size is laid out while the tree is styled for the next: a label is looked at in a
        // size's layout when it is drawn at that size, not at the size styled since.
        let found = lint("""
            return StackView { axis = "vertical",
              Label { id = "gone", text = "Your order ships on Monday, Dec 7", font = font.preferred("body"),
                style = when({ contentSize = ">= accessibilityMedium" }, mut(View.isHidden, true)) },
              Label { id = "never", text = "Your order ships on Monday, Dec 7", font = font.preferred("body"),
                style = when({ contentSize = ">= extraExtraExtraLarge" }, mut(View.isHidden, true)) },
            }
            """, [.truncatedText])
        // Both would be cut from extraExtraExtraLarge on: "gone" is drawn there (hidden from the
        // next size on), "never" is hidden wherever it would be cut.
        XCTAssertEqual(found.map(\.line), [2], found.map(\.message).joined(separator: "\n"))
        let d = try XCTUnwrap(found.first)
        XCTAssertTrue(d.message.contains("Label#gone does not fit"), d.message)
        XCTAssertTrue(d.message.contains("from content size extraExtraExtraLarge on"), d.message)
    }

    // MARK: Every format, every suppression

    func testEachRuleHasItsIdInEveryFormatAndItsIgnoreComment() throws {
        let source = """
            return StackView { axis = "vertical",
              Button { title = "Go", titleColor = color.label },
              Label { text = "Your order ships on Monday, Dec 7", font = font.system(12):scaled("body") },
              Label { text = "x", font = font.system(12) },
            }
            """
        let codes: [Diagnostic.Code] = [.fixedFontSize, .smallTouchTarget, .truncatedText]
        let found = lint(source, Set(codes))
        XCTAssertEqual(Set(found.map(\.code)), Set(codes))
        let report = LintReport(diagnostics: found, files: 1)
        for code in codes {
            XCTAssertTrue(LintFormat.text.render(report).contains("[\(code.rawValue)]"), code.rawValue)
            XCTAssertTrue(LintFormat.json.render(report).contains(code.rawValue), code.rawValue)
            XCTAssertTrue(LintFormat.github.render(report).contains(code.rawValue), code.rawValue)
            XCTAssertTrue(LintFormat.sarif.render(report).contains(code.rawValue), code.rawValue)
            XCTAssertEqual(LintRule.named(code).severity, .warning)
            XCTAssertFalse(LintRule.named(code).summary.hasPrefix("stylerun diagnostic"), code.rawValue)
        }
        var lines = source.components(separatedBy: "\n")
        lines[1] += "  -- stylerun: ignore small-touch-target"
        lines[2] += "  -- stylerun: ignore truncated-text"
        lines[3] += "  -- stylerun: ignore fixed-font-size"
        XCTAssertEqual(lint(lines.joined(separator: "\n"), Set(codes)), [])
    }
}
