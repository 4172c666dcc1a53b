@testable import StyleCore
import XCTest

/// The views' own styles a stylesheet's cascades carry from one to the next (`OwnStyles`):
/// a host's tree restyled again applies its styles prepared, with the values, provenance and
/// diagnostics it got the first time, and styles no longer applied are let go.
final class OwnStylesTests: XCTestCase {
    /// Each label has a style of its own, as a host builds them, and a text.
    private func hostTree(_ count: Int) -> View {
        let root = T.view(T.stack, "root")
        for i in 0..<count {
            let label = T.view(T.label, nil, "row")
            label.styles = [T.concat(T.mut(T.label, "textColor", .color(Color(hex: i % 2 == 0 ? "#FF0000" : "#00FF00")!), line: 10 + i),
                                     T.mut(T.label, "font", .font(Font(size: Double(12 + i % 5))), line: 10 + i),
                                     T.mut(T.label, "alpha", .number(0.5), line: 10 + i), line: 10 + i)]
            label.literals = [Literal(keyPath: T.keyPath(T.label, "text"), value: .string("row \(i)"), location: T.at(100 + i))]
            root.addChild(label)
        }
        return root
    }

    private func sheet() -> Stylesheet {
        let sheet = Stylesheet()
        try! sheet.rule(T.selector("Label.row"), T.mut(T.label, "alpha", .number(0.8), line: 2), at: T.at(2))
        return sheet
    }

    func testARestyledTreeAppliesItsOwnStylesPreparedWithTheSameResult() {
        let engine = StyleEngine(sheet())
        let root = hostTree(12)
        XCTAssertTrue(Cascade(engine).apply(to: root).isEmpty)
        let first = World.views(root).map { ($0.values, $0.provenance) }
        XCTAssertEqual(engine.ownStyles?.count, 12, "each style seen once")
        XCTAssertEqual(engine.ownStyles?.preparedCount, 0, "a style seen once is applied as it is")

        for round in 0..<3 {
            XCTAssertTrue(Cascade(engine).apply(to: root).isEmpty)
            XCTAssertEqual(engine.ownStyles?.preparedCount, 12, "round \(round): seen again, so prepared")
            for (view, (values, provenance)) in zip(World.views(root), first) {
                XCTAssertEqual(view.values, values, "round \(round): \(view.reference)")
                XCTAssertEqual(view.provenance, provenance, "round \(round): \(view.reference)")
            }
        }
    }

    func testStylesNoLongerAppliedAreLetGo() {
        let engine = StyleEngine(sheet())
        for _ in 0..<40 {
            // New styles every time, as a host that rebuilds its views' styles.
            XCTAssertTrue(Cascade(engine).apply(to: hostTree(30)).isEmpty)
        }
        XCTAssertLessThanOrEqual(engine.ownStyles?.count ?? 0, 2 * 30 + 64 + 30,
                                 "only the last cascades' styles are kept")
    }

    func testAnotherStylesheetsPreparedStylesAreNotTaken() {
        let root = hostTree(4)
        let a = StyleEngine(sheet()), b = StyleEngine(sheet())
        XCTAssertTrue(Cascade(a).apply(to: root).isEmpty)
        XCTAssertTrue(Cascade(a).apply(to: root).isEmpty)
        let expected = World.views(root).map(\.provenance)
        // `b` has its own provenance table: locations are indices into it.
        b.ownStyles = a.ownStyles
        XCTAssertTrue(Cascade(b).apply(to: root).isEmpty)
        XCTAssertEqual(World.views(root).map(\.provenance), expected)
        XCTAssertFalse(b.ownStyles === a.ownStyles, "a table of its own, so a cache of its own")
    }
}
