import Foundation
import StyleRun
import XCTest

/// What a large document costs the running server, read from /proc/<pid>/status: a 6 MB
/// document used to take it from 25 MB to 680 MB resident, all of which stayed after didClose;
/// now about 30 MB more at the peak and under 1 MB more after the close (debug build). The caps
/// are generous.
final class MemoryTests: XCTestCase {
    private func status(_ pid: Int32, _ field: String) throws -> Int {
        let text = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix(field + ":") })
        return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])) * 1024
    }

    func testALargeDocumentCostsASmallMultipleOfItsSizeAndIsFreedOnClose() throws {
        #if !os(Linux)
        throw XCTSkip("reads /proc")
        #endif
        let client = try LSPClient()
        _ = try client.initialize()
        // A document the server has answered about first, so that its own start is in the baseline.
        client.open("small.lua", "return View { alpha = 1 }\n")
        XCTAssertNotNil(client.diagnostics(client.uri("small.lua"), timeout: 60))
        let pid = client.process.processIdentifier
        let baseline = try status(pid, "VmRSS")
        // Many small statements: the shape whose syntax tree costs most per byte.
        let text = String(repeating: "x = 1\n", count: 1_000_000)
        client.open("big.lua", text)
        let diagnostics = client.diagnostics(client.uri("big.lua"), timeout: 120) { !$0.isEmpty }
        XCTAssertEqual(diagnostics?.first?["code"], "document-too-large")
        XCTAssertEqual(try client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(client.uri("big.lua"))]])["result"], [])
        let peak = try status(pid, "VmHWM") - baseline
        XCTAssertLessThan(peak, 20 * text.utf8.count, "peak growth \(peak / 1_000_000) MB for a \(text.utf8.count / 1_000_000) MB document")
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(client.uri("big.lua"))]])
        XCTAssertNotNil(client.diagnostics(client.uri("big.lua"), timeout: 60) { $0.isEmpty })
        // A request answered after the close: the close has been handled.
        _ = try client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(client.uri("small.lua"))]])
        let kept = try status(pid, "VmRSS") - baseline
        XCTAssertLessThan(kept, 2 * text.utf8.count, "\(kept / 1_000_000) MB kept after didClose")
        XCTAssertEqual(try client.shutdown(), 0)
    }
}
