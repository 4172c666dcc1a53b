import CProcessHeap
import Foundation
import HeapProbe
import XCTest

/// `srheap_grow_in_huge_pages`, run in a child process (`heapprobe_run`): the test process's
/// own heap keeps glibc's defaults.
final class ProcessHeapTests: XCTestCase {
    private let reserve = 64 << 20

    private func skipWithoutTransparentHugePages() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled"),
                          "this kernel has no transparent huge pages")
    }

    func testTheHeapGrowsIntoOneAdvisedRegionThatLaterBlocksComeFrom() throws {
        try skipWithoutTransparentHugePages()
        let r = heapprobe_run(reserve, 1, 20_000)
        XCTAssertEqual(r.failed, 0)
        // The whole reserve but the 2 MiB alignment at either end.
        XCTAssertGreaterThanOrEqual(r.advised, reserve - (4 << 20))
        XCTAssertEqual(r.advised % (2 << 20), 0)
        // 20 MB of small blocks land in the region, but for those the heap had room for below
        // its first 2 MiB boundary (at most 2 MiB of them); and so does a block of 1 MiB (glibc
        // would otherwise map it apart: its threshold is 128 KiB).
        XCTAssertGreaterThanOrEqual(r.blocksAdvised, r.blocks - 2_048)
        XCTAssertEqual(r.largeBlockInHeap, 1)
        XCTAssertEqual(r.largeBlockAdvised, 1)
    }

    func testWithoutItNothingIsAdvisedAndALargeBlockIsAMappingOfItsOwn() throws {
        try skipWithoutTransparentHugePages()
        let r = heapprobe_run(reserve, 0, 20_000)
        XCTAssertEqual(r.failed, 0)
        XCTAssertEqual(r.advised, 0)
        XCTAssertEqual(r.blocksAdvised, 0)
        XCTAssertEqual(r.largeBlockInHeap, 0)
    }

    func testASizeOutsideTheBoundsChangesNothing() {
        for bytes in [0, 1 << 20, (1 << 30) + 1] {
            let r = heapprobe_run(bytes, 1, 1_000)
            XCTAssertEqual(r.failed, 0)
            XCTAssertEqual(r.advised, 0, "\(bytes)")
            XCTAssertEqual(r.blocksAdvised, 0, "\(bytes)")
            XCTAssertEqual(r.largeBlockInHeap, 0, "\(bytes): thresholds were changed")
        }
    }
}
