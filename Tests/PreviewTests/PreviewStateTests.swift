import StyleCore
import StyleRun
import XCTest
@testable import StylePreview

/// The preview's state of a deep or wide tree (its screen with `data-ref`, every view's explain
/// entry with its parent and children) grows linearly with the tree.
final class PreviewStateTests: XCTestCase {
    private func chain(_ depth: Int) -> View {
        var view = View(kind: Schema.label, id: "leaf")
        for _ in 0..<depth {
            let parent = View(kind: Schema.view)
            parent.addChild(view)
            view = parent
        }
        _ = Cascade(Stylesheet()).apply(to: view)
        return view
    }

    private func row(_ width: Int) -> View {
        let root = View(kind: Schema.view)
        for _ in 0..<width { root.addChild(View(kind: Schema.label)) }
        _ = Cascade(Stylesheet()).apply(to: root)
        return root
    }

    private func stateBytes(_ root: View) -> (screen: Int, explain: Int) {
        let screen = HTMLRenderer(marksReferences: true).renderScreen(root)
        return (screen.utf8.count, PreviewStateBuilder.explain(root).serialized(.line).utf8.count)
    }

    func testTheStateOfADeepOrWideTreeIsLinearInItsSize() {
        for (name, small, large) in [("deep", chain(1_000), chain(10_000)), ("wide", row(2_000), row(20_000))] {
            let s = stateBytes(small), l = stateBytes(large)
            // Ten times the views, about ten times the text: whole paths made it a hundred.
            XCTAssertLessThan(Double(l.screen) / Double(s.screen), 11, "\(name) screen: \(s.screen) → \(l.screen)")
            XCTAssertLessThan(Double(l.explain) / Double(s.explain), 11, "\(name) explain: \(s.explain) → \(l.explain)")
        }
        // Each entry names its parent and children by the references the screen's elements carry.
        let tree = chain(100)
        guard case .array(let entries) = PreviewStateBuilder.explain(tree) else { return XCTFail() }
        let screen = HTMLRenderer(marksReferences: true).renderScreen(tree)
        XCTAssertEqual(entries.count, 101)
        for entry in entries {
            guard case .string(let reference)? = entry["reference"] else { return XCTFail("\(entry)") }
            XCTAssertTrue(screen.contains("data-ref=\"\(HTMLRenderer.escaped(reference))\""), reference)
        }
        XCTAssertEqual(entries[100]["parent"], entries[99]["reference"])
        XCTAssertEqual(entries[99]["children"], .array([entries[100]["reference"] ?? .null]))
        XCTAssertEqual(entries[0]["parent"], .null)
    }
}
