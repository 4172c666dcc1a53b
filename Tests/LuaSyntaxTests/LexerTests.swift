import XCTest
import LuaSyntax

final class LexerTests: XCTestCase {
    private func tokens(_ source: String) throws -> [Token] {
        try LuaLexer.tokenize(source: Array(source.utf8))
    }

    private func kinds(_ source: String) throws -> [TokenKind] {
        try tokens(source).map(\.kind)
    }

    private func string(_ source: String) throws -> [UInt8] {
        let all = try tokens(source)
        XCTAssertEqual(all.map(\.kind), [.string, .endOfFile], source)
        return all[0].bytes
    }

    private func number(_ source: String) throws -> NumberValue {
        let all = try tokens(source)
        XCTAssertEqual(all.count, 2, source)
        return all[0].number
    }

    private func lexError(_ source: String) -> SyntaxError? {
        do {
            _ = try LuaLexer.tokenize(source: Array(source.utf8))
            return nil
        } catch {
            return error
        }
    }

    func testKeywordsAndSymbols() throws {
        XCTAssertEqual(try kinds("and break do else elseif end false for function goto if in"),
                       [.and, .break, .do, .else, .elseif, .end, .false, .for, .function, .goto, .if, .in, .endOfFile])
        XCTAssertEqual(try kinds("local nil not or repeat return then true until while"),
                       [.local, .nil, .not, .or, .repeat, .return, .then, .true, .until, .while, .endOfFile])
        XCTAssertEqual(try kinds("// .. ... == >= <= ~= << >> ::"),
                       [.floorDivide, .concat, .dots, .equal, .greaterEqual, .lessEqual, .notEqual, .shiftLeft,
                        .shiftRight, .doubleColon, .endOfFile])
        XCTAssertEqual(try kinds("+ - * / % ^ # & ~ | < > = ( ) { } [ ] ; : , ."),
                       [.plus, .minus, .star, .slash, .percent, .caret, .hash, .ampersand, .tilde, .pipe, .less,
                        .greater, .assign, .leftParen, .rightParen, .leftBrace, .rightBrace, .leftBracket,
                        .rightBracket, .semicolon, .colon, .comma, .dot, .endOfFile])
        XCTAssertEqual(try kinds("ends end_ End _end functions"), [.name, .name, .name, .name, .name, .endOfFile])
        XCTAssertEqual(try kinds("a....b"), [.name, .dots, .dot, .name, .endOfFile])
        XCTAssertEqual(try kinds("@ $ \u{1}"), [.otherByte, .otherByte, .otherByte, .endOfFile])
    }

    func testPositionsCountBytesAndLuaNewlines() throws {
        let all = try tokens("local x\r\n  = \"é\" .. y\n\r\tz\rw")
        let spans = all.map { "\($0.range.start.line):\($0.range.start.column)-\($0.range.end.line):\($0.range.end.column)" }
        XCTAssertEqual(spans, ["1:1-1:6", "1:7-1:8", "2:3-2:4", "2:5-2:9", "2:10-2:12", "2:13-2:14", "3:2-3:3",
                               "4:1-4:2", "4:2-4:2"])
        XCTAssertEqual(all[3].range.offsets, 13..<17)
    }

    func testLongStringPositionsSpanLines() throws {
        let all = try tokens("x = [==[\nab\n]]\n]==] y")
        XCTAssertEqual(all[2].bytes, Array("ab\n]]\n".utf8))
        XCTAssertEqual(all[2].range.start, SourceLocation(line: 1, column: 5, offset: 4))
        XCTAssertEqual(all[2].range.end, SourceLocation(line: 4, column: 5, offset: 19))
        XCTAssertEqual(all[3].range.start.line, 4)
        XCTAssertEqual(all[3].range.start.column, 6)
    }

