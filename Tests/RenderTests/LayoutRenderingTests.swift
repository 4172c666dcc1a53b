import StyleCore
import StyleLayout
import StyleRun
import StyleText
import XCTest

/// Frames in the tree text and the JSON (`--layout`), measured with the uniform measurer so
/// every number is worked out by hand: a 20-point character is 10 wide, a line 24 tall.
final class LayoutRenderingTests: XCTestCase {
    func laidOut() throws -> (View, Layout) {
        let root = View(kind: Schema.stackView, id: "root")
        try root.set("axis", .enumCase("vertical"))
        let title = View(kind: Schema.label, id: "title")
        try title.set("text", .string("Hello world"))
        try title.set("font", .font(.system(20)))
        let note = View(kind: Schema.label, id: "note")
        try note.set("text", .string("abcdefghijkl"))
        try note.set("font", .font(.system(20)))
        root.addChild(title)
        root.addChild(note)
        // 100 wide: "Hello world" (110) and "abcdefghijkl" (120) truncate to 9 characters and "…".
        let layout = LayoutEngine(measurer: UniformTextMeasurer()).layout(root, options: LayoutOptions(width: 100))
        return (root, layout)
    }

    func testTheTreeTextGivesEachViewItsFrameAndTruncation() throws {
        let (root, layout) = try laidOut()
        let text = TreeTextRenderer(frames: layout.frames).render(root)
        XCTAssertEqual(text, """
            StackView#root
            │  frame: 0,0 100×48
            │  axis: vertical
            ├─ Label#title
            │     frame: 0,0 100×24
            │     truncated: line 1, 9 of 11 characters shown, with "…"
            │     text: "Hello world"
            │     font: system 20
            └─ Label#note
                  frame: 0,24 100×24
                  truncated: line 1, 9 of 12 characters shown, with "…"
                  text: "abcdefghijkl"
                  font: system 20

            """)
        // Without frames, the text is as before.
        XCTAssertFalse(TreeTextRenderer().render(root).contains("frame:"))
        // With colours, the same lines.
        let styled = TreeTextRenderer(terminal: Terminal(colors: true), frames: layout.frames).render(root)
        XCTAssertTrue(styled.contains("frame:\u{1B}[0m 0,24 100×24") || styled.contains("frame:") && styled.contains(" 0,24 100×24"), styled)
    }

    func testTheJSONGivesEachViewAFrameAndTheStreamedTextIsTheValue() throws {
        let (root, layout) = try laidOut()
        let renderer = TreeJSONRenderer(frames: layout.frames)
        let json = renderer.json(for: root)
        XCTAssertEqual(renderer.render(root), json.serialized(.pretty) + "\n", "the streamed text is the JSON value")
        let note = try XCTUnwrap(json["children"]?[1])
        XCTAssertEqual(note["frame"], ["x": .number(0), "y": .number(24), "width": .number(100), "height": .number(24)])
        XCTAssertEqual(note["truncation"], ["line": .number(1), "charactersShown": .number(9), "characters": .number(12),
                                            "ellipsis": .bool(true)])
        XCTAssertEqual(note["frameReason"], .string("width: alignment fill of StackView#root; height: its content (fill of StackView#root)"))
        XCTAssertNil(TreeJSONRenderer().json(for: root)["frame"])
    }
}
