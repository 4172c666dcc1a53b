@testable import StyleLanguageServer
import XCTest

/// `CursorContext`'s forward scan: strings, comments and long brackets skipped, the brackets
/// left open before the cursor, and where the cursor is when it is inside a string or a comment.
final class CursorContextTests: XCTestCase {
    private func context(_ text: String) -> CursorContext {
        CursorContext(bytes: Array(text.utf8), offset: text.utf8.count)
    }

    private func open(_ c: CursorContext) -> [String] {
        c.brackets.map { "\(Character(Unicode.Scalar($0.byte)))\($0.offset)" }
    }

    func testAnUnfinishedStringHoldsTheCursor() {
        let c = context("mut(StackView.axis, \"ver")
        XCTAssertEqual(c.string?.start, 20)
        XCTAssertEqual(c.string?.quote, UInt8(ascii: "\""))
        XCTAssertEqual(open(c), ["(3"])
        XCTAssertFalse(c.inComment)
        // An escaped quote does not end it.
        XCTAssertEqual(context("a(\"b\\\"c").string?.start, 2)
        // A finished one is skipped, brackets inside it too.
        let done = context("f(\"(\", 'x{', ")
        XCTAssertNil(done.string)
        XCTAssertEqual(open(done), ["(1"])
    }

    func testLongBracketsAreSkippedAtTheirOwnLevel() {
        XCTAssertEqual(open(context("x = [[ a ( b ]] f(")), ["(17"])
        // `]]` does not close a level-2 string.
        let leveled = context("x = [==[ a ]] ( ]==] {")
        XCTAssertNil(leveled.string)
        XCTAssertEqual(open(leveled), ["{21"])
        // Unfinished: the cursor is in it.
        XCTAssertEqual(context("x = [==[ unfinished ]=]").string?.start, 4)
        XCTAssertEqual(context("x = [==[ unfinished ]=]").string?.quote, UInt8(ascii: "["))
        // A plain `[` is a bracket.
        XCTAssertEqual(open(context("t[ f(")), ["[1", "(4"])
    }

    func testCommentsAreSkippedOrHoldTheCursor() {
        XCTAssertEqual(open(context("f( -- a ( comment\n g{")), ["(1", "{20"])
        XCTAssertTrue(context("x = 1 -- a line comment").inComment)
        XCTAssertTrue(context("f( --[[ open ( comment ").inComment)
        let closed = context("f( --[==[ a ]] ( ]==] g(")
        XCTAssertFalse(closed.inComment)
        XCTAssertEqual(open(closed), ["(1", "(23"])
    }

    func testClosedBracketsAreLeft() {
        XCTAssertEqual(open(context("a(b{c[1]}) d({")), ["(12", "{13"])
        XCTAssertEqual(open(context(")) x(")), ["(4"], "closers without openers are ignored")
    }
}
