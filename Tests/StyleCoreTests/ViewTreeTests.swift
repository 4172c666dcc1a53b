@testable import StyleCore
import XCTest

/// A view's parent link: set by `addChild`, cleared by `removeFromParent` and when the parent
/// is freed while the child lives on.
final class ViewTreeTests: XCTestCase {
    func testAChildThatOutlivesItsParentHasNoParent() {
        let child = View(kind: T.label, id: "kept")
        let grandchild = View(kind: T.label, id: "deep")
        do {
            let root = T.view(T.stack, "root", "", T.view(T.stack, nil, "", child))
            child.addChild(grandchild)
            XCTAssertEqual(child.parent?.parent?.id, "root")
            XCTAssertTrue(grandchild.parent === child)
            _ = root
        }
        // The root and the middle stack are gone; the child and its own child remain.
        XCTAssertNil(child.parent)
        XCTAssertTrue(grandchild.parent === child)
        let newParent = View(kind: T.stack)
        newParent.addChild(child)
        XCTAssertTrue(child.parent === newParent)
        child.removeFromParent()
        XCTAssertNil(child.parent)
        XCTAssertTrue(newParent.children.isEmpty)
    }

    /// A middle view held elsewhere keeps its children linked when the root goes.
    func testAHeldMiddleViewKeepsItsChildren() {
        var middle: View?
        let leaf = View(kind: T.label)
        do {
            let stack = T.view(T.stack, "middle", "", leaf)
            _ = T.view(T.stack, "root", "", stack)
            middle = stack
        }
        XCTAssertNil(middle?.parent)
        XCTAssertTrue(leaf.parent === middle)
        XCTAssertEqual(leaf.parent?.id, "middle")
    }

    /// A chain far deeper than the stack could free recursively.
    func testADeepChainIsFreedAndItsKeptTailUnlinked() {
        let tail = View(kind: T.stack, id: "tail")
        do {
            // Built from the tail up, as a script's constructors build a tree: each view is
            // added to a parent that is its tree's root.
            var top = View(kind: T.stack)
            top.addChild(tail)
            for _ in 0..<100_000 {
                let parent = View(kind: T.stack)
                parent.addChild(top)
                top = parent
            }
        }
        XCTAssertNil(tail.parent)
    }

    /// `forEachInTree` and the cascade's list of a tree (`treeInOrder`) go parents first,
    /// children in order, as a recursive walk does, on random trees and on a chain deeper
    /// than any call stack would allow; a child added to a view already reached is not visited.
    func testTreeInOrderIsTheWalksOrderAtAnyDepth() {
        func recursive(_ view: View, into out: inout [ObjectIdentifier]) {
            out.append(ObjectIdentifier(view))
            for child in view.children { recursive(child, into: &out) }
        }
        for size in [1, 2, 7, 60, 400] {
            let views = T.randomTree(size, kinds: [T.label, T.stack, T.button], idEvery: 3)
            var expected: [ObjectIdentifier] = []
            recursive(views[0], into: &expected)
            var walked: [ObjectIdentifier] = []
            views[0].forEachInTree { walked.append(ObjectIdentifier($0)) }
            XCTAssertEqual(walked, expected, "\(size) views")
            XCTAssertEqual(views[0].treeInOrder().map(ObjectIdentifier.init), expected, "\(size) views")
            XCTAssertEqual(Set(walked).count, size)
            // A subtree lists itself alone.
            let middle = views[size / 2]
            var below: [ObjectIdentifier] = []
            middle.forEachInTree { below.append(ObjectIdentifier($0)) }
            XCTAssertEqual(middle.treeInOrder(capacity: 3).map(ObjectIdentifier.init), below)
        }
        // Built from the tail up, as a script's constructors build a tree.
        let tail = View(kind: T.stack)
        var root = tail
        for _ in 0..<50_000 {
            let parent = View(kind: T.stack)
            parent.addChild(root)
            root = parent
        }
        let listed = root.treeInOrder()
        XCTAssertEqual(listed.count, 50_001)
        XCTAssertTrue(listed.first === root)
        XCTAssertTrue(listed.last === tail)
        var count = 0
        root.forEachInTree { _ in count += 1 }
        XCTAssertEqual(count, 50_001)

        let parent = T.view(T.stack, nil, "", T.view(T.label))
        var seen = 0
        parent.forEachInTree { view in
            seen += 1
            if view === parent { parent.addChild(T.view(T.label)) }
        }
        XCTAssertEqual(seen, 2, "the children are read when the walk reaches their parent")
    }
}
