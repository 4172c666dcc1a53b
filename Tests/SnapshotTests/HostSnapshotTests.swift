import Foundation
import StyleRun
import StyleRunSnapshotTesting
import XCTest

/// `StyleRunSnapshotTesting`: a host's own view tree, built in Swift and styled by a stylesheet.
final class HostSnapshotTests: XCTestCase {
    private let stylesheet = """
        rule("Button.primary", concat(mut(Button.titleColor, color.white), mut(View.layer.cornerRadius, 6)))
        appearance(Label, mut(Label.textColor, "#333333"))
        """

    private func hostTree(styledWith source: String) throws -> View {
        let root = View(kind: Schema.stackView, id: "root")
        root.addChild(View(kind: Schema.label, id: "title"))
        root.addChild(View(kind: Schema.button, id: "subscribe", classes: ["primary"]))
        try Runtime().load(source: source, name: "host.lua").apply(to: root)
        return root
    }

    func testHostTreeMatchesItsRecordedSnapshot() throws {
        // __snapshots__/HostSnapshotTests.testHostTreeMatchesItsRecordedSnapshot.snap, recorded and reviewed.
        assertStyleSnapshot(of: try hostTree(styledWith: stylesheet))
    }

    func testADifferenceFailsNamingTheViewTheValuesAndTheLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("host-snapshot-\(UUID().uuidString).snap").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertNil(verifyStyleSnapshot(of: try hostTree(styledWith: stylesheet), at: path, title: "host", ci: false))
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        XCTAssertNil(verifyStyleSnapshot(of: try hostTree(styledWith: stylesheet), at: path, title: "host", ci: true))

        let changed = try hostTree(styledWith: stylesheet.replacingOccurrences(of: "color.white", with: "color.black"))
        let failure = try XCTUnwrap(verifyStyleSnapshot(of: changed, at: path, title: "host", ci: false))
        XCTAssertTrue(failure.contains("#subscribe  titleColor: #FFFFFF → #000000\n"), failure)
        XCTAssertTrue(failure.contains("set by rule \"Button.primary\" at host.lua:1"), failure)
        XCTAssertNil(verifyStyleSnapshot(of: changed, at: path, title: "host", update: true, ci: true))
        XCTAssertNil(verifyStyleSnapshot(of: changed, at: path, title: "host", ci: true))
    }

    func testAMissingSnapshotFailsUnderCI() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("host-snapshot-\(UUID().uuidString).snap").path
        let failure = try XCTUnwrap(verifyStyleSnapshot(of: try hostTree(styledWith: stylesheet), at: path, title: "host", ci: true))
        XCTAssertTrue(failure.hasPrefix("missing   host: no snapshot is recorded at \(path)"), failure)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }
}
