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
}
