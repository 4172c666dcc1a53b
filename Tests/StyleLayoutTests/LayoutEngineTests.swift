import Foundation
import StyleCore
import StyleLayout
import StyleText
import XCTest

/// Laying out again: frames kept when nothing that moves a view changed.
final class LayoutEngineTests: XCTestCase {
    func screen() -> View {
        Fixture.view(Schema.view, "screen", [:], [Fixture.label("title", "Hello"), Fixture.box("art", 40, 40)])
    }

    func testARestyleOfColoursKeepsTheFrames() throws {
        let root = screen()
        let engine = LayoutEngine(measurer: UniformTextMeasurer(), imageSize: Fixture.imageSize)
        let first = engine.layout(root, options: LayoutOptions(width: 320))
        XCTAssertFalse(first.isReused)
        try root.children[0].set("textColor", .color(.white))
        try root.children[0].set("layer.cornerRadius", .number(4))
        try root.set("backgroundColor", .color(.black))
        let second = engine.layout(root, options: LayoutOptions(width: 320))
        XCTAssertTrue(second.isReused, "colours and corners move no frame")
        XCTAssertEqual(second.frame(of: root.children[0]), first.frame(of: root.children[0]))
    }

    func testAChangeOfTextLaysOutAgain() throws {
        let root = screen()
        let engine = LayoutEngine(measurer: UniformTextMeasurer(), imageSize: Fixture.imageSize)
        _ = engine.layout(root, options: LayoutOptions(width: 320))
        try root.children[0].set("text", .string("Hello\nworld"))
        try root.children[0].set("numberOfLines", .int(0))
        let second = engine.layout(root, options: LayoutOptions(width: 320))
        XCTAssertFalse(second.isReused)
        XCTAssertEqual(second.frame(of: root.children[0]), frame(8, 8, 304, 48))
        XCTAssertEqual(second.frame(of: root.children[1]), frame(8, 56, 304, 40))
    }

    func testAnotherWidthOrDirectionOrTreeLaysOutAgain() {
        let root = screen()
        let engine = LayoutEngine(measurer: UniformTextMeasurer(), imageSize: Fixture.imageSize)
        _ = engine.layout(root, options: LayoutOptions(width: 320))
        XCTAssertFalse(engine.layout(root, options: LayoutOptions(width: 375)).isReused)
        XCTAssertFalse(engine.layout(root, options: LayoutOptions(width: 375, layoutDirection: .rightToLeft)).isReused)
        root.addChild(Fixture.box("more", 10, 10))
        let grown = engine.layout(root, options: LayoutOptions(width: 375, layoutDirection: .rightToLeft))
        XCTAssertFalse(grown.isReused)
        XCTAssertEqual(grown.frame(of: root.children[2]), frame(8, 72, 359, 10))
    }

    func testTheSchemaMarksWhatMovesFrames() {
        let label = Schema.label
        for path in ["text", "font", "numberOfLines", "lineBreakMode", "layoutMargins", "width", "height", "aspectRatio", "isHidden"] {
            XCTAssertEqual(label.property(path)?.affectsLayout, true, path)
        }
        for path in ["textColor", "backgroundColor", "alpha", "layer.cornerRadius", "textAlignment"] {
            XCTAssertEqual(label.property(path)?.affectsLayout, false, path)
        }
        XCTAssertEqual(Schema.button.property("titleLabel.font")?.affectsLayout, true)
        XCTAssertEqual(Schema.button.property("titleLabel.textColor")?.affectsLayout, false)
        for path in ["axis", "spacing", "alignment", "distribution", "isLayoutMarginsRelativeArrangement"] {
            XCTAssertEqual(Schema.stackView.property(path)?.affectsLayout, true, path)
        }
    }

    func testFramesInRealFontsAreTheShapedText() throws {
        // One test in Inter: a label's frame is its shaped width rounded up, its line height
        // rounded up.
        let measurer = FontTextMeasurer()
        let root = Fixture.stack("row", ["alignment": .enumCase("leading")],
                                 [Fixture.label("a", "Subscribe", size: 17), Fixture.view(Schema.view, "rest")])
        let layout = LayoutEngine(measurer: measurer).layout(root, options: LayoutOptions(width: 375))
        let width = (measurer.advanceWidth(of: "Subscribe", font: .system(17)) - 0.000001).rounded(.up)
        let height = (measurer.metrics(of: .system(17)).lineHeight - 0.000001).rounded(.up)
        XCTAssertEqual(layout.frame(of: root.children[0]), frame(0, 0, width, height))
        XCTAssertEqual(height, 21)
    }

