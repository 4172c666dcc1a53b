import StyleCore
import XCTest
@testable import StyleRun

/// A tree of any depth renders, walks and frees without recursion, in space linear in its size:
/// a script can build a 10,000-deep chain of views in a three-line loop.
final class DeepTreeTests: XCTestCase {
    /// A chain of `depth` views above a labelled leaf, every view with a class and a property.
    private func chain(_ depth: Int) -> View {
        var view = View(kind: Schema.label, id: "leaf")
        ValueWriter(view).set("text", .string("deep"))
        for _ in 0..<depth {
            let parent = View(kind: Schema.view, classes: ["level"])
            ValueWriter(parent).set("alpha", .number(0.5))
            parent.addChild(view)
            view = parent
        }
        return view
    }

    func testTheStreamedJSONIsTheSerializedValue() {
        for tree in [subscribeTree(), chain(3), chain(40)] {
            XCTAssertEqual(TreeJSONRenderer().render(tree), TreeJSONRenderer().json(for: tree).serialized(.pretty) + "\n")
            XCTAssertEqual(TreeJSONRenderer(all: true).render(tree), TreeJSONRenderer(all: true).json(for: tree).serialized(.pretty) + "\n")
        }
    }

    func testEveryRendererIsLinearInDepth() throws {
        let shallow = chain(1_000), deep = chain(10_000)
        let renderers: [(String, (View) -> String)] = [
            ("json", { TreeJSONRenderer().render($0) }),
            ("tree", { TreeTextRenderer().render($0) }),
            ("html", { HTMLRenderer().render($0, title: "deep") }),
        ]
        for (name, render) in renderers {
            let small = render(shallow).utf8.count, large = render(deep).utf8.count
            // Ten times the views: about ten times the text, not a hundred.
            XCTAssertLessThan(Double(large) / Double(small), 11, "\(name): \(small) → \(large) bytes")
        }
        let json = TreeJSONRenderer().render(deep)
        XCTAssertEqual(json.components(separatedBy: "\"kind\": ").count - 1, 10_001)
        XCTAssertTrue(json.contains("\"id\": \"leaf\""))
        XCTAssertNotNil(try? JSONValue(parsing: TreeJSONRenderer().render(chain(150))))
        let text = TreeTextRenderer().render(deep)
        XCTAssertEqual(text.split(separator: "\n").filter { $0.hasSuffix("View.level") }.count, 10_000)
        XCTAssertTrue(text.contains("Label#leaf"))
    }

    func testWalksAndDiffsOfADeepTreeVisitEveryView() {
        let deep = chain(20_000)
        var count = 0
        deep.forEachInTree { _ in count += 1 }
        XCTAssertEqual(count, 20_001)
        let before = TreeSnapshot(chain(2_000))
        XCTAssertEqual(before.views.count, 2_001)
        XCTAssertEqual(TreeSnapshot(chain(2_000)).changes(since: before).count, 0)
    }

    /// Freeing a 200,000-deep chain is a loop, not 200,000 nested releases.
    func testADeepTreeIsFreedWithoutRecursion() {
        weak var leaf: View?
        do {
            let deep = chain(200_000)
            var bottom = deep
            while let next = bottom.children.first { bottom = next }
            leaf = bottom
            XCTAssertEqual(leaf?.id, "leaf")
        }
        XCTAssertNil(leaf)
    }
}
