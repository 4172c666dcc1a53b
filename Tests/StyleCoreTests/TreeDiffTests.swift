import StyleCore
import XCTest

final class TreeDiffTests: XCTestCase {
    private let white = Value.color(.white)
    private let purple = Value.color(Color(hex: "#974DFF")!)

    private func tree() -> (root: View, title: View, button: View, anonymous: View) {
        let title = T.view(T.label, "title")
        let button = T.view(T.button, "subscribe", "primary")
        let anonymous = T.view(T.label, nil, "note")
        return (T.view(T.stack, "root", "", title, button, anonymous), title, button, anonymous)
    }

    func testChangesAreInTreeOrderThenSlotOrder() {
        let (root, _, _, _) = tree()
        let before = TreeSnapshot(root)
        let sheet = Stylesheet()
        sheet.addRule(".primary", T.concat(T.mut(T.button, "titleColor", white), T.mut(T.view, "alpha", .number(0.5))))
        sheet.addRule(".note", T.mut(T.label, "text", .string("Hi")))
        sheet.addRule("#title", T.mut(T.label, "layoutMargins.bottom", .number(32)))
        XCTAssertEqual(Cascade(sheet).apply(to: root), [])
        XCTAssertEqual(TreeSnapshot(root).changes(since: before), [
            PropertyChange(view: "#title", property: "layoutMargins", old: .insets(Insets(all: 8)),
                           new: .insets(Insets(top: 8, left: 8, bottom: 32, right: 8))),
            PropertyChange(view: "#subscribe", property: "alpha", old: .number(1), new: .number(0.5)),
            PropertyChange(view: "#subscribe", property: "titleColor", old: .null, new: white),
            PropertyChange(view: "StackView#root > Label[3]", property: "text", old: .null, new: .string("Hi")),
        ])
    }

    func testNoChangesWhenReappliedIdentically() {
        let (root, _, _, _) = tree()
        let sheet = Stylesheet()
        sheet.addRule("Label", T.mut(T.label, "textColor", purple))
        XCTAssertEqual(Cascade(sheet).apply(to: root), [])
        let before = TreeSnapshot(root)
        XCTAssertEqual(Cascade(sheet).apply(to: root), [])
        XCTAssertEqual(TreeSnapshot(root).changes(since: before), [])
    }

    func testAReloadedTreeIsPairedByReference() {
        let (oldRoot, _, _, _) = tree()
        let sheet = Stylesheet()
        sheet.addRule(".primary", T.mut(T.button, "titleColor", white))
        XCTAssertEqual(Cascade(sheet).apply(to: oldRoot), [])
        let before = TreeSnapshot(oldRoot)

        // The script ran again and built a new tree: same ids, a new view, a new colour.
        let (newRoot, _, _, _) = tree()
        newRoot.addChild(T.view(T.imageView, "logo"))
        let edited = Stylesheet()
        edited.addRule(".primary", T.mut(T.button, "titleColor", purple))
        edited.addRule("#logo", T.mut(T.imageView, "contentMode", .enumCase("center")))
        XCTAssertEqual(Cascade(edited).apply(to: newRoot), [])
        XCTAssertEqual(TreeSnapshot(newRoot).changes(since: before), [
            PropertyChange(view: "#subscribe", property: "titleColor", old: white, new: purple),
            PropertyChange(view: "#logo", property: "contentMode", old: .enumCase("scaleToFill"), new: .enumCase("center")),
        ])
    }

    func testSnapshotLookup() {
        let (root, _, _, _) = tree()
        let snapshot = TreeSnapshot(root)
        XCTAssertEqual(snapshot.views.map(\.reference), ["#root", "#title", "#subscribe", "StackView#root > Label[3]"])
        XCTAssertEqual(snapshot.view("#subscribe")?["isEnabled"], .bool(true))
        XCTAssertNil(snapshot.view("#nope"))
    }

    func testAKindDeclaredAgainWithTheSameLayoutPairsItsViews() throws {
        // A script's `kind("GradientView", …)` makes a new Kind on every reload.
        func declare() throws -> Kind {
            var schema = Schema.standard
            return try schema.register("GradientView", superKind: Schema.view, properties: [.value("fromColor", .optional(.color))])
        }
        let (first, second) = (try declare(), try declare())
        XCTAssertFalse(first === second)
        let sheet = Stylesheet()
        sheet.addRule("#g", T.mut(first, "fromColor", white))
        let old = View(kind: first, id: "g")
        XCTAssertEqual(Cascade(sheet).apply(to: old), [])
        let againSheet = Stylesheet()
        againSheet.addRule("#g", T.mut(second, "fromColor", white))
        let new = View(kind: second, id: "g")
        XCTAssertEqual(Cascade(againSheet).apply(to: new), [])
        XCTAssertEqual(TreeSnapshot(new).changes(since: TreeSnapshot(old)), [])

        var schema = Schema.standard
        let other = try schema.register("GradientView", superKind: Schema.view, properties: [.value("toColor", .optional(.color))])
        XCTAssertFalse(other.hasLayout(of: first))
    }
}
