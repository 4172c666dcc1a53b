import StyleCore
import StyleLayout
import XCTest

/// Each distribution along each axis, with three children of intrinsic sizes 50×20, 60×40
/// and 70×30 and a spacing of 10 (content 180 + spacing 20 = 200 along a horizontal axis).
final class StackDistributionTests: XCTestCase {
    func row(_ distribution: String, alignment: String = "fill", _ extra: [String: Value] = [:]) -> View {
        var p: [String: Value] = ["axis": .enumCase("horizontal"), "spacing": .number(10),
                                  "distribution": .enumCase(distribution), "alignment": .enumCase(alignment)]
        p.merge(extra) { $1 }
        return Fixture.stack("row", p, [Fixture.box("a", 50, 20), Fixture.box("b", 60, 40), Fixture.box("c", 70, 30)])
    }

    func column(_ distribution: String, alignment: String = "fill") -> View {
        Fixture.stack("column", ["axis": .enumCase("vertical"), "spacing": .number(10), "height": .number(200),
                                 "distribution": .enumCase(distribution), "alignment": .enumCase(alignment)],
                      [Fixture.box("a", 50, 20), Fixture.box("b", 60, 40), Fixture.box("c", 70, 30)])
    }

    // Horizontal, 300 wide: 100 points to spare.

    func testHorizontalFillStretchesTheLastOfEqualHugging() {
        // All three hug at 251: the last of them takes the 100 points.
        let layout = Fixture.layout(row("fill"), width: 300)
        assertFrames(layout, ["row": frame(0, 0, 300, 40), "a": frame(0, 0, 50, 40), "b": frame(60, 0, 60, 40),
                              "c": frame(130, 0, 170, 40)])
        XCTAssertTrue(layout.layout(of: layout.root.children[2])!.widthReason.contains("stretched"))
    }

    func testHorizontalFillStretchesTheLowestHugging() {
        // A plain view hugs at 250, below the image views' 251: it takes the room.
        let root = Fixture.stack("row", ["spacing": .number(10)],
                                 [Fixture.box("a", 50, 20), Fixture.view(Schema.view, "spacer"), Fixture.box("c", 70, 30)])
        assertFrames(Fixture.layout(root, width: 300),
                     ["a": frame(0, 0, 50, 30), "spacer": frame(60, 0, 160, 30), "c": frame(230, 0, 70, 30)])
    }

    func testHorizontalFillCompressesTheLastWhenTooNarrow() {
        // 150 wide: 50 too few; the last view (all resist at 750) gives them up.
        assertFrames(Fixture.layout(row("fill"), width: 150),
                     ["a": frame(0, 0, 50, 40), "b": frame(60, 0, 60, 40), "c": frame(130, 0, 20, 40)])
    }

    func testAConstraintIsNotStretched() {
        let root = Fixture.stack("row", ["spacing": .number(10)],
                                 [Fixture.box("a", 50, 20), Fixture.box("b", 60, 40, ["width": .number(60)])])
        // b holds its width constraint: a, the only flexible view, takes the 230 points.
        assertFrames(Fixture.layout(root, width: 300), ["a": frame(0, 0, 230, 40), "b": frame(240, 0, 60, 40)])
    }

    func testHorizontalFillEqually() {
        // (300 - 20) / 3 = 93.33 each.
        assertFrames(Fixture.layout(row("fillEqually"), width: 300),
                     ["a": frame(0, 0, 93.333, 40), "b": frame(103.333, 0, 93.333, 40), "c": frame(206.667, 0, 93.333, 40)])
    }

    func testHorizontalFillProportionally() {
        // 280 points shared 50 : 60 : 70.
        assertFrames(Fixture.layout(row("fillProportionally"), width: 300),
                     ["a": frame(0, 0, 77.778, 40), "b": frame(87.778, 0, 93.333, 40), "c": frame(191.111, 0, 108.889, 40)])
    }

    func testHorizontalEqualSpacing() {
        // The 100 spare points go to the two gaps: 10 + 50 each.
        assertFrames(Fixture.layout(row("equalSpacing"), width: 300),
                     ["a": frame(0, 0, 50, 40), "b": frame(110, 0, 60, 40), "c": frame(230, 0, 70, 40)])
    }

    func testHorizontalEqualCentering() {
        // Centres 25 and 265 at the ends, 145 between: (300 - 25 - 35) / 2 = 120 apart.
        assertFrames(Fixture.layout(row("equalCentering"), width: 300),
                     ["a": frame(0, 0, 50, 40), "b": frame(115, 0, 60, 40), "c": frame(230, 0, 70, 40)])
    }

    func testHorizontalEqualSpacingTooNarrowCompressesAsFill() {
        assertFrames(Fixture.layout(row("equalSpacing"), width: 150),
                     ["a": frame(0, 0, 50, 40), "b": frame(60, 0, 60, 40), "c": frame(130, 0, 20, 40)])
    }

    // Vertical, 300 wide and 200 tall: 200 - 90 - 20 = 90 points to spare.

    func testVerticalFill() {
        assertFrames(Fixture.layout(column("fill"), width: 300),
                     ["column": frame(0, 0, 300, 200), "a": frame(0, 0, 300, 20), "b": frame(0, 30, 300, 40),
                      "c": frame(0, 80, 300, 120)])
    }

    func testVerticalFillEqually() {
        // (200 - 20) / 3 = 60 each.
        assertFrames(Fixture.layout(column("fillEqually"), width: 300),
                     ["a": frame(0, 0, 300, 60), "b": frame(0, 70, 300, 60), "c": frame(0, 140, 300, 60)])
    }

    func testVerticalFillProportionally() {
        // 180 points shared 20 : 40 : 30.
        assertFrames(Fixture.layout(column("fillProportionally"), width: 300),
                     ["a": frame(0, 0, 300, 40), "b": frame(0, 50, 300, 80), "c": frame(0, 140, 300, 60)])
    }

    func testVerticalEqualSpacing() {
        // 90 spare points: gaps of 10 + 45.
        assertFrames(Fixture.layout(column("equalSpacing"), width: 300),
                     ["a": frame(0, 0, 300, 20), "b": frame(0, 75, 300, 40), "c": frame(0, 170, 300, 30)])
    }

    func testVerticalEqualCentering() {
        // Centres 10 and 185 at the ends: (200 - 10 - 15) / 2 = 87.5 apart, b's centre at 97.5.
        assertFrames(Fixture.layout(column("equalCentering"), width: 300),
                     ["a": frame(0, 0, 300, 20), "b": frame(0, 77.5, 300, 40), "c": frame(0, 170, 300, 30)])
    }

    func testAFittingStackIsItsContent() {
        // With no height, a vertical stack is as tall as its views and spacing: 90 + 20.
        let root = Fixture.stack("column", ["axis": .enumCase("vertical"), "spacing": .number(10), "distribution": .enumCase("fillEqually")],
                                 [Fixture.box("a", 50, 20), Fixture.box("b", 60, 40)])
        // fillEqually fits the largest: two of 40, and 10 between.
        assertFrames(Fixture.layout(root, width: 300),
                     ["column": frame(0, 0, 300, 90), "a": frame(0, 0, 300, 40), "b": frame(0, 50, 300, 40)])
    }
}
