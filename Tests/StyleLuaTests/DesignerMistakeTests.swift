import Foundation
import StyleCore
import StyleLua
import XCTest

/// A designer's mistake, written from the README, and what stylerun must say about it.
struct Mistake {
    var name: String
    var script: String
    var code: Diagnostic.Code
    /// `line:column` of the first diagnostic with `code`.
    var at: String
    var message: String
    var suggestion: String?
    var severity: Diagnostic.Severity = .error
    var modules: [String: String] = [:]
    var caseLine: UInt

    init(_ name: String, _ script: String, _ code: Diagnostic.Code, at: String, _ message: String,
         suggestion: String? = nil, severity: Diagnostic.Severity = .error, modules: [String: String] = [:],
         caseLine: UInt = #line) {
        self.name = name; self.script = script; self.code = code; self.at = at; self.message = message
        self.suggestion = suggestion; self.severity = severity; self.modules = modules; self.caseLine = caseLine
    }
}

/// Mistakes caught and explained in a designer's terms, at runtime: input → file:line:col, code,
/// message and suggestion. Scripts are evaluated and their trees styled, so warnings of both
/// phases count.
final class DesignerMistakeTests: XCTestCase {
    static let mistakes: [Mistake] = [
        // MARK: Syntax
        Mistake("a missing comma between constructor fields", """
            return Label { text = "Hi"
              font = font.system(12) }
            """, .syntaxError, at: "2:3",
            "'}' expected (to close '{' at line 1) near 'font'. Is a ',' missing between the table's fields before 'font'?"),

        // MARK: Operators
        Mistake("a style multiplied", """
            local a = mut(Label.numberOfLines, 2)
            local twice = a * 2
            """, .typeMismatch, at: "2:17",
            "Cannot use '*' on a style; compose styles with '..', '+' or concat(…), and compute with plain numbers."),
        Mistake("a colour plus a number", """
            local brighter = color.red + 1
            """, .typeMismatch, at: "1:28",
            "Cannot use '+' on a Color; compose styles with '..', '+' or concat(…), and compute with plain numbers."),
        Mistake("a style plus a number", """
            local s = mut(View.alpha, 0.5)
            return Label { style = s + 1 }
            """, .typeMismatch, at: "2:26",
            "Cannot use '+' on a style; compose styles with '..', '+' or concat(…), and compute with plain numbers."),
    ]

    func testEveryMistakeIsReportedWithItsHint() {
        for mistake in Self.mistakes {
            withModuleFolder(mistake.modules) { folder in check(mistake, folder: folder) }
        }
    }

    private func check(_ m: Mistake, folder: String) {
        let line = m.caseLine
        let options = EvaluationOptions(stdlibPath: stdlibPath)
        var found: [Diagnostic] = []
        do {
            let evaluation = try Evaluation.evaluate(source: m.script, chunk: "mistake.lua", folder: folder, options: options)
            found = evaluation.warnings
            if let root = evaluation.root { found += Cascade(evaluation.stylesheet).apply(to: root) }
        } catch {
            found = error.diagnostics
        }
        guard let d = found.first(where: { $0.code == m.code }) else {
            return XCTFail("\(m.name): expected [\(m.code.rawValue)], got \(found.map(\.description))", line: line)
        }
        XCTAssertEqual("\(d.line):\(d.column)", m.at, "\(m.name): \(d)", line: line)
        XCTAssertEqual(d.file, "mistake.lua", m.name, line: line)
        XCTAssertEqual(d.message, m.message, m.name, line: line)
        XCTAssertEqual(d.suggestions.first, m.suggestion, "\(m.name): suggestion", line: line)
        XCTAssertEqual(d.severity, m.severity, "\(m.name): severity", line: line)
    }

    func testPlusComposesStylesAsConcatDoes() throws {
        guard case .styled(let root, _) = evaluateAndStyle("""
            local a = mut(Label.numberOfLines, 2)
            local b = mut(Label.textColor, color.orange)
            return Label { id = "l", style = a + b + function(v) v.text = "hi" end }
            """) else { return XCTFail("the script should run") }
        XCTAssertEqual(root["numberOfLines"], int(2))
        XCTAssertEqual(root["textColor"], rgba(1, 0.5, 0))
        XCTAssertEqual(root["text"], str("hi"))
    }

    func testUIKitsNamedColoursHaveUIColorsValues() throws {
        let names = Color.namedColors.map(\.name)
        XCTAssertEqual(names, ["black", "darkGray", "lightGray", "white", "gray", "red", "green", "blue", "cyan",
                               "yellow", "magenta", "orange", "purple", "brown", "clear"])
        let script = "return StackView {\n" + names.map { "  View { id = \"\($0)\", backgroundColor = color.\($0) },\n" }.joined() + "}"
        guard case .styled(let root, _) = evaluateAndStyle(script) else { return XCTFail("the script should run") }
        let expected: [String: String] = [
            "black": "#000000FF", "darkGray": "#555555FF", "lightGray": "#AAAAAAFF", "white": "#FFFFFFFF",
            "gray": "#808080FF", "red": "#FF0000FF", "green": "#00FF00FF", "blue": "#0000FFFF", "cyan": "#00FFFFFF",
            "yellow": "#FFFF00FF", "magenta": "#FF00FFFF", "orange": "#FF8000FF", "purple": "#800080FF",
            "brown": "#996633FF", "clear": "#00000000",
        ]
        for (name, hex) in expected {
            guard case .color(let c)? = view(name, in: root)?["backgroundColor"] else { XCTFail(name); continue }
            XCTAssertEqual(c.hex, hex, name)
        }
    }
}
