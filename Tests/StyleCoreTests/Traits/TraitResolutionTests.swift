import XCTest
@testable import StyleCore

/// `Value.resolved(for:)`, the one entry point the cascade calls, for every trait that matters.
final class TraitResolutionTests: XCTestCase {
    private let ink = DynamicColor(light: Color(hex: "#111111")!, dark: Color(hex: "#222222")!,
                                   highContrastLight: Color(hex: "#333333")!, highContrastDark: Color(hex: "#444444")!)

    /// Every colour scheme × contrast, with every other trait at a non-default value too.
    func testADynamicColourBecomesTheColourOfTheTraitsSchemeAndContrast() {
        let expected: [ColorScheme: [Contrast: String]] = [
            .light: [.normal: "#111111", .high: "#333333"], .dark: [.normal: "#222222", .high: "#444444"],
        ]
        for scheme in ColorScheme.allCases {
            for contrast in Contrast.allCases {
                for other in [Traits(), Traits(contentSize: .accessibilityExtraExtraExtraLarge, horizontalSizeClass: .regular,
                                               verticalSizeClass: .compact, layoutDirection: .rightToLeft)] {
                    var traits = other
                    traits.colorScheme = scheme
                    traits.contrast = contrast
                    XCTAssertEqual(Value.dynamicColor(ink).resolved(for: traits), .color(Color(hex: expected[scheme]![contrast]!)!), "\(traits)")
                }
            }
        }
    }

    func testTheLabelColourIsBlackAtTheDefaultsAndWhiteInDark() {
        XCTAssertEqual(Value.dynamicColor(.label).resolved(for: .default), .color(.black))
        XCTAssertEqual(Value.dynamicColor(.label).resolved(for: Traits(colorScheme: .dark)), .color(.white))
        XCTAssertEqual(Value.dynamicColor(.label).resolved(for: Traits(colorScheme: .dark, contrast: .high)), .color(.white))
    }

    /// Every content size for a preferred font; colour scheme and contrast leave it alone.
    func testAPreferredFontTakesTheContentSizesSizeAndKeepsItsStyle() {
        for size in ContentSize.allCases {
            for scheme in ColorScheme.allCases {
                let resolved = Value.font(.preferred(.title2)).resolved(for: Traits(colorScheme: scheme, contentSize: size))
                XCTAssertEqual(resolved, .font(Font.preferred(.title2).resolved(for: size)), "\(size)")
                guard case .font(let f) = resolved else { return XCTFail() }
                XCTAssertEqual(f.size, Font.TextStyle.title2.size(at: size))
                XCTAssertEqual(f.textStyle, .title2)
            }
        }
        XCTAssertEqual(Value.font(.preferred(.body)).resolved(for: Traits(contentSize: .extraSmall)).description, "system 14 body")
    }

    func testResolvingIsIdempotentAndLeavesPlainValuesAlone() {
        let traits = Traits(colorScheme: .dark, contentSize: .accessibilityLarge, contrast: .high)
        let values: [Value] = [.dynamicColor(ink), .dynamicColor(.systemBackground), .font(.preferred(.caption1)),
                               .font(Font(name: "Lato", size: 20).scaled(.body)), .number(1), .int(2), .bool(true),
                               .string("x"), .color(.white), .font(.system(17)), .insets(.zero), .size(.zero),
                               .image(.named("logo")), .enumCase("vertical"), .null]
        for value in values {
            let once = value.resolved(for: traits)
            XCTAssertEqual(once.resolved(for: traits), once, "\(value)")
            XCTAssertFalse(once.dependsOnTraits && !(once.isFont), "\(value) resolved still depends on colour traits")
            if !value.dependsOnTraits { XCTAssertEqual(once, value, "\(value) is itself") }
        }
        XCTAssertTrue(Value.dynamicColor(ink).dependsOnTraits)
        XCTAssertTrue(Value.font(.preferred(.body)).dependsOnTraits)
        XCTAssertFalse(Value.font(.system(17)).dependsOnTraits)
        XCTAssertFalse(Value.color(.black).dependsOnTraits)
    }
}

private extension Value {
    var isFont: Bool { if case .font = self { return true } else { return false } }
}
