import XCTest
@testable import StyleCore

/// A trait change names its changed views in one table and spells a reference when it is read:
/// the spelled reference is the view's `View.reference` at the time of the change, for views
/// under ids, deep in long chains (shortened references) and in subtrees styled alone.
final class ChangeReferencesTests: XCTestCase {
    /// A tree of stacks, labels (whose default text colour follows the colour scheme) and plain
    /// views, some with ids, and a chain of 150 views ending in a label.
    private func tree() -> (root: View, views: [View]) {
        var generator = SystemRandomNumberGenerator()
        var views = T.randomTree(500, kinds: [Schema.view, Schema.label, Schema.stackView, Schema.label], idEvery: 41)
        let root = views[0]
        var end = views[Int.random(in: 0..<views.count, using: &generator)]
        for i in 0..<150 {
            let view = View(kind: i == 149 ? Schema.label : Schema.view)
            end.addChild(view)
            views.append(view)
            end = view
        }
        return (root, views)
    }

    private func labels(under root: View) -> Set<ObjectIdentifier> {
        var out: Set<ObjectIdentifier> = []
        root.forEachInTree { if $0.kind === Schema.label { out.insert(ObjectIdentifier($0)) } }
        return out
    }

    func testEachChangeNamesItsViewAsItsReferenceDoes() {
        let (root, views) = tree()
        let engine = StyleEngine(Stylesheet())
        XCTAssertTrue(Cascade(engine).apply(to: root).isEmpty)
        engine.traits.colorScheme = .dark
        let (diagnostics, changes) = Cascade(engine).applyReportingChanges(to: root)
        XCTAssertTrue(diagnostics.isEmpty)
        // Every label's text colour changed, and nothing else.
        XCTAssertEqual(Set(changes.compactMap { $0.viewIdentity?.id }), labels(under: root))
        let byIdentity = Dictionary(views.map { ($0.identity, $0) }, uniquingKeysWith: { a, _ in a })
        // Read in an order other than the list's, so kept parents' paths are read across branches.
        for change in changes.shuffled() {
            let view = byIdentity[change.viewIdentity!]!
            XCTAssertEqual(change.view, view.reference)
            XCTAssertEqual(change.property, "textColor")
            XCTAssertEqual(change.new, .color(.white))
        }
        // The chain's label has a shortened reference.
        XCTAssertTrue(changes.contains { $0.view.hasPrefix("(") }, "a reference past 64 steps is shortened")
    }

    /// A subtree styled alone names its views from above its root, as `View.reference` does.
    func testASubtreesChangesStartTheirPathsAboveIt() {
        let (root, views) = tree()
        let engine = StyleEngine(Stylesheet())
        XCTAssertTrue(Cascade(engine).apply(to: root).isEmpty)
        // A view without an id, below the root, with labels under it.
        guard let subtree = views.first(where: { v in v.id == nil && v.parent != nil && !v.children.isEmpty
            && labels(under: v).count >= 2 && v.parent?.id == nil }) else { return XCTFail("no subtree to style") }
        engine.traits.colorScheme = .dark
        let changes = Cascade(engine).applyReportingChanges(to: subtree).changes
        XCTAssertEqual(Set(changes.compactMap { $0.viewIdentity?.id }), labels(under: subtree))
        for change in changes { XCTAssertEqual(change.view, subtree.view(for: change)?.reference) }
    }

    /// A change names its view as it was named when the change was made, read later on another
    /// thread after the tree changed.
    func testAReferenceIsTheOneTheViewHadWhenItChanged() async {
        let root = View(kind: Schema.stackView, id: "screen")
        let box = View(kind: Schema.view)
        let label = View(kind: Schema.label)
        root.addChild(box)
        box.addChild(label)
        let engine = StyleEngine(Stylesheet())
        XCTAssertTrue(Cascade(engine).apply(to: root).isEmpty)
        engine.traits.colorScheme = .dark
        let changes = Cascade(engine).applyReportingChanges(to: root).changes
        XCTAssertEqual(changes.count, 1)
        box.id = "box"
        XCTAssertEqual(label.reference, "View#box > Label[1]")
        let read = await Task.detached { changes.map(\.view) }.value
        XCTAssertEqual(read, ["StackView#screen > View[1] > Label[1]"])
        // Changes spelled when read are equal to, and hash as, changes built with the text.
        let spelled = PropertyChange(view: "StackView#screen > View[1] > Label[1]", property: "textColor",
                                     old: changes[0].old, new: changes[0].new)
        XCTAssertEqual(changes[0], spelled)
        XCTAssertEqual(Set(changes), [spelled])
    }
}
