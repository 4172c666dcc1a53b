import Foundation
import StyleRun
import XCTest

/// Design tokens in the editor, through the built `stylerun lsp`: completion of token paths
/// after `t.`, hover with the value, description, aliases and uses, definition into the JSON.
final class TokenFeatureTests: XCTestCase {
    static let palette = """
        {
          "palette": { "$type": "color", "red": { "$value": "#ff3b30" } }
        }
        """
    static let brand = """
        {
          "color": {
            "$type": "color",
            "$description": "Brand colours",
            "danger": { "$value": "{palette.red}", "$description": "Errors and destructive actions" }
          },
          "space": { "$type": "dimension", "md": { "$value": { "value": 1, "unit": "rem" } } }
        }
        """
    static let app = """
        local t = tokens { "palette.tokens.json", "brand.tokens.json" }
        rule("Label", mut(Label.textColor, t.color.danger))
        return StackView { spacing = t.space.md, Label { textColor = t.color.danger } }

        """

    private var client: LSPClient!

    override func setUpWithError() throws {
        client = try LSPClient(files: ["app.lua": Self.app, "palette.tokens.json": Self.palette, "brand.tokens.json": Self.brand])
        _ = try client.initialize()
        client.open("app.lua", Self.app)
    }

    override func tearDownWithError() throws {
        XCTAssertEqual(try client.shutdown(), 0)
    }

    private func complete(_ text: String) throws -> JSONValue? {
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(client.uri("app.lua")), "version": 9],
                                                 "contentChanges": [["text": .string(text)]]])
        let last = text.split(separator: "\n", omittingEmptySubsequences: false)
        return try client.at("textDocument/completion", "app.lua", last.count - 1, last.last!.utf16.count)["result"]?["items"]
    }

    func testCompletesGroupsThenTokens() throws {
        let head = "local t = tokens { \"palette.tokens.json\", \"brand.tokens.json\" }\n"
        XCTAssertEqual(try complete(head + "local x = t.")?.array.compactMap { $0["label"]?.string }.sorted(), ["color", "palette", "space"])
        let colors = try XCTUnwrap(try complete(head + "local x = t.color.")?.array)
        XCTAssertEqual(colors.compactMap { $0["label"]?.string }, ["danger"])
        XCTAssertEqual(colors.first?["detail"], "color · #FF3B30")
    }

    func testHoverSaysValueDescriptionAliasAndUses() throws {
        let text = try XCTUnwrap(try client.at("textDocument/hover", "app.lua", 1, 43)["result"]?["contents"]?["value"]?.string)
        XCTAssertTrue(text.hasPrefix("**color.danger** (design token, color)\n\n`#FF3B30`\n\nErrors and destructive actions"), text)
        XCTAssertTrue(text.contains("← `{palette.red}` (palette.tokens.json:2)"), text)
        XCTAssertTrue(text.hasSuffix("Defined at brand.tokens.json:5 · 2 uses in this file"), text)
        let space = try XCTUnwrap(try client.at("textDocument/hover", "app.lua", 2, 38)["result"]?["contents"]?["value"]?.string)
        XCTAssertTrue(space.hasPrefix("**space.md** (design token, dimension)\n\n`1 rem = 16 pt`"), space)
    }

    func testDefinitionGoesToTheTokenInItsFile() throws {
        let definition = try XCTUnwrap(try client.at("textDocument/definition", "app.lua", 1, 43)["result"])
        XCTAssertTrue(definition["uri"]?.string?.hasSuffix("/brand.tokens.json") == true, "\(definition)")
        XCTAssertEqual(definition["range"]?["start"], ["line": 4, "character": 4])
    }

    func testATokenFileGetsItsOwnDiagnosticsAndAliasCompletion() throws {
        let broken = "{\n  \"a\": { \"$type\": \"color\", \"$value\": \"{palette.rd}\" }\n}\n"
        client.open("brand.tokens.json", broken)
        let diagnostics = try XCTUnwrap(client.diagnostics(client.uri("brand.tokens.json")) { !$0.isEmpty })
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        XCTAssertEqual(diagnostics.first?["message"]?.string, "The alias '{palette.rd}' in 'a' names no token. Did you mean '{palette.red}'?")
        XCTAssertEqual(diagnostics.first?["range"]?["start"], ["line": 1, "character": 37])
        let text = "{\n  \"a\": { \"$type\": \"color\", \"$value\": \"{pal"
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(client.uri("brand.tokens.json")), "version": 2],
                                                 "contentChanges": [["text": .string(text)]]])
        let items = try XCTUnwrap(try client.at("textDocument/completion", "brand.tokens.json", 1, 42)["result"]?["items"]?.array)
        XCTAssertEqual(items.compactMap { $0["label"]?.string }, ["palette.red"])
        XCTAssertEqual(items.first?["textEdit"]?["newText"], "palette.red}")
    }
}
