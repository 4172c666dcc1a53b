import Foundation
import StyleCore
import StyleRun
import XCTest

/// States and traits in the editor, through the built `stylerun lsp`: pseudo-classes in
/// selectors, states in `when("…")`, the keys and values of `when { … }`, and hover on each.
final class ConditionsTests: XCTestCase {
    private var client: LSPClient!

    override func setUpWithError() throws {
        client = try LSPClient(files: ["app.lua": ""])
        _ = try client.initialize()
        client.open("app.lua", "")
    }

    override func tearDownWithError() throws {
        XCTAssertEqual(try client.shutdown(), 0)
    }

    private func change(_ text: String) {
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(client.uri("app.lua")), "version": 9],
                                                 "contentChanges": [["text": .string(text)]]])
    }

    /// The completion items at the end of the document's single line.
    private func items(_ text: String) throws -> [JSONValue] {
        change(text)
        return try client.at("textDocument/completion", "app.lua", 0, text.utf16.count)["result"]?["items"]?.array ?? []
    }

    private func complete(_ text: String) throws -> [String] {
        try items(text).compactMap { $0["label"]?.string }
    }

    private func hover(_ text: String, at character: Int) throws -> String {
        change(text)
        return try client.at("textDocument/hover", "app.lua", 0, character)["result"]?["contents"]?["value"]?.string ?? ""
    }

    func testPseudoClassesAfterACompoundOfAControl() throws {
        XCTAssertEqual(try complete("rule(\"Button:"), ControlState.names)
        XCTAssertEqual(try complete("rule(\".primary:hi"), ControlState.names)
        XCTAssertEqual(try complete("rule(\"StackView > Button:selected:"), ControlState.names)
        XCTAssertEqual(try complete("kind(\"Toggle\", View, {}, { control = true })\nrule(\"Toggle:".replacingOccurrences(of: "\n", with: " ")),
                       ControlState.names, "a kind the script declares a control")
        XCTAssertEqual(try complete("rule(\"Label:"), [], "Label is never a control")
        XCTAssertEqual(try complete("rule(\":"), [], "not after a compound")
        let highlighted = try XCTUnwrap(try items("rule(\"Button:hi").first { $0["label"] == "highlighted" })
        XCTAssertEqual(highlighted["textEdit"]?["range"], ["start": ["line": 0, "character": 13], "end": ["line": 0, "character": 15]])
        XCTAssertTrue(highlighted["documentation"]?["value"]?.string?.contains("`isHighlighted = true`") == true, "\(highlighted)")
    }

    func testStatesInWhenStrings() throws {
        XCTAssertEqual(try complete("local s = when(\""), ControlState.names)
        let afterPlus = try items("local s = when(\"highlighted+se")
        XCTAssertEqual(afterPlus.compactMap { $0["label"]?.string }, ControlState.names)
        XCTAssertEqual(afterPlus.first?["textEdit"]?["range"], ["start": ["line": 0, "character": 28], "end": ["line": 0, "character": 30]],
                       "only the name after '+' is replaced")
        XCTAssertEqual(try complete("local s = when({ state = \""), ControlState.names)
        XCTAssertEqual(try complete("local s = when({ state = { \"selected\", \""), ControlState.names)
    }

    func testTraitKeysAndValuesInWhenTables() throws {
        let keys = try complete("local s = when({ ")
        XCTAssertEqual(Array(keys.prefix(1 + Traits.names.count)), ["state"] + Traits.names)
        let scheme = try XCTUnwrap(try items("local s = when({ colorSch").first { $0["label"] == "colorScheme" })
        XCTAssertEqual(scheme["textEdit"]?["newText"], "colorScheme = ")
        XCTAssertEqual(scheme["detail"], "trait · default light")
        XCTAssertEqual(try complete("local s = when({ colorScheme = \""), ["light", "dark"])
        XCTAssertEqual(try complete("local s = when { horizontalSizeClass = \""), ["compact", "regular"])
        XCTAssertEqual(try complete("local s = when({ contentSize = \""), Traits.Name.contentSize.values)
        let compared = try items("local s = when({ contentSize = \">= acc")
        XCTAssertEqual(compared.compactMap { $0["label"]?.string }, Traits.Name.contentSize.values)
        XCTAssertEqual(compared.first?["textEdit"]?["range"], ["start": ["line": 0, "character": 35], "end": ["line": 0, "character": 38]])
        XCTAssertEqual(try complete("local s = when({ colorScheme = { \"dark\", \""), ["light", "dark"], "in a list")
        XCTAssertFalse(try complete("local t = { colorScheme = \"").contains("dark"), "a table that is not a condition")
        XCTAssertFalse(try complete("local s = when(\"x\", { ").contains("colorScheme"), "the style argument is not a condition")
    }

    func testHoverOnStatesTraitsAndValues() throws {
        let line = "rule(\"Button:highlighted\", when({ contentSize = \">= accessibilityMedium\", state = \"disabled\" }, mut(View.alpha, 1)))"
        let pseudo = try hover(line, at: 15)
        XCTAssertTrue(pseudo.contains("**highlighted** (control state)") && pseudo.contains("`isHighlighted = true`"), pseudo)
        let trait = try hover(line, at: 38)
        XCTAssertTrue(trait.contains("**contentSize** (trait): `large` (default), `extraSmall`"), trait)
        XCTAssertTrue(trait.contains("`>= size`"), trait)
        let value = try hover(line, at: 55)
        XCTAssertTrue(value.contains("`accessibilityMedium`: a value of **contentSize**."), value)
        let state = try hover(line, at: 86)
        XCTAssertTrue(state.contains("**disabled** (control state)") && state.contains("`isEnabled = false`"), state)
        let read = try hover("local s = traits.colorScheme", at: 20)
        XCTAssertTrue(read.contains("**colorScheme** (trait): `light` (default), `dark`"), read)
        let wrong = try hover("local s = when({ colorScheme = \"drak\" }, s)", at: 33)
        XCTAssertTrue(wrong.contains("`drak` is not a value of **colorScheme**"), wrong)
    }
}
