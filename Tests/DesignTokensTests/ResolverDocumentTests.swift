import DesignTokens
import StyleCore
import XCTest

/// Resolver documents: sets and a modifier's contexts in resolution order, and their mistakes.
final class ResolverDocumentTests: XCTestCase {
    func testSetsThenTheChosenContext() {
        let (name, text) = fixture("theme.resolver.json")
        let r = ResolverDocument(file: name, text: text)
        XCTAssertEqual(r.errors, [])
        XCTAssertEqual(r.themeModifier?.name, "colorScheme")
        XCTAssertEqual(r.themeModifier?.contexts.map(\.name), ["light", "dark"])
        XCTAssertEqual(r.themeModifier?.defaultContext, "light")
        func files(_ context: String?) -> [String] {
            r.sources(theme: context).map { if case .file(let f, _) = $0 { f } else { "inline" } }
        }
        XCTAssertEqual(files("dark"), ["foundation.tokens.json", "dark.tokens.json"])
        XCTAssertEqual(files(nil), ["foundation.tokens.json", "light.tokens.json"])
        let dark = TokenSet(files: [fixture("foundation.tokens.json"), fixture("dark.tokens.json")])
        guard case .color(let c, _)? = dark.tokens["color.background"]?.value else { return XCTFail() }
        XCTAssertEqual(c.red, 0.05)
    }

    func testMistakesAtTheirLines() {
        let text = """
        {
          "version": "2025.11",
          "sets": { "base": { "sources": [{ "$ref": "#/modifiers/theme" }] } },
          "modifiers": { "theme": { "contexts": { "light": [], "dark": [] }, "default": "lihgt" } },
          "resolutionOrder": [{ "$ref": "#/sets/bsae" }]
        }
        """
        let r = ResolverDocument(file: "app.resolver.json", text: text)
        XCTAssertEqual(r.errors.map(\.diagnostic.description), [
            "app.resolver.json:2:14: error: The resolver's version must be \"2025.10\"; got \"2025.11\". [token-resolver]",
            "app.resolver.json:3:45: error: A source cannot be a modifier ('#/modifiers/theme' in set 'base'); only sets and files. [token-resolver]",
            "app.resolver.json:4:81: error: The default 'lihgt' of 'theme' is not one of its contexts (light, dark). Did you mean 'light'? [token-resolver]",
            "app.resolver.json:5:23: error: The step '#/sets/bsae' names no set or modifier. Did you mean '#/sets/base'? [token-resolver]",
        ])
    }
}
