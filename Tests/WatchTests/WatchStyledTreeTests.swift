import Foundation
import StyleRun
import XCTest

/// `Runtime.watch(file:theme:queue:onStyled:)`: each event with the script's styled tree and
/// its themes, what a live preview draws.
final class WatchStyledTreeTests: WatchTestCase {
    /// What the callback saw, read on the watch's queue.
    private final class Seen: @unchecked Sendable {
        var titles: [String?] = []
        var themes: [[String]] = []
        var active: [String?] = []
    }

    func testEachEventComesWithTheLatestGoodTreeAndTheThemes() throws {
        try folder.write("app.lua", """
            local t = themes { default = "light", light = { title = "Day" }, dark = { title = "Night" } }
            return StackView { id = "root", Label { id = "title", text = t.title } }
            """)
        let seen = Seen()
        let handle = StyleRun.Runtime().watch(file: folder.path("app.lua"), queue: queue) { [log] event, watched in
            var title: String?
            if case .string(let text)? = watched.root?.children.first?["text"] { title = text }
            seen.titles.append(title)
            seen.themes.append(watched.themeNames)
            seen.active.append(watched.activeTheme)
            log.record(event)
        }
        log.wait(after: 0) { $0.isSuccess }
        var before = log.count
        try folder.write("app.lua", "return StackView { id = \"root\", Label { id = \"title\", txt = \"x\" } }\n")
        log.wait(after: before) { !$0.isSuccess }
        before = log.count
        handle.setTheme("dark")
        log.wait(after: before) { _ in true }
        handle.stop()
        queue.sync {
            XCTAssertEqual(seen.titles.first, "Day")
            // A failed reload still hands over the last good tree.
            XCTAssertEqual(seen.titles.dropFirst().first, "Day")
            XCTAssertEqual(seen.themes.first, ["dark", "light"])
            XCTAssertEqual(seen.active.first, "light")
        }
    }
}
