import StyleCore
import TestSupport
import XCTest
@testable import StyleRun

final class ExplainRendererTests: XCTestCase {
    private func subscribeButton() -> View { subscribeTree().children[1] }

    func testWinnerThenOverriddenContributionsDownToTheDefault() {
        let button = View(kind: Schema.button, id: "subscribe", classes: ["primary"])
        ValueWriter(button)
            .set("titleColor", .color(.black), by: .appearance(kind: "Button"), file: "examples/subscribe.lua", line: 5)
            .set("titleColor", .color(.white), by: .rule(selector: "Button.primary"), file: "examples/subscribe.lua", line: 12)
        XCTAssertEqual(ExplainRenderer().render(button), """
            Button#subscribe.primary
              titleColor: #FFFFFF    rule "Button.primary"  examples/subscribe.lua:12
                overridden: #000000  appearance(Button)     examples/subscribe.lua:5
                overridden: nil      default

            """)
    }

    func testMverReadsAsATransformOfTheValueBeneathIt() {
        let label = View(kind: Schema.label, id: "or")
        ValueWriter(label)
            .set("textColor", .color(colorHex("#222222")), by: .appearance(kind: "Label"), file: "base.lua", line: 40)
            .set("textColor", .color(colorHex("#22222299")), by: .viewStyle(index: 1), file: "app.lua", line: 17,
                 transform: true)
            .set("font", .font(.preferred(.subheadline)), by: .viewStyle(index: 1), file: "app.lua", line: 16)
        XCTAssertEqual(ExplainRenderer().render(label), """
            Label#or
              font: system 15 subheadline  style #1           app.lua:16
                overridden: system 17      default
              textColor: mver → #22222299  style #1           app.lua:17
                overridden: #222222        appearance(Label)  base.lua:40
                overridden: label(light #000000, dark #FFFFFF, highContrastLight #000000, highContrastDark #FFFFFF)  default

            """)
    }

    func testSeveralViewsAreSeparatedByABlankLine() {
        assertSnapshot(ExplainRenderer().render(subscribeTree().children))
    }

    func testColorsDimAndStrikeWhatWasOverridden() {
        let text = ExplainRenderer(terminal: Terminal(colors: true)).render(subscribeButton())
        XCTAssertTrue(text.contains("\u{1B}[2;9m#000000\u{1B}[0m"), text)
        assertSnapshot(text)
    }

    func testAViewWithoutProvenanceOrWithOnlyDefaultsSaysSo() {
        let unrecorded = View(kind: Schema.label, id: "a")
        ValueWriter(unrecorded, provenance: false).set("text", .string("x"))
        let untouched = View(kind: Schema.label, id: "b")
        _ = ValueWriter(untouched)
        XCTAssertEqual(ExplainRenderer().render([unrecorded, untouched]), """
            Label#a
              (no provenance was recorded for this view)

            Label#b
              (every property has its default value)

            """)
    }

    func testHostLocationsHaveNoLineNumber() {
        let view = View(kind: Schema.view, id: "host")
        let styler = ValueWriter(view)
        styler.application.origin = .literal
        styler.application.write(Schema.view.property("alpha")!, .number(0.5), at: .host)
        XCTAssertEqual(ExplainRenderer().render(view), """
            View#host
              alpha: 0.5       literal  <host>
                overridden: 1  default

            """)
    }

    func testJSONFormHasTheSameContent() throws {
        let json = try JSONValue(parsing: ExplainRenderer().renderJSON([subscribeButton()]))
        let view = try XCTUnwrap(json[0])
        XCTAssertEqual(view.keys, ["view", "kind", "id", "classes", "properties", "skipped"])
        XCTAssertEqual(view["view"], "Button#subscribe.primary")
        let titleColor = try XCTUnwrap(view["properties"]?[3])
        XCTAssertEqual(titleColor, [
            "property": "titleColor", "value": "#FFFFFFFF",
            "origin": ["kind": "rule", "selector": "Button.primary"],
            "transform": false, "file": "app.lua", "line": 12, "column": 1,
            "overridden": [
                ["value": "#000000FF", "origin": ["kind": "appearance", "viewKind": "Button"], "transform": false,
                 "file": "app.lua", "line": 5, "column": 1],
                ["value": nil, "origin": ["kind": "default"], "transform": false, "file": nil, "line": nil, "column": nil],
            ],
        ])
        XCTAssertEqual(view["properties"]?[5]?["transform"], true)
    }

