import XCTest
@testable import StyleCore

/// Dynamic colours: resolution by colour scheme and contrast, fallbacks, variants by name,
/// per-variant functions, checks against Color properties and how they print.
final class DynamicColorTests: XCTestCase {
    private let c1 = Color(hex: "#111111")!, c2 = Color(hex: "#222222")!
    private let c3 = Color(hex: "#333333")!, c4 = Color(hex: "#444444")!

    func testEachCombinationOfSchemeAndContrastTakesItsVariant() {
        let full = DynamicColor(light: c1, dark: c2, highContrastLight: c3, highContrastDark: c4)
        XCTAssertEqual(full.resolved(colorScheme: .light, contrast: .normal), c1)
        XCTAssertEqual(full.resolved(colorScheme: .dark, contrast: .normal), c2)
        XCTAssertEqual(full.resolved(colorScheme: .light, contrast: .high), c3)
        XCTAssertEqual(full.resolved(colorScheme: .dark, contrast: .high), c4)
    }

    func testAMissingHighContrastVariantIsItsSchemesNormalOne() {
        let two = DynamicColor(light: c1, dark: c2)
        XCTAssertEqual(two.resolved(colorScheme: .light, contrast: .high), c1)
        XCTAssertEqual(two.resolved(colorScheme: .dark, contrast: .high), c2)
        let onlyDark = DynamicColor(light: c1, dark: c2, highContrastDark: c4)
        XCTAssertEqual(onlyDark.resolved(colorScheme: .light, contrast: .high), c1)
        XCTAssertEqual(onlyDark.resolved(colorScheme: .dark, contrast: .high), c4)
        XCTAssertNil(onlyDark[given: .highContrastLight])
        XCTAssertEqual(onlyDark[.highContrastLight], c1)
    }

    func testVariantsByNameSuggestTheClosest() {
        XCTAssertEqual(try DynamicColor.Variant.parse("highContrastDark").get(), .highContrastDark)
        let cases: [(String, String)] = [
            ("drak", "'color.dynamic' has no variant 'drak'. Did you mean 'dark'?"),
            ("lihgt", "'color.dynamic' has no variant 'lihgt'. Did you mean 'light'?"),
            ("highContrastLigth", "'color.dynamic' has no variant 'highContrastLigth'. Did you mean 'highContrastLight'?"),
            ("zzzzzzzz", "'color.dynamic' has no variant 'zzzzzzzz'. It takes light, dark, highContrastLight, highContrastDark."),
        ]
        for (input, message) in cases {
            guard case .failure(let e) = DynamicColor.Variant.parse(input) else { return XCTFail(input) }
            XCTAssertEqual(e.message, message)
        }
        XCTAssertEqual(DynamicColorError.missingVariant(.dark).message,
                       "'color.dynamic' needs 'dark': give both light and dark (highContrastLight and highContrastDark are optional).")
    }

    func testAColourFunctionAppliesToEveryGivenVariant() {
        let half = DynamicColor.label.map { $0.withAlpha(0.5) }
        XCTAssertEqual(half.light, Color.black.withAlpha(0.5))
        XCTAssertEqual(half.dark, Color.white.withAlpha(0.5))
        XCTAssertEqual(half.highContrastDark, Color.white.withAlpha(0.5))
        XCTAssertNil(half.name, "no longer UIKit's label")
        XCTAssertNil(DynamicColor(light: c1, dark: c2).map { $0 }.highContrastLight, "a missing variant stays missing")
    }

    func testADynamicColourIsValidForEveryColorProperty() {
        let value = Value.dynamicColor(DynamicColor(light: c1, dark: c2))
        XCTAssertEqual(ValueType.color.check(value), .success(value))
        XCTAssertEqual(ValueType.optional(.color).check(value), .success(value))
        XCTAssertEqual(value.typeName, "Color")
        guard case .failure(.typeMismatch) = ValueType.font.check(value) else { return XCTFail("a colour is no font") }
        for kind in Schema.standard.order {
            for property in kind.properties where property.type.wrapped == .color {
                XCTAssertEqual(property.check(value), .success(value), "\(kind.name).\(property.path)")
            }
        }
    }

    func testItPrintsEveryVariant() {
        XCTAssertEqual(Value.dynamicColor(.label).description,
                       "label(light #000000, dark #FFFFFF, highContrastLight #000000, highContrastDark #FFFFFF)")
        XCTAssertEqual(Value.dynamicColor(DynamicColor(light: c1, dark: c2.withAlpha(0.5))).description,
                       "dynamic(light #111111, dark #22222280, highContrastLight #111111, highContrastDark #22222280)")
    }
}
