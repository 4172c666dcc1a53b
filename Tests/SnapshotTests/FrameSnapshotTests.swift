import Foundation
import StyleLayout
import StyleRun
import StyleText
import XCTest

/// Frames in snapshots (`stylerun snapshot --layout`): recorded as a `frame` line per view,
/// compared within half a point.
final class FrameSnapshotTests: XCTestCase {
    func laidOut(text: String, size: Double) throws -> StyleSnapshot {
        let root = View(kind: Schema.view, id: "screen")
        let label = View(kind: Schema.label, id: "title")
        try label.set("text", .string(text))
        try label.set("font", .font(.system(size)))
        root.addChild(label)
        let layout = LayoutEngine(measurer: UniformTextMeasurer()).layout(root, options: LayoutOptions(width: 320))
        return StyleSnapshot(root, frames: layout.frames)
    }

    func testEachViewRecordsItsFrame() throws {
        let snapshot = try laidOut(text: "Hello", size: 20)
        let text = snapshot.text(title: "screen.lua")
        XCTAssertTrue(text.contains("\n  frame: 0,0 320×40\n"), text)
        XCTAssertTrue(text.contains("\n  frame: 8,8 304×24\n"), text)
        XCTAssertTrue(try RecordedSnapshot(text: text).differences(to: snapshot).isEmpty)
    }

    func testAFrameWithinHalfAPointIsTheSameAndBeyondItDiffers() throws {
        let recorded = try RecordedSnapshot(text: try laidOut(text: "Hello", size: 20).text(title: "screen.lua"))
        // 20.4 points: lines of 24.48, rounded up to 25: one point more, a difference.
        let taller = recorded.differences(to: try laidOut(text: "Hello", size: 20.4))
        XCTAssertEqual(taller.map(\.summary), ["#screen  frame: 0,0 320×40 → 0,0 320×41",
                                               "#title  font: system 20 → system 20.4",
                                               "#title  frame: 8,8 304×24 → 8,8 304×25"])
        XCTAssertEqual(taller.first?.setBy, "computed by the layout (edges compared within 0.5 points)")
        // A recorded frame 0.4 points off still holds; 0.6 points off does not.
        let current = try laidOut(text: "Hello", size: 20)
        for (recordedFrame, holds) in [("8.4,8 304×24", true), ("8,8 304.5×23.5", true), ("8.6,8 304×24", false)] {
            let text = current.text(title: "screen.lua").replacingOccurrences(of: "frame: 8,8 304×24", with: "frame: \(recordedFrame)")
            XCTAssertEqual(try RecordedSnapshot(text: text).differences(to: current).isEmpty, holds, recordedFrame)
        }
    }

    func testASnapshotWithoutFramesHasNoFrameLines() throws {
        let root = View(kind: Schema.view, id: "screen")
        XCTAssertFalse(StyleSnapshot(root).text(title: "screen.lua").contains("frame:"))
    }
}
