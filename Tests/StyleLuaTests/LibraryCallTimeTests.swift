import StyleCore
import StyleLua
import XCTest

/// A C library call runs where the count hook cannot stop it; one that builds a large result
/// (`string.format`'s `%q`, `table.concat`, `..`, `gsub`) is stopped at its next large
/// allocation once the time limit has passed, instead of running to its end.
final class LibraryCallTimeTests: XCTestCase {
    /// Each call runs in a function style of a handful of instructions (the count hook, every
    /// thousand, never fires) after the deadline has passed: only the allocator can stop it.
    func testALargeResultPastTheDeadlineIsTheTimeLimit() throws {
        let calls = [
            "string.format('%q', s)",
            "string.format('%s%s', s, s)",
            "table.concat({ s, s, s, s })",
            "s .. s",
            "s:rep(4)",
            "s:gsub('x', 'yy')",
            "s:upper()",
        ]
        for call in calls {
            let script = """
                local s = string.rep("x", 2 * 1024 * 1024)
                rule("Label", function(v)
                  local r = \(call)
                end)
                return Label {}
                """
            let evaluation = try Evaluation.evaluate(source: script, chunk: "app.lua", options: EvaluationOptions(limits: Limits(seconds: 1000)))
            let root = try XCTUnwrap(evaluation.root)
            evaluation.prepareForApplication(within: 0)
            let diagnostics = Cascade(evaluation.stylesheet).apply(to: root)
            XCTAssertEqual(diagnostics.map(\.code), [.limitExceeded], call)
            XCTAssertEqual(diagnostics.first?.message, "The script ran past its time limit of 1000 seconds. (applied to Label)", call)
            XCTAssertEqual(diagnostics.first?.line, 3, call)
        }
    }

    /// Small results never read the clock: within the time limit, the same calls succeed.
    func testTheSameCallsWithinTheLimitSucceed() throws {
        let script = """
            local s = string.rep("x", 2 * 1024 * 1024)
            rule("Label", function(v)
              local r = string.format('%q', s) .. table.concat({ s, s }) .. s:gsub('x', 'yy')
              v.text = tostring(#r)
            end)
            return Label {}
            """
        let evaluation = try Evaluation.evaluate(source: script, chunk: "app.lua", options: EvaluationOptions(limits: Limits(seconds: 1000)))
        let root = try XCTUnwrap(evaluation.root)
        evaluation.prepareForApplication()
        XCTAssertEqual(Cascade(evaluation.stylesheet).apply(to: root), [])
        let length: Int = 2 * 1024 * 1024 + 2 + 4 * 1024 * 1024 + 4 * 1024 * 1024
        XCTAssertEqual(root["text"], .string(String(length)))
    }
}
