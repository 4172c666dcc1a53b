import XCTest
@testable import StyleRunCommands

/// How much heap a one-off run sets aside for its script (the advice itself: CProcessHeapTests).
final class ProcessHeapReserveTests: XCTestCase {
    func testTheReserveFollowsTheScriptWithinItsBounds() {
        let large = 8 << 30
        XCTAssertEqual(ProcessHeap.reserve(forScriptOf: 0, memoryLimit: large), 64 << 20)
        XCTAssertEqual(ProcessHeap.reserve(forScriptOf: 700_000, memoryLimit: large), 64 << 20)
        XCTAssertEqual(ProcessHeap.reserve(forScriptOf: 4 << 20, memoryLimit: large), 256 << 20)
        XCTAssertEqual(ProcessHeap.reserve(forScriptOf: 100 << 20, memoryLimit: large), 1 << 30)
        XCTAssertEqual(ProcessHeap.reserve(forScriptOf: .max, memoryLimit: large), 1 << 30)
    }

    /// A quarter of the memory limit at most: the default 256 MiB allows the 64 MiB a screen
    /// needs; a small limit leaves too little to advise (`srheap_grow_in_huge_pages` refuses
    /// below 4 MiB).
    func testTheReserveIsAQuarterOfTheMemoryLimitAtMost() {
        XCTAssertEqual(ProcessHeap.reserve(forScriptOf: 700_000, memoryLimit: 256 << 20), 64 << 20)
        XCTAssertEqual(ProcessHeap.reserve(forScriptOf: 4 << 20, memoryLimit: 256 << 20), 64 << 20)
        XCTAssertEqual(ProcessHeap.reserve(forScriptOf: 4 << 20, memoryLimit: 8 << 20), 2 << 20)
    }
}
