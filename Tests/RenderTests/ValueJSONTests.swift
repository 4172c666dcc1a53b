import StyleCore
import XCTest
@testable import StyleRun

final class ValueJSONTests: XCTestCase {
    func testEveryValueTypeAsSpecified() {
        let cases: [(Value, String)] = [
            (.number(16), "16"),
            (.number(0.85), "0.85"),
            (.int(3), "3"),
            (.bool(true), "true"),
            (.string("See \"options\""), #""See \"options\"""#),
            (.enumCase("vertical"), #""vertical""#),
            (.color(.white), ##""#FFFFFFFF""##),
            (.color(Color(red: 0.6, green: 0.3, blue: 1, alpha: 0.5)), ##""#994DFF80""##),
            (.color(Color(red: 0.96, green: 0.96, blue: 0.96)), ##""#F5F5F5FF""##),
            (.color(.clear), ##""#00000000""##),
            (.insets(Insets(top: 8, left: 16, bottom: 32, right: 4.5)),
             #"{"top": 8, "left": 16, "bottom": 32, "right": 4.5}"#),
            (.size(Size(width: 16, height: 9)), #"{"width": 16, "height": 9}"#),
            (.font(.system(17)), #"{"name": "system", "size": 17, "weight": "regular", "italic": false, "smallCaps": false}"#),
            (.font(Font(name: "Avenir-Heavy", size: 16.5, weight: .heavy, italic: true, smallCaps: true)),
             #"{"name": "Avenir-Heavy", "size": 16.5, "weight": "heavy", "italic": true, "smallCaps": true}"#),
            (.font(.preferred(.body)),
             #"{"name": "system", "size": 17, "weight": "regular", "italic": false, "smallCaps": false, "textStyle": "body"}"#),
            (.font(.preferred(.headline).resolved(for: .accessibilityMedium)),
             #"{"name": "system", "size": 28, "weight": "semibold", "italic": false, "smallCaps": false, "textStyle": "headline"}"#),
            (.dynamicColor(.label),
             ##"{"name": "label", "light": "#000000FF", "dark": "#FFFFFFFF", "highContrastLight": "#000000FF", "highContrastDark": "#FFFFFFFF"}"##),
            (.dynamicColor(DynamicColor(light: colorHex("#111111"), dark: colorHex("#222222"), highContrastDark: colorHex("#444444"))),
             ##"{"light": "#111111FF", "dark": "#222222FF", "highContrastLight": "#111111FF", "highContrastDark": "#444444FF"}"##),
            (.image(.named("logo")), #"{"name": "logo"}"#),
            (.image(.color(colorHex("#974DFF"))), ##"{"color": "#974DFFFF"}"##),
            (.null, "null"),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(value.json.serialized(), expected, "\(value)")
        }
    }

    func testDiagnosticHasTheLintShapeInOrder() {
        let d = Diagnostic(.unknownProperty, "View has no property 'layoutMargin'. Did you mean 'layoutMargins'?",
                           at: SourceLocation(file: "styles/app.lua", line: 12, column: 10), length: 12,
                           suggestions: ["layoutMargins"])
        XCTAssertEqual(d.json.serialized(), """
            {"file": "styles/app.lua", "line": 12, "column": 10, "endLine": 12, "endColumn": 22, \
            "severity": "error", "code": "unknown-property", \
            "message": "View has no property 'layoutMargin'. Did you mean 'layoutMargins'?", \
            "suggestions": ["layoutMargins"]}
            """)
    }

    func testWarningWithoutSuggestionsHasAnEmptyList() {
        let d = Diagnostic("off-grid", "Off the grid.", at: SourceLocation(file: "a.lua", line: 1), severity: .warning)
        XCTAssertEqual(d.json["severity"], "warning")
        XCTAssertEqual(d.json["suggestions"], [])
        XCTAssertEqual(d.json["column"], 1)
    }

    /// What a lint child process prints, the parent reads back exactly, through the text.
    func testDiagnosticReadsBackFromItsJSON() throws {
        var d = Diagnostic(.unknownProperty, "View has no property 'a\"b\\c\u{1}é 🎨'.",
                           at: SourceLocation(file: "dir/ü.lua", line: 3, column: 7), length: 4, suggestions: ["x", "y"])
        d.endLine = 5
        let text = d.json.serialized()
        XCTAssertEqual(Diagnostic(json: try JSONValue(parsing: text)), d)
        let w = Diagnostic("off-grid", "Off.", at: SourceLocation(file: "a.lua", line: 1), severity: .warning)
        XCTAssertEqual(Diagnostic(json: w.json), w)
        XCTAssertNil(Diagnostic(json: ["file": "a.lua", "line": 1]))
        XCTAssertNil(Diagnostic(json: try JSONValue(parsing: text.replacingOccurrences(of: "\"error\"", with: "\"fatal\""))))
    }
}

final class PropertyChangeJSONTests: XCTestCase {
    func testChangeIsAWatchEntry() {
        let change = PropertyChange(view: "StackView#root > Button[2]", property: "contentEdgeInsets",
                                    old: .insets(.zero), new: .insets(Insets(all: 4)))
        XCTAssertEqual(change.json.serialized(), """
            {"view": "StackView#root > Button[2]", "property": "contentEdgeInsets", \
            "old": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "new": {"top": 4, "left": 4, "bottom": 4, "right": 4}}
            """)
    }
}
