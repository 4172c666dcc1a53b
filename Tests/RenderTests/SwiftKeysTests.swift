import Foundation
import StyleRun
import XCTest

/// The typed Swift keys of the standard kinds are generated from the schema.
final class SwiftKeysTests: XCTestCase {
    private let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/StyleCore/StandardKeys.swift")

    /// Regenerate with `SNAPSHOT_RECORD=1 swift test --filter SwiftKeysTests` when the schema changes.
    func testTheShippedKeysAreUpToDateWithTheSchema() throws {
        let generated = SwiftKeys().render()
        if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" {
            try generated.write(to: shipped, atomically: true, encoding: .utf8)
            XCTFail("Recorded Sources/StyleCore/StandardKeys.swift; run again without SNAPSHOT_RECORD to check it.")
            return
        }
        let text = try String(contentsOf: shipped, encoding: .utf8)
        XCTAssertEqual(text, generated, "StandardKeys.swift is stale; run with SNAPSHOT_RECORD=1 to regenerate it")
    }

    func testEveryPropertyOfEveryKindHasATypedKeyOfItsType() {
        let text = SwiftKeys().render()
        for line in [
            "public static let textColor = PropertyKey<Color>(\"textColor\", kind: \"Label\")",
            "public static let backgroundColor = PropertyKey<Color?>(\"backgroundColor\", kind: \"Button\")",
            "public static let titleLabel = LabelKeys(prefix: \"titleLabel.\", kind: \"Button\")",
            "public static let axis = PropertyKey<Axis>(\"axis\", kind: \"StackView\")",
            "public var cornerRadius: PropertyKey<Double> { PropertyKey<Double>(prefix + \"cornerRadius\", kind: kind) }",
            "case `default`, asciiCapable,",
            "public static var stackView: Kind { Schema.stackView }",
        ] {
            XCTAssertTrue(text.contains(line), "missing: \(line)")
        }
    }
}
