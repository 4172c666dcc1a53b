import Foundation
import StyleCore
import StyleLua
import XCTest

/// `tokens "…"`: design-token files as read-only tables, their values in styles, their
/// provenance, and their mistakes.
final class TokenBindingTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write("palette.tokens.json", """
        {
          "palette": {
            "$type": "color",
            "red": { "500": { "$value": { "colorSpace": "srgb", "components": [1, 0.231, 0.188] } } }
          }
        }
        """)
        try write("brand.tokens.json", """
        {
          "color": {
            "$type": "color",
            "danger": { "$value": "{palette.red.500}" },
            "old": { "$value": "#888888", "$deprecated": "Use color.danger." }
          },
          "space": { "$type": "dimension", "md": { "$value": { "value": 1, "unit": "rem" } } },
          "weight": { "$type": "fontWeight", "strong": { "$value": "semi-bold" } },
          "type": { "title": { "$type": "typography",
            "$value": { "fontFamily": "Avenir-Heavy", "fontSize": { "value": 20, "unit": "px" }, "fontWeight": 800 } } },
          "shadow": { "card": { "$type": "shadow", "$value": {
            "color": { "colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.25 },
            "offsetX": { "value": 0, "unit": "px" }, "offsetY": { "value": 2, "unit": "px" },
            "blur": { "value": 8, "unit": "px" }, "spread": { "value": 0, "unit": "px" } } } },
          "border": { "focus": { "$type": "border", "$value": {
            "color": "{color.danger}", "width": { "value": 2, "unit": "px" }, "style": "solid" } } }
        }
        """)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)  // a leftover temporary folder harms no test
    }

    func write(_ name: String, _ text: String) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func run(_ script: String) -> Outcome {
        evaluateAndStyle(script, chunk: folder.appendingPathComponent("app.lua").path, folder: folder.path)
    }

    func messages(_ script: String) -> [String] {
        guard case .failed(let d) = run(script) else { return ["(styled)"] }
        return d.map { "\(($0.file as NSString).lastPathComponent):\($0.line):\($0.column): \($0.message)" }
    }

    func testTokensAreValuesOfTheirTypes() throws {
        let script = """
        local t = tokens { "palette.tokens.json", "brand.tokens.json" }
        local s = t.shadow.card
        return StackView { id = "root", spacing = t.space.md,
          style = concat(mut(View.layer.shadowColor, s.color), mut(View.layer.shadowOpacity, s.opacity),
                         mut(View.layer.shadowRadius, s.radius), mut(View.layer.shadowOffset, s.offset),
                         mut(View.layer.borderColor, t.border.focus.color), mut(View.layer.borderWidth, t.border.focus.width)),
          Label { id = "l", textColor = t.color.danger, font = t.type.title },
          Label { id = "w", font = font.system(12, t.weight.strong) },
        }
        """
        guard case .styled(let root, _) = run(script) else { return XCTFail("\(run(script))") }
        XCTAssertEqual(try root.value(at: "spacing"), num(16))
        XCTAssertEqual(try root.value(at: "layer.shadowColor"), rgba(0, 0, 0))
        XCTAssertEqual(try root.value(at: "layer.shadowOpacity"), num(0.25))
        XCTAssertEqual(try root.value(at: "layer.shadowRadius"), num(4))
        XCTAssertEqual(try root.value(at: "layer.shadowOffset"), size(0, 2))
        XCTAssertEqual(try root.value(at: "layer.borderColor"), rgba(1, 0.231, 0.188))
        XCTAssertEqual(try root.value(at: "layer.borderWidth"), num(2))
        let l = try XCTUnwrap(view("l", in: root))
        XCTAssertEqual(try l.value(at: "textColor"), rgba(1, 0.231, 0.188))
        XCTAssertEqual(try l.value(at: "font"), font(20, .heavy, name: "Avenir-Heavy"))
        XCTAssertEqual(try view("w", in: root)!.value(at: "font"), font(12, .semibold))
    }

    func testProvenanceNamesTheTokenAndItsAliases() throws {
        let script = """
        local t = tokens { "palette.tokens.json", "brand.tokens.json" }
        local function gap(n) return mut(StackView.spacing, n) end
        rule("Label", mut(Label.textColor, t.color.danger))
        return StackView { id = "root", style = gap(t.space.md),
          Label { id = "l" },
          Label { id = "plain", alpha = 0.5 },
        }
        """
        guard case .styled(let root, _) = run(script) else { return XCTFail("\(run(script))") }
        let l = try XCTUnwrap(view("l", in: root))
        let color = try XCTUnwrap(explain(l).first { $0.property.path == "textColor" })
        XCTAssertEqual(color.winner.location?.token?.description,
                       "token color.danger (\(folder.path)/brand.tokens.json:4) ← {palette.red.500} (\(folder.path)/palette.tokens.json:4)")
        // A number has no identity in Lua: the token read on the call's line is the value's.
        let spacing = try XCTUnwrap(explain(root).first { $0.property.path == "spacing" })
        XCTAssertEqual(spacing.winner.location?.token?.token, "space.md")
        let alpha = try XCTUnwrap(explain(view("plain", in: root)!).first { $0.property.path == "alpha" })
        XCTAssertNil(alpha.winner.location?.token)
    }

    func testAThemesTokenIsProvenanceToo() throws {
        let script = """
        local theme = themes { default = "light",
          light = { accent = color "#112233", gap = 8 },
          dark = { accent = color "#AABBCC", gap = 12 },
        }
        return StackView { id = "root", spacing = theme.gap, backgroundColor = theme.accent }
        """
        guard case .styled(let root, _) = run(script) else { return XCTFail("\(run(script))") }
        let e = explain(root)
        XCTAssertEqual(e.first { $0.property.path == "backgroundColor" }?.winner.location?.token?.description,
                       "token accent of theme \"light\" (\(folder.path)/app.lua:2)")
        XCTAssertEqual(e.first { $0.property.path == "spacing" }?.winner.location?.token?.token, "gap")
        XCTAssertEqual(try root.value(at: "spacing"), num(8))
    }

    func testMistakesInScriptsAndFiles() throws {
        try write("broken.tokens.json", "{\n  \"a\": { \"$type\": \"color\", \"$value\": \"{palette.red.50}\" }\n}")
        let cases: [(String, [String])] = [
            ("local t = tokens \"brnd.tokens.json\"",
             ["app.lua:1:18: Token file 'brnd.tokens.json' not found; looked for '\(folder.path)/brnd.tokens.json' and '\(stdlibPath)/brnd.tokens.json'. Did you mean 'brand.tokens.json'?"]),
            ("local t = tokens \"../x.tokens.json\"",
             ["app.lua:1:18: '../x.tokens.json' is not a token file name; name a .json file in the script's folder or below it, like \"brand.tokens.json\"."]),
            ("local t = tokens { \"palette.tokens.json\", \"brand.tokens.json\" }\nreturn Label { textColor = t.color.dangr }",
             ["app.lua:2:36: The group 'color' has no token or group 'color.dangr'. Did you mean 'color.danger'?"]),
            ("local t = tokens { \"palette.tokens.json\", \"brand.tokens.json\" }\nt.color.danger = 1",
             ["app.lua:2:9: Tokens are read-only: cannot set 'color.danger'; change the token file, or copy the value into a local."]),
            ("local t = tokens { \"palette.tokens.json\", \"brand.tokens.json\" }\nlocal s = t.shadow.card\ns.radius = 3",
             ["app.lua:3:3: Tokens are read-only: cannot set 'shadow.card.radius'; change the token file, or copy the value into a local."]),
            ("local t = tokens { \"palette.tokens.json\", \"broken.tokens.json\" }",
             ["broken.tokens.json:2:38: The alias '{palette.red.50}' in 'a' names no token. Did you mean '{palette.red.500}'?"]),
        ]
        for (script, expected) in cases {
            XCTAssertEqual(messages(script), expected, script)
        }
    }

    func testADeprecatedTokenIsAWarningWhereItIsUsed() throws {
        let script = "local t = tokens { \"palette.tokens.json\", \"brand.tokens.json\" }\nreturn Label { textColor = t.color.old }"
        guard case .styled(_, let evaluation) = run(script) else { return XCTFail() }
        XCTAssertEqual(evaluation.warnings.map { "\($0.line):\($0.column): \($0.severity): \($0.message)" },
                       ["2:36: warning: The token 'color.old' is deprecated: Use color.danger."])
    }

    func testTokenFilesAreAmongTheFilesLoadedAndLoadOnce() throws {
        let script = """
        local a = tokens { "palette.tokens.json", "brand.tokens.json" }
        local b = tokens { "palette.tokens.json", "brand.tokens.json" }
        assert(rawequal(a, b) and rawequal(a.color, b.color))
        local n = 0
        for k, v in pairs(a.color) do n = n + 1 end
        assert(n == 2, n)
        return Label {}
        """
        guard case .styled(_, let evaluation) = run(script) else { return XCTFail("\(run(script))") }
        XCTAssertEqual(evaluation.files.map { ($0 as NSString).lastPathComponent }, ["app.lua", "palette.tokens.json", "brand.tokens.json"])
        XCTAssertEqual(evaluation.designTokens.count, 1)
    }
}

