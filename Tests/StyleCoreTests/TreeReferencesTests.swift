import XCTest
@testable import StyleCore

/// References name every view of a tree of any depth or width, shortened past 64 steps so that
/// a tree's references take space linear in its size.
final class TreeReferencesTests: XCTestCase {
    private func chain(_ depth: Int, kinds: [Kind] = [Schema.view]) -> (root: View, leaf: View) {
        let leaf = View(kind: Schema.label)
        var view = leaf
        for i in 0..<depth {
            let parent = View(kind: kinds[i % kinds.count])
            parent.addChild(view)
            view = parent
        }
        return (view, leaf)
    }

    func testShortPathsAreAsBefore() {
        let root = View(kind: Schema.stackView, id: "root")
        let a = View(kind: Schema.label), b = View(kind: Schema.button), c = View(kind: Schema.label)
        root.addChild(a)
        root.addChild(b)
        b.addChild(c)
        let references = TreeReferences(root)
        XCTAssertEqual((0..<references.count).map(references.reference(at:)),
                       ["#root", "StackView#root > Label[1]", "StackView#root > Button[2]", "StackView#root > Button[2] > Label[1]"])
        XCTAssertEqual(c.reference, "StackView#root > Button[2] > Label[1]")
        // A table for a subtree starts its paths where the view's own reference starts.
        XCTAssertEqual(TreeReferences(b).reference(at: 1), c.reference)
    }

    /// A table names each view as spelling its path step by step does, whatever order its
    /// references are read in (paths kept for parents must not leak into other branches).
    func testKeptParentPathsGiveTheSpelledReferencesInAnyOrder() {
        var generator = SystemRandomNumberGenerator()
        let root = T.randomTree(400, kinds: [Schema.view, Schema.label, Schema.stackView, Schema.button], idEvery: 37)[0]
        // The reference as REFERENCE states it, spelled from the view up.
        func spelled(_ view: View) -> String {
            if let id = view.id { return "#" + id }
            var steps: [String] = []
            var v = view
            while true {
                if let id = v.id { steps.append(v.kind.name + "#" + id); break }
                guard let parent = v.parent else { steps.append(v.kind.name); break }
                steps.append(v.kind.name + "[\(parent.children.firstIndex { $0 === v }! + 1)]")
                v = parent
            }
            return steps.reversed().joined(separator: " > ")
        }
        var inOrder: [View] = []
        root.forEachInTree { inOrder.append($0) }
        let table = TreeReferences(root)
        for position in inOrder.indices.shuffled(using: &generator) {
            XCTAssertEqual(table.reference(at: position), spelled(inOrder[position]))
        }
        for view in inOrder { XCTAssertEqual(view.reference, spelled(view)) }
    }

    func testLongPathsKeepTheirLastStepsAndADigestOfTheRest() throws {
        let (root, leaf) = chain(100)
        let reference = leaf.reference
        let steps = reference.components(separatedBy: " > ")
        XCTAssertEqual(steps.count, TreeReferences.keptSteps + 1, reference)
        XCTAssertTrue(steps[0].hasPrefix("(69 steps, "), reference)
        XCTAssertEqual(steps.last, "Label[1]")
        let table = TreeReferences(root)
        XCTAssertEqual(table.reference(at: 100), reference)
        // 64 steps are written whole; the 65th shortens.
        XCTAssertEqual(table.reference(at: 63).components(separatedBy: " > ").count, 64)
        XCTAssertEqual(table.reference(at: 64).components(separatedBy: " > ").count, 33)
        XCTAssertEqual(Set((0...100).map(table.reference(at:))).count, 101, "every view named apart")
    }

    /// Two chains that differ only above their last 32 steps keep apart by the digest.
    func testTheDigestTellsApartPathsThatDifferAbove() {
        // The roots held: a view's parent link ends with its parent.
        let a = chain(80, kinds: [Schema.view]), b = chain(80, kinds: Array(repeating: Schema.view, count: 79) + [Schema.stackView])
        let one = a.leaf.reference, other = b.leaf.reference
        XCTAssertEqual(one.components(separatedBy: " > ").count, 33, one)
        XCTAssertNotEqual(one, other)
        XCTAssertEqual(one.components(separatedBy: " > ").dropFirst(), other.components(separatedBy: " > ").dropFirst())
    }

    /// A 20,000-deep chain's references take ten times the text of a 2,000-deep one's, and a
    /// 100,000-wide row's are each a few bytes; whole paths took a hundred times.
    func testReferencesAreLinearInDepthAndWidth() {
        func total(_ root: View) -> Int {
            let table = TreeReferences(root)
            return (0..<table.count).reduce(0) { $0 + table.reference(at: $1).utf8.count }
        }
        let small = total(chain(2_000).root), large = total(chain(20_000).root)
        XCTAssertLessThan(Double(large) / Double(small), 11, "\(small) → \(large) bytes")
        let row = View(kind: Schema.view)
        for _ in 0..<100_000 { row.addChild(View(kind: Schema.label)) }
        let table = TreeReferences(row)
        XCTAssertEqual(table.reference(at: 100_000), "View > Label[100000]")
        XCTAssertEqual(row.children[99_999].reference, "View > Label[100000]")
    }
}
