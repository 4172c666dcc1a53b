import Foundation
import StyleRun
import XCTest

/// Hover and completion of the values that depend on the traits, through the built `stylerun lsp`:
/// a dynamic colour shows its four values, a preferred or scaled font its size at each content size.
final class TraitValueHoverTests: XCTestCase {
    static let app = """
        local ink = color.dynamic { light = "#111111", dark = color "#EEEEEE", highContrastDark = white(1) }
        local faded = color.label:withAlpha(0.5)
        return StackView { id = "root", backgroundColor = color.systemBackground,
          Label { id = "a", textColor = color.secondaryLabel, font = font.preferred "body" },
          Label { id = "b", textColor = ink, font = font.named("Lato-Bold", 20):scaled("title1") },
          Label { id = "c", font = font.preferred "caption2" },
        }

        """

    private var client: LSPClient!

    override func setUpWithError() throws {
        client = try LSPClient(files: ["app.lua": Self.app])
        _ = try client.initialize()
        client.open("app.lua", Self.app)
    }

    override func tearDownWithError() throws {
        XCTAssertEqual(try client.shutdown(), 0)
    }

    /// The hover at `word` (its first byte, plus `shift`) on `line` (0-based).
    private func hover(_ line: Int, at word: String, shift: Int = 0) throws -> String {
        let text = Self.app.split(separator: "\n", omittingEmptySubsequences: false)[line]
        let column = try XCTUnwrap(text.range(of: word), word).lowerBound.utf16Offset(in: text) + shift
        return try client.at("textDocument/hover", "app.lua", line, column)["result"]?["contents"]?["value"]?.string ?? ""
    }

    func testASemanticColourShowsItsFourValues() throws {
        let label = try hover(3, at: "secondaryLabel", shift: 3)
        XCTAssertTrue(label.hasPrefix("Dynamic colour `secondaryLabel`"), label)
        for line in ["- light `#3C3C4399`", "- dark `#EBEBF599`", "- highContrastLight `#3C3C43CC`", "- highContrastDark `#EBEBF5B3`"] {
            XCTAssertTrue(label.contains(line), label)
        }
        XCTAssertTrue(try hover(2, at: "systemBackground").contains("- dark `#000000`"))
    }

    func testAScriptsDynamicColourShowsItsVariantsAndFallbacks() throws {
        let ink = try hover(0, at: "dynamic", shift: 2)
        XCTAssertTrue(ink.hasPrefix("Dynamic colour, resolved by the colour scheme and contrast"), ink)
        XCTAssertTrue(ink.contains("- light `#111111`") && ink.contains("- dark `#EEEEEE`"), ink)
        XCTAssertTrue(ink.contains("- highContrastLight `#111111` (no highContrastLight: light's)"), ink)
        XCTAssertTrue(ink.contains("- highContrastDark `#FFFFFF`"), ink)
        let faded = try hover(1, at: "withAlpha", shift: 2)
        XCTAssertTrue(faded.contains("- light `#00000080`") && faded.contains("- dark `#FFFFFF80`"), "[\(faded)]")
    }

    func testAPreferredFontShowsItsSizeAtEachContentSize() throws {
        let body = try hover(3, at: "\"body\"", shift: 2)
        XCTAssertTrue(body.hasPrefix("Text style `body`: follows Dynamic Type, 17 at large"), body)
        for row in ["| extraSmall | 14 |", "| large (default) | 17 |", "| extraExtraExtraLarge | 23 |",
                    "| accessibilityExtraExtraExtraLarge | 53 |"] {
            XCTAssertTrue(body.contains(row), body)
        }
        XCTAssertTrue(try hover(5, at: "preferred").contains("| accessibilityExtraExtraExtraLarge | 40 |"), "caption2, on the function's name")
    }

    func testAScaledFontShowsTheWrittenSizeScaled() throws {
        let lato = try hover(4, at: "scaled", shift: 1)
        XCTAssertTrue(lato.hasPrefix("Text style `title1`: follows Dynamic Type, 20 at large"), lato)
        // 20 × 25/28 = 17.86 → 18; 20 × 58/28 = 41.43 → 41.
        XCTAssertTrue(lato.contains("| extraSmall | 18 |") && lato.contains("| accessibilityExtraExtraExtraLarge | 41 |"), lato)
    }

    func testColorAndFontCompleteTheNewMembers() throws {
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(client.uri("app.lua")), "version": 2],
                                                 "contentChanges": [["text": "local c = color."]]])
        let members = try client.at("textDocument/completion", "app.lua", 0, 16).labels
        for name in ["label", "systemBackground", "systemIndigo", "dynamic", "black"] {
            XCTAssertTrue(members.contains(name), "\(name) in \(members)")
        }
    }
}
