import StyleCore
import TestSupport
import XCTest
@testable import StyleRun

final class TreeTextRendererTests: XCTestCase {
    func testSubscribeTreeWithGuides() {
        XCTAssertEqual(TreeTextRenderer().render(subscribeTree()), """
            StackView#root
            │  layoutMargins: 16, 16, 16, 16
            │  axis: vertical
            │  spacing: 16
            ├─ Label#title
            │     text: "Subscribe to Point-Free"
            │     font: system 20
            ├─ Button#subscribe.primary
            │     layer.cornerRadius: 6
            │     layer.masksToBounds: true
            │     title: "See subscription options"
            │     titleColor: #FFFFFF
            │     backgroundImage: image(#974DFF)
            │     titleLabel.font: system 17 bold
            │     contentEdgeInsets: 8, 16, 8, 16
            └─ View.card
               │  backgroundColor: #F5F5F580
               └─ Label
                     text: "or"
                     textColor: #00000099

            """)
    }

    func testDeepTreesContinueTheGuidesOfUnfinishedAncestors() {
        let root = View(kind: Schema.view, id: "a")
        let b = View(kind: Schema.view, id: "b"), c = View(kind: Schema.view, id: "c")
        let d = View(kind: Schema.view, id: "d"), e = View(kind: Schema.view, id: "e")
        root.addChild(b); root.addChild(e); b.addChild(c); b.addChild(d)
        ValueWriter(d).set("alpha", .number(0.5))
        XCTAssertEqual(TreeTextRenderer().render(root), """
            View#a
            ├─ View#b
            │  ├─ View#c
            │  └─ View#d
            │        alpha: 0.5
            └─ View#e

            """)
    }

    func testAllListsEveryPropertyBeneathTheView() {
        let text = TreeTextRenderer(all: true).render(View(kind: Schema.stackView))
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.count, 1 + Schema.stackView.properties.count)
        XCTAssertEqual(lines.first, "StackView")
        XCTAssertTrue(lines.contains("   layoutMargins: 8, 8, 8, 8"))
        XCTAssertTrue(lines.contains("   backgroundColor: nil"))
        XCTAssertTrue(lines.contains("   layer.shadowOffset: 0×0"))
        XCTAssertEqual(lines.last, "   isLayoutMarginsRelativeArrangement: false")
    }

    func testColorsAddSwatchesAndStyleNames() {
        assertSnapshot(TreeTextRenderer(terminal: Terminal(colors: true)).render(subscribeTree()))
    }

    func testValuesReadTheWayDesignersWriteThem() {
        let cases: [(Value, String)] = [
            (.number(16), "16"),
            (.number(0.85), "0.85"),
            (.int(0), "0"),
            (.bool(false), "false"),
            (.string("Hi \"you\"\nthere"), #""Hi \"you\"\nthere""#),
            (.enumCase("byTruncatingTail"), "byTruncatingTail"),
            (.color(colorHex("#974DFF")), "#974DFF"),
            (.color(colorHex("#974DFF80")), "#974DFF80"),
            (.color(Color(red: 1, green: 1, blue: 1, alpha: 0.999)), "#FFFFFF"),
            (.font(.system(15, .bold)), "system 15 bold"),
            (.font(Font(name: "Avenir-Heavy", size: 16, italic: true)), "Avenir-Heavy 16 italic"),
            (.font(Font(size: 12.5, weight: .light, smallCaps: true)), "system 12.5 light small-caps"),
            (.insets(Insets(top: 8, left: 16, bottom: 8, right: 16)), "8, 16, 8, 16"),
            (.size(Size(width: 16, height: 9)), "16×9"),
            (.image(.named("logo")), #"image "logo""#),
            (.image(.color(colorHex("#974DFF"))), "image(#974DFF)"),
            (.null, "nil"),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(value.displayText, expected, "\(value)")
        }
    }

    func testSwatchIsTheColorItselfAndOnlyWithColors() {
        let purple = Value.color(colorHex("#974DFF"))
        XCTAssertEqual(purple.styledText(Terminal(colors: true)), "\u{1B}[38;2;151;77;255m██\u{1B}[0m #974DFF")
        XCTAssertEqual(Value.image(.color(colorHex("#974DFF"))).styledText(Terminal(colors: true)),
                       "\u{1B}[38;2;151;77;255m██\u{1B}[0m image(#974DFF)")
        XCTAssertEqual(purple.styledText(.plain), "#974DFF")
        XCTAssertEqual(Value.number(1).styledText(Terminal(colors: true)), "1")
    }

    func testTerminalColorsOnlyOnATerminalWithoutNoColorOrDumb() {
        let cases: [([String: String], Bool, Bool)] = [
            (["TERM": "xterm-256color"], true, true),
            ([:], true, true),
            (["TERM": "xterm-256color"], false, false),
            (["TERM": "dumb"], true, false),
            (["NO_COLOR": "1"], true, false),
            (["NO_COLOR": "0"], true, false),
            (["NO_COLOR": ""], true, true),
        ]
        for (environment, isTerminal, expected) in cases {
            XCTAssertEqual(Terminal(environment: environment, isTerminal: isTerminal).colors, expected,
                           "\(environment) isTerminal: \(isTerminal)")
        }
    }

    func testPlainTerminalLeavesTextAlone() {
        let t = Terminal.plain
        XCTAssertEqual(t.bold("a") + t.dim("b") + t.struck("c") + t.red("d") + t.swatch(.white), "abcd")
        XCTAssertEqual(Terminal(colors: true).bold("a"), "\u{1B}[1ma\u{1B}[0m")
    }
}