    func testATreeTooDeepToLayOutHasNoFramesAndSaysHowDeep() {
        func chain(_ depth: Int) -> View {
            var view = Fixture.label("leaf", "deep")
            for _ in 1..<depth {
                let stack = Fixture.stack("s", ["axis": .enumCase("vertical"), "alignment": .enumCase("firstBaseline")], [])
                stack.id = nil
                stack.addChild(view)
                view = stack
            }
            return view
        }
        let deepest = Fixture.layout(chain(LayoutEngine.maximumDepth), width: 320)
        XCTAssertNil(deepest.tooDeep)
        XCTAssertEqual(deepest.count, LayoutEngine.maximumDepth)
        XCTAssertEqual(deepest.frame(of: deepest.root), frame(0, 0, 320, 24))
        let tooDeep = Fixture.layout(chain(LayoutEngine.maximumDepth + 1), width: 320)
        XCTAssertEqual(tooDeep.tooDeep, LayoutEngine.maximumDepth + 1)
        XCTAssertEqual(tooDeep.count, 0)
    }

    func testAViewReplacedMovedOrAddedDeeperLaysOutAgain() throws {
        let engine = LayoutEngine(measurer: UniformTextMeasurer(), imageSize: Fixture.imageSize)
        let inner = Fixture.view(Schema.view, "inner", [:], [Fixture.box("a", 10, 10)])
        let root = Fixture.view(Schema.view, "screen", [:], [inner, Fixture.box("b", 20, 20)])
        let options = LayoutOptions(width: 320)
        _ = engine.layout(root, options: options)
        XCTAssertTrue(engine.layout(root, options: options).isReused)

        // Another view of the same size where one was: the frames are of other views.
        let replacement = Fixture.box("c", 20, 20)
        root.children[1].removeFromParent()
        root.addChild(replacement)
        let replaced = engine.layout(root, options: options)
        XCTAssertFalse(replaced.isReused)
        XCTAssertEqual(replaced.frame(of: replacement), frame(8, 34, 304, 20))
        XCTAssertTrue(engine.layout(root, options: options).isReused)

        // A view added two levels down, the count of the root's children unchanged.
        inner.addChild(Fixture.box("d", 5, 5))
        let grown = engine.layout(root, options: options)
        XCTAssertFalse(grown.isReused)
        XCTAssertEqual(grown.frame(of: replacement), frame(8, 39, 304, 20))

        // A layout-affecting value of the deepest view.
        try inner.children[1].set("height", .number(15))
        XCTAssertFalse(engine.layout(root, options: options).isReused)
        try inner.children[1].set("alpha", .number(0.5))
        XCTAssertTrue(engine.layout(root, options: options).isReused)
    }

    func testEveryStandardKindLaysOut() {
        // Layout reads each kind's values by the places the schema gives them: every standard
        // kind, alone and in a stack, has a frame.
        for kind in Schema.standardKinds where kind.isViewKind {
            let view = Fixture.view(kind, "v")
            let root = Fixture.stack("row", [:], [view])
            let layout = Fixture.layout(root, width: 320)
            XCTAssertNotNil(layout.frame(of: view), kind.name)
            let alone = Fixture.view(kind, "alone")
            XCTAssertEqual(Fixture.layout(alone, width: 320).frame(of: alone)?.width, 320, kind.name)
        }
    }

    func testALineThatFitsIsMeasuredOnce() throws {
        // A one-line label measured at no width (to align it) and then at its frame's width,
        // which it fits: the measurer is asked once. A wrapping label is asked at each width.
        final class Counting: TextMeasurer {
            let inner = UniformTextMeasurer()
            var requests: [TextRequest] = []
            func measure(_ request: TextRequest) -> TextMeasurement {
                requests.append(request)
                return inner.measure(request)
            }
            func metrics(of font: Font) -> FontMetrics { inner.metrics(of: font) }
        }
        let counting = Counting()
        let root = Fixture.stack("column", ["axis": .enumCase("vertical"), "alignment": .enumCase("leading")],
                                 [Fixture.label("short", "Hello")])
        let layout = LayoutEngine(measurer: counting).layout(root, options: LayoutOptions(width: 320))
        XCTAssertEqual(layout.frame(of: root.children[0]), frame(0, 0, 50, 24))
        XCTAssertEqual(counting.requests.map(\.maxWidth), [nil])

        let wrapping = Fixture.stack("column", ["axis": .enumCase("vertical"), "alignment": .enumCase("leading")],
                                     [Fixture.label("long", "Hello there", ["numberOfLines": .int(0)])])
        counting.requests = []
        let wrapped = LayoutEngine(measurer: counting).layout(wrapping, options: LayoutOptions(width: 60))
        XCTAssertEqual(wrapped.frame(of: wrapping.children[0]), frame(0, 0, 50, 48))
        XCTAssertEqual(counting.requests.map(\.maxWidth), [60, 50])
    }

    func testAChangeAwayFromTheLastOneIsStillSeen() throws {
        // One change, then another elsewhere, then none: each is told apart.
        let engine = LayoutEngine(measurer: UniformTextMeasurer(), imageSize: Fixture.imageSize)
        let root = Fixture.view(Schema.view, "screen", [:], [Fixture.label("a", "One"), Fixture.label("b", "Two")])
        let options = LayoutOptions(width: 320)
        _ = engine.layout(root, options: options)
        try root.children[1].set("text", .string("Two, longer"))
        XCTAssertFalse(engine.layout(root, options: options).isReused)
        XCTAssertTrue(engine.layout(root, options: options).isReused)
        try root.children[0].set("font", .font(.system(30)))
        let moved = engine.layout(root, options: options)
        XCTAssertFalse(moved.isReused)
        XCTAssertEqual(moved.frame(of: root.children[1]), frame(8, 44, 304, 24))
        XCTAssertTrue(engine.layout(root, options: options).isReused)
    }

