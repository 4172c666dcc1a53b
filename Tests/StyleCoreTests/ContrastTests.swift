@testable import StyleCore
import XCTest

/// WCAG's luminance and ratio, the compositing of what is behind a text, the large-text rule
/// and the nearest passing colour. Expected numbers are Python's, from WCAG's formulas written
/// out (`lin(v) = v/12.92 if v <= 0.04045 else ((v+0.055)/1.055)**2.4`,
/// `L = 0.2126 R + 0.7152 G + 0.0722 B`, `(L1 + 0.05) / (L2 + 0.05)`).
final class ContrastTests: XCTestCase {
    private func hex(_ s: String) -> Color { Color(hex: s)! }

    func testRelativeLuminanceFollowsWCAG() {
        XCTAssertEqual(Color.white.relativeLuminance, 1, accuracy: 1e-12)
        XCTAssertEqual(Color.black.relativeLuminance, 0, accuracy: 1e-12)
        XCTAssertEqual(hex("#767676").relativeLuminance, 0.18116424424986022, accuracy: 1e-12)
        XCTAssertEqual(hex("#FF0000").relativeLuminance, 0.2126, accuracy: 1e-12)
        XCTAssertEqual(hex("#007AFF").relativeLuminance, 0.21139067233181502, accuracy: 1e-12)
    }

    func testTheLinearSegmentEndsAtWCAG22sThreshold() {
        // 10/255 = 0.0392 is under 0.04045 (linear), 11/255 = 0.0431 over it (the power curve).
        XCTAssertEqual(hex("#0A0A0A").relativeLuminance, 0.003035269835488375, accuracy: 1e-15)
        XCTAssertEqual(hex("#0B0B0B").relativeLuminance, 0.003346535763899161, accuracy: 1e-15)
    }

    func testTheRatioIsSymmetricFromOneToTwentyOne() {
        XCTAssertEqual(ContrastRatio.of(.black, .white), 21, accuracy: 1e-12)
        XCTAssertEqual(ContrastRatio.of(.white, .black), 21, accuracy: 1e-12)
        XCTAssertEqual(ContrastRatio.of(hex("#767676"), hex("#767676")), 1, accuracy: 1e-12)
        XCTAssertEqual(ContrastRatio.of(hex("#767676"), .white), 4.542224959605253, accuracy: 1e-12)
    }

    func testRatiosReadRoundedDownSoThatAFailureNeverReadsAsItsThreshold() {
        XCTAssertEqual(ContrastRatio.text(4.4999), "4.49:1")
        XCTAssertEqual(ContrastRatio.text(4.542), "4.54:1")
        XCTAssertEqual(ContrastRatio.text(21), "21.00:1")
        XCTAssertEqual(ContrastRatio.text(1.16), "1.16:1")
        XCTAssertEqual(ContrastRatio.text(3.05), "3.05:1")
        XCTAssertEqual(ContrastRatio.thresholdText(4.5), "4.5:1")
        XCTAssertEqual(ContrastRatio.thresholdText(7), "7:1")
    }

    func testAViewsAlphaFadesItsTextAndItsBackgroundTogether() {
        // Half white over black is #808080; black text in that view stays black (the text is
        // drawn in the view's layer, over its white, before the layer is faded).
        let layers = [CompositingLayer(opacity: 0.5, fills: [.white])]
        XCTAssertEqual(Compositing.background(under: layers, over: .black).displayHex, "#808080")
        XCTAssertEqual(Compositing.text(.black, under: layers, over: .black).displayHex, "#000000")
        // White text in it is white at half over black: the same grey as its background.
        XCTAssertEqual(Compositing.text(.white, under: layers, over: .black).displayHex, "#808080")
    }

    func testFillsStackBottomFirstAndTranslucentTextShowsTheBackground() {
        let layers = [CompositingLayer(fills: [hex("#FF0000"), hex("#0000FF80")])]
        XCTAssertEqual(Compositing.background(under: layers, over: .white).displayHex, "#7F0080")
        XCTAssertEqual(Compositing.text(hex("#00000080"), under: [], over: .white).displayHex, "#7F7F7F")
        // A translucent screen colour is taken as opaque: the screen has nothing behind it.
        XCTAssertEqual(Compositing.background(under: [], over: Color.white.withAlpha(0.2)).displayHex, "#FFFFFF")
    }

    func testAControlPutInTheDisabledStateIsNotMeasured() {
        let sheet = Stylesheet()
        sheet.addAppearance(Schema.button, T.concat(T.mut(Schema.button, "title", .string("Go")),
                                                    T.mut(Schema.button, "titleColor", .color(hex("#EEEEEE")))))
        let button = T.view(Schema.button, "go")
        XCTAssertEqual(Cascade(sheet).apply(to: button), [])
        XCTAssertEqual(TextContrast.samples(in: button, screen: .light).map(\.part), [.title])
        button.stateOverride = .disabled
        XCTAssertTrue(TextContrast.samples(in: button, screen: .light).isEmpty, "WCAG exempts inactive components")
        button.stateOverride = .highlighted
        XCTAssertEqual(TextContrast.samples(in: button, screen: .light).count, 1)
    }

