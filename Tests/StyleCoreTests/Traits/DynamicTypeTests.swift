import Foundation
import XCTest
@testable import StyleCore

/// The Dynamic Type table, scaling and how fonts that follow a text style print.
final class DynamicTypeTests: XCTestCase {
    /// UIKit's default Dynamic Type table typed again here, from Apple's HIG ("Typography /
    /// Dynamic Type sizes", iOS), not copied from the source: one row per text style, the
    /// columns xS S M L xL xxL xxxL AX1 AX2 AX3 AX4 AX5.
    private let independent: [(String, [Double])] = [
        ("largeTitle", [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]),
        ("title1", [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]),
        ("title2", [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]),
        ("title3", [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]),
        ("headline", [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
        ("body", [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
        ("callout", [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]),
        ("subheadline", [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]),
        ("footnote", [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]),
        ("caption1", [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]),
        ("caption2", [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]),
    ]

    func testTheTableIsUIKitsEveryCell() {
        XCTAssertEqual(independent.map(\.0), Font.TextStyle.allCases.map(\.rawValue))
        for (name, row) in independent {
            let style = Font.TextStyle(rawValue: name)!
            XCTAssertEqual(row.count, ContentSize.allCases.count, name)
            for (size, expected) in zip(ContentSize.allCases, row) {
                XCTAssertEqual(style.size(at: size), expected, "\(name) at \(size)")
                // A preferred font resolved there has exactly the table's size.
                XCTAssertEqual(Font.preferred(style).resolved(for: size).size, expected, "\(name) at \(size)")
            }
            XCTAssertEqual(style.size(at: .large), style.size, "\(name)'s row meets its size at large")
        }
    }

    func testTheSpecsFourCellsOfBody() {
        XCTAssertEqual(Font.TextStyle.body.size(at: .large), 17)
        XCTAssertEqual(Font.TextStyle.body.size(at: .extraSmall), 14)
        XCTAssertEqual(Font.TextStyle.body.size(at: .extraExtraExtraLarge), 23)
        XCTAssertEqual(Font.TextStyle.body.size(at: .accessibilityExtraExtraExtraLarge), 53)
    }

    /// The reference's table is read back cell by cell, so the docs and the code cannot drift.
    func testTheReferencesTableIsTheCodesEveryCell() throws {
        let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/REFERENCE.md")
        let text = try String(contentsOf: reference, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "<!-- dynamic-type: generated from DynamicType.referenceTable -->\n"))
        let end = try XCTUnwrap(text.range(of: "<!-- /dynamic-type -->", range: start.upperBound..<text.endIndex))
        let lines = text[start.upperBound..<end.lowerBound].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        func cells(_ line: String) -> [String] {
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "") }
        }
        // The header names the content sizes in order.
        let header = cells(lines[0])
        let abbreviations: [String: ContentSize] = [
            "xS": .extraSmall, "S": .small, "M": .medium, "L": .large, "xL": .extraLarge, "xxL": .extraExtraLarge,
            "xxxL": .extraExtraExtraLarge, "AX1": .accessibilityMedium, "AX2": .accessibilityLarge,
            "AX3": .accessibilityExtraLarge, "AX4": .accessibilityExtraExtraLarge, "AX5": .accessibilityExtraExtraExtraLarge,
        ]
        let columns = try header.dropFirst().map { try XCTUnwrap(abbreviations[$0], "unknown column '\($0)'") }
        XCTAssertEqual(columns, ContentSize.allCases, "the columns are every content size, in order")
        var seen: [Font.TextStyle] = []
        for line in lines.dropFirst(2) {
            let row = cells(line)
            let style = try XCTUnwrap(Font.TextStyle(rawValue: row[0]), "unknown text style '\(row[0])'")
            seen.append(style)
            XCTAssertEqual(row.count - 1, columns.count, "\(style): a cell per content size")
            for (size, cell) in zip(columns, row.dropFirst()) {
                XCTAssertEqual(Double(cell), style.size(at: size), "docs' \(style) at \(size)")
            }
        }
        XCTAssertEqual(seen, Font.TextStyle.allCases, "a row per text style, in order")
    }

    func testScaledFollowsTheStyleProportionallyRoundedToWholePoints() {
        let lato = Font(name: "Lato-Bold", size: 20).scaled(.body)
        XCTAssertEqual(lato.textStyle, .body)
        XCTAssertEqual(lato.resolved(for: .large).size, 20)
        XCTAssertEqual(lato.resolved(for: .extraSmall).size, 16)                    // 16.47
        XCTAssertEqual(lato.resolved(for: .extraExtraExtraLarge).size, 27)          // 27.06
        XCTAssertEqual(lato.resolved(for: .accessibilityMedium).size, 33)           // 32.94
        XCTAssertEqual(lato.resolved(for: .accessibilityExtraExtraExtraLarge).size, 62)  // 62.35
        // Scaling by a style of another row: caption2 does not grow until extraLarge.
        let small = Font.system(22).scaled(.caption2)
        XCTAssertEqual(small.resolved(for: .extraSmall).size, 22)
        XCTAssertEqual(small.resolved(for: .extraLarge).size, 26)                   // 22 × 13/11
        // Halves round up: 17 × 15/17 × … a size of 8.5 × 2 at large stays, 17 at xS is 14.
        XCTAssertEqual(DynamicType.scaled(8.5, by: .body, at: .large), 9)
        XCTAssertEqual(DynamicType.scaled(0, by: .largeTitle, at: .accessibilityExtraExtraExtraLarge), 0)
    }

    func testResolvingAgainStartsFromTheSizeAtLarge() {
        let body = Font.preferred(.body)
        let big = body.resolved(for: .accessibilityExtraExtraExtraLarge)
        XCTAssertEqual(big.size, 53)
        XCTAssertEqual(big.resolved(for: .extraSmall).size, 14, "not 53 scaled again")
        XCTAssertEqual(big.resolved(for: .accessibilityExtraExtraExtraLarge), big, "idempotent")
        // A size set on a resolved font (an mver at a large content size) stays that size.
        let bumped = big.withSize(55)
        XCTAssertEqual(bumped.resolved(for: .accessibilityExtraExtraExtraLarge).size, 55)
        XCTAssertEqual(bumped.textStyle, .body)
        // A fixed font is itself at every size.
        XCTAssertEqual(Font.system(17).resolved(for: .accessibilityExtraExtraExtraLarge), .system(17))
    }

    func testAFontShowsItsTextStyle() {
        XCTAssertEqual(Value.font(.preferred(.body)).description, "system 17 body")
        XCTAssertEqual(Value.font(.preferred(.headline)).description, "system 17 semibold headline")
        XCTAssertEqual(Value.font(Font(name: "Lato", size: 20).scaled(.title1).italicized).description, "Lato 20 title1 italic")
        XCTAssertEqual(Value.font(.preferred(.body).resolved(for: .extraExtraExtraLarge)).description, "system 23 body")
        XCTAssertEqual(Value.font(.system(17)).description, "system 17")
    }
}
