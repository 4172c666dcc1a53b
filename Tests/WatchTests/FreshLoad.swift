import StyleRun
import XCTest

/// Asserts that every view of `tree` holds the values and provenance of the same view of
/// `expected` (a fresh load of the same script, styled whole), view by view in tree order.
func assertStyledAlike(_ tree: View, _ expected: View, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
    var got: [View] = [], want: [View] = []
    tree.forEachInTree { got.append($0) }
    expected.forEachInTree { want.append($0) }
    XCTAssertEqual(got.count, want.count, context, file: file, line: line)
    for (g, e) in zip(got, want) {
        XCTAssertEqual(g.values, e.values, "\(context): \(g.reference)", file: file, line: line)
        XCTAssertEqual(g.provenance, e.provenance, "\(context): \(g.reference)", file: file, line: line)
    }
}
