import Foundation
import StyleRun
import XCTest

/// Screenshots and pixel comparison through headless Chromium, on pages whose pixels are known.
final class ChromiumTests: XCTestCase {
    private func chromium() throws -> Chromium {
        guard let chromium = Chromium.find() else {
            throw XCTSkip("Chromium is not installed (apt-get install chromium, or set STYLERUN_CHROMIUM): screenshots cannot be tested here.")
        }
        return chromium
    }

    /// A 100×80 red page with a 50×`height` box of `color` in its top left corner.
    private func page(box color: String, height: Int) -> String {
        #"<html><body style="margin:0;background:#f00"><div style="width:50px;height:\#(height)px;background:\#(color)"></div></body></html>"#
    }

    func testDifferingPixelsAreCountedAndPaintedInTheDiffImage() throws {
        let chromium = try chromium()
        let a = try chromium.screenshot(html: page(box: "#00f", height: 50), width: 100, height: 80)
        let b = try chromium.screenshot(html: page(box: "#0f0", height: 40), width: 100, height: 80)
        let same = try chromium.compare(a, a)
        XCTAssertEqual(same.width, 100)
        XCTAssertEqual(same.height, 80)
        XCTAssertEqual(same.differentPixels, 0)
        XCTAssertNil(same.diffImage)
        // 50×40 blue against green, and 50×10 blue against red.
        let different = try chromium.compare(a, b)
        XCTAssertEqual(different.differentPixels, 2500)
        let diff = try XCTUnwrap(different.diffImage)
        XCTAssertEqual(Array(diff.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(try chromium.compare(diff, diff).differentPixels, 0, "the diff image is a PNG Chromium reads back")
    }

    func testImagesOfDifferentSizesAreNotComparedPixelByPixel() throws {
        let chromium = try chromium()
        let small = try chromium.screenshot(html: page(box: "#00f", height: 50), width: 60, height: 60)
        let large = try chromium.screenshot(html: page(box: "#00f", height: 50), width: 100, height: 80)
        let comparison = try chromium.compare(small, large)
        XCTAssertEqual(comparison.width, 60)
        XCTAssertEqual(comparison.otherSize?.width, 100)
        XCTAssertEqual(comparison.otherSize?.height, 80)
    }

    func testAFileThatIsNotAPNGIsAClearFailure() throws {
        let chromium = try chromium()
        XCTAssertThrowsError(try chromium.compare(Data("not a png".utf8), Data("nor this".utf8))) { error in
            XCTAssertEqual((error as? Chromium.Failure)?.message, "Chromium could not compare the images: an image is not a PNG Chromium can decode.")
        }
    }
}