    func testJSONOriginsOfEveryStep() {
        let view = View(kind: Schema.view)
        ValueWriter(view)
            .set("alpha", .number(0.7), by: .viewStyle(index: 1))
            .set("alpha", .number(0.8), by: .literal)
            .set("alpha", .number(0.9), by: .viewStyle(index: 2, name: "dimmed",
                                                       attachment: StyleAttachment(.with, at: SourceLocation(file: "app.lua", line: 9, column: 3))))
        let origins = ExplainRenderer().json(for: [view])[0]?["properties"]?[0]
        XCTAssertEqual(origins?["origin"], [
            "kind": "style", "index": 2, "name": "dimmed",
            "attached": ["how": "with", "file": "app.lua", "line": 9, "column": 3],
        ])
        XCTAssertEqual(origins?["overridden"]?[0]?["origin"], ["kind": "literal"])
        XCTAssertEqual(origins?["overridden"]?[1]?["origin"], ["kind": "style", "index": 1, "name": nil, "attached": nil])
    }

    func testNamedStyleOriginSaysHowItWasAttached() {
        let origin = Origin.viewStyle(index: 1, name: "finePrintStyle",
                                      attachment: StyleAttachment(.constructor, at: SourceLocation(file: "app.lua", line: 12)))
        XCTAssertEqual(origin.description, "finePrintStyle (constructor at app.lua:12)")
        XCTAssertEqual(Origin.viewStyle(index: 2).description, "style #2")
        XCTAssertEqual(Origin.viewStyle(index: 2, attachment: StyleAttachment(.call, at: SourceLocation(file: "a.lua", line: 3))).description,
                       "style #2 (called at a.lua:3)")
    }

    func testJSONSnapshot() {
        assertSnapshot(ExplainRenderer().renderJSON([subscribeButton()]))
    }

    func testRulesSkippedByTheirStyleKindAreListedUnderTheView() throws {
        let field = View(kind: Schema.textField, id: "email", classes: ["note"])
        let sheet = Stylesheet()
        let style = Style(kind: Schema.label, operations: [], location: SourceLocation(file: "app.lua", line: 3))
        try sheet.rule(SelectorList.parse(".note", schema: .standard), style, at: SourceLocation(file: "app.lua", line: 3))
        XCTAssertEqual(Cascade(sheet).apply(to: field), [])
        XCTAssertEqual(ExplainRenderer().render([field], skipped: sheet.skippedRules(for:)), """
            TextField#email.note
              (every property has its default value)
              skipped: rule ".note" (a Label style; TextField is not a Label)  app.lua:3

            """)
        let json = ExplainRenderer().json(for: [field], skipped: sheet.skippedRules(for:))
        XCTAssertEqual(json[0]?["skipped"], [["selector": ".note", "styleKind": "Label", "file": "app.lua", "line": 3]])
    }

    func testRuleOriginsCarryTheirNotes() {
        let view = View(kind: Schema.view)
        ValueWriter(view).set("alpha", .number(0.5), by: .rule(selector: ".card"), file: "app.lua", line: 9)
        var renderer = ExplainRenderer()
        renderer.ruleNotes = [".card": "cardStyle at app.lua:12"]
        XCTAssertTrue(renderer.render(view).contains("alpha: 0.5       rule \".card\" (cardStyle at app.lua:12)  app.lua:9"),
                      renderer.render(view))
    }
}
