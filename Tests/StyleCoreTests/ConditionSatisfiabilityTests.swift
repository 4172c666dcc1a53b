import XCTest
@testable import StyleCore

/// `Condition.exclusion`: which sets of `when` conditions no state and traits satisfy.
final class ConditionSatisfiabilityTests: XCTestCase {
    private func table(_ entries: [(String, [String])]) throws -> Condition {
        var c = Condition()
        for (name, values) in entries { try c.add(name, values) }
        return c
    }

    func testContentSizeComparisonsAtTheEnds() throws {
        let cases: [(String, Condition.Exclusion?)] = [
            ("> accessibilityExtraExtraExtraLarge", .trait(.contentSize)),
            ("< extraSmall", .trait(.contentSize)),
            (">= accessibilityExtraExtraExtraLarge", nil),
            ("<= extraSmall", nil),
            ("> large", nil),
        ]
        for (comparison, expected) in cases {
            let c = try table([("contentSize", [comparison])])
            XCTAssertEqual(Condition.exclusion([c], context: .control), expected, comparison)
        }
    }

    func testNestedConditionsExcludeEachOther() throws {
        let dark = try table([("colorScheme", ["dark"])]), light = try table([("colorScheme", ["light"])])
        XCTAssertEqual(Condition.exclusion([dark, light], context: .control), .trait(.colorScheme))
        XCTAssertNil(Condition.exclusion([dark, try table([("colorScheme", ["light", "dark"])])], context: .control))
        let big = try table([("contentSize", [">= accessibilityMedium"])]), small = try table([("contentSize", ["small", "large"])])
        XCTAssertEqual(Condition.exclusion([big, small], context: .control), .trait(.contentSize))
        let normal = try Condition.parse(state: "normal").get(), pressed = try Condition.parse(state: "highlighted").get()
        XCTAssertEqual(Condition.exclusion([normal, pressed], context: .control), .state)
        XCTAssertNil(Condition.exclusion([pressed, try Condition.parse(state: "selected").get()], context: .control))
    }

    func testStateAgainstWhatTheViewsCanBe() throws {
        let pressed = try Condition.parse(state: "highlighted").get()
        XCTAssertEqual(Condition.exclusion([pressed], context: .init(mayBeControl: false)), .state)
        XCTAssertEqual(Condition.exclusion([pressed], context: .init(mayBeControl: true, requiresNormal: true)), .state)
        XCTAssertNil(Condition.exclusion([pressed], context: .init(mayBeControl: true, required: .selected)))
        let normal = try Condition.parse(state: "normal").get()
        XCTAssertEqual(Condition.exclusion([normal], context: .init(mayBeControl: true, required: .disabled)), .state)
        // A trait condition holds for views that are not controls.
        XCTAssertNil(Condition.exclusion([try table([("colorScheme", ["dark"])])], context: .init(mayBeControl: false)))
    }
}
