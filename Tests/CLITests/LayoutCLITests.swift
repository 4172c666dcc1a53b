import Foundation
import TestSupport
import XCTest

/// `stylerun FILE --layout` and `--width`: frames in the tree text and the JSON, and the seeds'
/// screens laid out at a small phone's, a phone's and a tablet's width, reviewed by hand and
/// kept as snapshots (`SNAPSHOT_RECORD=1` records them again).
final class LayoutCLITests: XCTestCase {
    static let screens = ["subscribe", "episode-cell", "sign-in", "styling-kit", "simple-view", "themes", "cascade"]

    /// The frames of a `--format json` tree, one line per view: `Kind#id x,y w×h`, indented
    /// by depth, with a truncation when there is one.
    func frames(_ json: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        var lines: [String] = []
        func walk(_ value: Any, depth: Int) throws {
            let view = try XCTUnwrap(value as? [String: Any])
            let frame = try XCTUnwrap(view["frame"] as? [String: Double], "a view without a frame: \(view)")
            func n(_ key: String) -> String {
                let v = frame[key]!
                return v == v.rounded() ? String(Int(v)) : String(format: "%.2f", v)
            }
            var line = String(repeating: "  ", count: depth) + (view["kind"] as! String)
            if let id = view["id"] as? String { line += "#" + id }
            line += " \(n("x")),\(n("y")) \(n("width"))×\(n("height"))"
            if let t = view["truncation"] as? [String: Any] {
                line += "  truncated: line \(t["line"]!), \(t["charactersShown"]!) of \(t["characters"]!)"
            }
            lines.append(line)
            for child in view["children"] as? [Any] ?? [] { try walk(child, depth: depth + 1) }
        }
        try walk(object, depth: 0)
        return lines.joined(separator: "\n") + "\n"
    }

    func testTheSeedsScreensAtThreeWidths() throws {
        for screen in Self.screens {
            for width in [320, 375, 768] {
                let run = try StyleRunCommand.run(["examples/\(screen).lua", "--width", "\(width)", "--format", "json"], in: repositoryRoot)
                XCTAssertEqual(run.status, 0, run.stderr)
                assertSnapshot(try frames(run.stdout), suffix: "\(screen).\(width)")
            }
        }
    }

    func testLayoutDefaultsTo375AndPrintsFramesInTheTreeText() throws {
        let run = try StyleRunCommand.run(["examples/subscribe.lua", "--layout"], in: repositoryRoot)
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "StackView#root")
        XCTAssertTrue(lines[1].hasPrefix("│  frame: 0,0 375×"), lines[1])
        let json = try StyleRunCommand.run(["examples/subscribe.lua", "--width", "375", "--format", "json"], in: repositoryRoot)
        let a = try frames(json.stdout).split(separator: "\n").first
        XCTAssertTrue(a?.hasPrefix("StackView#root 0,0 375×") == true, String(a ?? ""))
    }

    func testNoLayoutNoFrames() throws {
        let run = try StyleRunCommand.run(["examples/subscribe.lua", "--format", "json"], in: repositoryRoot)
        XCTAssertFalse(run.stdout.contains("\"frame\""))
    }

    func testABadWidthIsAUsageError() throws {
        for (width, message) in [("0", "stylerun: --width must be more than 0 points; got 0."),
                                 ("-3", "stylerun: Invalid value '-3' for '--width'; use a number, 0 or more."),
                                 ("1e9", "stylerun: --width must be at most 100000 points; got 1000000000."),
                                 ("wide", "stylerun: Invalid value 'wide' for '--width'; use a number, 0 or more.")] {
            let run = try StyleRunCommand.run(["examples/subscribe.lua", "--width", width], in: repositoryRoot)
            XCTAssertEqual(run.status, 2, width)
            XCTAssertEqual(run.firstErrorLine, message, width)
            XCTAssertFalse(run.crashed)
        }
    }

    func testAMissingFontIsAWarningNamingTheStandIn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-font-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            return View { id = "screen",
              Label { id = "title", text = "Episodes", font = font.named("Avenir-Heavy", 20) },
            }
            """.write(to: folder.appendingPathComponent("screen.lua"), atomically: true, encoding: .utf8)
        let run = try StyleRunCommand.run(["screen.lua", "--layout"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("warning: The font 'Avenir-Heavy' is not installed; its text is measured in 'Inter' instead."),
                      run.stderr)
        XCTAssertTrue(run.stderr.contains("[missing-font]"), run.stderr)
        XCTAssertTrue(run.stderr.contains("screen.lua:2:"), run.stderr)
    }

    func testAnImageIsItsFilesSizeInPoints() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-image-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A PNG header of 90 × 60 pixels named @3x: 30 × 20 points.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        png += [0, 0, 0, 90, 0, 0, 0, 60, 8, 6, 0, 0, 0]
        try Data(png).write(to: folder.appendingPathComponent("logo@3x.png"))
        try """
            return StackView { id = "row", alignment = "top",
              ImageView { id = "logo", image = "logo" },
              ImageView { id = "none", image = "missing" },
            }
            """.write(to: folder.appendingPathComponent("screen.lua"), atomically: true, encoding: .utf8)
        let run = try StyleRunCommand.run(["screen.lua", "--width", "100", "--format", "json"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        // The logo keeps 30 × 20; the image with no file is 0 × 0 (both hug at 251: the last stretches).
        XCTAssertEqual(try frames(run.stdout), """
            StackView#row 0,0 100×20
              ImageView#logo 0,0 30×20
              ImageView#none 30,0 70×0

            """)
    }

    func testSnapshotsRecordAndCompareFramesWhenAsked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-snapshot-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("screen.lua")
        try "return View { id = \"screen\", Label { id = \"title\", text = \"Hello\" } }\n".write(to: script, atomically: true, encoding: .utf8)
        let recorded = try StyleRunCommand.run(["snapshot", "screen.lua", "--update", "--width", "320"], in: folder)
        XCTAssertEqual(recorded.status, 0, recorded.stdout + recorded.stderr)
        let file = try String(contentsOf: folder.appendingPathComponent("__snapshots__/screen.lua.snap"), encoding: .utf8)
        XCTAssertTrue(file.contains("\n  frame: 0,0 320×"), file)
        XCTAssertEqual(try StyleRunCommand.run(["snapshot", "screen.lua", "--width", "320"], in: folder).status, 0)
        // Another width moves the frames: the snapshot names them.
        let wider = try StyleRunCommand.run(["snapshot", "screen.lua", "--width", "375"], in: folder)
        XCTAssertEqual(wider.status, 1)
        XCTAssertTrue(wider.stdout.contains("#title  frame: 8,8 304×"), wider.stdout)
        XCTAssertTrue(wider.stdout.contains("computed by the layout"), wider.stdout)
    }

    func testATreeTooDeepToLayOutIsAWarningNotACrash() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-deep-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            local v = Label { text = "deep" }
            for i = 1, 1000 do v = StackView { axis = "vertical", v } end
            return v
            """.write(to: folder.appendingPathComponent("deep.lua"), atomically: true, encoding: .utf8)
        let run = try StyleRunCommand.run(["deep.lua", "--layout", "--format", "json", "-o", "/dev/null"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.crashed)
        XCTAssertTrue(run.stderr.contains("warning: The tree is 1001 views deep; layout stops at 200 levels, so no frame was computed. Nest fewer views. [layout-too-deep]"),
                      run.stderr)
    }
}
