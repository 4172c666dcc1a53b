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

        // MARK: Strict namespaces
        Mistake("a misspelt named colour", """
            return Label { textColor = color.redd }
            """, .unknownMember, at: "1:34", "'color' has no member 'redd'. Did you mean 'red'?", suggestion: "red"),
        Mistake("a misspelt font constructor", """
            local f = font.sytem(12)
            """, .unknownMember, at: "1:16", "'font' has no member 'sytem'. Did you mean 'system'?", suggestion: "system"),
        Mistake("a misspelt image constructor", """
            local i = image.frmColor(color.red)
            """, .unknownMember, at: "1:17", "'image' has no member 'frmColor'. Did you mean 'fromColor'?", suggestion: "fromColor"),
        Mistake("a misspelt stdlib member", """
            local base = require "base"
            local s = base.roundedStyl(6)
            """, .unknownMember, at: "2:16", "'base' has no member 'roundedStyl'. Did you mean 'roundedStyle'?",
            suggestion: "roundedStyle"),
        Mistake("a misspelt member of the script's own module", """
            local tokens = require "tokens"
            if tokens.debug then print("debug") end
            return Label { textColor = tokens.acent }
            """, .unknownMember, at: "3:35", "'tokens' has no member 'acent'. Did you mean 'accent'?", suggestion: "accent",
            modules: ["tokens.lua": "return { accent = color.purple }"]),
        Mistake("a misspelt key path", """
            local s = mut(View.layoutMargin, 8)
            """, .unknownProperty, at: "1:20", "View has no property 'layoutMargin'. Did you mean 'layoutMargins'?",
            suggestion: "layoutMargins"),
        Mistake("a misspelt theme token", """
            local theme = themes { default = "light", light = { accent = color.red } }
            return Label { textColor = theme.acent }
            """, .undefinedToken, at: "2:34", "The theme has no token 'acent'. Did you mean 'accent'?", suggestion: "accent"),

        // MARK: rgb's scale
        Mistake("UIKit's 0–1 channels copied into rgb", """
            return Label { textColor = rgb(0.5, 0.85, 1, 0.85) }
            """, .rgbScale, at: "1:28",
            "rgb(0.5, 0.85, 1, 0.85) is almost black: rgb takes channels from 0 to 255, as CSS and design tools write them, "
                + "not UIKit's 0–1. Did you mean 'rgb(128, 217, 255, 0.85)'?",
            suggestion: "rgb(128, 217, 255, 0.85)", severity: .warning),
        Mistake("an rgb channel out of range names 0–255", """
            local c = rgb(300, 0, 0)
            """, .outOfRange, at: "1:15", "Argument #1 to 'rgb' is 300; it must be from 0 to 255."),

        // MARK: Arity
        Mistake("a weight given to font.named", """
            local f = font.named("Lato", 20, "bold")
            """, .badArgument, at: "1:16",
            "'font.named' takes 2 arguments (postScriptName, size), got 3 arguments. "
                + "The weight is part of the PostScript name, as in font.named(\"Lato-Bold\", 20)."),
        Mistake("rgb without blue", """
            local c = rgb(255, 0)
            """, .badArgument, at: "1:11", "'rgb' takes 3 or 4 arguments (red, green, blue [, alpha]), got 2 arguments."),
        Mistake("mut without a value", """
            local s = mut(View.alpha)
            """, .badArgument, at: "1:11", "'mut' takes 2 arguments (path, value), got 1 argument."),
        Mistake("a method given an argument it does not take", """
            local f = font.system(12):bolded(true)
            """, .badArgument, at: "1:27", "'bolded' takes no arguments, got 1 argument."),

        // MARK: A Lua table where one style is taken
        Mistake("a table of styles given to concat", """
            local s = concat { mut(View.alpha, 0.5), mut(View.isHidden, false) }
            """, .badArgument, at: "1:11",
            "Bad argument #1 to 'concat': expected a style or a function(view), got a table of styles; pass the styles "
                + "themselves as arguments, concat(a, b, …), or a list as concat(table.unpack(list))."),
        Mistake("a table of styles given to appearance", """
            appearance(Label, { mut(View.alpha, 0.5), function(v) end })
            """, .badArgument, at: "1:1",
            "Bad argument #2 to 'appearance': expected a style or a function(view), got a table of styles; compose them "
                + "into one style first, concat(a, b, …), or concat(table.unpack(list)) for a list."),
        Mistake("a table of something else given to concat", """
            local s = concat({ 1, 2 })
            """, .badArgument, at: "1:11", "Bad argument #1 to 'concat': expected a style or a function(view), got table."),

        // MARK: Values in a designer's terms
        Mistake("a list where Insets is expected", """
            return Button { contentEdgeInsets = {8, 16} }
            """, .typeMismatch, at: "1:17",
            "'Button.contentEdgeInsets' expects Insets, got a list; write insets(…) or {top = …, left = …, bottom = …, right = …}. "
                + "Did you mean 'insets(8, 16)'?", suggestion: "insets(8, 16)"),
        Mistake("a list where Size is expected", """
            local s = mut(View.layer.shadowOffset, {0, 2})
            """, .typeMismatch, at: "1:11",
            "'View.layer.shadowOffset' expects Size, got a list; write size(width, height) or {width = …, height = …}. "
                + "Did you mean 'size(0, 2)'?", suggestion: "size(0, 2)"),
        Mistake("a text style's name where a Font is expected", """
            return Label { font = "title3" }
            """, .typeMismatch, at: "1:16",
            "'Label.font' expects Font, got the string 'title3'; a text style becomes a font with font.preferred. "
                + "Did you mean 'font.preferred \"title3\"'?", suggestion: "font.preferred \"title3\""),
        Mistake("a font name where a Font is expected", """
            local s = mut(Label.font, "Lato-Bold")
            """, .typeMismatch, at: "1:27",
            "'Label.font' expects Font, got the string 'Lato-Bold'; make a font with font.named(name, size), font.system(size) "
                + "or font.preferred(textStyle). Did you mean 'font.named(\"Lato-Bold\", 17)'?", suggestion: "font.named(\"Lato-Bold\", 17)"),
        Mistake("an enum case in the wrong case", """
            return StackView { axis = "Vertical" }
            """, .invalidEnum, at: "1:20",
            "The value 'Vertical' is invalid for 'StackView.axis'; use 'horizontal' or 'vertical'. Did you mean 'vertical'?",
            suggestion: "vertical"),
        Mistake("a font weight in the wrong case", """
            local f = font.system(17, "Bold")
            """, .invalidEnum, at: "1:27",
            "'Bold' is not a font weight; use 'ultraLight', 'thin', 'light', 'regular', 'medium', 'semibold', 'bold', 'heavy', "
                + "'black'. Did you mean 'bold'?", suggestion: "bold"),
        Mistake("clas for class", """
            return Label { clas = "note" }
            """, .unknownProperty, at: "1:16", "Label has no property 'clas'. Did you mean 'class'?", suggestion: "class"),
        Mistake("a colour's name as a string", """
            return Label { textColor = "purple" }
            """, .typeMismatch, at: "1:16",
            "'purple' is not a color for 'Label.textColor'; write '#RGB', '#RRGGBB' or '#RRGGBBAA'. Did you mean 'color.purple'?",
            suggestion: "color.purple"),
        Mistake("a misspelt property in a constructor", """
            return Label { textColr = "#000000" }
            """, .unknownProperty, at: "1:16", "Label has no property 'textColr'. Did you mean 'textColor'?", suggestion: "textColor"),
        Mistake("require of a misspelt module", """
            local base = require "bsae"
            """, .moduleNotFound, at: "1:22", "Did you mean 'base'?", suggestion: "base"),

        // MARK: Runtime errors at their expression
        Mistake("indexing nil points at the use, not the declaration", """
            local x = nil; local y = x.field
            """, .runtimeError, at: "1:26", "Attempt to index a nil value (local 'x')."),
        Mistake("calling a missing method", """
            local f = font.system(12); local bad = 1; local g = ("x"):bad()
            """, .runtimeError, at: "1:59", "Attempt to call a nil value (method 'bad')."),

        Mistake("a comparison with nil points at the operator", """
            local size = 12; if size < nil then end
            """, .runtimeError, at: "1:26", "Attempt to compare number with nil."),
        Mistake("the script's own error points at error(…)", """
            local theme = nil; if not theme then error("pick a theme") end
            """, .runtimeError, at: "1:38", "Pick a theme."),

        Mistake("a number in quotes", """
            return StackView { spacing = "12" }
            """, .typeMismatch, at: "1:20",
            "'StackView.spacing' expects Number, got the string \"12\"; numbers are written without quotes. Did you mean '12'?",
            suggestion: "12"),
        Mistake("an enum case written without quotes", """
            return StackView { axis = vertical }
            """, .undefinedGlobal, at: "1:27", "Undefined global 'vertical'. Did you mean '\"vertical\"'?", suggestion: "\"vertical\""),
        Mistake("a method named but not called", """
            local f = font.system(12)
            local g = f:bolded
            """, .syntaxError, at: "2:19",
            "Function arguments expected near <eof>. A method is called with parentheses, as in f:bolded()."),

        Mistake("a rule naming a class no view has", """
            rule(".primry", mut(View.alpha, 0.5))
            return StackView { Label { class = "primary" } }
            """, .unmatchedRule, at: "1:1",
            "The rule '.primry' matches no view: no view has the class 'primry'. Did you mean '.primary'?",
            suggestion: ".primary", severity: .warning),

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
        let options = EvaluationOptions(stdlibPaths: [stdlibPath])
        var found: [Diagnostic] = []
        do {
            let evaluation = try Evaluation.evaluate(source: m.script, chunk: "mistake.lua", folder: folder, options: options)
            found = evaluation.warnings
            if let root = evaluation.root {
                found += Cascade(evaluation.stylesheet).apply(to: root)
                found += evaluation.stylesheet.unmatchedRuleWarnings(in: root, file: "mistake.lua")
            }
        } catch {
            found = error.diagnostics
        }
        guard let d = found.first(where: { $0.code == m.code }) else {
            return XCTFail("\(m.name): expected [\(m.code.rawValue)], got \(found.map(\.description))", line: line)
        }
        XCTAssertEqual("\(d.line):\(d.column)", m.at, "\(m.name): \(d)", line: line)
        XCTAssertEqual(d.file, "mistake.lua", m.name, line: line)
        if m.code == .moduleNotFound {
            XCTAssertTrue(d.message.hasSuffix(m.message), "\(m.name): \(d.message)", line: line)
        } else {
            XCTAssertEqual(d.message, m.message, m.name, line: line)
        }
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
