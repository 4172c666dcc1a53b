import XCTest
@testable import StyleRun

final class JSONTests: XCTestCase {
    func testNumbersPrintIntegralWithoutFractionAndOthersShortest() {
        let cases: [(Double, String)] = [
            (16, "16"), (0, "0"), (-0.0, "0"), (-3, "-3"), (0.85, "0.85"), (0.1 + 0.2, "0.30000000000000004"),
            (1.5e-7, "1.5e-07"), (1e20, "1e+20"), (123456789012345, "123456789012345"), (2.5, "2.5"),
            (.nan, "null"), (.infinity, "null"), (-.infinity, "null"),
        ]
        for (x, expected) in cases {
            XCTAssertEqual(JSONValue.number(x).serialized(), expected, "\(x)")
        }
    }

    func testNumbersReadBackToTheSameDouble() throws {
        for x in [0.85, 1.0 / 3, 0.1 + 0.2, 1e-300, 1.7976931348623157e308, .leastNonzeroMagnitude, 1e15 + 0.5, -2.5e-7] {
            let text = JSONValue.number(x).serialized()
            XCTAssertEqual(try JSONValue(parsing: text), .number(x), text)
        }
    }

    func testStringsEscapeQuotesBackslashesAndControlCharactersOnly() {
        let cases: [(String, String)] = [
            ("plain", #""plain""#),
            ("say \"hi\"", #""say \"hi\"""#),
            (#"C:\path"#, #""C:\\path""#),
            ("a\nb\rc\td", #""a\nb\rc\td""#),
            ("\u{08}\u{0C}", #""\b\f""#),
            ("\u{00}\u{01}\u{1F}", #""\u0000\u0001\u001f""#),
            ("é👋 — ✓", "\"é👋 — ✓\""),
            ("/ \u{7F}", "\"/ \u{7F}\""),
            ("\r\n", #""\r\n""#),
        ]
        for (input, expected) in cases {
            XCTAssertEqual(JSONValue.string(input).serialized(), expected, input.debugDescription)
        }
    }

    func testObjectsKeepTheOrderTheyWereBuiltIn() {
        let value: JSONValue = ["zebra": 1, "apple": [true, nil], "mango": ["b": "x", "a": 0.5]]
        XCTAssertEqual(value.serialized(), #"{"zebra": 1, "apple": [true, null], "mango": {"b": "x", "a": 0.5}}"#)
        XCTAssertEqual(value.keys, ["zebra", "apple", "mango"])
    }

    func testPrettyLayoutIndentsByTwoAndKeepsEmptyContainersShort() {
        let value: JSONValue = ["kind": "Label", "classes": [], "properties": [:], "children": [["a": [1, 2]]]]
        XCTAssertEqual(value.serialized(.pretty), """
            {
              "kind": "Label",
              "classes": [],
              "properties": {},
              "children": [
                {
                  "a": [
                    1,
                    2
                  ]
                }
              ]
            }
            """)
    }

    func testEqualityComparesObjectsInOrder() {
        XCTAssertEqual(["a": 1, "b": 2] as JSONValue, ["a": 1, "b": 2] as JSONValue)
        XCTAssertNotEqual(["a": 1, "b": 2] as JSONValue, ["b": 2, "a": 1] as JSONValue)
        XCTAssertNotEqual(JSONValue.number(1), JSONValue.string("1"))
    }

    func testSubscriptsReachIntoObjectsAndArrays() {
        let value: JSONValue = ["children": [["id": "title"]]]
        XCTAssertEqual(value["children"]?[0]?["id"], "title")
        XCTAssertNil(value["children"]?[1])
        XCTAssertNil(value["missing"])
        XCTAssertNil(JSONValue.number(1)["x"])
    }

    func testParsingReadsBackWhatIsSerializedInBothLayouts() throws {
        let value: JSONValue = [
            "s": "tab\t \"q\" \\ é 👋 \u{01}", "n": [0, -1.25, 1e-7, 3e+30], "b": [true, false, nil],
            "o": ["nested": ["deeper": [:]], "empty": []],
        ]
        XCTAssertEqual(try JSONValue(parsing: value.serialized()), value)
        XCTAssertEqual(try JSONValue(parsing: value.serialized(.pretty)), value)
    }

    func testLongStringsWithManyEscapesReadBack() throws {
        // A script as lint sends it to its evaluator: thousands of lines, each an escape.
        let script = (0..<5_000).map { "Label { text = \"Line \($0) é\t👋\" },\r" }.joined(separator: "\n") + "\u{01}"
        XCTAssertEqual(try JSONValue(parsing: JSONValue.string(script).serialized()), .string(script))
        XCTAssertEqual(JSONValue.quote("a\"b\\\u{1}\u{1F}é\r\n"), #""a\"b\\\u0001\u001fé\r\n""#)
    }

    func testEveryASCIICharacterIsEscapedOrCopiedAndReadsBack() throws {
        // Each of the 128 ASCII characters alone, first, last and between runs of text that
        // needs no escape, beside multi-byte characters.
        for byte in 0..<128 {
            let c = String(UnicodeScalar(UInt8(byte)))
            for text in [c, c + "abc", "abc" + c, "é" + c + c + "😀", "run \(c) of text \(c)"] {
                let quoted = JSONValue.quote(text)
                XCTAssertEqual(try JSONValue(parsing: quoted), .string(text), "byte \(byte)")
                let escaped = byte < 0x20 || byte == 0x22 || byte == 0x5C
                XCTAssertEqual(quoted.utf8.count, text.utf8.count + 2 + (escaped ? text.utf8.filter { $0 == UInt8(byte) }.count * (byte < 0x20 && ![8, 9, 10, 12, 13].contains(byte) ? 5 : 1) : 0),
                               "byte \(byte) in \(quoted)")
            }
        }
        XCTAssertEqual(JSONValue.quote("\u{08}\u{0C}\t"), #""\b\f\t""#)
        XCTAssertEqual(JSONValue.quote(""), #""""#)
    }

    func testParsingDecodesEscapesAndSurrogatePairs() throws {
        XCTAssertEqual(try JSONValue(parsing: #""\ud83d\udc4b \u00e9 \/ \b\f\n\r\t""#), .string("👋 é / \u{08}\u{0C}\n\r\t"))
        XCTAssertEqual(try JSONValue(parsing: " \n [ 1 , {\"a\" : null} ] \r\n"), [1, ["a": nil]])
        XCTAssertEqual(try JSONValue(parsing: "-0.5E2"), .number(-50))
    }

    func testParsingErrorsSayWhatAndWhere() {
        let cases: [(String, String)] = [
            ("", "1:1: Unexpected end of text; expected a value."),
            ("{", "1:2: Expected a string key."),
            ("[1,]", "1:4: Unexpected character; expected a value."),
            ("[1 2]", "1:4: Expected ',' or ']' in an array."),
            ("{\"a\" 1}", "1:6: Expected ':' after a key."),
            ("{\"a\": 1,}", "1:9: Expected a string key."),
            ("01", "1:1: A number cannot start with 0."),
            ("1.", "1:3: Expected a digit after '.'."),
            ("-", "1:2: Expected a digit."),
            ("1e400", "1:1: The number 1e400 is too large."),
            ("tru", "1:4: Unexpected character; expected 'true'."),
            ("1 2", "1:3: Unexpected text after the JSON value."),
            ("\"abc", "1:5: Unterminated string."),
            ("\"a\u{01}\"", "1:3: A control character must be escaped in a string."),
            (#""\x""#, "1:3: Unknown escape in a string."),
            (#""\u12""#, "1:6: Expected four hex digits after '\\u'."),
            (#""\ud83d""#, "1:8: A high surrogate must be followed by a low surrogate."),
            ("{\n  \"é\": nope\n}", "2:9: Unexpected character; expected 'null'."),
        ]
        for (input, expected) in cases {
            do {
                let value = try JSONValue(parsing: input)
                XCTFail("\(input.debugDescription) parsed as \(value)")
            } catch {
                XCTAssertEqual(error.description, expected, input.debugDescription)
            }
        }
    }
}
