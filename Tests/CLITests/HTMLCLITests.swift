import Foundation
import XCTest

/// `stylerun FILE --format html` (REFERENCE §2.1): the styled screen as a page.
final class HTMLCLITests: XCTestCase {
    func testTheSubscribeExampleBecomesAPageWithItsViews() throws {
        let r = try StyleRunCommand.run(["examples/subscribe.lua", "--format", "html"], in: repositoryRoot)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("<!DOCTYPE html>"), r.stdout)
        XCTAssertTrue(r.stdout.contains("<title>subscribe.lua</title>"), r.stdout)
        XCTAssertTrue(r.stdout.contains(#"id="subscribe""#), r.stdout)
        XCTAssertTrue(r.stdout.contains(#"<div data-kind="StackView" id="root""#), r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("</html>\n"), r.stdout)
        XCTAssertFalse(r.crashed, r.stderr)
    }

    func testOutputOptionWritesThePage() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-out-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try StyleRunCommand.run(["small.lua", "--format", "html", "-o", out.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "")
        let written = try String(contentsOf: out, encoding: .utf8)
        XCTAssertEqual(written, try StyleRunCommand.run(["small.lua", "--format", "html"]).stdout)
        XCTAssertTrue(written.contains("<title>small.lua</title>"), written)
    }
}
