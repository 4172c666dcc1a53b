import Foundation
@testable import StyleRun
import XCTest

/// While a script fails, the reloader also looks at new .lua files the watcher saw appear (a
/// module the script requires may be created after it). What they hold decides, not that they
/// were seen: a save's temporary file, gone by the time it is read, changes nothing.
final class ReloaderNewFilesTests: XCTestCase {
    private var folder: ScratchFolder!

    override func setUpWithError() throws {
        folder = try ScratchFolder()
    }

    private func failingReloader() throws -> Reloader {
        try folder.write("app.lua", "local theme = require \"theme\"\nreturn View { alpha = theme.alpha }\n")
        let reloader = Reloader(runtime: Runtime(), file: folder.path("app.lua"), theme: nil, tree: nil)
        guard case .failed = reloader.reload() else {
            XCTFail("the script loads without its module")
            return reloader
        }
        XCTAssertTrue(reloader.isFailing)
        return reloader
    }

    func testANewFileGoneBeforeItIsReadDoesNotReload() throws {
        let reloader = try failingReloader()
        // The temporary file of a save by renaming: seen appearing, renamed away since.
        XCTAssertNil(reloader.reloadIfChanged([folder.path("app.saving.lua")]))
        XCTAssertNil(reloader.reloadIfChanged([]))
    }

    func testANewFileReadWhileItExistedAndThenGoneDoesNotReload() throws {
        let reloader = try failingReloader()
        // The temporary file seen written before the rename: read while it held the new text
        // (the broken script is evaluated again then), gone at the rename.
        try folder.write("app.saving.lua", "return View {}\n")
        guard case .failed? = reloader.reloadIfChanged([folder.path("app.saving.lua")]) else {
            return XCTFail("a new file with content while failing is looked at")
        }
        try FileManager.default.removeItem(atPath: folder.path("app.saving.lua"))
        XCTAssertNil(reloader.reloadIfChanged([folder.path("app.saving.lua")]))
    }

    func testOnlyNewFilesChangingIsToldApartFromALoadedFile() throws {
        let reloader = try failingReloader()
        XCTAssertTrue(reloader.onlyNewFilesChanged([folder.path("app.saving.lua")]))
        XCTAssertFalse(reloader.onlyNewFilesChanged([folder.path("app.saving.lua"), folder.path("app.lua")]))
        XCTAssertFalse(reloader.onlyNewFilesChanged([]), "an unknown change is not a new file")
    }

    func testAModuleThatAppearsReloads() throws {
        let reloader = try failingReloader()
        try folder.write("theme.lua", "return { alpha = 0.5 }\n")
        guard case .reloaded? = reloader.reloadIfChanged([folder.path("theme.lua")]) else {
            return XCTFail("the module that appeared was not loaded")
        }
        XCTAssertFalse(reloader.isFailing)
        XCTAssertEqual(reloader.tree?["alpha"]?.displayText, "0.5")
    }
}
