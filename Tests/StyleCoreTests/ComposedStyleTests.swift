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

    func testStylingStopsAtTheTimeLimit() throws {
        let sheet = Stylesheet()
        try sheet.appearance(T.view, try doubled(50), at: T.at(30))
        let root = View(kind: T.view, id: "root")
        let diagnostics = Cascade(sheet).apply(to: root, recordingProvenance: false,
                                              budget: CascadeBudget(seconds: 0.2, memory: 1 << 20))
        XCTAssertEqual(diagnostics.map(\.message), ["The script ran past its time limit of 0.2 seconds while styling."])
    }
}
