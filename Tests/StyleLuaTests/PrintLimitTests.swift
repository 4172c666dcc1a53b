import StyleCore
import StyleLua
import XCTest

/// `print` writes at most `Limits.printedBytes` per evaluation, prefixes included; the line that
/// would pass the limit is replaced by one note, later output is left out, and the script goes on.
final class PrintLimitTests: XCTestCase {
    private final class Log: @unchecked Sendable {
        var lines: [String] = []
    }

    private func evaluate(_ script: String, printedBytes: Int) throws -> (Evaluation, [String]) {
        let log = Log()
        let options = EvaluationOptions(limits: Limits(printedBytes: printedBytes), log: { log.lines.append($0) })
        let evaluation = try Evaluation.evaluate(source: script, chunk: "app.lua", options: options)
        evaluation.prepareForApplication()
        if let root = evaluation.root { XCTAssertEqual(Cascade(evaluation.stylesheet).apply(to: root), []) }
        return (evaluation, log.lines)
    }

    func testOutputPastTheLimitIsLeftOutWithOneNote() throws {
        // Each line is "app.lua:1: line N": 17 or 18 bytes with its line end.
        let (evaluation, lines) = try evaluate("for i = 1, 1000 do print('line', i) end\nreturn View { id = 'done' }", printedBytes: 100)
        XCTAssertEqual(evaluation.root?.id, "done", "the script goes on")
        XCTAssertEqual(lines, (1...5).map { "app.lua:1: line\t\($0)" }
                       + ["app.lua:1: print: the script's output reached the print limit of 100 bytes; later output is left out."])
        XCTAssertLessThanOrEqual(lines.dropLast().reduce(0) { $0 + $1.utf8.count + 1 }, 100)
    }

    /// Function styles print within the same limit as the evaluation that made them.
    func testStylingSharesTheEvaluationsLimit() throws {
        let script = """
            print(string.rep("x", 80))
            rule("Label", function(v) print("styled", v.id) end)
            return StackView { Label { id = "a" }, Label { id = "b" } }
            """
        let (_, lines) = try evaluate(script, printedBytes: 120)
        XCTAssertEqual(lines, ["app.lua:1: " + String(repeating: "x", count: 80), "app.lua:2: styled\ta",
                               "app.lua:2: print: the script's output reached the print limit of 120 bytes; later output is left out."])
    }

    /// One huge argument is not copied into a line at all: its text alone is past the limit.
    func testAHugeArgumentIsLeftOutWhole() throws {
        let (_, lines) = try evaluate("print(string.rep('x', 8 * 1024 * 1024))\nprint('after')\nreturn View {}", printedBytes: 1 << 20)
        XCTAssertEqual(lines, ["app.lua:1: print: the script's output reached the print limit of 1 MiB; later output is left out."])
    }

    func testWithinTheLimitEverythingIsPrinted() throws {
        let (_, lines) = try evaluate("print()\nprint(nil, 1.5, 'x', setmetatable({}, { __tostring = function() return 'obj' end }))\nreturn View {}",
                                      printedBytes: 1 << 20)
        XCTAssertEqual(lines, ["app.lua:1: ", "app.lua:2: nil\t1.5\tx\tobj"])
    }
}
