import StyleCore
import StyleLayout
import XCTest

/// Each alignment across each axis, with the distribution `fill`.
final class StackAlignmentTests: XCTestCase {
    func row(_ alignment: String) -> View {
        // 300 wide: widths 50, 60 and 170 (the last stretched); 40 tall, the tallest view.
        Fixture.stack("row", ["spacing": .number(10), "alignment": .enumCase(alignment)],
                      [Fixture.box("a", 50, 20), Fixture.box("b", 60, 40), Fixture.box("c", 70, 30)])
    }

    func column(_ alignment: String) -> View {
        Fixture.stack("column", ["axis": .enumCase("vertical"), "spacing": .number(10), "alignment": .enumCase(alignment)],
                      [Fixture.box("a", 50, 20), Fixture.box("b", 60, 40), Fixture.box("c", 70, 30)])
    }

    func testHorizontalAlignments() {
        let cases: [(String, [Double], [Double])] = [
            // alignment, y of a b c, height of a b c
            ("fill", [0, 0, 0], [40, 40, 40]),
            ("top", [0, 0, 0], [20, 40, 30]),
            ("leading", [0, 0, 0], [20, 40, 30]),
            ("center", [10, 0, 5], [20, 40, 30]),
            ("bottom", [20, 0, 10], [20, 40, 30]),
            ("trailing", [20, 0, 10], [20, 40, 30]),
            // An image view's baseline is its bottom edge: baselines line up as bottoms do.
            ("firstBaseline", [20, 0, 10], [20, 40, 30]),
            ("lastBaseline", [20, 0, 10], [20, 40, 30]),
        ]
        for (alignment, ys, heights) in cases {
            let layout = Fixture.layout(row(alignment), width: 300)
            assertFrames(layout, ["row": frame(0, 0, 300, 40), "a": frame(0, ys[0], 50, heights[0]),
                                  "b": frame(60, ys[1], 60, heights[1]), "c": frame(130, ys[2], 170, heights[2])])
        }
    }

    func testVerticalAlignments() {
        // 300 wide, 20 + 40 + 30 + 2 × 10 = 110 tall.
        let cases: [(String, [Double], [Double])] = [
            // alignment, x of a b c, width of a b c
            ("fill", [0, 0, 0], [300, 300, 300]),
            ("leading", [0, 0, 0], [50, 60, 70]),
            ("top", [0, 0, 0], [50, 60, 70]),
            ("center", [125, 120, 115], [50, 60, 70]),
            ("trailing", [250, 240, 230], [50, 60, 70]),
            ("bottom", [250, 240, 230], [50, 60, 70]),
            // Baselines are for horizontal stacks; a vertical one fills, as UIKit's does.
            ("firstBaseline", [0, 0, 0], [300, 300, 300]),
            ("lastBaseline", [0, 0, 0], [300, 300, 300]),
        ]
        for (alignment, xs, widths) in cases {
            let layout = Fixture.layout(column(alignment), width: 300)
            assertFrames(layout, ["column": frame(0, 0, 300, 110), "a": frame(xs[0], 0, widths[0], 20),
                                  "b": frame(xs[1], 30, widths[1], 40), "c": frame(xs[2], 80, widths[2], 30)])
        }
    }

    func testFirstBaselineAlignsTextOfDifferentSizes() {
        // "Big" at 40: 48 tall, baseline 38 (0.95 em). "small" at 20: 24 tall, baseline 19.
        let root = Fixture.stack("row", ["alignment": .enumCase("firstBaseline"), "spacing": .number(8)],
                                 [Fixture.label("big", "Big", size: 40), Fixture.label("small", "small")])
        // Natural widths 60 and 50; the last label (equal hugging) takes the rest: 300 - 68 = 232.
        assertFrames(Fixture.layout(root, width: 300),
                     ["row": frame(0, 0, 300, 48), "big": frame(0, 0, 60, 48), "small": frame(68, 19, 232, 24)])
    }

    func testFirstAndLastBaselinesOfATwoLineLabel() {
        // "aa\nbb" at 20: two lines, 48 tall, first baseline 19, last 24 + 19 = 43.
        // "X" at 40: 48 tall, baseline 38.
        func row(_ alignment: String) -> View {
            Fixture.stack("row", ["alignment": .enumCase(alignment)],
                          [Fixture.label("two", "aa\nbb", ["numberOfLines": .int(0)]), Fixture.label("x", "X", size: 40)])
        }
        // First baselines 19 and 38: the two-line label moves down 19; 19 + 48 = 67 tall.
        assertFrames(Fixture.layout(row("firstBaseline"), width: 300),
                     ["row": frame(0, 0, 300, 67), "two": frame(0, 19, 20, 48), "x": frame(20, 0, 280, 48)])
        // Last baselines 43 and 38: "X" moves down 5; 5 + 48 = 53 tall.
        assertFrames(Fixture.layout(row("lastBaseline"), width: 300),
                     ["row": frame(0, 0, 300, 53), "two": frame(0, 0, 20, 48), "x": frame(20, 5, 280, 48)])
    }
}
