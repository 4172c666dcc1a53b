import StyleCore
import StyleLua
import XCTest

/// The bindings of the values that depend on the traits: `color.dynamic`, UIKit's semantic
/// colours, `font.preferred` keeping its style and `f:scaled`, with their mistakes.
final class TraitValueBindingsTests: XCTestCase {
    private func printed(_ source: String) throws -> [String] {
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines()
        _ = try Evaluation.evaluate(source: source, chunk: "traits.lua", options: EvaluationOptions(log: { lines.all.append($0) }))
        return lines.all.map { line in
            guard let colon = line.range(of: ": ") else { return line }
            return String(line[colon.upperBound...])
        }
    }

    /// The first diagnostic evaluating `source` fails with.
    private func failure(_ source: String) -> Diagnostic? {
        do {
            _ = try Evaluation.evaluate(source: source, chunk: "traits.lua")
            return nil
        } catch {
            return error.diagnostics.first
        }
    }

    /// The value the view with `id` holds once styled for `traits`: a view holds values as the
    /// traits take them (a dynamic colour's variant, a preferred font's size).
    private func styled(_ id: String, _ path: String, in script: String, traits: Traits = .default,
                        file: StaticString = #filePath, line: UInt = #line) -> Value? {
        guard case .styled(let root, _) = evaluateAndStyle(script, traits: traits) else { XCTFail("did not style", file: file, line: line); return nil }
        return view(id, in: root)?[path]
    }

    func testColorDynamicIsAValueForEveryColorProperty() throws {
        let script = """
            local ink = color.dynamic { light = "#111111", dark = color "#222222", highContrastDark = rgb(68, 68, 68) }
            return StackView { id = "root", backgroundColor = ink, Label { id = "l", textColor = ink } }
            """
        XCTAssertEqual(styled("l", "textColor", in: script), hex("#111111"))
        XCTAssertEqual(styled("l", "textColor", in: script, traits: Traits(colorScheme: .dark)), hex("#222222"))
        XCTAssertEqual(styled("l", "textColor", in: script, traits: Traits(colorScheme: .dark, contrast: .high)), hex("#444444"))
        XCTAssertEqual(styled("l", "textColor", in: script, traits: Traits(contrast: .high)), hex("#111111"), "no highContrastLight: light's")
        XCTAssertEqual(styled("root", "backgroundColor", in: script, traits: Traits(colorScheme: .dark)), hex("#222222"))
        // Through mut and a rule too: the key path's type is Color.
        let rule = """
            rule("#b", mut(Button.titleColor, color.dynamic { light = color.black, dark = color.white }))
            return StackView { id = "root", Button { id = "b" } }
            """
        XCTAssertEqual(styled("b", "titleColor", in: rule), .color(.black))
        XCTAssertEqual(styled("b", "titleColor", in: rule, traits: Traits(colorScheme: .dark)), .color(.white))
    }

    func testSemanticColoursAreUIKitsDynamicColours() throws {
        for c in DynamicColor.semanticColors {
            for traits in [Traits(), Traits(colorScheme: .dark), Traits(contrast: .high), Traits(colorScheme: .dark, contrast: .high)] {
                XCTAssertEqual(styled("v", "backgroundColor", in: "return View { id = \"v\", backgroundColor = color.\(c.name!) }", traits: traits),
                               .color(c.resolved(for: traits)), "\(c.name!) \(traits)")
            }
        }
        XCTAssertEqual(try printed("""
            print(color.label.dark.hex, color.label.light.hex, color.systemRed.highContrastLight.hex, color.link.name)
            print(color.label.isDynamic, color.black.isDynamic, color.black.dark.hex, color.black.name)
            """), ["#FFFFFFFF\t#000000FF\t#D70015FF\tlink", "true\tfalse\t#000000FF\tnil"])
    }

    func testWithAlphaAppliesToEveryVariant() throws {
        XCTAssertEqual(try printed("""
            local faded = color.label:withAlpha(0.5)
            print(faded.light.hex, faded.dark.hex, faded.highContrastDark.hex, faded.name, faded.isDynamic)
            """), ["#00000080\t#FFFFFF80\t#FFFFFF80\tnil\ttrue"])
    }

    func testTostringWritesTheScriptsSpelling() throws {
        XCTAssertEqual(try printed("""
            print(tostring(color.label))
            print(tostring(color.dynamic { light = "#FFFFFF", dark = "#000000" }))
            print(tostring(color.label:withAlpha(1)))
            print(tostring(font.preferred "body"))
            print(tostring(font.named("Lato-Bold", 20):scaled("title1")))
            """), [
                "color.label",
                "color.dynamic { light = color \"#FFFFFFFF\", dark = color \"#000000FF\" }",
                "color.dynamic { light = color \"#000000FF\", dark = color \"#FFFFFFFF\", highContrastLight = color \"#000000FF\", highContrastDark = color \"#FFFFFFFF\" }",
                "font.preferred(\"body\")",
                "font.named(\"Lato-Bold\", 20):scaled(\"title1\")",
            ])
    }