    /// A layout begun on another thread is of the values when it began: the tree restyled
    /// meanwhile changes nothing in it, and the next layout waits for it and sees the change.
    func testALayoutBegunElsewhereIsOfTheValuesWhenItBegan() throws {
        let root = screen()
        let engine = LayoutEngine(measurer: UniformTextMeasurer(), imageSize: Fixture.imageSize)
        let pending = engine.beginLayout(root, options: LayoutOptions(width: 320))
        // Restyled while the pass runs: a longer text, on as many lines as it needs.
        try root.children[0].set("text", .string("Hello\nworld"))
        try root.children[0].set("numberOfLines", .int(0))
        let begun = pending.wait()
        XCTAssertFalse(begun.isReused)
        XCTAssertEqual(begun.frame(of: root.children[0]), frame(8, 8, 304, 24), "the text when the layout began")
        XCTAssertEqual(begun.frame(of: root.children[1]), frame(8, 32, 304, 40))
        XCTAssertTrue(pending.wait() === begun, "waited for once")
        let after = engine.layout(root, options: LayoutOptions(width: 320))
        XCTAssertFalse(after.isReused, "the restyle moved the title")
        XCTAssertEqual(after.frame(of: root.children[0]), frame(8, 8, 304, 48))
        // Begun and not waited for: the next layout waits, and keeps it when nothing moved.
        _ = engine.beginLayout(root, options: LayoutOptions(width: 375))
        let kept = engine.layout(root, options: LayoutOptions(width: 375))
        XCTAssertTrue(kept.isReused, "the begun layout, waited for by the next")
        XCTAssertEqual(kept.frame(of: root.children[1]), frame(8, 56, 359, 40))
        // A layout the engine has already: given at once.
        let again = engine.beginLayout(root, options: LayoutOptions(width: 375))
        XCTAssertTrue(again.wait() === kept)
    }

    /// Begun layouts of many trees in turn give what plain layouts give.
    func testBegunLayoutsAgreeWithPlainOnes() {
        for n in 1...20 {
            let root = Fixture.view(Schema.stackView, "s\(n)", ["axis": .enumCase(n % 2 == 0 ? "vertical" : "horizontal"), "spacing": .number(Double(n))],
                                    (0..<n).map { Fixture.label("l\($0)", String(repeating: "word ", count: $0 + 1)) })
            let plain = LayoutEngine(measurer: UniformTextMeasurer(), imageSize: Fixture.imageSize).layout(root, options: LayoutOptions(width: 200))
            let begun = LayoutEngine(measurer: UniformTextMeasurer(), imageSize: Fixture.imageSize).beginLayout(root, options: LayoutOptions(width: 200)).wait()
            root.forEachInTree { XCTAssertEqual(begun.layout(of: $0), plain.layout(of: $0), "\(n): \($0.selectorDescription)") }
        }
    }

    /// An engine let go with a layout it began and nobody waited for is freed (the pending
    /// layout does not keep it), and the pass still finishes on its own thread.
    func testAnEngineLetGoWithALayoutBegunIsFreed() {
        weak var released: LayoutEngine?
        do {
            let engine = LayoutEngine(measurer: UniformTextMeasurer(), imageSize: Fixture.imageSize)
            released = engine
            _ = engine.beginLayout(screen(), options: LayoutOptions(width: 320))
        }
        XCTAssertNil(released)
    }

    /// Layouts begun and waited for on every worker of the shared pool at once, more than
    /// there are cores, all finish: each pass has a thread of its own.
    func testLayoutsBegunOnEveryWorkerOfThePoolAllFinish() {
        let callers = 4 * max(2, ProcessInfo.processInfo.activeProcessorCount)
        let wrong = Counter()
        let all = DispatchGroup()
        DispatchQueue.global().async(group: all) {
            DispatchQueue.concurrentPerform(iterations: callers) { _ in
                let root = Fixture.view(Schema.view, "screen", [:], [Fixture.label("title", "Hello"), Fixture.box("art", 40, 40)])
                let engine = LayoutEngine(measurer: UniformTextMeasurer(), imageSize: Fixture.imageSize)
                let layout = engine.beginLayout(root, options: LayoutOptions(width: 320)).wait()
                if layout.frame(of: root.children[1]) != Frame(x: 8, y: 32, width: 304, height: 40) { wrong.add() }
            }
        }
        XCTAssertEqual(all.wait(timeout: .now() + 120), .success, "a begun layout never finished")
        XCTAssertEqual(wrong.value, 0)
    }
}

/// A count several threads add to.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
