import Foundation
import StyleRun
import XCTest

/// Completion, hover, definition, references, code actions, symbols and colours, each through
/// the built `stylerun lsp`.
final class FeatureTests: XCTestCase {
    static let app = """
        local base = require "base"
        local theme = themes { default = "light", light = { accent = color "#974DFF", ink = white(0.2) }, dark = { accent = rgb(10, 20, 30), ink = color.white } }
        local primary = concat(base.roundedStyle(6), mut(Button.titleColor, theme.accent), mut(Button.layer.cornerRadius, 4))
        rule("Button.primary", primary)
        appearance(Label, mut(Label.textColor, theme.ink))
        local s = mut(StackView.axis, "vertical")
        return StackView { id = "root", axis = "vertical",
          Button { id = "go", class = "primary cta", title = "Go" },
        }

        """

    private var client: LSPClient!

    override func setUpWithError() throws {
        // Another script of the workspace, not open: its ids and classes are offered in selectors.
        client = try LSPClient(files: ["app.lua": Self.app, "screens/footer.lua": "return Label { id = \"footer\", class = \"note\" }\n"])
        _ = try client.initialize()
        client.open("app.lua", Self.app)
    }

    override func tearDownWithError() throws {
        XCTAssertEqual(try client.shutdown(), 0)
    }

