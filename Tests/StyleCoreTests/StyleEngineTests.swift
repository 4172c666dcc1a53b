@testable import StyleCore
import XCTest

/// What the cascades keep lives in their engine, not in the stylesheet: freed with the engine,
/// and carried to a stylesheet the engine adopts.
final class StyleEngineTests: XCTestCase {
    private func sheet(_ alpha: Double) -> Stylesheet {
        let sheet = Stylesheet()
        sheet.addAppearance(T.label, T.mut(T.view, "alpha", .number(0.1), line: 1))
        sheet.addRule("Label.row", T.mut(T.view, "alpha", .number(alpha), line: 2), line: 2)
        return sheet
    }

    private func tree() -> View {
        let root = T.view(T.stack, "root")
        for _ in 0..<20 {
            let label = T.view(T.label, nil, "row")
            label.styles = [T.mut(T.label, "text", .string("x"), line: 10)]
            root.addChild(label)
        }
        return root
    }

    func testAFreedEngineFreesWhatItKept() {
        let sheet = sheet(0.5), root = tree()
        weak var engine: StyleEngine?, table: ProvenanceTable?, results: MatchedResults?, ownStyles: OwnStyles?
        do {
            let kept = StyleEngine(sheet)
            // Without provenance: the views' records would hold the table (they read it on demand).
            for _ in 0..<2 { XCTAssertEqual(Cascade(kept).apply(to: root, recordingProvenance: false), []) }
            engine = kept
            table = kept.provenanceTable
            results = kept.matchedResults
            ownStyles = kept.ownStyles
            XCTAssertNotNil(results)
            XCTAssertEqual(kept.ownStyles?.preparedCount, 20, "the own styles seen twice are prepared")
        }
        XCTAssertNil(engine)
        XCTAssertNil(table, "the provenance table goes with the engine")
        XCTAssertNil(results, "so do the kept results")
        XCTAssertNil(ownStyles, "and the prepared own styles")
        XCTAssertEqual(root.children[0]["alpha"], .number(0.5), "the views keep their values")
        XCTAssertEqual(sheet.rules.count, 1, "the stylesheet is what was declared, and stays")
    }

    func testAnAdoptedStylesheetKeepsTheTableAndStylesWithItsOwnValues() {
        let root = tree()
        let engine = StyleEngine(sheet(0.5))
        let styled = Cascade(engine).restyle(root, after: nil).styled
        let table = engine.provenanceTable
        let next = sheet(0.7)
        engine.adopt(next)
        XCTAssertTrue(engine.stylesheet === next)
        XCTAssertTrue(engine.provenanceTable === table, "records kept from the previous stylesheet read the same table")
        let restyle = Cascade(engine).restyle(root, after: styled)
        XCTAssertEqual(restyle.diagnostics, [])
        XCTAssertEqual(restyle.rebased.count, 20, "the same selectors: the rows are rebased")
        let expected = World.copyOf(root)
        XCTAssertEqual(ReferenceCascade(next).apply(to: expected), [])
        for (view, reference) in zip(World.views(root), World.views(expected)) {
            XCTAssertEqual(view.values, reference.values, view.reference)
            XCTAssertEqual(view.provenance, reference.provenance, view.reference)
        }
        XCTAssertEqual(root.children[3]["alpha"], .number(0.7))
    }
}