    func testLargeTextIsEighteenPointsOrFourteenBold() {
        XCTAssertEqual(TextScale(font: .system(17.9)), .normal)
        XCTAssertEqual(TextScale(font: .system(18)), .large)
        XCTAssertEqual(TextScale(font: .system(14, .bold)), .large)
        XCTAssertEqual(TextScale(font: .system(14, .black)), .large)
        XCTAssertEqual(TextScale(font: .system(14, .semibold)), .normal)
        XCTAssertEqual(TextScale(font: .system(13.9, .heavy)), .normal)
    }

    func testThresholdsPerLevelAndSize() {
        XCTAssertEqual(ContrastRequirement(level: .AA, font: .system(17)).minimum, 4.5)
        XCTAssertEqual(ContrastRequirement(level: .AA, font: .system(18)).minimum, 3)
        XCTAssertEqual(ContrastRequirement(level: .AAA, font: .system(17)).minimum, 7)
        XCTAssertEqual(ContrastRequirement(level: .AAA, font: .system(14, .bold)).minimum, 4.5)
        XCTAssertEqual(ContrastRequirement(level: .AA, font: .system(17)).description, "AA, normal text")
    }

    func testTheSuggestionIsTheNearestPassingColourOfTheSameHue() throws {
        let onWhite = { (c: Color) in ContrastRatio.of(c, .white) }
        // The well-known grey: #767676 passes (4.54), #777777 does not (4.48).
        XCTAssertEqual(ContrastSuggestion.nearest(to: hex("#EEEEEE"), minimum: 4.5, ratio: onWhite)?.displayHex, "#767676")
        // On black a dark grey goes lighter.
        let onBlack = { (c: Color) in ContrastRatio.of(c, .black) }
        let lighter = try XCTUnwrap(ContrastSuggestion.nearest(to: hex("#333333"), minimum: 4.5, ratio: onBlack))
        XCTAssertGreaterThanOrEqual(onBlack(lighter), 4.5)
        XCTAssertLessThan(onBlack(Color(red: lighter.red - 1 / 255, green: lighter.green - 1 / 255, blue: lighter.blue - 1 / 255)), 4.5)
        // A red keeps its hue and passes as written in hex.
        let red = try XCTUnwrap(ContrastSuggestion.nearest(to: hex("#FF6666"), minimum: 4.5, ratio: onWhite))
        XCTAssertGreaterThanOrEqual(onWhite(red), 4.5)
        XCTAssertEqual(red.green, red.blue, accuracy: 1 / 255)
        XCTAssertGreaterThan(red.red, red.green)
        XCTAssertEqual(Color(hex: red.displayHex), red)
    }

    func testNoSuggestionWhenNoLightnessOfTheHuePasses() {
        // At 30 % alpha over white even black text is 1.7:1 at best.
        let onWhite = { (c: Color) in ContrastRatio.of(Compositing.text(c, under: [], over: .white), .white) }
        XCTAssertNil(ContrastSuggestion.nearest(to: Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.3), minimum: 4.5, ratio: onWhite))
    }

    /// Every property the walk reads by slot is one of a standard kind's, and reads as the
    /// same property read by name.
    func testTheTreeCacheReadsThePropertiesItNames() {
        let kinds = [Schema.view, Schema.label, Schema.button, Schema.textField, Schema.imageView]
        let cache = TextContrast.TreeCache()
        for path in TextContrast.TreeCache.Path.allCases {
            let owners = kinds.filter { $0.property(path.path) != nil }
            XCTAssertFalse(owners.isEmpty, "\(path.path) is no standard kind's property")
            for kind in kinds {
                let view = View(kind: kind)
                XCTAssertEqual(cache.value(path, of: view), view[path.path], "\(kind.name).\(path.path)")
            }
        }
    }

    /// A cache kept across trait sets and subtrees samples as a new one does each time.
    func testSamplesWithAKeptCacheAreTheSameAsWithANewOne() throws {
        let root = View(kind: Schema.stackView, id: "root")
        let card = View(kind: Schema.view, classes: ["card"])
        let title = View(kind: Schema.label)
        let go = View(kind: Schema.button, id: "go")
        root.addChild(card)
        card.addChild(title)
        card.addChild(go)
        try card.set("backgroundColor", .color(Color(hex: "#202020")!))
        try card.set("alpha", .number(0.8))
        try title.set("text", .string("Hello"))
        try title.set("textColor", .color(Color(hex: "#606060")!))
        try go.set("title", .string("Go"))
        let cache = TextContrast.TreeCache()
        for screen in [ScreenColors.light, .dark, .light] {
            for start in [root, card, go] {
                let kept = TextContrast.samples(in: start, screen: screen, cache: cache)
                let fresh = TextContrast.samples(in: start, screen: screen)
                XCTAssertEqual(fresh.count, start === go ? 1 : 2, "the label's text and the button's title")
                XCTAssertEqual(kept.map(\.ratio), fresh.map(\.ratio))
                XCTAssertEqual(kept.map(\.color), fresh.map(\.color))
                XCTAssertEqual(kept.map(\.sources), fresh.map(\.sources))
            }
        }
    }
}