    /// Replaces the document's text and completes at the end of line `line` (0-based) of it.
    private func complete(_ text: String, line: Int, character: Int? = nil) throws -> [String] {
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(client.uri("app.lua")), "version": 9],
                                                 "contentChanges": [["text": .string(text)]]])
        let lineText = text.split(separator: "\n", omittingEmptySubsequences: false)[line]
        return try client.at("textDocument/completion", "app.lua", line, character ?? lineText.utf16.count).labels
    }

    func testCompletesKeyPathsOfThatKindOnly() throws {
        let button = try complete("local x = Button.", line: 0)
        XCTAssertTrue(button.contains("titleColor") && button.contains("titleLabel") && button.contains("alpha"), "\(button)")
        XCTAssertFalse(button.contains("axis") || button.contains("text"), "StackView's and Label's properties are not Button's")
        let nested = try complete("local x = Button.titleLabel.", line: 0)
        XCTAssertTrue(nested.contains("font") && nested.contains("numberOfLines"))
        XCTAssertFalse(nested.contains("titleColor"))
        XCTAssertEqual(try complete("local x = View.layoutMargins.", line: 0).sorted(), ["bottom", "left", "right", "top"])
    }

    func testCompletionItemsCarryTypeDefaultRangeAndDoc() throws {
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(client.uri("app.lua")), "version": 9],
                                                 "contentChanges": [["text": "local x = View.al"]]])
        let reply = try client.at("textDocument/completion", "app.lua", 0, 17)
        let alpha = try XCTUnwrap(reply["result"]?["items"]?.array.first { $0["label"] == "alpha" })
        XCTAssertEqual(alpha["detail"], "Number · default 1 · 0…1")
        XCTAssertEqual(alpha["kind"], 10)
        XCTAssertTrue(alpha["documentation"]?["value"]?.string?.contains("Opacity, 0 to 1.") == true)
        XCTAssertEqual(alpha["textEdit"]?["range"], ["start": ["line": 0, "character": 15], "end": ["line": 0, "character": 17]])
    }

    func testCompletesConstructorKeysAndEnumCases() throws {
        let keys = try complete("return Label { ", line: 0)
        XCTAssertTrue(["id", "class", "style", "text", "textAlignment", "font"].allSatisfy(keys.contains), "\(keys)")
        XCTAssertFalse(keys.contains("axis"))
        XCTAssertEqual(try complete("return StackView { axis = \"ver", line: 0), ["horizontal", "vertical"])
        XCTAssertEqual(try complete("local s = mut(Label.textAlignment, \"", line: 0), ["left", "center", "right", "justified", "natural"])
        XCTAssertEqual(try complete("local s = mut(Button.titleLabel.lineBreakMode, \"by", line: 0).count, 6)
        XCTAssertTrue(try complete("local f = font.preferred \"", line: 0).contains("title3"))
    }

    func testCompletesDeclaredKindsAndSubObjectTables() throws {
        let declaration = "kind(\"GradientView\", View, { fromColor = \"Color?\", toColor = \"Color?\" })\n"
        // The text as it was before the user started typing the key path, which parsed.
        _ = try complete(declaration + "local x = 1", line: 1)
        let declared = declaration + "local x = GradientView."
        let members = try complete(declared, line: 1)
        XCTAssertTrue(members.contains("fromColor") && members.contains("alpha"), "\(members)")
        XCTAssertFalse(members.contains("title"))
        let layer = try complete("return Button { title = \"Go\", layer = { ", line: 0)
        XCTAssertTrue(layer.contains("cornerRadius") && layer.contains("borderWidth"), "\(layer)")
        XCTAssertFalse(layer.contains("title") || layer.contains("id"))
    }

    func testCompletesTheViewOfAStyleFunction() throws {
        let members = try complete("local s = style(Button, function(b)\n  b.", line: 1)
        XCTAssertTrue(members.contains("titleColor") && members.contains("layer"), "\(members)")
        XCTAssertFalse(members.contains("axis"))
        XCTAssertTrue(try complete("appearance(Label, function(l) l.layer.", line: 0).contains("cornerRadius"))
        XCTAssertEqual(try complete("local f = function(b) b.", line: 0), [], "a function of no known kind")
    }

    func testCompletesNamespacesTokensModulesAndSelectors() throws {
        XCTAssertTrue(try complete("local c = color.", line: 0).contains("white"))
        XCTAssertEqual(Set(try complete("local f = font.", line: 0)), ["system", "preferred", "named"])
        XCTAssertTrue(try complete("local i = image.", line: 0).contains("fromColor"))
        var text = Self.app + "local t = theme."
        XCTAssertEqual(try complete(text, line: 9).sorted(), ["accent", "ink"])
        text = Self.app + "local b = base."
        let members = try complete(text, line: 9)
        XCTAssertTrue(["grid", "roundedStyle", "generousMargins", "purple"].allSatisfy(members.contains), "\(members)")
        text = Self.app + "rule(\"StackView > Button."
        XCTAssertEqual(try complete(text, line: 9).sorted(), ["cta", "note", "primary"])
        text = Self.app + "rule(\"#"
        XCTAssertEqual(try complete(text, line: 9).sorted(), ["footer", "go", "root"])
        text = Self.app + "rule(\"Sta"
        XCTAssertTrue(try complete(text, line: 9).contains("StackView"))
        text = Self.app + "local m = require \""
        XCTAssertTrue(try complete(text, line: 9).contains("base"))
        XCTAssertTrue(try complete("local x = ", line: 0).contains("mut"))
    }

    /// A document opened mid-edit (restored with unsaved, broken text) has never parsed: its
    /// locals and modules come from the file as saved until it parses.
    func testADocumentOpenedMidEditCompletesFromTheSavedFile() throws {
        let saved = "local k = require \"kit\"\nreturn Label {}\n"
        let other = try LSPClient(files: ["kit.lua": "local M = {}\nM.roundy = mut(View.alpha, 1)\nreturn M\n", "page.lua": saved])
        _ = try other.initialize()
        other.open("page.lua", "local k = require \"kit\"\nlocal x = k.\n")
        XCTAssertEqual(try other.at("textDocument/completion", "page.lua", 1, 12).labels, ["roundy"])
        XCTAssertEqual(try other.shutdown(), 0)
    }

    func testAddedWorkspaceFoldersJoinSelectorCompletion() throws {
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-lsp-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: other) }
        try "return View { id = \"sidebar\" }\n".write(to: other.appendingPathComponent("side.lua"), atomically: true, encoding: .utf8)
        let text = Self.app + "rule(\"#"
        XCTAssertFalse(try complete(text, line: 9).contains("sidebar"))
        client.notify("workspace/didChangeWorkspaceFolders", ["event": [
            "added": [["uri": .string("file://" + other.path), "name": "other"]], "removed": [],
        ]])
        XCTAssertTrue(try complete(text, line: 9).contains("sidebar"))
    }

    func testHover() throws {
        func hover(_ line: Int, _ character: Int) throws -> String {
            try client.at("textDocument/hover", "app.lua", line, character)["result"]?["contents"]?["value"]?.string ?? ""
        }
        let axis = try hover(5, 26)
        XCTAssertTrue(axis.contains("**StackView.axis**: `Axis`") && axis.contains("Default `horizontal`"), axis)
        let radius = try hover(2, 100)
        XCTAssertTrue(radius.contains("`Number`") && radius.contains("range ≥ 0") && radius.contains("On View, Label, Button"), radius)
        let primary = try hover(2, 8)
        XCTAssertTrue(primary.contains("`Button.titleColor` = `theme.accent`") && primary.contains("`Button.layer.cornerRadius` = `4`"), primary)
        XCTAssertTrue(try hover(3, 8).contains("specificity (0, 1, 1)"))
        XCTAssertTrue(try hover(1, 65).contains("`#974DFF`"))
        XCTAssertTrue(try hover(1, 123).contains("`#0A141E`"))
        XCTAssertTrue(try hover(6, 35).contains("`Axis`"), "a constructor key")
        XCTAssertTrue(try hover(2, 77).contains("theme token"))
        XCTAssertTrue(try hover(5, 11).contains("mut(path"), "an API function")
        let enumCase = try hover(5, 33)
        XCTAssertTrue(enumCase.contains("`vertical` is a case of `StackView.axis`: `Axis`"), enumCase)
        XCTAssertTrue(try hover(6, 42).contains("a case of `StackView.axis`"), "an enum case in a constructor")
    }

    func testHoverOnAModuleStyleSaysWhatItSets() throws {
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(client.uri("app.lua")), "version": 9],
                                                 "contentChanges": [["text": .string(Self.app.replacingOccurrences(
                                                     of: "return StackView", with: "local m = base.generousMargins\nreturn StackView"))]]])
        let text = try client.at("textDocument/hover", "app.lua", 6, 20)["result"]?["contents"]?["value"]?.string ?? ""
        XCTAssertTrue(text.contains("**base.generousMargins** (style)") && text.contains("`View.layoutMargins` = `insets(grid(6))`"), text)
        XCTAssertTrue(text.contains("Six grid units of margin"), "with the module's doc comment")
    }

    func testDefinitionAndReferences() throws {
        let definition = try client.at("textDocument/definition", "app.lua", 3, 25)["result"]
        XCTAssertEqual(definition?["uri"]?.string, client.uri("app.lua"))
        XCTAssertEqual(definition?["range"], ["start": ["line": 2, "character": 6], "end": ["line": 2, "character": 13]])
        let token = try client.at("textDocument/definition", "app.lua", 2, 78)["result"]
        XCTAssertEqual(token?["range"]?["start"], ["line": 1, "character": 52])
        let module = try client.at("textDocument/definition", "app.lua", 0, 23)["result"]
        XCTAssertTrue(module?["uri"]?.string?.hasSuffix("/base.lua") == true, "\(String(describing: module))")
        let roundedStyle = try client.at("textDocument/definition", "app.lua", 2, 30)["result"]
        XCTAssertTrue(roundedStyle?["uri"]?.string?.hasSuffix("/base.lua") == true)
        let refs = try client.at("textDocument/references", "app.lua", 2, 8, extra: [("context", ["includeDeclaration": true])])["result"]
        XCTAssertEqual(refs?.array.map { $0["range"]?["start"]?["line"] }, [2, 3])
        let tokenRefs = try client.at("textDocument/references", "app.lua", 2, 78, extra: [("context", ["includeDeclaration": false])])["result"]
        XCTAssertEqual(tokenRefs?.array.count, 1)
    }

    func testQuickFixesFromSuggestionsAndIgnoreComments() throws {
        let text = "local s = mut(View.alpah, 1)\nreturn StackView { axis = \"verticl\" }\n"
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(client.uri("app.lua")), "version": 9],
                                                 "contentChanges": [["text": .string(text)]]])
        let diagnostics = try XCTUnwrap(client.diagnostics(client.uri("app.lua")) { $0.count == 2 })
        let reply = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(client.uri("app.lua"))],
            "range": ["start": ["line": 0, "character": 0], "end": ["line": 1, "character": 0]],
            "context": ["diagnostics": .array(diagnostics)],
        ])
        let actions = try XCTUnwrap(reply["result"]?.array)
        XCTAssertEqual(actions.compactMap { $0["title"]?.string },
                       ["Change to 'alpha'", "Ignore 'unknown-property' on this line", "Change to 'vertical'", "Ignore 'invalid-enum' on this line"])
        func edit(_ action: JSONValue) -> JSONValue? { action["edit"]?["changes"]?[client.uri("app.lua")]?[0] }
        XCTAssertEqual(edit(actions[0]), ["range": ["start": ["line": 0, "character": 19], "end": ["line": 0, "character": 24]], "newText": "alpha"])
        XCTAssertEqual(actions[0]["isPreferred"], true)
        XCTAssertEqual(edit(actions[1])?["newText"], " -- stylerun: ignore unknown-property")
        XCTAssertEqual(edit(actions[1])?["range"]?["start"], ["line": 0, "character": 28])
        XCTAssertEqual(edit(actions[2]), ["range": ["start": ["line": 1, "character": 27], "end": ["line": 1, "character": 34]], "newText": "vertical"])
        // Without diagnostics in the request, those published in its range.
        let unasked = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(client.uri("app.lua"))],
            "range": ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 40]],
            "context": ["diagnostics": []],
        ])
        XCTAssertEqual(unasked["result"]?.array.compactMap { $0["title"]?.string }, ["Change to 'vertical'", "Ignore 'invalid-enum' on this line"])
    }

    func testDocumentSymbolsAndColours() throws {
        let symbols = try XCTUnwrap(client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(client.uri("app.lua"))]])["result"])
        XCTAssertEqual(symbols.array.compactMap { $0["name"]?.string }, ["theme", "primary", "rule \"Button.primary\"", "appearance(Label)", "s"])
        XCTAssertEqual(symbols[0]?["children"]?.array.compactMap { $0["name"]?.string }, ["light", "dark"])
        XCTAssertEqual(symbols[0]?["children"]?[0]?["children"]?.array.compactMap { $0["name"]?.string }, ["accent", "ink"])
        let colours = try XCTUnwrap(client.request("textDocument/documentColor", ["textDocument": ["uri": .string(client.uri("app.lua"))]])["result"])
        XCTAssertEqual(colours.array.count, 4)
        XCTAssertEqual(colours[0]?["range"], ["start": ["line": 1, "character": 61], "end": ["line": 1, "character": 76]])
        XCTAssertEqual(colours[1]?["color"]?["red"], 0.2)
        let presentations = try XCTUnwrap(client.request("textDocument/colorPresentation", [
            "textDocument": ["uri": .string(client.uri("app.lua"))],
            "color": ["red": 1, "green": 0, "blue": 0, "alpha": 1],
            "range": ["start": ["line": 1, "character": 61], "end": ["line": 1, "character": 76]],
        ])["result"])
        XCTAssertEqual(presentations.array.compactMap { $0["label"]?.string }, ["color \"#FF0000\"", "rgb(255, 0, 0)"])
    }
}
