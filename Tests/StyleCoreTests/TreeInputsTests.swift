@testable import StyleCore
import XCTest

/// `TreeInputs.same(_:as:)`: what lets a reload keep the tree it styled last.
final class TreeInputsTests: XCTestCase {
    /// A copy with the same inputs is the same; every input changed at any view is told apart.
    func testATreeIsTheSameAsItsCopyAndNotOnceAnyInputChanges() {
        for seed in 0..<6 {
            var world = World.varied(seed: seed)
            let root = world.randomTree(60)
            XCTAssertTrue(TreeInputs.same(World.copyOf(root), as: root), "seed \(seed)")
            let count = World.views(root).count
            let edits: [(String, (View) -> Void)] = [
                ("id", { $0.id = ($0.id ?? "") + "x" }),
                ("classes", { $0.setClasses($0.classes + ["extra"]) }),
                ("location", { $0.location = T.at(($0.location?.line ?? 0) + 1) }),
                ("literal", { $0.literals.append(Literal(keyPath: T.keyPath(T.view, "alpha"), value: .number(0.25), location: T.at(9000))) }),
                ("style", { $0.styles.append(T.mut(T.view, "alpha", .number(0.5), line: 9001)) }),
                ("styles before literals", { $0.stylesBeforeLiterals = ($0.stylesBeforeLiterals ?? -1) + 1 }),
                ("child", { $0.addChild(View(kind: T.label)) }),
            ]
            for (name, edit) in edits {
                let at = world.random.int(count)
                let copy = World.copyOf(root)
                edit(World.views(copy)[at])
                XCTAssertFalse(TreeInputs.same(copy, as: root), "seed \(seed): \(name) of view \(at)")
                XCTAssertFalse(TreeInputs.same(root, as: copy), "seed \(seed): \(name) of view \(at), the other way")
            }
        }
    }

    /// A literal's value changed in place (its line and property the same) is a change.
    func testALiteralValueChangedInPlaceIsAChange() {
        let make = { (text: String) -> View in
            let label = View(kind: T.label)
            label.literals = [Literal(keyPath: T.keyPath(T.label, "text"), value: .string(text), location: T.at(3))]
            return T.view(T.stack, "root", "", label)
        }
        XCTAssertTrue(TreeInputs.same(make("Hi"), as: make("Hi")))
        XCTAssertFalse(TreeInputs.same(make("Hi"), as: make("Ho")))
    }

    /// A control's state given by a host (`stateOverride`) is not an input of the tree's build:
    /// the tree kept keeps it.
    func testAStateGivenByAHostIsNotCompared() {
        let root = T.view(T.stack, "root", "", T.view(T.button, "go"))
        let copy = World.copyOf(root)
        copy.children[0].stateOverride = .disabled
        XCTAssertTrue(TreeInputs.same(copy, as: root))
    }

    /// A function of another evaluation may do anything: a view whose own style is a function
    /// is the same only with the very same function.
    func testAnOwnFunctionStyleIsTheSameOnlyAsItself() {
        let function = Style.function(World.function(0), kind: T.view, at: T.at(7))
        let make = { (style: Style) -> View in
            let label = View(kind: T.label)
            label.styles = [style]
            return T.view(T.stack, "root", "", label)
        }
        XCTAssertTrue(TreeInputs.same(make(function), as: make(function)))
        XCTAssertFalse(TreeInputs.same(make(Style.function(World.function(0), kind: T.view, at: T.at(7))), as: make(function)))
    }

    /// A tree is the same as itself, and a subtree shared by both (the very same views) is
    /// not compared view by view.
    func testATreeIsTheSameAsItself() {
        var world = World.varied(seed: 9)
        let root = world.randomTree(40)
        XCTAssertTrue(TreeInputs.same(root, as: root))
        let shared = T.view(T.stack, "shared", "", T.view(T.label))
        let a = T.view(T.stack, "root", "")
        a.addChild(shared)
        XCTAssertTrue(TreeInputs.same(a, as: a))
    }

    /// Children are compared in place: the same views in another order are another tree.
    func testChildrenInAnotherOrderAreAnotherTree() {
        let a = T.view(T.stack, "root", "", T.view(T.label, "one"), T.view(T.label, "two"))
        let b = T.view(T.stack, "root", "", T.view(T.label, "two"), T.view(T.label, "one"))
        XCTAssertFalse(TreeInputs.same(a, as: b))
        XCTAssertFalse(TreeInputs.same(T.view(T.stack, "root", "", T.view(T.label)), as: T.view(T.stack, "root", "", T.view(T.button))))
    }
}