/// `tokens "app.resolver.json"`: the theme modifier's contexts are the themes.
final class ResolverBindingTests: XCTestCase {
    func testAResolverModifierIsTheThemes() throws {
        let fixtures = repositoryRoot.appendingPathComponent("Tests/DesignTokensTests/Fixtures").path
        let script = """
        local t = tokens "brand.resolver.json"
        return StackView { id = "root", spacing = t.space.md, backgroundColor = t.color.background }
        """
        for (theme, red) in [(nil, 1.0), ("dark", 0.05)] as [(String?, Double)] {
            let options = EvaluationOptions(theme: theme, stdlibPaths: [stdlibPath])
            guard case .styled(let root, let evaluation) = evaluateAndStyle(script, chunk: fixtures + "/app.lua", folder: fixtures, options: options) else {
                return XCTFail("\(evaluateAndStyle(script, chunk: fixtures + "/app.lua", folder: fixtures, options: options))")
            }
            XCTAssertEqual(evaluation.themeNames, ["dark", "light"])
            XCTAssertEqual(evaluation.activeTheme, theme ?? "light")
            XCTAssertEqual(try root.value(at: "backgroundColor"), rgba(red, red, red))
            XCTAssertEqual(try root.value(at: "spacing"), num(16))
            XCTAssertEqual(evaluation.files.map { ($0 as NSString).lastPathComponent },
                           ["app.lua", "brand.resolver.json", "foundation.tokens.json", theme == "dark" ? "dark.tokens.json" : "light.tokens.json"])
        }
        let unknown = EvaluationOptions(theme: "dim", stdlibPaths: [stdlibPath])
        guard case .failed(let d) = evaluateAndStyle(script, chunk: fixtures + "/app.lua", folder: fixtures, options: unknown) else { return XCTFail() }
        XCTAssertEqual(d.first?.message, "There is no theme 'dim'; the script declares 'dark', 'light'.")
    }

