import Foundation
import StyleRun
import XCTest

/// Deep input never overflows a stack: each run ends with a result or an error, and one deep
/// file does not take the report of the others with it. The inputs are generated.
final class DeepInputTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-deep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ name: String, _ text: String) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// 20,000 terms, or 15,000 chained calls, used to kill `stylerun lint` with SIGSEGV.
    func testLongChainsAreASyntaxErrorAndTheOtherFilesAreStillReported() throws {
        try write("plus.lua", "local x = " + Array(repeating: "1", count: 20_000).joined(separator: " + ") + "\nreturn View {}\n")
        try write("calls.lua", "local f\nlocal x = f" + String(repeating: "()", count: 15_000) + "\nreturn View {}\n")
        try write("other.lua", "return View { alpha = 2 }\n")
        for extra in [[], ["--no-isolation"]] {
            let r = try StyleRunCommand.run(["lint", "--format", "json"] + extra, in: folder)
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertFalse(r.crashed, r.stderr)
            let report = try JSONValue(parsing: r.stdout)
            XCTAssertEqual(report["files"], 3)
            guard case .array(let diagnostics)? = report["diagnostics"] else { return XCTFail(r.stdout) }
            let files = Set(diagnostics.compactMap { d -> String? in
                if case .string(let file)? = d["file"] { return file }
                return nil
            })
            XCTAssertEqual(files, ["plus.lua", "calls.lua", "other.lua"], r.stdout)
            for d in diagnostics where d["file"] != "other.lua" {
                XCTAssertEqual(d["message"], "Expression too deeply nested (more than 1000 chained operators, calls or fields).")
            }
            XCTAssertEqual(diagnostics.first { $0["file"] == "other.lua" }?["code"], "out-of-range")
        }
    }

    /// A 10,000-deep tree prints in every format, in output linear in its size.
    func testADeepTreePrintsInEveryFormat() throws {
        func chain(_ depth: Int) -> String {
            "local v = Label { id = 'leaf', text = 'x' }\nfor i = 1, \(depth) do v = View { v } end\nreturn v\n"
        }
        try write("deep.lua", chain(10_000))
        try write("shallow.lua", chain(1_000))
        for format in ["tree", "json", "html"] {
            let deep = try StyleRunCommand.run(["deep.lua", "--format", format], in: folder)
            let shallow = try StyleRunCommand.run(["shallow.lua", "--format", format], in: folder)
            XCTAssertEqual(deep.status, 0, "\(format): \(deep.stderr)")
            XCTAssertTrue(deep.stdout.contains("leaf"), format)
            XCTAssertLessThan(Double(deep.stdout.utf8.count) / Double(shallow.stdout.utf8.count), 11, format)
        }
    }
}
