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

    /// The engine's value table goes with the engine and the views it styled; until then the
    /// views read their values from it.
    func testTheValueTableIsFreedWithTheEngineAndItsViews() {
        weak var table: ValueTable?
        do {
            let root = tree()
            do {
                let engine = StyleEngine(sheet(0.5))
                XCTAssertEqual(Cascade(engine).apply(to: root, recordingProvenance: false), [])
                table = engine.valueTable
                XCTAssertGreaterThan(engine.valueTable.count, 0)
            }
            XCTAssertNotNil(table, "the styled views hold the table")
            XCTAssertEqual(root.children[0]["alpha"], .number(0.5))
            XCTAssertEqual(root.children[0]["font"], T.label.property("font")!.viewDefault)
        }
        XCTAssertNil(table, "freed with the engine and the views")
    }

    /// An engine whose value table is full styles as one with room: what it cannot intern is
    /// the views' own (nothing traps), prepared styles fall back to their general path.
    func testAFullValueTableStylesTheSame() {
        let sheet = Stylesheet()
        let colors = (0..<40).map { Value.color(Color(red: Double($0) / 40, green: 0.5, blue: 0.25)) }
        for (i, color) in colors.enumerated() {
            sheet.addRule("Label.c\(i)", T.mut(T.label, "textColor", color, line: i + 1), line: i + 1)
        }
        func styled(_ engine: StyleEngine) -> View {
            let root = T.view(T.stack, "root")
            for i in 0..<80 { root.addChild(T.view(T.label, nil, "c\(i % 40)")) }
            XCTAssertEqual(Cascade(engine).apply(to: root), [])
            return root
        }
        let roomy = styled(StyleEngine(sheet))
        for capacity in [0, 3, 30] {
            let engine = StyleEngine(sheet, valueCapacity: capacity)
            let root = styled(engine)
            XCTAssertLessThanOrEqual(engine.valueTable.count, capacity)
            for (view, reference) in zip(World.views(root), World.views(roomy)) {
                XCTAssertEqual(view.values, reference.values, "capacity \(capacity): \(view.reference)")
                XCTAssertEqual(view.provenance, reference.provenance, "capacity \(capacity): \(view.reference)")
            }
            XCTAssertEqual(root.children[5]["textColor"], colors[5])
            let constant = engine.constant(.string("more than fits"))
            let application = StyleApplication(view: View(kind: T.label), engine: engine, recordsProvenance: false)
            application.write(T.label.property("text")!, constant, at: nil)
            XCTAssertEqual(application.view["text"], .string("more than fits"))
        }
    }

    /// A constant is written to a view of its engine's table as it is, and to any other view
    /// (one styled by another engine, or by hand) as the view's own value: each reads right.
    func testAConstantReadsRightInAnyView() {
        let a = StyleEngine(Stylesheet()), b = StyleEngine(Stylesheet())
        let font = Value.font(Font(name: "Avenir-Heavy", size: 17, weight: .bold))
        let constant = a.constant(font)
        for application in [StyleApplication(view: View(kind: T.label), engine: a, recordsProvenance: false),
                            StyleApplication(view: View(kind: T.label), engine: b, recordsProvenance: true),
                            StyleApplication(view: View(kind: T.label), recordsProvenance: false)] {
            application.write(T.label.property("font")!, constant, at: nil)
            XCTAssertEqual(application.view["font"], font)
            XCTAssertEqual(application.view.values.stored(T.label.property("font")!.slot).isOwn,
                           !application.view.values.isOfTable(a.valueTable))
        }
    }

    /// A tree one engine styled, restyled by another with other values: the views the new
    /// engine rebases or restyles read its values, and those it keeps read the old ones right.
    func testATreeStyledByOneEngineReadsRightRestyledByAnother() {
        let root = tree()
        let first = StyleEngine(sheet(0.5))
        let styled = Cascade(first).restyle(root, after: nil).styled
        let second = StyleEngine(sheet(0.7))
        let restyle = Cascade(second).restyle(root, after: styled)
        XCTAssertEqual(restyle.diagnostics, [])
        let expected = World.copyOf(root)
        XCTAssertEqual(ReferenceCascade(sheet(0.7)).apply(to: expected), [])
        for (view, reference) in zip(World.views(root), World.views(expected)) {
            XCTAssertEqual(view.values, reference.values, view.reference)
            XCTAssertEqual(view.provenance, reference.provenance, view.reference)
        }
    }
}
