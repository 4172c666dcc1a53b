import StyleCore
import StyleRun
import XCTest
@testable import stylebench

/// The screen benchmark's restyles after a one-rule edit are only worth timing if they give
/// what a full styling gives: its generated screen has function rules and `mver`s, which a
/// reload evaluates again, and which a restyle keeps when their code did not change.
final class ScreenRestyleTests: XCTestCase {
    private func views(_ root: View) -> [View] {
        var out: [View] = []
        root.forEachInTree { out.append($0) }
        return out
    }

    private func assertSameValues(_ got: View, _ expected: View, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let (a, b) = (views(got), views(expected))
        XCTAssertEqual(a.count, b.count, what, file: file, line: line)
        for (x, y) in zip(a, b) {
            XCTAssertEqual(x.values, y.values, "\(what): \(x.reference)", file: file, line: line)
            XCTAssertEqual(x.provenance, y.provenance, "\(what): \(x.reference)", file: file, line: line)
        }
    }

    func testAKeptTreeAndAReevaluatedTreeRestyleAsAFullStylingDoes() throws {
        for workload in [Workload(views: 1_000), Workload(randomViews: 1_000, rules: 60)] {
            let original = try Runtime().load(source: workload.screenSource(), name: "screen.lua")
            let edited = try Runtime().load(source: workload.screenSource(edit: 1), name: "screen.lua")
            let reference = try Runtime().load(source: workload.screenSource(edit: 1), name: "screen.lua")
            try reference.apply(to: reference.root!)

            // A host's tree, kept: the edited sheet restyles it after the original's styling.
            let kept = original.root!
            let first = try original.restyle(kept, after: nil)
            let restyle = try edited.restyle(kept, after: first.styled)
            XCTAssertLessThan(restyle.restyled.count, views(kept).count / 4, "a one-rule edit restyles few views")
            XCTAssertLessThan(restyle.visited, views(kept).count / 4, "nothing wrote the kept tree: the others are not walked")
            assertSameValues(kept, reference.root!, "kept tree")
            // And back, as a host switching between two stylesheets does.
            let back = try original.restyle(kept, after: restyle.styled)
            XCTAssertLessThan(back.visited, views(kept).count / 4)
            let originalReference = try Runtime().load(source: workload.screenSource(), name: "screen.lua")
            try originalReference.apply(to: originalReference.root!)
            assertSameValues(kept, originalReference.root!, "kept tree, back")

            // The edited script's own tree, after the original's.
            let again = try edited.restyle(edited.root!, after: first.styled)
            XCTAssertLessThan(again.restyled.count, views(kept).count / 4)
            assertSameValues(edited.root!, reference.root!, "re-evaluated tree")
        }
    }
}
