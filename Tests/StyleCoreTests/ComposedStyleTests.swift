import StyleCore
import XCTest

/// A `concat` shares its parts; styling a huge composed style is bounded by the cascade's budget.
final class ComposedStyleTests: XCTestCase {
    private func doubled(_ times: Int) throws -> Style {
        var x = T.mut(T.view, "alpha", .number(0.5))
        for i in 0..<times { x = try Style.concat([x, x], root: T.view, at: T.at(i + 2)) }
        return x
    }

    func testComposingAStyleWithItselfSharesItsParts() throws {
        let x = try doubled(40)
        XCTAssertEqual(x.count, 1 << 40)
        XCTAssertEqual(x.storedCount, 2)
        var distinct = 0
        x.forEachDistinctOperation { _ in distinct += 1 }
        // Each shared part once: the innermost `concat(m, m)` lists its operation twice.
        XCTAssertEqual(distinct, 2)
        let small = try doubled(3)
        XCTAssertEqual(small.operations.count, 8)
        XCTAssertEqual(Set(small.operations.map(\.location.line)), [1])
        XCTAssertEqual(try doubled(70).count, Int.max, "saturates")
    }

    func testStylingAHugeStyleStopsAtTheMemoryLimitAndLeavesTheTree() throws {
        let sheet = Stylesheet()
        try sheet.appearance(T.view, try doubled(24), at: T.at(30))
        let root = View(kind: T.view, id: "root")
        let diagnostics = Cascade(sheet).apply(to: root, recordingProvenance: true,
                                              budget: CascadeBudget(seconds: 1000, memory: 1 << 20))
        XCTAssertEqual(diagnostics.map(\.code), [.limitExceeded])
        XCTAssertEqual(diagnostics.first?.message.hasPrefix("The script went past its memory limit of 1 MiB while styling"), true)
        XCTAssertEqual(root["alpha"], .number(1), "the tree is left as it was")
    }

    /// A budget that runs out part way through a styled tree: the views styled before the stop
    /// and those never reached all keep the values and provenance they had.
    func testAStopPartWayLeavesEveryViewAsItWas() throws {
        let sheet = Stylesheet()
        sheet.addRule("Label", T.mut(T.label, "textColor", .color(Color(hex: "#112233")!)), line: 1)
        sheet.addRule(".note", T.mut(T.view, "alpha", .number(0.25)), line: 2)
        let labels = (0..<40).map { i in T.view(T.label, "l\(i)", i % 3 == 0 ? "note" : "") }
        let root = View(kind: T.stack, id: "root")
        for (i, label) in labels.enumerated() {
            label.literals = [Literal(keyPath: T.keyPath(T.label, "text"), value: .string("text \(i)"), location: T.at(9))]
            root.addChild(label)
        }
        XCTAssertEqual(Cascade(sheet).apply(to: root, recordingProvenance: true), [])
        var before: [(Value?, [[Contribution]]?)] = []
        root.forEachInTree { before.append(($0["alpha"], $0.provenance)) }

        // The 25th label's style outgrows the memory budget with provenance recorded.
        let heavy = Stylesheet()
        heavy.addRule("Label", T.mut(T.label, "textColor", .color(Color(hex: "#445566")!)), line: 1)
        heavy.addRule("#l24", try doubled(24), line: 3)
        let diagnostics = Cascade(heavy).apply(to: root, recordingProvenance: true,
                                               budget: CascadeBudget(seconds: 1000, memory: 1 << 20))
        XCTAssertEqual(diagnostics.map(\.code), [.limitExceeded])
        var after: [(Value?, [[Contribution]]?)] = []
        root.forEachInTree { after.append(($0["alpha"], $0.provenance)) }
        XCTAssertEqual(after.count, before.count)
        for (i, (a, b)) in zip(after, before).enumerated() {
            XCTAssertEqual(a.0, b.0, "view \(i)")
            XCTAssertEqual(a.1, b.1, "view \(i)")
        }
        XCTAssertEqual(labels[30]["textColor"], .color(Color(hex: "#112233")!), "a view after the stop")
        XCTAssertEqual(labels[3]["textColor"], .color(Color(hex: "#112233")!), "a view before the stop")
        XCTAssertEqual(labels[3]["text"], .string("text 3"))
    }

    func testStylingStopsAtTheTimeLimit() throws {
        let sheet = Stylesheet()
        try sheet.appearance(T.view, try doubled(50), at: T.at(30))
        let root = View(kind: T.view, id: "root")
        let diagnostics = Cascade(sheet).apply(to: root, recordingProvenance: false,
                                              budget: CascadeBudget(seconds: 0.2, memory: 1 << 20))
        XCTAssertEqual(diagnostics.map(\.message), ["The script ran past its time limit of 0.2 seconds while styling."])
    }
}
