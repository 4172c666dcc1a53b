import StyleCore
import StyleLayout
import XCTest

/// Hidden views, margins, nesting and right-to-left stacks.
final class StackArrangementTests: XCTestCase {
    func testAHiddenViewTakesNoSpaceNorSpacing() {
        let root = Fixture.stack("row", ["spacing": .number(10)],
                                 [Fixture.box("a", 50, 20), Fixture.box("b", 60, 40, ["isHidden": .bool(true)]), Fixture.box("c", 70, 30)])
        // a and c with one gap: 300 - 120 - 10 = 170 spare, to c. b sits empty where it would be.
        let layout = Fixture.layout(root, width: 300)
        assertFrames(layout, ["row": frame(0, 0, 300, 30), "a": frame(0, 0, 50, 30), "b": frame(60, 0, 0, 30),
                              "c": frame(60, 0, 240, 30)])
        XCTAssertEqual(layout.layout(of: root.children[1])?.widthReason, "hidden: takes no space in StackView#row")
    }

    func testAHiddenViewInAVerticalStack() {
        let root = Fixture.stack("column", ["axis": .enumCase("vertical"), "spacing": .number(10)],
                                 [Fixture.box("a", 50, 20), Fixture.box("b", 60, 40, ["isHidden": .bool(true)]), Fixture.box("c", 70, 30)])
        assertFrames(Fixture.layout(root, width: 300),
                     ["column": frame(0, 0, 300, 60), "a": frame(0, 0, 300, 20), "b": frame(0, 30, 300, 0), "c": frame(0, 30, 300, 30)])
    }

    func testMarginsRelativeArrangementInsetsTheViews() {
        let margins = Value.insets(Insets(top: 10, left: 20, bottom: 5, right: 30))
        func row(relative: Bool) -> View {
            Fixture.stack("row", ["spacing": .number(10), "layoutMargins": margins,
                                  "isLayoutMarginsRelativeArrangement": .bool(relative)],
                          [Fixture.box("a", 50, 20), Fixture.box("b", 60, 40)])
        }
        // Relative: content 250 wide from x 20, 40 tall from y 10; the stack is 10 + 40 + 5 tall.
        assertFrames(Fixture.layout(row(relative: true), width: 300),
                     ["row": frame(0, 0, 300, 55), "a": frame(20, 10, 50, 40), "b": frame(80, 10, 190, 40)])
        // Not relative (UIKit's default): the margins are ignored.
        assertFrames(Fixture.layout(row(relative: false), width: 300),
                     ["row": frame(0, 0, 300, 40), "a": frame(0, 0, 50, 40), "b": frame(60, 0, 240, 40)])
    }

    func testNestedStacks() {
        // A column (spacing 8, leading) of a row (50×20 and 60×40, spacing 10) and a 100×30 box.
        let row = Fixture.stack("row", ["spacing": .number(10)], [Fixture.box("a", 50, 20), Fixture.box("b", 60, 40)])
        let root = Fixture.stack("column", ["axis": .enumCase("vertical"), "spacing": .number(8), "alignment": .enumCase("leading")],
                                 [row, Fixture.box("c", 100, 30)])
        // The row is as wide as its content (120) under leading alignment, and fills its own height.
        assertFrames(Fixture.layout(root, width: 300),
                     ["column": frame(0, 0, 300, 78), "row": frame(0, 0, 120, 40), "a": frame(0, 0, 50, 40),
                      "b": frame(60, 0, 60, 40), "c": frame(0, 48, 100, 30)])
    }

    func testNestedStackInsideAPlainViewsMargins() {
        let row = Fixture.stack("row", ["distribution": .enumCase("fillEqually"), "spacing": .number(4)],
                                [Fixture.box("a", 10, 10), Fixture.box("b", 10, 20)])
        let root = Fixture.view(Schema.view, "screen", ["layoutMargins": .insets(Insets(all: 16))], [row])
        // 320 - 32 = 288 wide; (288 - 4) / 2 = 142 each.
        assertFrames(Fixture.layout(root, width: 320),
                     ["screen": frame(0, 0, 320, 52), "row": frame(16, 16, 288, 20), "a": frame(16, 16, 142, 20),
                      "b": frame(162, 16, 142, 20)])
    }

    func testRightToLeftMirrorsAHorizontalStack() {
        let root = Fixture.stack("row", ["spacing": .number(10)],
                                 [Fixture.box("a", 50, 20), Fixture.box("b", 60, 40), Fixture.box("c", 70, 30)])
        // Leading is the right edge: a at 250…300, b at 180…240, c (stretched to 170) at 0…170.
        assertFrames(Fixture.layout(root, width: 300, direction: .rightToLeft),
                     ["a": frame(250, 0, 50, 40), "b": frame(180, 0, 60, 40), "c": frame(0, 0, 170, 40)])
    }

    func testRightToLeftMirrorsLeadingAlignmentAndMargins() {
        let root = Fixture.stack("column", ["axis": .enumCase("vertical"), "alignment": .enumCase("leading"),
                                            "isLayoutMarginsRelativeArrangement": .bool(true),
                                            "layoutMargins": .insets(Insets(top: 0, left: 20, bottom: 0, right: 10))],
                                 [Fixture.box("a", 50, 20)])
        // Content 270 wide from x 20; leading in right to left is its right edge, 290.
        assertFrames(Fixture.layout(root, width: 300, direction: .rightToLeft), ["a": frame(240, 0, 50, 20)])
        assertFrames(Fixture.layout(root, width: 300), ["a": frame(20, 0, 50, 20)])
    }
}
