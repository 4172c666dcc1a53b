import StyleCore
import StyleLua
import XCTest

/// Lua functions as `mver`s: which ones are known to give the same result for the same value
/// (and so may be shared between like views), and that a function with state still runs for
/// every view.
final class FunctionStylesTests: XCTestCase {
    private func transforms(_ script: String, file: StaticString = #filePath, line: UInt = #line) throws -> [any ValueTransform] {
        let evaluation = try Evaluation.evaluate(source: script, chunk: "fns.lua", options: EvaluationOptions(stdlibPaths: [stdlibPath]))
        return evaluation.stylesheet.rules.flatMap { rule in
            rule.style.operations.compactMap { op -> (any ValueTransform)? in
                if case .transform(_, let t, _) = op { return t }
                return nil
            }
        }
    }

    func testOnlyAFunctionUsingNothingFromOutsideItselfDependsOnTheValueAlone() throws {
        let cases: [(String, Bool)] = [
            ("mver(Label.font, function(f) return f:withSize(14) end)", true),
            ("mver(View.layoutMargins, function(m) local function half(x) return x / 2 end; m.bottom = half(32) end)", true),
            ("mver(Label.font, function(f) return f:withSize(size) end)", false),        // a local of the chunk
            ("mver(Label.font, function(f) return f:withSize(font.system(3).size) end)", false),  // a global
            ("mver(Label.text, string.upper)", false),                                   // a C function
        ]
        for (style, expected) in cases {
            let found = try transforms("local size = 14\nrule(\"Label\", \(style))\nreturn Label {}")
            XCTAssertEqual(found.count, 1, style)
            XCTAssertEqual(found.first?.dependsOnlyOnValue, expected, style)
        }
    }

    /// A `mver` that keeps state runs once per view, in tree order, as written.
    func testAFunctionWithStateRunsForEveryView() throws {
        guard case .styled(let root, _) = evaluateAndStyle("""
            local runs = 0
            rule("Label", mver(Label.numberOfLines, function(n) runs = runs + 1; return runs end))
            rule("Label", mver(Label.font, function(f) return f:withSize(20) end))
            return StackView { Label { id = "a" }, Label { id = "b" }, Label { id = "c" } }
            """) else { return XCTFail("the script did not style") }
        XCTAssertEqual(["a", "b", "c"].map { view($0, in: root)?["numberOfLines"] }, [int(1), int(2), int(3)])
        XCTAssertEqual(["a", "b", "c"].map { view($0, in: root)?["font"] }, Array(repeating: font(20), count: 3))
    }
}
