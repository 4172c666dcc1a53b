import StyleCore
import StyleLua
import XCTest

/// Mistakes in using the API that are not about a property, in the words both the runtime and
/// lint's static pass use.
final class APIMisuseTests: XCTestCase {
    func testRGBScaleSuggestsTheConvertedCall() {
        XCTAssertTrue(APIMisuse.looksLikeUnitScale([0.5, 0.85, 1]))
        XCTAssertFalse(APIMisuse.looksLikeUnitScale([0, 1, 1]), "whole numbers are 0–255 already")
        XCTAssertFalse(APIMisuse.looksLikeUnitScale([128, 0.5, 1]))
        XCTAssertEqual(APIMisuse.rgbScale(channels: [0.5, 0.85, 1], alpha: 0.85).suggestion, "rgb(128, 217, 255, 0.85)")
        XCTAssertEqual(APIMisuse.rgbScale(channels: [0.2, 0.2, 0.2], alpha: nil).suggestion, "rgb(51, 51, 51)")
        XCTAssertEqual(APIMisuse.rgbScale(channels: [0.2, 0.2, 0.2], alpha: nil).severity, .warning)
    }

    func testUnknownMembersListWhatExistsWhenNothingIsClose() {
        let misuse = APIMisuse.unknownMember(owner: "font", name: "zzz", members: ["system", "preferred", "named"])
        XCTAssertNil(misuse.suggestion)
        XCTAssertEqual(misuse.message, "'font' has no member 'zzz'; it has 'named', 'preferred', 'system'.")
        XCTAssertEqual(misuse.code, .unknownMember)
    }
}
