import Foundation
@testable import StyleRun
import XCTest

/// A save that is complete ends its burst at once; only a save that leaves the file empty or
/// open waits for the debounce. The debounce here is ten minutes, so a report that arrives
/// within the test's wait can only have come from a completed save, however busy the machine.
final class FileWatcherBurstTests: XCTestCase {
    private final class Reports: @unchecked Sendable {
        private let condition = NSCondition()
        private var bursts: [Set<String>] = []

        func record(_ paths: Set<String>) {
            condition.lock(); bursts.append(paths); condition.broadcast(); condition.unlock()
        }

        var all: [Set<String>] { condition.lock(); defer { condition.unlock() }; return bursts }

        /// Waits (up to 60 s, far below the watcher's debounce) for the `count`th burst.
        func wait(for count: Int, file: StaticString = #filePath, line: UInt = #line) {
            condition.lock(); defer { condition.unlock() }
            let deadline = Date().addingTimeInterval(60)
            while bursts.count < count, condition.wait(until: deadline) {}
            XCTAssertGreaterThanOrEqual(bursts.count, count, "no report of a completed save", file: file, line: line)
        }
    }

    private var folder: ScratchFolder!
    private let reports = Reports()
    private var watcher: FileWatcher!

    override func setUpWithError() throws {
        folder = try ScratchFolder()
        try folder.write("app.lua", "return 1\n")
        let reports = self.reports
        watcher = FileWatcher(debounce: .seconds(600), maximumDelay: 600) { reports.record($0) }
        watcher.watch([folder.path("app.lua")])
        try XCTSkipIf(watcher.pollingReason != nil, "inotify is not available: \(watcher.pollingReason ?? "")")
    }

    override func tearDown() {
        watcher.stop()
    }

    /// Waits until the watcher has handled everything queued so far.
    private func settle() {
        let done = expectation(description: "settled")
        // A pending burst would hold this for the whole debounce; only call it with none.
        watcher.whenSettled { done.fulfill() }
        wait(for: [done], timeout: 60)
    }

    func testAWriteInPlaceIsReportedWhenTheFileIsClosed() throws {
        try folder.write("app.lua", "return 2\n")
        reports.wait(for: 1)
        XCTAssertEqual(reports.all.first, [folder.path("app.lua")])
    }

    func testARenameIntoPlaceIsReportedAtOnce() throws {
        try folder.writeByRenaming("app.lua", "return 2\n")
        reports.wait(for: 1)
        XCTAssertEqual(reports.all.first, [folder.path("app.lua")])
    }

    func testATruncationLeftEmptyWaitsForTheWriteThatFollows() throws {
        // Truncated and closed empty (the first half of a truncate-then-write save): no report.
        let empty = try XCTUnwrap(FileHandle(forWritingAtPath: folder.path("app.lua")))
        try empty.truncate(atOffset: 0)
        try empty.close()
        // The second half writes and closes: one report for both.
        try folder.write("app.lua", "return 3\n")
        reports.wait(for: 1)
        settle()
        XCTAssertEqual(reports.all, [[folder.path("app.lua")]], "the empty close ended the burst early")
    }

    func testSavesMadeBeforeTheWatcherReadsThemAreOneBurst() throws {
        // Holds the watcher's queue while 20 complete saves are made: the kernel queues their
        // events, and the watcher reads them in one go when let go.
        let held = DispatchSemaphore(value: 0), holding = DispatchSemaphore(value: 0)
        watcher.whenSettled { holding.signal(); held.wait() }
        holding.wait()
        for i in 1...20 { try folder.write("app.lua", "return \(i)\n") }
        held.signal()
        reports.wait(for: 1)
        settle()
        XCTAssertEqual(reports.all, [[folder.path("app.lua")]])
    }
}
