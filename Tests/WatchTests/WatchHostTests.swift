import Foundation
import StyleRun
import XCTest

/// What a host gets from a watch: a first event that lists what was set, events as a stream
/// that ends when the watch stops, and the current stylesheet for views added later.
final class WatchHostTests: WatchTestCase {
    func testTheFirstEventListsWhatTheFirstApplicationSetEvenOnAStyledTree() throws {
        try folder.write("app.lua", "rule(\"#subscribe\", mut(Button.titleColor, \"#111111\"))\n")
        try Runtime().load(file: folder.path("app.lua")).apply(to: root)    // the host styled it already
        let handle = Runtime().watch(file: folder.path("app.lua"), tree: root, queue: queue) { [log] in log.record($0) }
        let first = log.wait(after: 0) { _ in true }
        XCTAssertEqual(first?.change("#subscribe", "titleColor")?.new, .color(Color(hex: "#111111")!))
        handle.stop()
    }

    func testEventsEndWhenTheWatchStops() async throws {
        try folder.write("app.lua", "rule(\"#subscribe\", mut(Button.titleColor, \"#111111\"))\n")
        let handle = Runtime().watch(file: folder.path("app.lua"), tree: root, queue: queue)
        var count = 0
        for await event in handle.events {
            XCTAssertTrue(event.isSuccess)
            count += 1
            handle.stop()
        }
        XCTAssertEqual(count, 1)
    }

    /// What a reload replaced (the previous stylesheet and its Lua state) is freed once the
    /// reload's event is out, not while the designer waits for it, and not kept.
    func testThePreviousStylesheetIsFreedAfterTheEvent() throws {
        try folder.write("app.lua", """
            local t = themes { default = "light", light = { ink = "#000000" }, dark = { ink = "#FFFFFF" } }
            rule("#subscribe", mut(Button.titleColor, t.ink))
            """)
        final class Previous: @unchecked Sendable {
            weak var sheet: LoadedStylesheet?
            var aliveAtEvents: [Bool] = []
        }
        let previous = Previous()
        let handle = Runtime().watch(file: folder.path("app.lua"), tree: root, theme: "dark", queue: queue) { [log, previous] event in
            previous.aliveAtEvents.append(previous.sheet != nil)
            log.record(event)
        }
        _ = log.wait(after: 0) { _ in true }
        let grabbed = expectation(description: "the first stylesheet")
        handle.perform { sheet, _ in
            previous.sheet = sheet
            grabbed.fulfill()
        }
        wait(for: [grabbed], timeout: 60)
        let before = log.count
        handle.setTheme("light")
        _ = log.wait(after: before) { _ in true }
        settle(handle)
        XCTAssertEqual(previous.aliveAtEvents, [false, true], "the replaced stylesheet lives through the event")
        XCTAssertNil(previous.sheet, "and is freed once it is out")
        handle.stop()
    }

    func testAViewAddedLaterIsStyledOnTheWatchsQueue() throws {
        try folder.write("app.lua", "appearance(Label, mut(Label.numberOfLines, 3))\n")
        let handle = Runtime().watch(file: folder.path("app.lua"), tree: root, queue: queue) { [log] in log.record($0) }
        _ = log.wait(after: 0) { _ in true }
        let done = expectation(description: "styled")
        handle.perform { sheet, tree in
            guard let sheet, let tree else { return }
            let cell = View(.label)
            tree.addChild(cell)
            do { try sheet.apply(to: cell) } catch { return }
            if cell[Label.numberOfLines] == 3 { done.fulfill() }
        }
        wait(for: [done], timeout: 60)
        let before = log.count
        try folder.write("app.lua", "appearance(Label, mut(Label.numberOfLines, 4))\n")
        let reload = log.wait(after: before) { _ in true }
        XCTAssertEqual(reload?.change("StackView#root > Label[2]", "numberOfLines")?.new, .int(4),
                       "later reloads restyle the added view with the rest of the tree")
        handle.stop()
    }
}
