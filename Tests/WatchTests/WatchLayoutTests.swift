import Foundation
import StyleRun
import XCTest

/// A watch that lays out (`stylerun watch --layout`): each reload reports the frames it moved.
final class WatchLayoutTests: WatchTestCase {
    func testAReloadReportsTheFramesItMovedAndOnlyThose() throws {
        try folder.write("app.lua", """
            return View { id = "screen",
              Label { id = "title", text = "Hello", font = font.system(20) },
              View { id = "box", height = 40 },
            }
            """)
        let handle = Runtime().watch(file: folder.path("app.lua"), queue: queue, layoutWidth: 320) { [log] in log.record($0) }
        defer { handle.stop() }
        let first = log.wait(after: 0) { _ in true }
        // The first load lays everything out: every view's frame is new.
        XCTAssertEqual(first?.change("#screen", "frame")?.new, .string("0,0 320×81"))
        XCTAssertEqual(first?.change("#title", "frame")?.old, .null)
        XCTAssertEqual(first?.change("#box", "frame")?.new, .string("8,33 304×40"))

        // A colour moves nothing: no frame changes.
        var before = log.count
        try folder.write("app.lua", """
            return View { id = "screen", backgroundColor = "#EEEEEE",
              Label { id = "title", text = "Hello", font = font.system(20) },
              View { id = "box", height = 40 },
            }
            """)
        let recoloured = log.wait(after: before) { _ in true }
        XCTAssertEqual(recoloured?.changes.filter { $0.property == "frame" }, [])
        XCTAssertNotNil(recoloured?.change("#screen", "backgroundColor"))

        // A taller box moves the screen and the box, not the title.
        before = log.count
        try folder.write("app.lua", """
            return View { id = "screen", backgroundColor = "#EEEEEE",
              Label { id = "title", text = "Hello", font = font.system(20) },
              View { id = "box", height = 60 },
            }
            """)
        let taller = log.wait(after: before) { _ in true }
        XCTAssertEqual(taller?.changes.filter { $0.property == "frame" }.map(\.view), ["#screen", "#box"])
        XCTAssertEqual(taller?.change("#box", "frame")?.old, .string("8,33 304×40"))
        XCTAssertEqual(taller?.change("#box", "frame")?.new, .string("8,33 304×60"))
    }
}
