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

    /// A chain of `depth` views above a labelled leaf.
    private func chain(_ depth: Int) -> String {
        "local v = Label { id = 'leaf', text = 'x' }\nfor i = 1, \(depth) do v = View { v } end\nreturn v\n"
    }

    /// `width` labels side by side in one view.
    private func row(_ width: Int) -> String {
        "local c = {}\nfor i = 1, \(width) do c[i] = Label { text = 'x' } end\nreturn View(c)\n"
    }

    /// The time limit of these runs: far above their work on a debug build on a busy machine
    /// (each takes a few seconds alone), so that only a hang could reach it.
    private let generousTimeout = ["--timeout", "600"]

    /// Every output of a large tree, run as a designer runs it, with its peak memory; for
    /// `snapshot`, what it printed and the snapshot file it recorded or compared.
    private func outputs(of script: String, _ name: String) throws -> [(format: String, bytes: Int, peak: Int, result: CommandResult)] {
        let folder = self.folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let screen = folder.appendingPathComponent("screen.lua").path
        try script.write(toFile: screen, atomically: true, encoding: .utf8)
        var out: [(String, Int, Int, CommandResult)] = []
        let runs: [(String, [String])] = [
            ("tree", [screen]), ("json", [screen, "--format", "json"]), ("html", [screen, "--format", "html"]),
            ("explain", [screen, "--explain", "View"]), ("explain json", [screen, "--explain", "View", "--format", "json"]),
            ("snapshot record", ["snapshot", "--update", folder.path]), ("snapshot compare", ["snapshot", folder.path]),
            ("snapshot compare in process", ["snapshot", folder.path, "--no-isolation"]),
        ]
        for (format, arguments) in runs {
            let (r, peak) = try StyleRunCommand.runMeasuringMemory(arguments + generousTimeout)
            var bytes = r.stdout.utf8.count
            if format.hasPrefix("snapshot") {
                let file = folder.appendingPathComponent("__snapshots__/screen.lua.snap")
                bytes = (try? Data(contentsOf: file).count) ?? 0
            }
            out.append((format, bytes, peak, r))
        }
        return out
    }

    /// A 20,000-deep chain and a 50,000-wide row print in every format, as `--explain` and as
    /// snapshots (recorded, then compared): each with output about ten times that of a tree a
    /// tenth its size (linear, not quadratic) and in memory well under the limits. Quadratic
    /// references and path strings took over 700 MiB for the deep HTML, and crashed.
    func testLargeTreesPrintInEveryFormatInLinearSpace() throws {
        let mib = 1 << 20
        // Comparing a snapshot holds the recorded file's lines beside the new capture: deep, it
        // stays under the same 200 MiB (170 MiB measured); wide, its cap is its present figure
        // with room, far under what quadratic paths took (24 GB at 200,000 deep).
        for (name, small, large, cap, compareCap) in [("deep", chain(2_000), chain(20_000), 200 * mib, 200 * mib),
                                                      ("wide", row(5_000), row(50_000), 700 * mib, 1_536 * mib)] {
            let smaller = try outputs(of: small, name + "-small"), larger = try outputs(of: large, name + "-large")
            for (s, l) in zip(smaller, larger) {
                let what = "\(name) \(l.format)"
                XCTAssertEqual(l.result.status, 0, "\(what): \(l.result.stderr)")
                XCTAssertFalse(l.result.crashed, "\(what): \(l.result.stderr)")
                XCTAssertGreaterThan(s.bytes, 0, what)
                let ratio = Double(l.bytes) / Double(max(s.bytes, 1))
                // Ten times the views: about ten times the text (explain's header and snapshot's
                // summary lines are fixed), never a hundred.
                if !l.format.hasPrefix("snapshot compare") {
                    XCTAssertLessThan(ratio, 12, "\(what): \(s.bytes) → \(l.bytes) bytes")
                    XCTAssertGreaterThan(ratio, 8, "\(what): \(s.bytes) → \(l.bytes) bytes")
                }
                XCTAssertLessThan(l.peak, l.format.hasPrefix("snapshot compare") ? compareCap : cap, "\(what): peak \(l.peak / mib) MiB")
            }
            XCTAssertTrue(larger[5].result.stdout.contains("Snapshots: 1 recorded."), larger[5].result.stdout)
            XCTAssertTrue(larger[6].result.stdout.contains("Snapshots: 1 matched."), larger[6].result.stdout)
            XCTAssertTrue(larger[7].result.stdout.contains("Snapshots: 1 matched."), larger[7].result.stdout)
        }
    }

    /// A 10,000-deep tree prints in every format, in output linear in its size.
    func testADeepTreePrintsInEveryFormat() throws {
        try write("deep.lua", chain(10_000))
        try write("shallow.lua", chain(1_000))
        for format in ["tree", "json", "html"] {
            let deep = try StyleRunCommand.run(["deep.lua", "--format", format] + generousTimeout, in: folder)
            let shallow = try StyleRunCommand.run(["shallow.lua", "--format", format] + generousTimeout, in: folder)
            XCTAssertEqual(deep.status, 0, "\(format): \(deep.stderr)")
            XCTAssertTrue(deep.stdout.contains("leaf"), format)
            XCTAssertLessThan(Double(deep.stdout.utf8.count) / Double(shallow.stdout.utf8.count), 11, format)
        }
    }
}
