import Foundation
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

    /// The reload's restyle the screen benchmark times: a rule edit keeps the last tree in
    /// every round (what its row measures), a view's edit never does, and the view edit's
    /// screen differs from the original in one view's text only.
    func testTheBenchmarksRuleEditKeepsTheTreeAndItsViewEditDoesNot() throws {
        let folder = NSTemporaryDirectory() + "stylebench-screen-test-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let workload = Workload(views: 600)
        let bench = ScreenBenchmark(stylerun: nil, workload: workload, runs: 1, reloads: 0)
        let rules = bench.restyleInProcess(workload, folder + "/screen.lua", rounds: 4)
        XCTAssertEqual(rules.kept, 4)
        XCTAssertEqual(rules.restyle.count, 4)
        let viewEdits = bench.restyleInProcess(workload, folder + "/screen.lua", rounds: 4, editsView: true)
        XCTAssertEqual(viewEdits.kept, 0)
        XCTAssertEqual(viewEdits.restyled, 1, "the edited label alone is restyled")
        let original = workload.screenSource().split(separator: "\n"), edited = workload.screenSource(editsView: true).split(separator: "\n")
        XCTAssertEqual(original.count, edited.count)
        XCTAssertEqual(zip(original, edited).filter { $0 != $1 }.count, 1)
    }
}
