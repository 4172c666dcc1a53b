import StyleCore
import XCTest

/// The spellings of a colour: every printer reads these, so they are pinned here once.
final class ColorTextTests: XCTestCase {
    func testEachSpellingOfAColour() {
        let cases: [(Color, hex: String, display: String, css: String)] = [
            (Color(red: 0, green: 0, blue: 1), "#0000FFFF", "#0000FF", "rgba(0, 0, 255, 1)"),
            (Color(red: 0, green: 0, blue: 1, alpha: 0.5), "#0000FF80", "#0000FF80", "rgba(0, 0, 255, 0.5)"),
            (Color.black.withAlpha(0.6), "#00000099", "#00000099", "rgba(0, 0, 0, 0.6)"),
            (Color.clear, "#00000000", "#00000000", "rgba(0, 0, 0, 0)"),
            // An alpha whose byte rounds to 255 is opaque to every spelling that shows bytes.
            (Color(red: 1, green: 1, blue: 1, alpha: 0.999), "#FFFFFFFF", "#FFFFFF", "rgba(255, 255, 255, 0.999)"),
            (Color(red: 0.499 / 255, green: 0.501 / 255, blue: 254.6 / 255), "#0001FFFF", "#0001FF", "rgba(0, 1, 255, 1)"),
            (Color(red: 1.2, green: -0.1, blue: 0, alpha: 2), "#FF0000FF", "#FF0000", "rgba(255, 0, 0, 1)"),
        ]
        for (color, hex, display, css) in cases {
            XCTAssertEqual(color.hex, hex, "\(color)")
            XCTAssertEqual(color.displayHex, display, "\(color)")
            XCTAssertEqual(color.css, css, "\(color)")
        }
    }

    func testBytesAreRoundedToTheNearestAndClamped() {
        let b = Color(red: 0.6, green: 0.3, blue: 1.5, alpha: -1).bytes
        XCTAssertEqual([b.red, b.green, b.blue, b.alpha], [153, 77, 255, 0])
        XCTAssertEqual(Color.alphaText(0.12345), "0.123")
        XCTAssertEqual(Color.alphaText(1), "1")
    }
}
