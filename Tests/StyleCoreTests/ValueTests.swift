import StyleCore
import XCTest

final class ValueTests: XCTestCase {
    func testHexParsing() throws {
        let cases: [(String, Color?)] = [
            ("#6E40C9", Color(red: 110 / 255, green: 64 / 255, blue: 201 / 255)),
            ("6E40C9", Color(red: 110 / 255, green: 64 / 255, blue: 201 / 255)),
            ("#fff", .white),
            ("#000", .black),
            ("#00000000", .clear),
            ("#FF000080", Color(red: 1, green: 0, blue: 0, alpha: 128 / 255)),
            ("#12", nil), ("#12345", nil), ("#GGG", nil), ("", nil), ("#", nil), ("#1234567", nil),
        ]
        for (text, expected) in cases { XCTAssertEqual(Color(hex: text), expected, text) }
    }

    func testHexPrintingRoundsToNearestAndClamps() {
        XCTAssertEqual(Color(hex: "#6e40c9")!.hex, "#6E40C9FF")
        XCTAssertEqual(Color(red: 0.5, green: 0.2, blue: 1.0 / 3).hex, "#803355FF")
        XCTAssertEqual(Color(red: 0.499 / 255, green: 0.501 / 255, blue: 254.6 / 255, alpha: 0.5).hex, "#0001FF80")
        XCTAssertEqual(Color(red: 1.2, green: -0.1, blue: 0, alpha: 2).hex, "#FF0000FF")
        XCTAssertEqual(Color.white.withAlpha(0.25).hex, "#FFFFFF40")
    }

    func testFormatNumber() {
        XCTAssertEqual(formatNumber(16), "16")
        XCTAssertEqual(formatNumber(-3), "-3")
        XCTAssertEqual(formatNumber(0.85), "0.85")
        XCTAssertEqual(formatNumber(1e20), "1e+20")
    }

    func testFonts() {
        // A preferred font follows its text style from its size at large.
        XCTAssertEqual(Font.preferred(.headline), Font(size: 17, weight: .semibold, scaling: Font.Scaling(textStyle: .headline, sizeAtLarge: 17)))
        XCTAssertEqual(Font.preferred(.caption2), Font.system(11).scaled(.caption2))
        XCTAssertEqual(Font.system(15).bolded.italicized.smallCapitalized,
                       Font(size: 15, weight: .bold, italic: true, smallCaps: true))
        XCTAssertEqual(Font(name: "Menlo", size: 12).withSize(14).withWeight(.light), Font(name: "Menlo", size: 14, weight: .light))
    }

    func testInsetsAndSizeFields() {
        var i = Insets(vertical: 4, horizontal: 8)
        XCTAssertEqual(i, Insets(top: 4, left: 8, bottom: 4, right: 8))
        i["bottom"] = 32
        XCTAssertEqual(i["bottom"], 32)
        XCTAssertNil(i["middle"])
        var s = Size.zero
        s["height"] = 3
        XCTAssertEqual(s, Size(width: 0, height: 3))
    }

    func testValueTypeParsing() {
        XCTAssertEqual(ValueType(parsing: "Color?"), .optional(.color))
        XCTAssertEqual(ValueType(parsing: " Number "), .number)
        XCTAssertEqual(ValueType(parsing: "left|right")?.description, "left|right")
        XCTAssertEqual(ValueType(parsing: "Int?")?.description, "Int?")
        XCTAssertNil(ValueType(parsing: "Colour"))
        XCTAssertNil(ValueType(parsing: "a|"))
        XCTAssertNil(ValueType(parsing: "a|b c"))
    }

    func testChecksAndTheirMessages() {
        let alpha = Schema.view.property("alpha")!
        let axis = Schema.stackView.property("axis")!
        let lines = Schema.label.property("numberOfLines")!
        let background = Schema.view.property("backgroundColor")!
        let image = Schema.button.property("image")!
        // (property, value, expected value or message)
        let cases: [(Property, Value, Expected)] = [
            (alpha, .number(0.5), .value(.number(0.5))),
            (alpha, .int(1), .value(.number(1))),
            (alpha, .string("1"), .message("'View.alpha' expects Number, got String.")),
            (alpha, .number(1.5), .message("The value 1.5 is out of range for 'View.alpha' (0…1).")),
            (alpha, .number(.nan), .message("'View.alpha' expects a finite number, got NaN (0/0).")),
            (alpha, .null, .message("'View.alpha' expects Number, got nil.")),
            (lines, .number(3), .value(.int(3))),
            (lines, .number(2.5), .message("'Label.numberOfLines' expects an Int, got 2.5.")),
            (lines, .int(-1), .message("The value -1 is out of range for 'Label.numberOfLines' (≥ 0).")),
            (axis, .string("vertical"), .value(.enumCase("vertical"))),
            (axis, .string("diagonal"), .message("The value 'diagonal' is invalid for 'StackView.axis'; use 'horizontal' or 'vertical'.")),
            (background, .string("#FFF"), .value(.color(.white))),
            (background, .null, .value(.null)),
            (background, .string("red"), .message("'red' is not a color for 'View.backgroundColor'; write '#RGB', '#RRGGBB' or '#RRGGBBAA'. Did you mean 'color.red'?")),
            (background, .number(1), .message("'View.backgroundColor' expects Color or nil, got Number.")),
            (image, .string("logo"), .value(.image(.named("logo")))),
        ]
        for (property, value, expected) in cases {
            switch (property.check(value), expected) {
            case (.success(let v), .value(let e)): XCTAssertEqual(v, e, "\(value)")
            case (.failure(let error), .message(let e)): XCTAssertEqual(error.message(for: property.qualifiedName), e)
            case (let got, _): XCTFail("\(property.qualifiedName) \(value): got \(got), expected \(expected)")
            }
        }
    }

    private enum Expected { case value(Value), message(String) }

    func testEnumCaseSuggestion() {
        guard case .failure(let e) = Schema.stackView.property("axis")!.check(.string("verticl")) else { return XCTFail() }
        XCTAssertEqual(e.suggestions, ["vertical"])
        XCTAssertEqual(e.code, .invalidEnum)
    }
}
