import Foundation
import StyleRun
import XCTest

/// Every way an editor saves ends with the final content applied to the host's tree.
final class WatchSaveTests: WatchTestCase {

    private func script(_ color: String) -> String {
        "rule(\"#subscribe\", mut(Button.titleColor, \"\(color)\"))\n"
    }

    /// Starts watching `file` and waits for the initial load.
    private func watch(_ file: String = "app.lua") -> WatchHandle {
        let handle = Runtime().watch(file: folder.path(file), tree: root, queue: queue) { [log] in log.record($0) }
        log.wait(after: 0) { _ in true }
        return handle
    }

    private func titleColor() -> String? {
        queue.sync { root.children[0]["titleColor"]?.displayText }
    }

    /// Saves with `save`, then waits for the reload that applies `color`.
    private func assertSaveApplies(_ color: String, file: StaticString = #filePath, line: UInt = #line,
                                   _ save: () throws -> Void) rethrows {
        let before = log.count
        try save()
        log.wait(after: before, file: file, line: line) { $0.sets("#subscribe", "titleColor", to: color) }
        XCTAssertEqual(titleColor(), color, file: file, line: line)
    }

    func testAnInPlaceWriteReloads() throws {
        try folder.write("app.lua", script("#111111"))
        let handle = watch()
        XCTAssertEqual(titleColor(), "#111111")
        try assertSaveApplies("#222222") { try folder.write("app.lua", script("#222222")) }
        handle.stop()
    }

    func testWritingATemporaryFileAndRenamingItOverReloads() throws {
        try folder.write("app.lua", script("#111111"))
        let handle = watch()
        try assertSaveApplies("#222222") { try folder.writeByRenaming("app.lua", script("#222222")) }
        try assertSaveApplies("#333333") { try folder.writeByRenaming("app.lua", script("#333333")) }
        handle.stop()
    }

    func testTruncatingThenWritingEndsWithTheFinalContent() throws {
        try folder.write("app.lua", script("#111111"))
        let handle = watch()
        try assertSaveApplies("#222222") {
            try folder.truncateThenWrite("app.lua", script("#222222"), whileEmpty: { settle(handle) })
        }
        handle.stop()
    }

    func testDeletingThenCreatingEndsWithTheFinalContent() throws {
        try folder.write("app.lua", script("#111111"))
        let handle = watch()
        try assertSaveApplies("#222222") {
            try folder.deleteThenCreate("app.lua", script("#222222"), whileMissing: { settle(handle) })
        }
        try assertSaveApplies("#333333") { try folder.write("app.lua", script("#333333")) }
        handle.stop()
    }

    func testEditingARequiredModuleReloads() throws {
        try folder.write("tokens.lua", "return { accent = \"#111111\" }\n")
        try folder.write("app.lua", "local t = require \"tokens\"\nrule(\"#subscribe\", mut(Button.titleColor, t.accent))\n")
        let handle = watch()
        XCTAssertEqual(log.all.first?.files.map { ($0 as NSString).lastPathComponent }, ["app.lua", "tokens.lua"])
        try assertSaveApplies("#222222") { try folder.write("tokens.lua", "return { accent = \"#222222\" }\n") }
        try assertSaveApplies("#333333") { try folder.writeByRenaming("tokens.lua", "return { accent = \"#333333\" }\n") }
        handle.stop()
    }

    func testABurstOfSavesEndsInOneReloadOfTheFinalContent() throws {
        try folder.write("app.lua", script("#000000"))
        let handle = watch()
        let before = log.count
        for i in 1...20 {
            try folder.write("app.lua", script(String(format: "#0000%02X", i)))
        }
        log.wait(after: before) { $0.sets("#subscribe", "titleColor", to: "#000014") }
        XCTAssertEqual(titleColor(), "#000014")
        let applied = log.count
        settle(handle)
        XCTAssertEqual(log.count, applied, "a reload after the final content was applied")
        // Each completed save may reload at once, and saves that come during a reload wait
        // for the next one together; how many reloads that is depends on the machine's speed,
        // but each applies a newer save than the one before, never an older one again.
        let applies = log.all[before...].compactMap { event in
            (1...20).last { event.sets("#subscribe", "titleColor", to: String(format: "#0000%02X", $0)) }
        }
        XCTAssertLessThanOrEqual(log.count - before, 20)
        XCTAssertEqual(applies, applies.sorted(), "a reload applied an older save after a newer one")
        XCTAssertEqual(Set(applies).count, applies.count, "one save was applied twice")
        handle.stop()
    }

    func testASymlinkedScriptReloadsWhenItsTargetIsSaved() throws {
        let elsewhere = try ScratchFolder()
        try elsewhere.write("real.lua", script("#111111"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("app.lua"), withDestinationPath: elsewhere.path("real.lua"))
        let handle = watch()
        XCTAssertEqual(titleColor(), "#111111")
        try assertSaveApplies("#222222") { try elsewhere.write("real.lua", script("#222222")) }
        try assertSaveApplies("#333333") { try elsewhere.writeByRenaming("real.lua", script("#333333")) }
        // Pointing the link at another file is a save too.
        try elsewhere.write("other.lua", script("#444444"))
        try assertSaveApplies("#444444") {
            try FileManager.default.removeItem(atPath: folder.path("app.lua"))
            try FileManager.default.createSymbolicLink(atPath: folder.path("app.lua"), withDestinationPath: elsewhere.path("other.lua"))
        }
        handle.stop()
    }

    func testASaveWithIdenticalContentDoesNotReload() throws {
        try folder.write("app.lua", script("#111111"))
        let handle = watch()
        let before = log.count
        try folder.write("app.lua", script("#111111"))
        try folder.writeByRenaming("app.lua", script("#111111"))
        settle(handle)
        XCTAssertEqual(log.count, before, "reloaded without a change: \(log.all.dropFirst(before))")
        try assertSaveApplies("#222222") { try folder.write("app.lua", script("#222222")) }
        XCTAssertEqual(log.count, before + 1)
        handle.stop()
    }
}
