import Foundation
import StyleCore
import XCTest
@testable import StyleRun

/// One broken script per rule in `Tests/Fixtures/lint/static`, with every diagnostic the static
/// pass must give: code, line, column, suggestion, and the words.
final class StaticCheckerCorpusTests: XCTestCase {
    private struct Expected {
        var code: Diagnostic.Code
        var line: Int
        var column: Int
        var suggestion: String?
        var message: String

        init(_ code: Diagnostic.Code, _ line: Int, _ column: Int, _ suggestion: String, _ message: String) {
            (self.code, self.line, self.column, self.suggestion, self.message) = (code, line, column, suggestion, message)
        }

        init(_ code: Diagnostic.Code, _ line: Int, _ column: Int, _ message: String) {
            (self.code, self.line, self.column, self.suggestion, self.message) = (code, line, column, nil, message)
        }
    }

    private let corpus: [(file: String, expected: [Expected])] = [
        ("syntax-error.lua", [
            Expected(.syntaxError, 2, 26, "')' expected near '1'."),
        ]),
        ("unknown-property.lua", [
            Expected(.unknownProperty, 3, 25, "cornerRadius", "View.layer has no property 'cornerRadus'. Did you mean 'cornerRadius'?"),
        ]),
        ("wrong-type.lua", [
            Expected(.typeMismatch, 2, 32, "'Label.textColor' expects Color, got Int."),
            Expected(.typeMismatch, 3, 19, "'Label.text' expects String or nil, got Int."),
            Expected(.typeMismatch, 5, 17, "'Label.textColor' expects Color, got Bool."),
        ]),
        ("bad-enum.lua", [
            Expected(.invalidEnum, 3, 37, "The value 'diagonal' is invalid for 'StackView.axis'; use 'horizontal' or 'vertical'."),
            Expected(.invalidEnum, 3, 62, "center",
                     "The value 'centre' is invalid for 'StackView.alignment'; use 'fill', 'leading', 'top', 'firstBaseline', 'center', 'trailing', 'bottom' or 'lastBaseline'. Did you mean 'center'?"),
        ]),
        ("out-of-range.lua", [
            Expected(.outOfRange, 2, 31, "The value 1.5 is out of range for 'View.alpha' (0…1)."),
            Expected(.outOfRange, 3, 61, "The value -1 is out of range for 'Label.numberOfLines' (≥ 0)."),
        ]),
        ("undefined-global.lua", [
            Expected(.undefinedGlobal, 3, 10, "mut", "Undefined global 'mutt'. Did you mean 'mut'?"),
        ]),
        ("unknown-kind.lua", [
            Expected(.unknownKind, 2, 19, "Button", "Unknown kind 'Buton' in selector 'StackView > Buton.primary'. Did you mean 'Button'?"),
        ]),
        ("function-kind.lua", [
            Expected(.unknownProperty, 3, 5, "Label has no property 'spacing'. 'spacing' exists on StackView, not Label."),
            Expected(.unknownProperty, 7, 9, "Label has no property 'axis'. 'axis' exists on StackView, not Label."),
            Expected(.unknownProperty, 9, 67, "cornerRadius", "Button.layer has no property 'cornerRadus'. Did you mean 'cornerRadius'?"),
        ]),
        ("duplicate-set.lua", [
            Expected(.duplicateSet, 2, 18, "'View.alpha' is set twice in one concat; the value set here is replaced on line 2 and never used."),
        ]),
        ("grid.lua", [
            Expected(.grid, 2, 41, "8", "The value 10 for 'StackView.spacing' is off the 4-point grid; use 8 or 12."),
            Expected(.grid, 2, 80, "4", "The value 6 in insets(…) is off the 4-point grid; use 4 or 8."),
            Expected(.grid, 3, 73, "0", "The value 3 for 'StackView.layoutMargins.bottom' is off the 4-point grid; use 0 or 4."),
        ]),
        ("color-literal.lua", [
            Expected(.colorLiteral, 3, 44, "A color literal for 'View.backgroundColor' while the file declares theme tokens; use a token so that every theme can change it."),
            Expected(.colorLiteral, 4, 50, "A color literal for 'Label.textColor' while the file declares theme tokens; use a token so that every theme can change it."),
        ]),
        ("suppression.lua", [
            Expected(.grid, 5, 34, "8", "The value 10 for 'StackView.spacing' is off the 4-point grid; use 8 or 12."),
        ]),
        ("shadowing.lua", []),
        ("unknown-member.lua", [
            Expected(.unknownMember, 3, 36, "red", "'color' has no member 'redd'. Did you mean 'red'?"),
            Expected(.unknownMember, 3, 54, "system", "'font' has no member 'sytem'. Did you mean 'system'?"),
            Expected(.unknownMember, 3, 71, "fromColor", "'image' has no member 'frmColor'. Did you mean 'fromColor'?"),
            Expected(.unknownMember, 3, 88, "roundedStyle", "'base' has no member 'roundedStyl'. Did you mean 'roundedStyle'?"),
        ]),
        ("rgb-scale.lua", [
            Expected(.rgbScale, 1, 13, "rgb(128, 217, 255, 0.85)",
                     "rgb(0.5, 0.85, 1, 0.85) is almost black: rgb takes channels from 0 to 255, as CSS and design tools write them, "
                         + "not UIKit's 0–1. Did you mean 'rgb(128, 217, 255, 0.85)'?"),
            Expected(.rgbScale, 4, 28, "rgb(51, 51, 51)",
                     "rgb(0.2, 0.2, 0.2) is almost black: rgb takes channels from 0 to 255, as CSS and design tools write them, "
                         + "not UIKit's 0–1. Did you mean 'rgb(51, 51, 51)'?"),
        ]),
        ("designer-values.lua", [
            Expected(.badArgument, 2, 18, "'font.named' takes 2 arguments (postScriptName, size), got 3 arguments. "
                         + "The weight is part of the PostScript name, as in font.named(\"Lato-Bold\", 20)."),
            Expected(.badArgument, 3, 13, "'rgb' takes 3 or 4 arguments (red, green, blue [, alpha]), got 2 arguments."),
            Expected(.invalidEnum, 4, 29, "bold", "'Bold' is not a font weight; use 'ultraLight', 'thin', 'light', 'regular', "
                         + "'medium', 'semibold', 'bold', 'heavy', 'black'. Did you mean 'bold'?"),
            Expected(.typeMismatch, 5, 19, "insets(8, 16)", "'Button.contentEdgeInsets' expects Insets, got a list; write insets(…) or "
                         + "{top = …, left = …, bottom = …, right = …}. Did you mean 'insets(8, 16)'?"),
            Expected(.typeMismatch, 5, 63, "font.preferred \"title3\"", "'Button.titleLabel.font' expects Font, got the string 'title3'; "
                         + "a text style becomes a font with font.preferred. Did you mean 'font.preferred \"title3\"'?"),
            Expected(.typeMismatch, 7, 16, "font.named(\"Lato-Bold\", 17)", "'Label.font' expects Font, got the string 'Lato-Bold'; make a "
                         + "font with font.named(name, size), font.system(size) or font.preferred(textStyle). "
                         + "Did you mean 'font.named(\"Lato-Bold\", 17)'?"),
        ]),
        ("value-methods.lua", [
            Expected(.unknownProperty, 2, 26, "bolded", "Font has no field 'bold'. Did you mean 'bolded'?"),
            Expected(.unknownProperty, 2, 44, "withAlpha", "Color has no field 'withAlfa'. Did you mean 'withAlpha'?"),
        ]),
        ("operators.lua", [
            Expected(.typeMismatch, 4, 17, "Cannot use '*' on a style; compose styles with '..', '+' or concat(…), and compute with plain numbers."),
            Expected(.typeMismatch, 5, 28, "Cannot use '+' on a Color; compose styles with '..', '+' or concat(…), and compute with plain numbers."),
        ]),
        ("states.lua", [
            Expected(.badSelector, 4, 15, "highlighted", "Unknown pseudo-class ':hilighted' in selector 'Button:hilighted'. Did you mean 'highlighted'?"),
            Expected(.unknownState, 5, 14, "Selector 'Label:disabled' gives ':disabled' to Label, which is not a control; only controls (Button, TextField, kinds declared with control = true) have states."),
            Expected(.unknownState, 6, 27, "highlighted", "Unknown state 'hilighted'. Did you mean 'highlighted'?"),
            Expected(.unknownTrait, 7, 29, "colorScheme", "Unknown trait 'colorSheme'. Did you mean 'colorScheme'?"),
            Expected(.unknownTrait, 8, 44, "dark", "'drak' is not a value of colorScheme. Did you mean 'dark'?"),
            Expected(.unknownState, 8, 60, "highlighted", "Unknown state 'hilighted'. Did you mean 'highlighted'?"),
            Expected(.unknownTrait, 9, 47, "accessibilityMedium", "'accesibilityMedium' is not a value of contentSize. Did you mean 'accessibilityMedium'?"),
            Expected(.unknownState, 10, 21, "when(state=selected) asks for a control state, but its style is a Label style and Label is not a control; "
                         + "only controls (Button, TextField, kinds declared with control = true) have states."),
            Expected(.neverHolds, 11, 21, "when(contentSize>accessibilityExtraExtraExtraLarge) never holds: no contentSize satisfies it, so its style never applies."),
            Expected(.neverHolds, 12, 17, "when(state=highlighted) never holds in rule 'Label': Label is not a control: its views are always normal, so its style never applies."),
            Expected(.neverHolds, 13, 25, "when(state=highlighted) never holds in rule 'Button:normal': its views are normal there, so its style never applies."),
            Expected(.neverHolds, 14, 53, "when(colorScheme=light) never holds inside when(colorScheme=dark): no colorScheme satisfies both, so its style never applies."),
            Expected(.unknownMember, 17, 25, "colorScheme", "'traits' has no member 'colorSheme'. Did you mean 'colorScheme'?"),
        ]),
    ]

