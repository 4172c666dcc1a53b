import DesignTokens
import StyleCore
import XCTest

/// Each mistake in a token file, as (file text, the diagnostic it gives), at the JSON's own
/// line and column.
final class TokenErrorTests: XCTestCase {
    func diagnostics(_ text: String) -> [String] {
        let set = TokenSet(files: [("t.tokens.json", text)])
        return (set.errors + set.warnings).map(\.diagnostic.description)
    }

    func testEachMistakeAtItsLineAndColumn() {
        let cases: [(String, String)] = [
            ("{\"a\": {\"$value\": 1,}}",
             "t.tokens.json:1:20: error: The token file is not valid JSON: A trailing comma before '}' is not JSON; remove the comma. [invalid-json]"),
            ("{\n  \"a\": {\"$type\": \"colour\", \"$value\": \"#fff\"}\n}",
             "t.tokens.json:2:18: error: Unknown token type 'colour'. Did you mean 'color'? [unknown-token-type]"),
            ("{\n  \"a\": {\"$type\": \"dimension\",\n         \"$value\": 16}\n}",
             "t.tokens.json:3:20: error: The dimension token 'a' needs an object {\"value\": 16, \"unit\": \"px\"}; got the number 16. [token-value]"),
            ("{\"a\": {\"$type\": \"dimension\", \"$value\": {\"value\": 1, \"unit\": \"em\"}}}",
             "t.tokens.json:1:61: error: The unit 'em' is not a dimension unit; use 'px' or 'rem'. [token-value]"),
            ("{\"color\": {\"$type\": \"color\", \"accent\": {\"$value\": \"#f00\"}},\n \"b\": {\"$value\": \"{color.acent}\"}}",
             "t.tokens.json:2:18: error: The alias '{color.acent}' in 'b' names no token. Did you mean '{color.accent}'? [unknown-alias]"),
            ("{\"a\": {\"$type\": \"number\", \"$value\": \"{b}\"},\n \"b\": {\"$value\": \"{c}\"},\n \"c\": {\"$value\": \"{a}\"}}",
             "t.tokens.json:3:18: error: Circular alias: a → b → c → a; a token cannot stand for itself. [circular-alias]"),
            ("{\"a\": {\"$type\": \"color\", \"$value\": {\"colorSpace\": \"rec2020\", \"components\": [1, 0, 0]}}}",
             "t.tokens.json:1:51: error: The colour space 'rec2020' is not supported; use one of srgb, srgb-linear, hsl, hwb, display-p3, lab, lch, oklab, oklch, xyz-d65, xyz-d50. [token-value]"),
            ("{\"a\": {\"$type\": \"color\", \"$value\": {\"colorSpace\": \"srbg\", \"components\": [1, 0, 0]}}}",
             "t.tokens.json:1:51: error: Unknown colour space 'srbg'. Did you mean 'srgb'? [token-value]"),
            ("{\"a\": {\"$type\": \"fontWeight\", \"$value\": \"Bold\"}}",
             "t.tokens.json:1:41: error: Unknown font weight 'Bold'. Did you mean 'bold'? [token-value]"),
            ("{\"a\": {\"$type\": \"fontWeight\", \"$value\": 1200}}",
             "t.tokens.json:1:41: error: The font weight of 'a' is 1200, outside 1…1000. [token-value]"),
            ("{\"a\": {\"$value\": 4}}",
             "t.tokens.json:1:2: error: The token 'a' has no $type, and no group above it gives one; add \"$type\" to it or to its group. [unknown-token-type]"),
            ("{\"s\": {\"$type\": \"shadow\", \"$value\": {\"color\": \"#000\", \"offsetX\": {\"value\": 0, \"unit\": \"px\"}, \"offsetY\": {\"value\": 0, \"unit\": \"px\"}, \"blurr\": {\"value\": 0, \"unit\": \"px\"}, \"spread\": {\"value\": 0, \"unit\": \"px\"}}}}",
             "t.tokens.json:1:133: error: The shadow token 's' has no field 'blurr'. Did you mean 'blur'? [token-value]"),
            ("{\"n\": {\"$type\": \"number\", \"$value\": 1}, \"c\": {\"$type\": \"color\", \"$value\": \"{n}\"}}",
             "t.tokens.json:1:75: error: The alias '{n}' in 'c' is a number token where a color is expected. [token-value]"),
            ("{\"g\": {\"x\": {\"$type\": \"number\", \"$value\": 1}}, \"c\": {\"$type\": \"number\", \"$value\": \"{g}\"}}",
             "t.tokens.json:1:83: error: The alias '{g}' in 'c' names a group, not a token; name one of its tokens (or its '$root'). [unknown-alias]"),
            ("{\"a\": {\"$type\": \"number\", \"$value\": {\"$ref\": \"#/b/$value\"}}}",
             "t.tokens.json:1:46: error: The $ref '#/b/$value' does not resolve: 'b' is not in the document. [unknown-alias]"),
            ("{\"g\": {\"$extends\": \"{buton}\"}, \"button\": {\"x\": {\"$type\": \"number\", \"$value\": 1}}}",
             "t.tokens.json:1:20: error: The group 'g' extends '{buton}', which is no group. Did you mean '{button}'? [unknown-alias]"),
            ("{\"old\": {\"$type\": \"number\", \"$value\": 1, \"$deprecated\": \"Use new.\"},\n \"b\": {\"$value\": \"{old}\"}}",
             "t.tokens.json:2:18: warning: The token 'old' is deprecated: Use new. [deprecated-token]"),
            ("[1, 2]",
             "t.tokens.json:1:1: error: A token file holds a JSON object of groups and tokens, not an array. [invalid-json]"),
            ("{\"a\": {\"$value\": 1, \"$type\": \"number\"}, \"a\": {}}",
             "t.tokens.json:1:41: error: The token file is not valid JSON: The key 'a' appears twice in this object. [invalid-json]"),
            ("{\n  // a comment\n}",
             "t.tokens.json:2:3: error: The token file is not valid JSON: Expected a member name in double quotes. [invalid-json]"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(diagnostics(text), [expected], text)
        }
    }

    func testATokenOfACycleGivesOneErrorAndOthersStillResolve() {
        let set = TokenSet(files: [fixture("circular.tokens.json")])
        XCTAssertEqual(set.errors.count, 1)
        XCTAssertNil(set.tokens["a"])
        let ok = TokenSet(files: [("t.tokens.json", "{\"a\": {\"$type\": \"number\", \"$value\": \"{b}\"}, \"b\": {\"$type\": \"number\", \"$value\": \"x\"}, \"c\": {\"$type\": \"number\", \"$value\": 2}}")])
        // b's wrong shape is reported once, at b; a fails with it silently; c stands.
        XCTAssertEqual(ok.errors.map(\.error), [.wrongShape(token: "b", type: "number", expected: "a number", got: "the string \"x\"")])
        XCTAssertEqual(ok.tokens["c"]?.value, .number(2))
    }

    func testUnicodeColumnsCountCharacters() {
        XCTAssertEqual(diagnostics("{\"é\": {\"$type\": \"colr\", \"$value\": 1}}").first?.hasPrefix("t.tokens.json:1:17:"), true)
    }
}
