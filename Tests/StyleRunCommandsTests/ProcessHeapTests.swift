import XCTest
@testable import StyleRunCommands

/// How much heap a one-off run sets aside for its script (the advice itself: CProcessHeapTests).
final class ProcessHeapReserveTests: XCTestCase {
    func testTheReserveFollowsTheScriptWithinItsBounds() {
        XCTAssertEqual(ProcessHeap.reserve(forScriptOf: 0), 64 << 20)
        XCTAssertEqual(ProcessHeap.reserve(forScriptOf: 700_000), 64 << 20)
        XCTAssertEqual(ProcessHeap.reserve(forScriptOf: 4 << 20), 256 << 20)
        XCTAssertEqual(ProcessHeap.reserve(forScriptOf: 100 << 20), 1 << 30)
        XCTAssertEqual(ProcessHeap.reserve(forScriptOf: .max), 1 << 30)
    }
}
