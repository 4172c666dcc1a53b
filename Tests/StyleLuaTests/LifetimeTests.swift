import StyleCore
import StyleLua
import XCTest

/// A stylesheet outliving the evaluation that made it: its function styles and mver functions
/// need the script's Lua state, so applying it then is a diagnostic, not a crash.
final class LifetimeTests: XCTestCase {
    private let script = """
        appearance(Label, function(v) v.alpha = 0.5 end)
        appearance(Button, mver(Button.alpha, function(a) return a / 2 end))
        return StackView { id = "root", Label { id = "label" }, Button { id = "button" } }
        """

    func testAStylesheetAppliedWhileItsEvaluationLivesRunsItsFunctions() throws {
        let evaluation = try Evaluation.evaluate(source: script, chunk: "app.lua")
        let root = try XCTUnwrap(evaluation.root)
        evaluation.prepareForApplication()
        XCTAssertEqual(Cascade(evaluation.stylesheet).apply(to: root), [])
        XCTAssertEqual(root.children[0]["alpha"], .number(0.5))
        XCTAssertEqual(root.children[1]["alpha"], .number(0.5))
    }

    func testAStylesheetAppliedAfterItsEvaluationIsGoneSaysSo() throws {
        var evaluation: Evaluation? = try Evaluation.evaluate(source: script, chunk: "app.lua")
        let stylesheet = try XCTUnwrap(evaluation?.stylesheet)
        let root = try XCTUnwrap(evaluation?.root)
        weak let released = evaluation
        evaluation = nil
        XCTAssertNil(released, "the stylesheet must not keep its evaluation alive (a leak per reload)")

        let diagnostics = Cascade(stylesheet).apply(to: root)
        XCTAssertEqual(diagnostics.map { "\($0.file):\($0.line) \($0.code.rawValue)" }, ["app.lua:1 runtime-error", "app.lua:2 runtime-error"])
        for d in diagnostics {
            XCTAssertTrue(d.message.hasPrefix("This function style's script was released before the stylesheet was applied"), d.message)
        }
        XCTAssertEqual(root.children[0]["alpha"], .number(1), "the tree is left as it was")
    }
}
