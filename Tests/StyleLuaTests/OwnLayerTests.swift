import StyleCore
import StyleLua
import XCTest

/// A view's own styles apply in the order they were applied to it (REFERENCE §1.6): the
/// constructor's `style` list, the constructor's literals, then `with` and called styles.
final class OwnLayerTests: XCTestCase {
    private func styled(_ script: String, file: StaticString = #filePath, line: UInt = #line) -> (View, [Diagnostic])? {
        let evaluation: Evaluation
        do {
            evaluation = try Evaluation.evaluate(source: script, chunk: "own.lua", options: EvaluationOptions(stdlibPaths: [stdlibPath]))
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
        let diagnostics = Cascade(evaluation.stylesheet).apply(to: evaluation.root!)
        return (evaluation.root!, diagnostics)
    }

    func testWithTransformsTheConstructorLiteral() throws {
        let (root, diagnostics) = try XCTUnwrap(styled("""
            local bolder = mver(Label.font, function(f) return f:bolded() end)
            return with(Label { id = "title", font = font.preferred "title3" }, bolder)
            """))
        XCTAssertEqual(root["font"], font(20, .bold, style: .title3))
        XCTAssertEqual(diagnostics, [], "a mver transforms the literal: no warning")
    }

    func testConstructorStyleListComesBeforeTheLiterals() throws {
        let (root, diagnostics) = try XCTUnwrap(styled("""
            local red = mut(Label.textColor, "#FF0000")
            return Label { style = red, textColor = "#00FF00" }
            """))
        XCTAssertEqual(root["textColor"], hex("#00FF00"))
        XCTAssertEqual(diagnostics, [])
    }

    func testLaterStylesApplyInCallOrder() throws {
        let (root, _) = try XCTUnwrap(styled("""
            local a = mut(Label.numberOfLines, 2)
            local b = mut(Label.numberOfLines, 3)
            local plus = mver(Label.numberOfLines, function(n) return n + 10 end)
            local l = Label { style = plus, numberOfLines = 1 }
            b(l)
            with(l, a)
            return with(l, plus)
            """))
        // plus(default 1) = 11, literal 1, b 3, a 2, plus 12.
        XCTAssertEqual(root["numberOfLines"], int(12))
        let origins = root.provenance?[Schema.label.property("numberOfLines")!.slot].map(\.origin.description)
        XCTAssertEqual(origins, ["default", "plus (constructor at own.lua:4)", "literal", "b (called at own.lua:5)",
                                 "a (with at own.lua:6)", "plus (with at own.lua:7)"])
    }

    func testALaterMutReplacingALiteralIsAWarningAtTheLiteral() throws {
        let (root, diagnostics) = try XCTUnwrap(styled("""
            local red = mut(Label.textColor, "#FF0000")
            return with(Label { id = "x", text = "Hi",
                                textColor = "#00FF00" }, red)
            """))
        XCTAssertEqual(root["textColor"], hex("#FF0000"))
        XCTAssertEqual(diagnostics.count, 1)
        let d = try XCTUnwrap(diagnostics.first)
        XCTAssertEqual(d.severity, .warning)
        XCTAssertEqual(d.code, .overriddenLiteral)
        XCTAssertEqual([d.line, d.column], [3, 21])
        XCTAssertEqual(d.message, "'textColor' given in the constructor of Label#x is replaced by the style applied later "
                           + "at own.lua:1; remove one of them, or transform it with mver.")
    }

    func testAFunctionStyleAssigningOverALiteralIsAWarningToo() throws {
        let (_, diagnostics) = try XCTUnwrap(styled("""
            return with(Label { text = "Hi" }, function(v)
              v.text = "Bye"
            end)
            """))
        XCTAssertEqual(diagnostics.map(\.code), [.overriddenLiteral])
        XCTAssertEqual(diagnostics.first?.message.contains("at own.lua:2"), true)
    }
}
