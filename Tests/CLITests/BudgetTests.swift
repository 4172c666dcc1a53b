import Foundation
import XCTest

/// Every budget covers all the work a script causes: Swift-side views and styles count against
/// `--memory`, styling is bounded by `--timeout`, and the error names the limit the user set.
/// Nothing a script does is reported as a crash.
final class BudgetTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func run(_ script: String, _ extra: [String]) throws -> CommandResult {
        try script.write(to: folder.appendingPathComponent("app.lua"), atomically: true, encoding: .utf8)
        return try StyleRunCommand.run(["app.lua"] + extra, in: folder)
    }

    /// Composing a style with itself shares its parts: 2^21 operations in 21 small values.
    func testAStyleComposedWithItselfTakesLinearMemory() throws {
        let script = "local x = mut(View.alpha, 1)\nfor i = 1, 21 do x = x .. x end\nreturn View { id = 'v' }\n"
        for extra in [[], ["--no-isolation"], ["--memory", "16"]] {
            let r = try run(script, extra)
            XCTAssertEqual(r.status, 0, "\(extra): \(r.stderr)")
            XCTAssertEqual(r.stdout, "View#v\n", "\(extra)")
        }
    }

    /// Applied, the same style is two million writes per view: bounded by the memory its
    /// provenance takes (recorded for `--explain`), with the limit named.
    func testApplyingAHugeStyleIsBoundedByTheLimits() throws {
        let script = "local x = mut(View.alpha, 1)\nfor i = 1, 21 do x = x .. x end\nreturn View { style = x }\n"
        let r = try run(script, ["--memory", "16", "--explain", "View"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.firstErrorLine.contains("error: The script went past its memory limit of 16 MiB while styling"), r.stderr)
        XCTAssertFalse(r.crashed || r.stderr.contains("[crash]"), r.stderr)
        let forever = "local x = mut(View.alpha, 1)\nfor i = 1, 60 do x = x .. x end\nreturn View { style = x }\n"
        let t = try run(forever, ["--timeout", "1", "--memory", "100000"])
        XCTAssertEqual(t.status, 1, t.stderr)
        XCTAssertTrue(t.firstErrorLine.contains("error: The script ran past its time limit of 1 second while styling."), t.stderr)
    }

    /// Views live in Swift; 300,000 Labels are charged to the memory limit instead of growing
    /// until the operating system stops the process.
    func testViewsCountAgainstTheMemoryLimit() throws {
        let script = "local kids = {}\nfor i = 1, 300000 do kids[i] = Label { text = 'x' } end\nreturn StackView(kids)\n"
        for extra in [["--memory", "64"], ["--memory", "64", "--no-isolation"]] {
            let r = try run(script, extra)
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertEqual(r.firstErrorLine, "app.lua:2:1: error: The script went past its memory limit of 64 MiB. [limit-exceeded]", r.stderr)
        }
    }

    /// 100 stacks of 500 Labels under 3,000 function rules that every Label matches (a
    /// function's result is never shared between views): styling shares the time limit with
    /// evaluation.
    func testStylingIsBoundedByTheTimeLimit() throws {
        let script = """
            for i = 1, 3000 do rule("StackView Label", function(v) v.alpha = i / 3000 end) end
            local stacks = {}
            for s = 1, 100 do
              local labels = {}
              for l = 1, 500 do labels[l] = Label { class = "c" .. ((s * l) % 3000 + 1) } end
              stacks[s] = StackView(labels)
            end
            return StackView(stacks)
            """
        let r = try run(script, ["--timeout", "1"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.firstErrorLine.contains("error: The script ran past its time limit of 1 second"), r.stderr)
        XCTAssertFalse(r.crashed || r.stderr.contains("[crash]"), r.stderr)
    }

    /// One budget runs out once: a function style that never ends trips the time (or
    /// instruction) limit on the first view it runs on, and styling stops there with one
    /// `limit-exceeded` error naming that view, not one per view after it.
    func testALimitReachedWhileStylingIsReportedOnce() throws {
        let script = """
            rule("Label", function(v)
              while true do end
            end)
            rule("Label", function(v) v.alpha = 0.5 end)
            local kids = {}
            for i = 1, 200 do kids[i] = Label { class = "c" .. i, text = "x" } end
            return StackView(kids)
            """
        let cases: [[String]] = [["--timeout", "1"], ["--timeout", "1", "--no-isolation"],
                                 ["--instructions", "100000"], ["--instructions", "100000", "--no-isolation"]]
        for extra in cases {
            let r = try run(script, extra + ["--format", "json"])
            XCTAssertEqual(r.status, 1, "\(extra): \(r.stderr)")
            XCTAssertFalse(r.crashed, r.stderr)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(extra): \(r.stdout)")
            let diagnostics = try XCTUnwrap(json["diagnostics"] as? [[String: Any]])
            XCTAssertEqual(diagnostics.count, 1, "\(extra): \(diagnostics)")
            XCTAssertEqual(diagnostics.first?["code"] as? String, "limit-exceeded", "\(extra)")
            XCTAssertEqual(diagnostics.first?["line"] as? Int, 2, "\(extra)")
            let message = diagnostics.first?["message"] as? String ?? ""
            XCTAssertTrue(message.hasSuffix("(applied to Label.c1)"), "\(extra): \(message)")
        }
        let text = try run(script, ["--timeout", "1"])
        XCTAssertEqual(text.errorLines.filter { $0.contains("error:") }.count, 1, text.stderr)
    }

    /// `print` in a loop is bounded: 1 MiB of output (prefixes included) and one note, and the
    /// script still styles and prints its tree.
    func testPrintIsBoundedPerEvaluation() throws {
        let script = "local s = string.rep('x', 1000)\nfor i = 1, 20000 do print(s) end\nreturn View { id = 'v' }\n"
        for extra in [[], ["--no-isolation"]] {
            let r = try run(script, extra)
            XCTAssertEqual(r.status, 0, "\(extra): \(r.stderr.suffix(300))")
            XCTAssertEqual(r.stdout, "View#v\n", "\(extra)")
            XCTAssertLessThanOrEqual(r.stderr.utf8.count, (1 << 20) + 200, "\(extra)")
            XCTAssertEqual(r.errorLines.last, "app.lua:2: print: the script's output reached the print limit of 1 MiB; later output is left out.")
            XCTAssertEqual(r.errorLines.filter { $0.contains("print limit") }.count, 1)
        }
    }

    /// An error whose message is huge (`error(s)` with a 20 MiB `s`, on every view) is cut to
    /// a readable length with the size of the rest, instead of a copy per view on the screen.
    func testAHugeErrorMessageIsCut() throws {
        let script = """
            local s = string.rep("x", 20 * 1024 * 1024)
            rule("Label", function(v) error(s) end)
            local kids = {}
            for i = 1, 10 do kids[i] = Label { id = "l" .. i } end
            return StackView(kids)
            """
        let r = try run(script, ["--format", "json"])
        XCTAssertEqual(r.status, 1, String(r.stderr.prefix(300)))
        XCTAssertFalse(r.crashed)
        XCTAssertLessThan(r.stdout.utf8.count, 200_000)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let diagnostics = try XCTUnwrap(json["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.count, 10)
        let message = try XCTUnwrap(diagnostics.first?["message"] as? String)
        XCTAssertTrue(message.hasPrefix("Xxxx"), String(message.prefix(40)))
        XCTAssertEqual(diagnostics.first?["line"] as? Int, 2)
        XCTAssertTrue(message.hasSuffix("… (\(20 * 1024 * 1024 + "app.lua:2: ".utf8.count - 4096) more bytes). (applied to Label#l1)"),
                      String(message.suffix(80)))
    }

    /// A script past 16 MiB is refused with the cap and the memory limit that allows it; with
    /// that `--memory` it runs, isolated or not, and one MiB less still refuses it.
    func testTheScriptCapFollowsTheMemoryLimit() throws {
        let script = "return Label { id = \"big\" }\n--[[" + String(repeating: "x", count: 17 << 20) + "]]\n"
        let size = script.utf8.count
        let needed = (size * 16 + (1 << 20) - 1) >> 20
        let refused = try run(script, [])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains(
            "'app.lua' is over 17 MiB; scripts may be at most 16 MiB (a sixteenth of the memory limit; --memory \(needed) allows this one)."),
                      refused.stderr)
        for extra in [[], ["--no-isolation"]] {
            let r = try run(script, extra + ["--memory", String(needed)])
            XCTAssertEqual(r.status, 0, "\(extra): \(r.stderr)")
            XCTAssertEqual(r.stdout, "Label#big\n", "\(extra)")
        }
        let short = try run(script, ["--memory", String(needed - 1)])
        XCTAssertEqual(short.status, 1, short.stderr)
        XCTAssertTrue(short.stderr.contains("'app.lua' is over 17 MiB; scripts may be at most \((needed - 1) >> 4) MiB"), short.stderr)
    }
}