    func testPreferredFontsKeepTheirStyleAndAnyFontScales() throws {
        XCTAssertEqual(styled("l", "font", in: "return Label { id = \"l\", font = font.preferred \"body\" }"), .font(.preferred(.body)))
        let scaledScript = "return Label { id = \"l\", font = font.named(\"Lato-Bold\", 20):scaled(\"body\") }"
        XCTAssertEqual(styled("l", "font", in: scaledScript), .font(Font(name: "Lato-Bold", size: 20).scaled(.body)))
        XCTAssertEqual(styled("l", "font", in: scaledScript, traits: Traits(contentSize: .accessibilityExtraExtraExtraLarge))?.description,
                       "Lato-Bold 62 body")
        XCTAssertEqual(try printed("""
            print(font.preferred("headline").textStyle, font.system(12).textStyle, font.system(12):scaled("caption1").textStyle)
            print(font.preferred("body"):withSize(20).textStyle, font.preferred("body"):bolded().textStyle)
            """), ["headline\tnil\tcaption1", "body\tbody"])
    }

    /// Mistakes with these values, in a designer's words: input → code and message.
    func testMistakesSayWhatWasMeant() {
        let cases: [(String, Diagnostic.Code, String)] = [
            ("color.dynamic { light = color.white, drak = color.black }", .badArgument,
             "'color.dynamic' has no variant 'drak'. Did you mean 'dark'?"),
            ("color.dynamic { light = color.white }", .badArgument,
             "'color.dynamic' needs 'dark': give both light and dark (highContrastLight and highContrastDark are optional)."),
            ("color.dynamic { dark = color.white }", .badArgument,
             "'color.dynamic' needs 'light': give both light and dark (highContrastLight and highContrastDark are optional)."),
            ("color.dynamic { light = \"#FFF\", dark = \"blak\" }", .typeMismatch,
             "'blak' is not a color; write '#RGB', '#RRGGBB' or '#RRGGBBAA'. Did you mean 'color.black'?"),
            ("color.dynamic { light = color.label, dark = color.black }", .typeMismatch,
             "'color.dynamic' takes a colour of one value, got the dynamic colour 'color.label'; pick one variant, as in c.light or c.dark."),
            ("image.fromColor(color.systemBlue)", .typeMismatch,
             "'image.fromColor' takes a colour of one value, got the dynamic colour 'color.systemBlue'; pick one variant, as in c.light or c.dark."),
            ("local _ = color.label.red", .typeMismatch,
             "A dynamic colour has no single 'red': it depends on the colour scheme and contrast. Read it of one variant, as in c.light.red or c.dark.red."),
            ("local _ = color.lable", .unknownMember, "'color' has no member 'lable'. Did you mean 'label'?"),
            ("local _ = color.systemBlu", .unknownMember, "'color' has no member 'systemBlu'. Did you mean 'systemBlue'?"),
            ("font.system(17):scaled(\"bdy\")", .invalidEnum,
             "'bdy' is not a text style; use 'largeTitle', 'title1', 'title2', 'title3', 'headline', 'body', 'callout', 'subheadline', 'footnote', 'caption1', 'caption2'. Did you mean 'body'?"),
            ("font.preferred \"captoin1\"", .invalidEnum,
             "'captoin1' is not a text style; use 'largeTitle', 'title1', 'title2', 'title3', 'headline', 'body', 'callout', 'subheadline', 'footnote', 'caption1', 'caption2'. Did you mean 'caption1'?"),
            ("font.system(17):scaled()", .badArgument, "'scaled' takes 1 argument (a text style), got none."),
            ("color.dynamic()", .badArgument, "'color.dynamic' takes 1 argument (a table of variants), got none."),
            ("color.dynamic(\"#FFF\")", .badArgument, "Bad argument #1 to 'color.dynamic': expected a table { light = …, dark = … }, got string."),
        ]
        for (source, code, message) in cases {
            guard let d = failure(source) else { XCTFail("\(source) did not fail"); continue }
            XCTAssertEqual(d.message, message, source)
            XCTAssertEqual(d.code, code, source)
            XCTAssertEqual(d.line, 1, source)
        }
        XCTAssertEqual(failure("color.dynamic { light = \"#FFF\", drak = \"#000\" }")?.suggestions, ["dark"])
    }
}
