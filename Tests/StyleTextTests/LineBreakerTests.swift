import StyleLayout
@testable import StyleText
import XCTest

/// Line breaking over advances of 10 points a character (an ellipsis is 10 too), so every
/// expectation is counted by hand.
final class LineBreakerTests: XCTestCase {
    func breaker(_ text: String) -> LineBreaker {
        let characters = Array(text)
        return LineBreaker(characters: characters, advances: characters.map { $0.isNewline ? 0 : 10 }, ellipsisWidth: 10)
    }

    func testOneLineThatFitsIsItsWidth() {
        XCTAssertEqual(breaker("Hello").lines(maxWidth: 100, numberOfLines: 1, mode: .byTruncatingTail),
                       .init(lineWidths: [50], truncation: nil))
        XCTAssertEqual(breaker("Hello").lines(maxWidth: nil, numberOfLines: 1, mode: .byTruncatingTail),
                       .init(lineWidths: [50], truncation: nil))
    }

    func testTruncationOfOneLineInEachMode() {
        // "Hello world" is 110; in 60 an ellipsis (10) leaves room for 5 characters.
        let text = breaker("Hello world")
        let cases: [(LineBreakMode, Double, Int, Bool)] = [
            (.byTruncatingTail, 60, 5, true),    // "Hello…"
            (.byTruncatingHead, 60, 5, true),    // "…world"
            (.byTruncatingMiddle, 60, 5, true),  // "Hel…ld"
            (.byClipping, 60, 6, false),         // "Hello " cut at the edge
            (.byCharWrapping, 60, 6, false),
            (.byWordWrapping, 60, 6, false),     // "Hello " (the word that fits)
        ]
        for (mode, width, shown, ellipsis) in cases {
            let result = text.lines(maxWidth: 60, numberOfLines: 1, mode: mode)
            XCTAssertEqual(result.truncation, Truncation(line: 1, charactersShown: shown, characters: 11, ellipsis: ellipsis), "\(mode)")
            XCTAssertLessThanOrEqual(result.lineWidths[0], width, "\(mode)")
        }
    }

    func testWordWrappingBreaksAtSpacesAndTrailingSpacesHang() {
        // "one two three" in 80: "one two" (70) then "three" (50).
        XCTAssertEqual(breaker("one two three").lines(maxWidth: 80, numberOfLines: 0, mode: .byWordWrapping).lineWidths, [70, 50])
        // In 70 exactly, "one two" still fits.
        XCTAssertEqual(breaker("one two three").lines(maxWidth: 70, numberOfLines: 0, mode: .byWordWrapping).lineWidths, [70, 50])
        // In 60, "one" then "two" then "three".
        XCTAssertEqual(breaker("one two three").lines(maxWidth: 60, numberOfLines: 0, mode: .byWordWrapping).lineWidths, [30, 30, 50])
    }

    func testAWordWiderThanTheLineBreaksBetweenCharacters() {
        XCTAssertEqual(breaker("abcdefgh ij").lines(maxWidth: 30, numberOfLines: 0, mode: .byWordWrapping).lineWidths,
                       [30, 30, 20, 20])
    }

    func testCharacterWrappingFillsEachLine() {
        XCTAssertEqual(breaker("one two three").lines(maxWidth: 60, numberOfLines: 0, mode: .byCharWrapping).lineWidths,
                       [60, 60, 10])  // "one tw", "o thre", "e"
    }

    func testHardLineBreaksStartLines() {
        XCTAssertEqual(breaker("ab\ncdef").lines(maxWidth: nil, numberOfLines: 0, mode: .byWordWrapping).lineWidths, [20, 40])
        // One line shows the first paragraph only, and says the rest is cut.
        XCTAssertEqual(breaker("ab\ncdef").lines(maxWidth: nil, numberOfLines: 1, mode: .byTruncatingTail).truncation,
                       Truncation(line: 1, charactersShown: 2, characters: 7, ellipsis: true))
    }

    func testALimitOnLinesTruncatesTheLastLine() {
        // "aa bb cc dd ee" in 50 wraps to three lines; on two: "aa bb", then "cc dd ee" truncated
        // into 50 with an ellipsis, "cc d…" (4 characters and the ellipsis); wrapping cuts after
        // "cc dd" instead (11 characters shown, the space before "ee" not counted).
        let result = breaker("aa bb cc dd ee").lines(maxWidth: 50, numberOfLines: 2, mode: .byTruncatingTail)
        XCTAssertEqual(result.lineWidths, [50, 50])
        XCTAssertEqual(result.truncation, Truncation(line: 2, charactersShown: 6 + 4, characters: 14, ellipsis: true))
        let cut = breaker("aa bb cc dd ee").lines(maxWidth: 50, numberOfLines: 2, mode: .byWordWrapping)
        XCTAssertEqual(cut.lineWidths, [50, 50])
        XCTAssertEqual(cut.truncation, Truncation(line: 2, charactersShown: 6 + 5, characters: 14, ellipsis: false))
    }
}
