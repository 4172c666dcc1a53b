import Foundation
import StyleRun
import XCTest

/// The lint evaluator child's work as the library does it: a request in, a line per script out,
/// with no process, standard streams or signals involved.
final class ChildRequestTests: XCTestCase {
    private func request(_ scripts: String) -> Data {
        Data(#"{"limits": {"seconds": 2, "memory": 67108864, "instructions": 50000000}, "stdlib": null, "scripts": \#(scripts)}"#.utf8)
    }

    func testEachScriptGetsItsLineInOrder() throws {
        var evaluated: [String] = []
        var lines: [String] = []
        try IsolatedDynamicPass.serveChild(
            input: request(#"[{"file": "a.lua", "source": "return Label {}\n"}, {"file": "b.lua", "source": "return mutt(View.alpha, 1)\n"}]"#),
            willEvaluate: { evaluated.append($0) }, emit: { lines.append($0) })
        XCTAssertEqual(evaluated, ["a.lua", "b.lua"])
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines.allSatisfy { $0.hasSuffix("\n") })
        XCTAssertEqual(lines[0], #"{"file": "a.lua", "diagnostics": []}"# + "\n")
        XCTAssertTrue(lines[1].contains("undefined-global"), lines[1])
    }

    func testARequestThatCannotBeReadIsAnError() {
        XCTAssertThrowsError(try IsolatedDynamicPass.serveChild(input: Data("not json".utf8), emit: { _ in })) {
            XCTAssertEqual($0 as? IsolatedDynamicPass.ChildRequestError, .invalidRequest)
        }
        var lines: [String] = []
        XCTAssertThrowsError(try IsolatedDynamicPass.serveChild(
            input: request(#"[{"file": "a.lua", "source": "return Label {}\n"}, {"file": "b.lua"}]"#), emit: { lines.append($0) })) {
            XCTAssertEqual($0 as? IsolatedDynamicPass.ChildRequestError, .scriptWithoutSource)
        }
        XCTAssertEqual(lines.count, 1, "the scripts before the bad entry keep their lines")
    }
}
