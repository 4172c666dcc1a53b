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
            │     font: system 20 title3
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
            (.font(.preferred(.headline)), "system 17 semibold headline"),
            (.font(Font(name: "Avenir-Heavy", size: 16, italic: true).scaled(.body)), "Avenir-Heavy 16 body italic"),
            (.dynamicColor(.label), "label(light #000000, dark #FFFFFF, highContrastLight #000000, highContrastDark #FFFFFF)"),
            (.dynamicColor(DynamicColor(light: colorHex("#974DFF"), dark: colorHex("#11111180"))),
             "dynamic(light #974DFF, dark #11111180, highContrastLight #974DFF, highContrastDark #11111180)"),
            (.null, "nil"),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(value.displayText, expected, "\(value)")
        }
        // In colour, a swatch before each variant's hex.
        XCTAssertEqual(Value.dynamicColor(DynamicColor(light: .black, dark: .white)).styledText(Terminal(colors: true)),
                       "dynamic(light \u{1B}[38;2;0;0;0m██\u{1B}[0m #000000, dark \u{1B}[38;2;255;255;255m██\u{1B}[0m #FFFFFF, "
                       + "highContrastLight \u{1B}[38;2;0;0;0m██\u{1B}[0m #000000, highContrastDark \u{1B}[38;2;255;255;255m██\u{1B}[0m #FFFFFF)")
    }

    /// The tree is written as bytes, each value spelled straight into the buffer: byte for byte
    /// what `displayText` spells, escapes, fractions and non-ASCII text included.
    func testBytesSpellValuesAsDisplayTextDoes() {
        let values: [Value] = [
            .number(16), .number(-3), .number(0.85), .number(-0.0), .number(0.1 + 0.2), .number(1e15), .number(-1e20),
            .number(123_456_789_012), .number(.infinity), .number(-.infinity), .number(.nan), .number(2.5e-8),
            .int(0), .int(-42), .int(Int.max), .int(Int.min), .bool(true), .bool(false),
            .string(""), .string("Hi \"you\"\nthere"), .string("tab\tcr\rback\\slash\u{1}\u{1F}\u{7F}end"),
            .string("café ✓ 日本"), .enumCase("byTruncatingTail"),
            .color(colorHex("#974DFF")), .color(colorHex("#974DFF80")), .color(colorHex("#00000000")),
            .color(Color(red: 1, green: 1, blue: 1, alpha: 0.999)), .color(Color(red: 2, green: -1, blue: 0.5, alpha: 1)),
            .font(.system(15, .bold)), .font(.system(17)), .font(Font(name: "Avenir-Heavy", size: 16, italic: true)),
            .font(Font(name: "Ünï", size: 12.5, weight: .light, italic: true, smallCaps: true)),
            .insets(Insets(top: 8, left: 16.5, bottom: -8, right: 0)), .size(Size(width: 16, height: 9.25)),
            .image(.named("logo \"x\"")), .image(.color(colorHex("#974DFF10"))), .null,
            .font(.preferred(.caption2)), .font(Font(name: "Ünï", size: 12.5, weight: .light, italic: true).scaled(.title1)),
            .dynamicColor(DynamicColor.semantic["secondaryLabel"]!), .dynamicColor(DynamicColor(light: .white, dark: .black, highContrastDark: colorHex("#12345678"))),
        ]
        for value in values {
            var bytes = TextBytes()
            bytes.append(display: value)
            XCTAssertEqual(String(decoding: bytes.array, as: UTF8.self), value.displayText, "\(value)")
        }
    }

    /// The plain text (written as bytes) and the colored text (written as strings) are the same
    /// text once the colors are taken out: guides, connectors and the cap on their depth.
    func testPlainBytesAreTheColoredTextWithoutColors() {
        func branch(_ depth: Int) -> View {
            var view = View(kind: Schema.label, id: "leaf", classes: ["a", "b"])
            ValueWriter(view).set("text", .string("deep"))
            for level in 0..<depth {
                let parent = View(kind: level % 2 == 0 ? Schema.view : Schema.stackView, classes: ["level"])
                ValueWriter(parent).set("alpha", .number(0.5))
                ValueWriter(parent).set("backgroundColor", .color(colorHex("#974DFF")))
                if level % 3 == 0 { parent.addChild(View(kind: Schema.button)) }
                parent.addChild(view)
                if level % 5 == 0 { parent.addChild(View(kind: Schema.imageView, id: "after-\(level)")) }
                view = parent
            }
            return view
        }
        for tree in [subscribeTree(), branch(3), branch(TreeTextRenderer.maximumGuideDepth + 6)] {
            for all in [false, true] {
                let plain = TreeTextRenderer(all: all).render(tree)
                let colored = TreeTextRenderer(all: all, terminal: Terminal(colors: true)).render(tree)
                let uncolored = colored.replacing(#/\x{1B}\[[0-9;]*m/#, with: "").replacing("██ ", with: "")
                XCTAssertEqual(plain, uncolored)
                XCTAssertEqual(TreeTextRenderer(all: all).renderBytes(tree), Array(plain.utf8))
                // Written in pieces: whole lines each, the same text end to end.
                for size in [1, 40, 1 << 16] {
                    var pieces: [[UInt8]] = []
                    TreeTextRenderer(all: all).write(tree, piecesOf: size) { pieces.append(Array($0)) }
                    XCTAssertEqual(pieces.flatMap { $0 }, Array(plain.utf8))
                    XCTAssert(pieces.allSatisfy { $0.last == UInt8(ascii: "\n") })
                    if size == 1 { XCTAssertEqual(pieces.count, viewCount(tree)) }
                }
                // With colors too, a view at a time: never the whole text at once.
                var coloredPieces: [[UInt8]] = []
                TreeTextRenderer(all: all, terminal: Terminal(colors: true)).write(tree, piecesOf: 1) { coloredPieces.append(Array($0)) }
                XCTAssertEqual(String(decoding: coloredPieces.joined(), as: UTF8.self), colored)
                XCTAssertEqual(coloredPieces.count, viewCount(tree))
            }
        }
    }

    private func viewCount(_ view: View) -> Int { 1 + view.children.reduce(0) { $0 + viewCount($1) } }

    /// A sink that throws stops the walk at the piece it refused.
    func testWritingStopsWhereTheSinkThrows() {
        struct Enough: Error {}
        var pieces = 0
        XCTAssertThrowsError(try TreeTextRenderer().write(subscribeTree(), piecesOf: 1) { (_: UnsafeBufferPointer<UInt8>) throws(Enough) in
            pieces += 1
            if pieces == 2 { throw Enough() }
        })
        XCTAssertEqual(pieces, 2)
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