    func testEscapes() throws {
        XCTAssertEqual(try string(#"'\a\b\f\n\r\t\v\\\"\''"#), [7, 8, 12, 10, 13, 9, 11, 92, 34, 39])
        XCTAssertEqual(try string(#"'\x41\x6a\65\0\255'"#), [65, 106, 65, 0, 255])
        XCTAssertEqual(try string(#"'\1234'"#), [123, 52])
        XCTAssertEqual(try string(#"'\u{48}\u{E9}\u{20AC}\u{1F600}'"#), Array("Hé€😀".utf8))
        XCTAssertEqual(try string(#"'\u{7FFFFFFF}'"#), [0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF])
        XCTAssertEqual(try string("'a\\z  \n\t  b'"), Array("ab".utf8))
        XCTAssertEqual(try string("'a\\\nb'"), Array("a\nb".utf8))
        XCTAssertEqual(try string("'a\\\r\nb'"), Array("a\nb".utf8))
        XCTAssertEqual(try string("[[\r\nx\r\ny]]"), Array("x\ny".utf8))
        XCTAssertEqual(try string("[=[]]]=]"), Array("]]".utf8))
    }

    func testNumerals() throws {
        XCTAssertEqual(try number("42"), .integer(42))
        XCTAssertEqual(try number("0xff"), .integer(255))
        XCTAssertEqual(try number("0xffffffffffffffff"), .integer(-1))
        XCTAssertEqual(try number("0x10000000000000000"), .integer(0))
        XCTAssertEqual(try number("9223372036854775807"), .integer(.max))
        XCTAssertEqual(try number("9223372036854775808"), .float(9_223_372_036_854_775_808))
        XCTAssertEqual(try number("3.0"), .float(3))
        XCTAssertEqual(try number(".5"), .float(0.5))
        XCTAssertEqual(try number("5."), .float(5))
        XCTAssertEqual(try number("1e3"), .float(1000))
        XCTAssertEqual(try number("2E-1"), .float(0.2))
        XCTAssertEqual(try number("0x1p4"), .float(16))
        XCTAssertEqual(try number("0xA.8P1"), .float(21))
        XCTAssertEqual(try number("0x.1p-2"), .float(0.015625))
        XCTAssertEqual(try number("1e400"), .float(.infinity))
        XCTAssertEqual(try kinds("3 .. 4"), [.integer, .concat, .integer, .endOfFile])
        XCTAssertNotNil(lexError("1..2"))
    }

    func testComments() throws {
        let source = "-- short\nx --[==[ long\n]] ]==] = y --[ not long\n--"
        let chunk = try LuaParser.parse(source + "\n")
        XCTAssertEqual(try kinds(source), [.name, .assign, .name, .endOfFile])
        XCTAssertEqual(chunk.comments.map(\.isLong), [false, true, false, false])
        XCTAssertEqual(chunk.comments[1].range.start, SourceLocation(line: 2, column: 3, offset: 11))
        XCTAssertEqual(chunk.comments[1].range.end.line, 3)
    }

    func testFirstLineCommentAndByteOrderMark() throws {
        XCTAssertEqual(try kinds("#!/usr/bin/env lua\nx"), [.name, .endOfFile])
        XCTAssertEqual(try tokens("#!/usr/bin/env lua\nx")[0].range.start.line, 2)
        let bom = try tokens("\u{FEFF}x")
        XCTAssertEqual(bom[0].range.start, SourceLocation(line: 1, column: 1, offset: 3))
        let unskipped = try LuaLexer.tokenize(source: Array("#x".utf8), skipsFirstLineComment: false)
        XCTAssertEqual(unskipped.map(\.kind), [.hash, .name, .endOfFile])
    }

    /// Lexical errors: the message as luac words it, and the range of the offending text.
    func testErrors() {
        let cases: [(source: String, message: String, column: Int, endColumn: Int)] = [
            ("x = 'abc", "unfinished string near <eof>", 5, 9),
            ("x = 'abc\n'", "unfinished string near ''abc'", 5, 9),
            (#"x = "a\qb""#, #"invalid escape sequence near '"a\q'"#, 7, 9),
            (#"x = '\x4g'"#, #"hexadecimal digit expected near ''\x4g'"#, 6, 10),
            (#"x = '\u{110000000}'"#, #"UTF-8 value too large near ''\u{110000000'"#, 6, 18),
            (#"x = '\u{12'"#, #"missing '}' near ''\u{12''"#, 6, 12),
            (#"x = '\u12'"#, #"missing '{' near ''\u1'"#, 6, 9),
            (#"x = '\256'"#, #"decimal escape too large near ''\256''"#, 6, 11),
            ("x = [==[ abc ]=]", "unfinished long string (starting at line 1) near <eof>", 5, 17),
            ("--[[ abc", "unfinished long comment (starting at line 1) near <eof>", 1, 9),
            ("x = [==x", "invalid long string delimiter near '[=='", 5, 8),
            ("x = 3..2", "malformed number near '3..2'", 5, 9),
            ("x = 0x1pz", "malformed number near '0x1pz'", 5, 10),
            ("x = 12xyz", "malformed number near '12x'", 5, 8),
        ]
        for (source, message, column, endColumn) in cases {
            guard let error = lexError(source) else {
                XCTFail("no error for \(source)")
                continue
            }
            XCTAssertEqual(error.message, message, source)
            XCTAssertEqual(error.range.start.column, column, source)
            XCTAssertEqual(error.range.end.column, endColumn, source)
        }
    }
}
