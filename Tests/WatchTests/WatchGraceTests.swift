import Foundation
import StyleRun
import XCTest

/// Editors that leave a file empty or missing for a while during a save (truncate, then write
/// 150 ms later; delete, then re-create 300 ms later) get a grace period: the watch waits for
/// the content instead of reporting a false error.
final class WatchGraceTests: WatchTestCase {
    private func script(_ color: String) -> String {
        "rule(\"#subscribe\", mut(Button.titleColor, \"\(color)\"))\n"
    }

    private func watch() -> WatchHandle {
        let handle = Runtime().watch(file: folder.path("app.lua"), tree: root, queue: queue) { [log] in log.record($0) }
        log.wait(after: 0) { _ in true }
        return handle
    }

    private func failures(after index: Int) -> [ReloadEvent] {
        log.all.dropFirst(index).filter { !$0.diagnostics.isEmpty }
    }

    func testTruncateThenWriteLaterReportsNoFalseError() throws {
        try folder.write("app.lua", script("#111111"))
        let handle = watch()
        let before = log.count
        let file = try XCTUnwrap(FileHandle(forWritingAtPath: folder.path("app.lua")))
        try file.truncate(atOffset: 0)
        try file.synchronize()
        usleep(150_000)
        try file.write(contentsOf: Data(script("#222222").utf8))
        try file.close()
        log.wait(after: before) { $0.sets("#subscribe", "titleColor", to: "#222222") }
        settle(handle)
        XCTAssertEqual(failures(after: before).count, 0, "\(log.all.dropFirst(before))")
        handle.stop()
    }

    func testDeleteThenRecreateLaterReportsNoFalseError() throws {
        try folder.write("app.lua", script("#111111"))
        let handle = watch()
        let before = log.count
        try FileManager.default.removeItem(atPath: folder.path("app.lua"))
        usleep(300_000)
        try folder.write("app.lua", script("#333333"))
        log.wait(after: before) { $0.sets("#subscribe", "titleColor", to: "#333333") }
        settle(handle)
        XCTAssertEqual(failures(after: before).count, 0, "\(log.all.dropFirst(before))")
        handle.stop()
    }

    /// Past the grace period the file is what it is: a deleted script is an error, and the
    /// watch recovers when it comes back.
    func testAFileStillMissingAfterTheGracePeriodIsAnError() throws {
        try folder.write("app.lua", script("#111111"))
        let handle = watch()
        let before = log.count
        try FileManager.default.removeItem(atPath: folder.path("app.lua"))
        let failed = log.wait(after: before) { !$0.diagnostics.isEmpty }
        XCTAssertEqual(failed?.diagnostics.first?.code, .fileNotFound)
        let after = log.count
        try folder.write("app.lua", script("#444444"))
        log.wait(after: after) { $0.sets("#subscribe", "titleColor", to: "#444444") }
        handle.stop()
    }
}
