import Foundation
import XCTest
@testable import StyleCore

/// UIKit's semantic colours: their values, the reference's table of them and the screen's background.
final class SemanticColorsTests: XCTestCase {
    /// UIKit's values typed again here as hex (light, dark, high-contrast light, high-contrast
    /// dark; `#RRGGBBAA` where not opaque), not derived from the source's 0–255 channels.
    private let independent: [(String, [String])] = [
        ("label", ["#000000", "#FFFFFF", "#000000", "#FFFFFF"]),
        ("secondaryLabel", ["#3C3C4399", "#EBEBF599", "#3C3C43CC", "#EBEBF5B3"]),
        ("tertiaryLabel", ["#3C3C434D", "#EBEBF54D", "#3C3C438F", "#EBEBF566"]),
        ("quaternaryLabel", ["#3C3C432E", "#EBEBF529", "#3C3C434D", "#EBEBF542"]),
        ("placeholderText", ["#3C3C434D", "#EBEBF54D", "#3C3C438F", "#EBEBF566"]),
        ("link", ["#007AFF", "#0984FF", "#0040DD", "#409CFF"]),
        ("separator", ["#3C3C434A", "#54545899", "#3C3C435E", "#545458B3"]),
        ("systemBackground", ["#FFFFFF", "#000000", "#FFFFFF", "#000000"]),
        ("secondarySystemBackground", ["#F2F2F7", "#1C1C1E", "#EBEBF0", "#242426"]),
        ("tertiarySystemBackground", ["#FFFFFF", "#2C2C2E", "#FFFFFF", "#363638"]),
        ("systemFill", ["#78788033", "#7878805C", "#78788047", "#78788070"]),
        ("systemBlue", ["#007AFF", "#0A84FF", "#0040DD", "#409CFF"]),
        ("systemRed", ["#FF3B30", "#FF453A", "#D70015", "#FF6961"]),
        ("systemGreen", ["#34C759", "#30D158", "#248A3D", "#30DB5B"]),
        ("systemOrange", ["#FF9500", "#FF9F0A", "#C93400", "#FFB340"]),
        ("systemYellow", ["#FFCC00", "#FFD60A", "#B25000", "#FFD426"]),
        ("systemPink", ["#FF2D55", "#FF375F", "#D30F45", "#FF6482"]),
        ("systemPurple", ["#AF52DE", "#BF5AF2", "#8944AB", "#DA8FFF"]),
        ("systemTeal", ["#30B0C7", "#40C8E0", "#008299", "#5DE6FF"]),
        ("systemIndigo", ["#5856D6", "#5E5CE6", "#3634A3", "#7D7AFF"]),
        ("systemGray", ["#8E8E93", "#8E8E93", "#6C6C70", "#AEAEB2"]),
    ]

    func testEveryColourHasUIKitsFourValues() {
        XCTAssertEqual(DynamicColor.semanticColors.map(\.name), independent.map(\.0), "the spec's colours, in order")
        for (name, hexes) in independent {
            let c = DynamicColor.semantic[name]!
            XCTAssertEqual(DynamicColor.Variant.allCases.map { c[given: $0]!.displayHex }, hexes, name)
        }
    }

    func testTheReferencesTableIsTheCodes() throws {
        let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/REFERENCE.md")
        let text = try String(contentsOf: reference, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "<!-- semantic-colors: generated from DynamicColor.referenceTable -->\n"))
        let end = try XCTUnwrap(text.range(of: "<!-- /semantic-colors -->", range: start.upperBound..<text.endIndex))
        let written = text[start.upperBound..<end.lowerBound].trimmingCharacters(in: .newlines)
        if written != DynamicColor.referenceTable.trimmingCharacters(in: .newlines) {
            XCTFail("docs/REFERENCE.md §1.2's table of semantic colours differs from the code's; it should read:\n" + DynamicColor.referenceTable)
        }
        XCTAssertTrue(DynamicColor.referenceTable.contains("| `color.secondaryLabel` | `#3C3C4399` | `#EBEBF599` |"))
    }

    func testTheScreenStandsOnSystemBackground() {
        XCTAssertEqual(DynamicColor.screenBackground(for: .default), .white)
        XCTAssertEqual(DynamicColor.screenBackground(for: Traits(colorScheme: .dark)), .black)
        XCTAssertEqual(Traits(colorScheme: .dark, contrast: .high).screenBackground, .black)
        XCTAssertEqual(Traits(contentSize: .extraSmall).screenBackground, .white)
    }

    func testLabelsAndTextFieldsDefaultToTheLabelColour() {
        for kind in [Kind.label, Kind.textField] {
            let property = kind.properties.first { $0.path == "textColor" }!
            XCTAssertEqual(property.defaultValue, .dynamicColor(.label), kind.name)
            // A new view holds it as the default traits take it: black, as before.
            XCTAssertEqual(View(kind: kind)["textColor"], .color(.black), kind.name)
        }
    }
}
