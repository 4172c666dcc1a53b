import StyleCore
import StyleLayout
import XCTest

/// Why each view has its size: the words the tree text, the JSON and the inspector show, for
/// every rule that decides a width or a height.
final class LayoutReasonTests: XCTestCase {
    func reasons(_ layout: Layout, _ id: String, file: StaticString = #filePath, line: UInt = #line) -> (String, String) {
        var pending = [layout.root]
        while let view = pending.popLast() {
            if view.id == id, let laid = layout.layout(of: view) { return (laid.widthReason, laid.heightReason) }
            pending += view.children
        }
        XCTFail("no view #\(id)", file: file, line: line)
        return ("", "")
    }

    func row(_ distribution: String, alignment: String = "fill", _ children: [View]? = nil) -> View {
        Fixture.stack("row", ["axis": .enumCase("horizontal"), "spacing": .number(10),
                              "distribution": .enumCase(distribution), "alignment": .enumCase(alignment)],
                      children ?? [Fixture.box("a", 50, 20), Fixture.box("b", 60, 40), Fixture.box("c", 70, 30)])
    }

    func testAPlainViewsChildrenAndTheirConstraints() throws {
        let root = Fixture.view(Schema.view, "screen", ["layoutMargins": .insets(Insets(top: 8, left: 8, bottom: 8, right: 8))], [
            Fixture.box("free", 50, 20),
            Fixture.view(Schema.view, "sized", ["width": .number(100), "height": .number(30)]),
            Fixture.view(Schema.view, "byHeight", ["height": .number(20), "aspectRatio": .number(2)]),
            Fixture.view(Schema.view, "byWidth", ["width": .number(60), "aspectRatio": .number(3)]),
        ])
        let layout = Fixture.layout(root, width: 320)
        XCTAssertTrue(reasons(layout, "screen") == ("the screen (320)", "its content"))
        XCTAssertTrue(reasons(layout, "free") == ("the margins of View#screen", "its content"))
        XCTAssertTrue(reasons(layout, "sized") == ("width constraint", "height constraint"))
        XCTAssertTrue(reasons(layout, "byHeight") == ("height × aspectRatio", "height constraint"))
        XCTAssertTrue(reasons(layout, "byWidth") == ("width constraint", "width ÷ aspectRatio"))
        XCTAssertEqual(layout.layout(of: root)?.reason, "width: the screen (320); height: its content")
    }

    func testFillStretchesHugsAndCompresses() {
        let roomy = Fixture.layout(row("fill"), width: 300)
        XCTAssertEqual(reasons(roomy, "c").0, "fill of StackView#row: stretched (the lowest hugging, 251)")
        XCTAssertEqual(reasons(roomy, "a").0, "fill of StackView#row: its content (hugging 251)")
        XCTAssertEqual(reasons(roomy, "a").1, "alignment fill of StackView#row")
        let exact = Fixture.layout(row("fill"), width: 200)
        XCTAssertEqual(reasons(exact, "b").0, "its content (fill of StackView#row)")
        let narrow = Fixture.layout(row("fill"), width: 150)
        XCTAssertEqual(reasons(narrow, "c").0, "fill of StackView#row: compressed (compression resistance 750)")
        XCTAssertEqual(reasons(narrow, "a").0, "its content (fill of StackView#row)")
    }

    func testEqualAndProportionalDistributions() {
        XCTAssertEqual(reasons(Fixture.layout(row("fillEqually"), width: 300), "b").0, "fillEqually of StackView#row")
        XCTAssertEqual(reasons(Fixture.layout(row("fillProportionally"), width: 300), "a").0,
                       "fillProportionally of StackView#row (50 of 180)")
        let empty = row("fillProportionally", [Fixture.view(Schema.view, "x"), Fixture.view(Schema.view, "y")])
        XCTAssertEqual(reasons(Fixture.layout(empty, width: 300), "y").0, "fillProportionally of StackView#row (no content: equal)")
        let single = row("equalSpacing", [Fixture.box("only", 50, 20)])
        XCTAssertEqual(reasons(Fixture.layout(single, width: 300), "only").0,
                       "equalSpacing of StackView#row (its only view, pinned to both ends)")
        let centred = row("equalCentering", [Fixture.box("only", 50, 20)])
        XCTAssertEqual(reasons(Fixture.layout(centred, width: 300), "only").0,
                       "equalCentering of StackView#row (its only view, pinned to both ends)")
        XCTAssertEqual(reasons(Fixture.layout(row("equalSpacing"), width: 300), "b").0, "its content (equalSpacing of StackView#row)")
    }

    func testAlignmentsBaselinesAndHiddenViews() throws {
        XCTAssertEqual(reasons(Fixture.layout(row("fill", alignment: "center"), width: 200), "a").1,
                       "its content (alignment center of StackView#row)")
        XCTAssertEqual(reasons(Fixture.layout(row("fill", alignment: "top"), width: 200), "a").1,
                       "its content (alignment top of StackView#row)")
        let texts = row("fill", alignment: "lastBaseline", [Fixture.label("big", "Hi", size: 30), Fixture.label("small", "there")])
        XCTAssertEqual(reasons(Fixture.layout(texts, width: 300), "small").1, "its content (on the last baseline of StackView#row)")
        let hiding = row("fill", [Fixture.box("a", 50, 20), Fixture.box("gone", 60, 40, ["isHidden": .bool(true)])])
        let layout = Fixture.layout(hiding, width: 300)
        XCTAssertTrue(reasons(layout, "gone") == ("hidden: takes no space in StackView#row", "hidden: takes no space in StackView#row"))
        let column = Fixture.stack("column", ["axis": .enumCase("vertical"), "alignment": .enumCase("leading")],
                                   [Fixture.box("a", 50, 20), Fixture.view(Schema.view, "fixed", ["width": .number(30), "height": .number(5)])])
        let vertical = Fixture.layout(column, width: 300)
        XCTAssertTrue(reasons(vertical, "a") == ("its content (alignment leading of StackView#column)", "its content (fill of StackView#column)"))
        XCTAssertTrue(reasons(vertical, "fixed") == ("width constraint", "height constraint"))
    }

    func testAReasonGivenAsTextIsThatText() {
        var laid = ViewLayout(frame: .zero, widthReason: "a host's own", heightReason: "its content")
        XCTAssertEqual(laid.reason, "width: a host's own; height: its content")
        laid.heightReason = "changed"
        XCTAssertEqual(laid.heightReason, "changed")
        XCTAssertEqual(laid, ViewLayout(frame: .zero, widthReason: "a host's own", heightReason: "changed"))
        XCTAssertNotEqual(laid, ViewLayout(frame: .zero, widthReason: "another", heightReason: "changed"))
    }
}
