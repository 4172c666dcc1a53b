import Foundation
import StyleRun
import XCTest

/// Design tokens on the command line: provenance in --explain and snapshots, `stylerun tokens`
/// and its questions, and a broken token file's diagnostics (Tests/Fixtures/tokens).
final class TokensCLITests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = fixtures.appendingPathComponent("tokens")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where !name.hasPrefix(".") {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)  // a leftover temporary folder harms no test
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
        try StyleRunCommand.run(arguments, in: folder, environment: environment)
    }

    func testExplainNamesTheTokenAndEveryAlias() throws {
        let r = try run(["app.lua", "--explain", "#title"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let line = try XCTUnwrap(r.stdout.split(separator: "\n").first { $0.contains("textColor:") })
        XCTAssertTrue(line.hasSuffix("from token color.danger (brand.tokens.json:4) ← {palette.red.500} (palette.tokens.json:5)"), String(line))
        let json = try JSONValue(parsing: try run(["app.lua", "--explain", "#title", "--format", "json"]).stdout)
        guard case .array(let properties)? = json[0]?["properties"] else { return XCTFail() }
        let color = properties.first { $0["property"] == .string("textColor") }
        XCTAssertEqual(color?["token"]?["name"], .string("color.danger"))
        XCTAssertEqual(color?["token"]?["aliases"]?[0]?["name"], .string("palette.red.500"))
        XCTAssertEqual(color?["token"]?["aliases"]?[0]?["line"], .number(5))
    }

    func testASnapshotDifferenceFromATokenEditNamesTheTokenFirst() throws {
        XCTAssertEqual(try run(["snapshot", "app.lua", "--update"]).status, 0)
        let palette = folder.appendingPathComponent("palette.tokens.json")
        let text = try String(contentsOf: palette, encoding: .utf8).replacingOccurrences(of: "[1, 0.231, 0.188], \"hex\": \"#ff3b30\"", with: "[0.9, 0.2, 0.2]")
        try text.write(to: palette, atomically: true, encoding: .utf8)
        let r = try run(["snapshot", "app.lua"], environment: ["CI": ""])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("#title  textColor: #FF3B30 → #E63333\n      from token color.danger (brand.tokens.json:4) ← {palette.red.500} (palette.tokens.json:5), set by rule \".alert\" at app.lua:4"), r.stdout)
    }

    func testTokensWritesDTCGThatLoadsToTheSameValues() throws {
        let r = try run(["tokens", "app.lua", "-o", "out.tokens.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let original = TokenSet(files: ["palette.tokens.json", "brand.tokens.json"].map { ($0, try! String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) })
        let again = TokenSet(files: [("out.tokens.json", try String(contentsOf: folder.appendingPathComponent("out.tokens.json"), encoding: .utf8))])
        XCTAssertEqual(again.errors, [])
        XCTAssertEqual(again.names.sorted(), original.names.sorted())
        for name in original.names { XCTAssertEqual(again.tokens[name]?.value, original.tokens[name]?.value, name) }
        // And a script can load it in their place.
        try "local t = tokens \"out.tokens.json\"\nreturn Label { id = \"x\", textColor = t.color.danger, font = t.type.title }\n"
            .write(to: folder.appendingPathComponent("again.lua"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(["again.lua"]).stdout, "Label#x\n   font: system 20 semibold\n   textColor: #FF3B30\n")
    }

    func testThemesAreResolvedPerTheme() throws {
        try """
        local theme = themes { default = "light", light = { accent = color "#112233", gap = 8 }, dark = { accent = color "#AABBCC", gap = 12 } }
        return StackView { id = "root", spacing = theme.gap, backgroundColor = theme.accent }
        """.write(to: folder.appendingPathComponent("themed.lua"), atomically: true, encoding: .utf8)
        let json = try JSONValue(parsing: try run(["tokens", "themed.lua", "--format", "json"]).stdout)
        XCTAssertEqual(json["themes"]?[0]?["theme"], .string("dark"))
        XCTAssertEqual(json["themes"]?[0]?["tokens"]?["accent"]?["value"], .string("#AABBCCFF"))
        XCTAssertEqual(json["themes"]?[1]?["tokens"]?["gap"]?["value"], .number(8))
        let dtcg = try run(["tokens", "themed.lua", "--theme", "dark"]).stdout
        let set = TokenSet(files: [("dark.tokens.json", dtcg)])
        XCTAssertEqual(set.tokens["gap"]?.value, .number(12))
        XCTAssertEqual(try run(["tokens", "themed.lua", "--usage", "gap"]).stdout,
                       "[dark] #root  spacing  set by literal at themed.lua:2\n[light] #root  spacing  set by literal at themed.lua:2\n1 use of 'gap'.\n")
    }

    func testUsageAndUnusedTokens() throws {
        XCTAssertEqual(try run(["tokens", "app.lua", "--usage", "palette.red.500"]).stdout,
                       "#title  textColor  set by rule \".alert\" at app.lua:4\n1 use of 'palette.red.500'.\n")
        XCTAssertEqual(try run(["tokens", "app.lua", "--unused-tokens"]).stdout,
                       "color.old  (brand.tokens.json:6)\nspace.lg  (brand.tokens.json:11)\n2 unused tokens.\n")
        let unknown = try run(["tokens", "app.lua", "--usage", "color.dangr"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "stylerun tokens: the script defines no token 'color.dangr'. Did you mean 'color.danger'?\n")
    }

    func testABrokenTokenFileIsAnErrorAtItsLineAndColumn() throws {
        try "{\n  \"color\": { \"danger\": { \"$type\": \"color\", \"$value\": \"{palette.red.50}\" } }\n}\n"
            .write(to: folder.appendingPathComponent("brand.tokens.json"), atomically: true, encoding: .utf8)
        let r = try run(["app.lua"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.firstErrorLine, "brand.tokens.json:2:54: error: The alias '{palette.red.50}' in 'color.danger' names no token. Did you mean '{palette.red.500}'? [unknown-alias]")
    }

    func testTheHelpListsTheCommand() throws {
        XCTAssertTrue(try run(["--help"]).stdout.contains("tokens"))
        XCTAssertTrue(try run(["tokens", "--help"]).stdout.contains("--unused-tokens"))
    }
}
