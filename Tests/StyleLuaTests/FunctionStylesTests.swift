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

    // MARK: A reload's copy of a function

    private func evaluate(_ script: String) throws -> Evaluation {
        try Evaluation.evaluate(source: script, chunk: "fns.lua", options: EvaluationOptions(stdlibPaths: [stdlibPath]))
    }

    /// The function of the first rule's style, and its `mver` transforms.
    private func functions(of evaluation: Evaluation) -> (styles: [any StyleFunction], transforms: [any ValueTransform]) {
        var styles: [any StyleFunction] = [], transforms: [any ValueTransform] = []
        for rule in evaluation.stylesheet.rules {
            for op in rule.style.operations {
                if case .function(let f, _) = op { styles.append(f) }
                if case .transform(_, let t, _) = op { transforms.append(t) }
            }
        }
        return (styles, transforms)
    }

    /// A function evaluated again from the same code does the same when it uses nothing from
    /// outside itself; one that reads a global or a local of the chunk, another body, or the
    /// same body on another line does not count as the same.
    func testAReloadsCopyOfASelfContainedFunctionDoesTheSame() throws {
        let cases: [(String, String, Bool)] = [
            ("rule(\"Label\", function(v) v.alpha = 0.5 end)", "rule(\"Label\", function(v) v.alpha = 0.5 end)", true),
            ("rule(\"Label\", mver(Label.font, function(f) return f:withSize(14) end))",
             "rule(\"Label\", mver(Label.font, function(f) return f:withSize(14) end))", true),
            ("rule(\"Label\", function(v) v.alpha = 0.5 end)", "rule(\"Label\", function(v) v.alpha = 0.6 end)", false),
            ("rule(\"Label\", function(v) v.alpha = 0.5 end)", "\nrule(\"Label\", function(v) v.alpha = 0.5 end)", false),
            ("rule(\"Label\", function(v) v.alpha = half end)", "rule(\"Label\", function(v) v.alpha = half end)", false),
            ("rule(\"Label\", function(v) v.alpha = size / 28 end)", "rule(\"Label\", function(v) v.alpha = size / 28 end)", false),
            ("rule(\"Label\", mver(Label.font, function(f) return f:withSize(size) end))",
             "rule(\"Label\", mver(Label.font, function(f) return f:withSize(size) end))", false),
        ]
        for (before, after, same) in cases {
            let prelude = "local size = 14\nhalf = 0.5\n"
            let old = try evaluate(prelude + before + "\nreturn Label {}"), new = try evaluate(prelude + after + "\nreturn Label {}")
            let (a, b) = (functions(of: old), functions(of: new))
            XCTAssertEqual(a.styles.count + a.transforms.count, 1, before)
            XCTAssertEqual(b.styles.count + b.transforms.count, 1, after)
            if let f = a.styles.first, let g = b.styles.first {
                XCTAssertEqual(f.doesTheSame(as: g), same, "\(before) / \(after)")
                XCTAssertTrue(f.doesTheSame(as: f))
            } else if let f = a.transforms.first, let g = b.transforms.first {
                XCTAssertEqual(f.doesTheSame(as: g), same, "\(before) / \(after)")
                XCTAssertTrue(f.doesTheSame(as: f))
            } else {
                XCTFail("\(before) / \(after): a function and a transform")
            }
        }
    }

    /// Once its evaluation is gone, a function cannot be compared: it is not the same as any.
    func testAFunctionWhoseEvaluationIsGoneIsNotTheSame() throws {
        let script = "rule(\"Label\", function(v) v.alpha = 0.5 end)\nreturn Label {}"
        var old: Evaluation? = try evaluate(script)
        let f = functions(of: old!).styles[0]
        old = nil
        let new = try evaluate(script)
        XCTAssertFalse(f.doesTheSame(as: functions(of: new).styles[0]))
        XCTAssertFalse(functions(of: new).styles[0].doesTheSame(as: f))
    }

    /// A restyle after a reload keeps the views of a rule whose function was evaluated again
    /// from the same code, and restyles those of one whose function reads a global; the values
    /// are what a full styling gives, and a later restyle runs the new function.
    func testARestyleAfterAReloadKeepsTheViewsOfAnUnchangedFunctionRule() throws {
        func script(_ color: String) -> String {
            """
            shade = 0.25
            rule(".a", function(v) v.alpha = 0.5 end)
            rule(".b", function(v) v.alpha = shade end)
            rule(".c", mut(Label.textColor, color "\(color)"))
            return StackView { Label { id = "a", class = "a" }, Label { id = "b", class = "b" }, Label { id = "c", class = "c" } }
            """
        }
        let first = try evaluate(script("#111111")), second = try evaluate(script("#222222"))
        let root = first.root!
        let styled = Cascade(first.stylesheet).restyle(root, after: nil)
        XCTAssertEqual(styled.diagnostics, [])
        let again = Cascade(second.stylesheet).restyle(root, after: styled.styled)
        XCTAssertEqual(again.diagnostics, [])
        let positions = ["a": 1, "b": 2, "c": 3]
        XCTAssertFalse(again.restyled.contains(positions["a"]!), "the same self-contained function: kept")
        XCTAssertTrue(again.restyled.contains(positions["b"]!), "a function reading a global: restyled")
        XCTAssertEqual(view("a", in: root)?["alpha"], num(0.5))
        XCTAssertEqual(view("b", in: root)?["alpha"], num(0.25))
        XCTAssertEqual(view("c", in: root)?["textColor"], hex("#222222"))
        let reference = try evaluate(script("#222222"))
        XCTAssertEqual(Cascade(reference.stylesheet).apply(to: reference.root!), [])
        for id in ["a", "b", "c"] {
            XCTAssertEqual(view(id, in: root)?.values, view(id, in: reference.root!)?.values, id)
            XCTAssertEqual(view(id, in: root)?.provenance, view(id, in: reference.root!)?.provenance, id)
        }
        // A full styling with the second stylesheet runs its own function.
        let lone = try evaluate(script("#222222"))
        XCTAssertEqual(Cascade(second.stylesheet).apply(to: lone.root!), [])
        XCTAssertEqual(view("a", in: lone.root!)?["alpha"], num(0.5))
    }
}
