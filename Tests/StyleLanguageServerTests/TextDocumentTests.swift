import Foundation
import XCTest

@testable import StyleLanguageServer

final class TextDocumentTests: XCTestCase {
    func testPositionsCountUTF16() {
        var doc = TextDocument(uri: "file:///a.lua", version: 1, text: "é😀x = 1\nsecond\r\nthird")
        XCTAssertEqual(doc.offset(of: Position(line: 0, character: 3)), 6)
        XCTAssertEqual(doc.position(ofOffset: 6), Position(line: 0, character: 3))
        XCTAssertEqual(doc.position(line: 1, characterColumn: 3), Position(line: 0, character: 3))
        XCTAssertEqual(doc.offset(of: Position(line: 2, character: 99)), doc.bytes.count)
        doc.apply(range: LSPRange(start: Position(line: 1, character: 0), end: Position(line: 2, character: 0)), text: "")
        XCTAssertEqual(doc.text, "é😀x = 1\nthird")
        doc.apply(range: nil, text: "all new")
        XCTAssertEqual(doc.text, "all new")
    }

    /// The one place a client's positions are made safe: every request reads them through it.
    func testClientPositionsAndRangesAreClampedIntoTheDocument() {
        let doc = TextDocument(uri: "file:///a.lua", version: 1, text: "é😀x\nsecond\n")
        func p(_ l: Int, _ c: Int) -> Position { Position(line: l, character: c) }
        let cases: [(Position, Position)] = [
            (p(0, 0), p(0, 0)), (p(0, 2), p(0, 3)),      // inside the surrogate pair: after it
            (p(0, 4), p(0, 4)), (p(0, 99), p(0, 4)),     // past the end of the line: its end
            (p(1, 6), p(1, 6)), (p(2, 5), p(2, 0)),      // the empty last line
            (p(7, 3), p(2, 0)), (p(Int(Int32.max), Int(Int32.max)), p(2, 0)),
        ]
        for (asked, clamped) in cases { XCTAssertEqual(doc.clamped(asked), clamped, "\(asked)") }
        let inverted = LSPRange(start: p(1, 3), end: p(0, 99))
        XCTAssertEqual(doc.clamped(inverted), LSPRange(start: p(0, 4), end: p(1, 3)))
        XCTAssertEqual(doc.offsets(of: inverted), 7..<11)
        XCTAssertEqual(Position(["line": 1, "character": -1]), nil)
        XCTAssertEqual(Position(["line": 1.5, "character": 0]), nil)
        XCTAssertEqual(Position(["line": 1e300, "character": 0]), p(Int(Int32.max), 0))
        XCTAssertNil(lspInteger(.number(.nan)))
        XCTAssertNil(lspInteger(.number(.infinity)))
        XCTAssertEqual(lspInteger(.number(42)), 42)
    }
}
