import Foundation
@testable import StyleRun
import StyleLua
import XCTest

/// The request a parent hands its isolated child: every limit reaches the child, and a request
/// the child cannot trust is refused whole.
final class ChildRequestTests: XCTestCase {
    func testEveryLimitAndTheWorkRoundTrip() throws {
        let limits = Limits(seconds: 1.5, memory: 32 << 20, instructions: 7_000_000, printedBytes: 4096)
        let sent = ChildRequest(limits: limits, stdlibPaths: ["/a", "/b"], work: [("file", .string("x.lua")), ("html", .bool(true))])
        let read = try ChildRequest(decoding: sent.encoded())
        XCTAssertEqual(read.limits, limits)
        XCTAssertEqual(read.stdlibPaths, ["/a", "/b"])
        XCTAssertEqual(read["file"], .string("x.lua"))
        XCTAssertEqual(read["html"], .bool(true))
        XCTAssertNil(read["limits"], "the limits are not the mode's work")
    }

    func testARequestWithoutItsPrintLimitTakesTheDefault() throws {
        let read = try ChildRequest(decoding: Data(#"{"limits": {"seconds": 2, "memory": 1024, "instructions": 10}, "file": "a.lua"}"#.utf8))
        XCTAssertEqual(read.limits.printedBytes, Limits().printedBytes)
        XCTAssertEqual(read.stdlibPaths, [])
    }

    func testRequestsTheChildCannotTrustAreRefused() {
        let refused = [
            "", "[]", "not json", #"{"limits": {}}"#,
            #"{"limits": {"seconds": 2, "memory": -1, "instructions": 10}}"#,
            #"{"limits": {"seconds": 2, "memory": 1e300, "instructions": 10}}"#,
            #"{"limits": {"seconds": 0, "memory": 1024, "instructions": 10}}"#,
            #"{"limits": {"seconds": 2, "memory": 1024, "instructions": 0.5}}"#,
            #"{"limits": {"seconds": 2, "memory": 1024, "instructions": 10, "printedBytes": "all"}}"#,
        ]
        for text in refused {
            XCTAssertThrowsError(try ChildRequest(decoding: Data(text.utf8)), text) { error in
                XCTAssertEqual(error as? IsolatedDynamicPass.ChildRequestError, .invalidRequest, text)
            }
        }
    }

    /// Both child modes read it: the print limit the parent sets is the one a lint child keeps.
    func testTheLintChildKeepsTheParentsPrintLimit() throws {
        var limits = Linter.defaultLimits
        limits.printedBytes = 64
        let input = IsolatedDynamicPass.request([LintScript(file: "p.lua", source: "for i = 1, 100 do print(i) end\nreturn View {}\n")],
                                                limits: limits, stdlibPaths: [])
        XCTAssertEqual(try ChildRequest(decoding: input).limits.printedBytes, 64)
    }
}