    func testEveryRuleAtItsExactPosition() throws {
        let folder = StaticCheckerCleanTests.root.appendingPathComponent("Tests/Fixtures/lint/static")
        for (file, expected) in corpus {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let found = StaticChecker().check(source: source, file: file)
            XCTAssertEqual(found.count, expected.count, "\(file): \(found.map(\.description))")
            for (d, e) in zip(found, expected) {
                XCTAssertEqual(d.code, e.code, "\(file): \(d)")
                XCTAssertEqual(d.line, e.line, "\(file): \(d)")
                XCTAssertEqual(d.column, e.column, "\(file): \(d)")
                XCTAssertEqual(d.message, e.message, file)
                XCTAssertEqual(d.suggestions.first, e.suggestion, "\(file): \(d)")
                XCTAssertEqual(d.file, file)
                let isWarning = [Diagnostic.Code.duplicateSet, .grid, .colorLiteral, .rgbScale, .neverHolds].contains(d.code)
                XCTAssertEqual(d.severity, isWarning ? .warning : .error, "\(file): \(d)")
            }
        }
    }

    /// What the static pass says of `when`s and pseudo-classes in code that never runs is what
    /// the runtime says when the same code runs, at the same line and column.
    func testStatesMatchTheRuntimeWhereBothSeeThem() throws {
        let folder = StaticCheckerCleanTests.root.appendingPathComponent("Tests/Fixtures/lint/static")
        let source = try String(contentsOf: folder.appendingPathComponent("states.lua"), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        // Each errored line alone at the top level, where the script runs it.
        for d in StaticChecker().check(source: source, file: "states.lua") where d.severity == .error {
            let line = String(lines[d.line - 1])
            let script = "kind(\"Toggle\", View, { on = \"Bool\" }, { control = true })\n" + line + "\nreturn StackView { Toggle {} }\n"
            let dynamic = InProcessDynamicPass(stdlibPaths: []).check(file: "states.lua", source: script)
            // Line 8 has two mistakes; the runtime stops at the first.
            guard d.line != 8 || d.column < 50 else { continue }
            let same = dynamic.first { $0.code == d.code && $0.line == 2 }
            XCTAssertNotNil(same, "\(d) not reported at run time: \(dynamic)")
            XCTAssertEqual(same?.column, d.column, "\(d)")
            XCTAssertEqual(same?.message, d.message)
        }
    }

    func testCorpusCoversEveryFixture() throws {
        let names = StaticCheckerCleanTests.luaFiles(in: "Tests/Fixtures/lint/static").map(\.lastPathComponent)
        XCTAssertEqual(Set(names), Set(corpus.map(\.file)))
    }
}