    /// A modifier named `colorScheme` is the trait: its colours are dynamic, light and dark.
    func testAColorSchemeModifierMakesDynamicColours() throws {
        let fixtures = repositoryRoot.appendingPathComponent("Tests/DesignTokensTests/Fixtures").path
        let script = """
        local t = tokens "theme.resolver.json"
        return StackView { id = "root", spacing = t.space.md, backgroundColor = t.color.background }
        """
        guard case .styled(let root, let evaluation) = evaluateAndStyle(script, chunk: fixtures + "/app.lua", folder: fixtures) else { return XCTFail() }
        XCTAssertEqual(evaluation.themeNames, [], "a trait, not themes")
        // A view holds the colour as its traits take it: the light context, and in dark the dark one.
        XCTAssertEqual(try root.value(at: "backgroundColor"), .color(Color(red: 1, green: 1, blue: 1)))
        XCTAssertEqual(try root.value(at: "spacing"), num(16))
        guard case .styled(let dark, _) = evaluateAndStyle(script, chunk: fixtures + "/app.lua", folder: fixtures,
                                                          traits: Traits(colorScheme: .dark)) else { return XCTFail() }
        XCTAssertEqual(try dark.value(at: "backgroundColor"), .color(Color(red: 0.05, green: 0.05, blue: 0.05)))
    }
}
