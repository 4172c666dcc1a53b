import StyleCore
import StyleLua
import XCTest
@testable import StyleRun

/// Globals, shadowing, suppression, columns and robustness of the static pass.
final class StaticCheckerScopeTests: XCTestCase {
    private func check(_ source: String, globals: Set<String> = []) -> [Diagnostic] {
        StaticChecker().check(source: source, file: "t.lua", globals: globals)
    }

    private func codes(_ source: String) -> [String] {
        check(source).map { "\($0.code.rawValue)@\($0.line):\($0.column)" }
    }

    func testLocalsShadowGlobalsAndKinds() {
        XCTAssertEqual(codes("local mutt = 1\nprint(mutt)"), [])
        XCTAssertEqual(codes("local View = {}\nprint(View.layoutMargin)"), [])
        XCTAssertEqual(codes("local function f(Label) return Label.txt end"), [])
        XCTAssertEqual(codes("for _, mut in ipairs({}) do mut(View.alpha, 7) end"), [])
        // Only the use before the local is declared reads the global.
        XCTAssertEqual(codes("print(mutt)\nlocal mutt = 1\nprint(mutt)"), ["undefined-global@1:7"])
    }

    func testGlobalsTheFileOrHostDefines() {
        XCTAssertEqual(codes("function helper() return 1 end\nprint(helper())"), [])
        XCTAssertEqual(codes("local function f() return later end\nlater = 3"), [])
        XCTAssertEqual(codes("_G.shared = 1\nprint(shared)"), [])
        XCTAssertEqual(check("print(hostValue)", globals: ["hostValue"]), [])
        XCTAssertEqual(codes("print(hostValue)"), ["undefined-global@1:7"])
    }

    func testDeclaredKindsAreGlobalsAndSelectorKinds() {
        let source = """
            local function early() return GradientView end
            kind("GradientView", View, { fromColor = "Color?" })
            rule("GradientView > Label", mut(Label.alpha, 1))
            local a = mut(GradientView.fromColr, "#FFF")
            local b = GradientView { fromColor = 3 }
            """
        XCTAssertEqual(check(source).map(\.message), [
            "GradientView has no property 'fromColr'. Did you mean 'fromColor'?",
            "'GradientView.fromColor' expects Color or nil, got Int.",
        ])
    }

    func testEverySandboxNameIsDefinedInTheRuntime() throws {
        for name in StaticGlobals.sandbox.union(StaticGlobals.api.keys).sorted() {
            do {
                _ = try Evaluation.evaluate(source: "local _ = \(name)\nreturn nil")
            } catch {
                XCTAssertFalse(error.diagnostics.contains { $0.code == .undefinedGlobal }, name)
            }
        }
    }

    func testSuppressionOnTheLineOrTheLineBefore() {
        let source = """
            local a = mutt(View.alpha, 1) -- stylerun: ignore undefined-global
            --[[ stylerun: ignore unknown-property, grid ]]
            local b = mut(StackView.spacng, 10)
            local c = mut(StackView.spacing, 10) -- stylerun: ignore grid, unknown-property
            -- stylerun: ignore grid
            local d = mutt(View.alpha, 1)
            local e = mut(View.alpha, 2) -- stylerun: ignore
            local f = mut(View.alpha, 3) -- stylerun: ignorex
            """
        XCTAssertEqual(codes(source), ["undefined-global@6:11", "out-of-range@8:27"])
        XCTAssertEqual(Suppressions.directive(in: "-- stylerun: ignore grid,duplicate-set"), ["grid", "duplicate-set"])
        XCTAssertNil(Suppressions.directive(in: "-- stylerun ignore grid"))
    }

    func testColumnsCountCharactersNotBytes() {
        let found = check("local s = \"👋 é\" .. mut(View.alpah, 1)")
        XCTAssertEqual(found.map(\.column), [29])  // 33 in bytes
        XCTAssertEqual(found.first?.endColumn, 34)
    }

    func testSyntaxErrorsAtTheirToken() {
        let cases: [(String, String, Int, Int)] = [
            ("local = 1", "<name> expected near '='.", 1, 7),
            ("local x = (1 + )", "Unexpected symbol near ')'.", 1, 16),
            ("x = 1\nif x then\n  y = 2\n", "'end' expected (to close 'if' at line 2) near <eof>.", 4, 1),
            ("local s = \"é\" + = 1", "Unexpected symbol near '='.", 1, 17),
            ("goto done", "No visible label 'done' for <goto> at line 1.", 1, 1),
        ]
        for (source, message, line, column) in cases {
            let found = check(source)
            XCTAssertEqual(found.map(\.message), [message], source)
            XCTAssertEqual(found.first?.code, .syntaxError)
            XCTAssertEqual(found.first.map { [$0.line, $0.column] }, [line, column], source)
        }
    }

    func testLuaThatIsNotAStyleScriptNeverCrashes() throws {
        let files = StaticCheckerCleanTests.luaFiles(in: "Tests/Fixtures/lint/realworld")
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let found = StaticChecker().check(source: try String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent)
            XCTAssertEqual(Set(found.map(\.code)).subtracting([.undefinedGlobal]), [], file.lastPathComponent)
        }
        let tricky = """
            local t <const> = setmetatable({}, { __index = function(_, k) return k end })
            local function va(...) local a, b = ... return select("#", ...), a, b end
            local obj = { n = 0 }
            function obj:inc(by) self.n = self.n + (by or 1) return self end
            obj:inc():inc(2)
            for i = 10, 1, -1 do if i % 2 == 0 then goto continue end ::continue:: end
            local s = ("x"):rep(3) .. [==[long]==] .. 1 // 2 .. (3 ~ 5)
            local f = function(v) v.anything = v.other end
            return t[1], va(1, 2), s, f
            """
        XCTAssertEqual(check(tricky), [])
        let deep = String(repeating: "(", count: 150) + "1" + String(repeating: ")", count: 150)
        XCTAssertEqual(check("return " + deep), [])
        XCTAssertEqual(check("return " + String(repeating: "mut .. ", count: 150) + "1").count, 0)
    }
}
