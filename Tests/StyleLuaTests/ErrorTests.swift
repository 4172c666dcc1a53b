import Foundation
import StyleCore
import StyleLua
import XCTest

// Over 400 lines on purpose: one table, a case per error, read top to bottom.

/// A script that must fail, and the first diagnostic it must give.
struct ErrorCase {
    var name: String
    var script: String
    var code: Diagnostic.Code
    /// A part of the message (the did-you-mean, the limit's name…).
    var message: String
    /// The line of the offending code in `bad.lua` (or in `file`), when it is meaningful.
    var line: Int? = nil
    var column: Int? = nil
    /// The file the diagnostic must name, relative to the script's folder; `bad.lua` when nil.
    var file: String? = nil
    /// False where the file is not the script's own (a chunk made by `load`).
    var checkFile = true
    var limits: Limits = .default
    var theme: String? = nil
    /// Module files (relative path → text) written beside the script.
    var modules: [String: String] = [:]
    var caseLine: UInt

    init(name: String, script: String, code: Diagnostic.Code, message: String, line: Int? = nil, column: Int? = nil,
         file: String? = nil, checkFile: Bool = true, limits: Limits = .default, theme: String? = nil,
         modules: [String: String] = [:], caseLine: UInt = #line) {
        self.name = name; self.script = script; self.code = code; self.message = message
        self.line = line; self.column = column; self.file = file; self.checkFile = checkFile
        self.limits = limits; self.theme = theme; self.modules = modules; self.caseLine = caseLine
    }
}

/// Every kind of script error of REFERENCE §1 and §5, as a table: code, message, line and column. Scripts
/// run with `Evaluation.evaluate` and their trees are styled, so errors of both phases count.
final class ErrorTests: XCTestCase {
    static let cases: [ErrorCase] = [
        // MARK: Values and key paths
        ErrorCase(name: "unknown property, with did-you-mean", script: """
            local grid = 4
            local s = mut(View.layoutMargin, 8)
            """, code: .unknownProperty,
            message: "View has no property 'layoutMargin'. Did you mean 'layoutMargins'?", line: 2, column: 20),
        ErrorCase(name: "unknown property deeper in a path", script: """
            local grid = 4
            local s = mut(Button.titleLabel.fnt, 8)
            """, code: .unknownProperty, message: "Did you mean 'font'?", line: 2, column: 33),
        ErrorCase(name: "wrong value type: the string \"0.5\" is not a Number", script: """
            local grid = 4
            local s = mut(View.alpha, "0.5")
            """, code: .typeMismatch, message: "'View.alpha' expects Number, got the string \"0.5\"; numbers are written without quotes.",
            line: 2, column: 27),
        ErrorCase(name: "wrong value type in a constructor", script: """
            local grid = 4
            return Label { text = 12 }
            """, code: .typeMismatch, message: "'Label.text' expects String or nil, got", line: 2),
        ErrorCase(name: "bad enum case lists the cases", script: """
            local grid = 4
            local s = mut(StackView.axis, "diagonal")
            """, code: .invalidEnum,
            message: "The value 'diagonal' is invalid for 'StackView.axis'; use 'horizontal' or 'vertical'.", line: 2, column: 31),
        ErrorCase(name: "out-of-range number", script: """
            local grid = 4
            local s = mut(View.alpha, 1.5)
            """, code: .outOfRange, message: "The value 1.5 is out of range for 'View.alpha'", line: 2, column: 27),
        ErrorCase(name: "negative radius", script: """
            local grid = 4
            local s = mut(View.layer.cornerRadius, -2)
            """, code: .outOfRange, message: "'View.layer.cornerRadius'", line: 2),
        ErrorCase(name: "malformed hex color", script: """
            local grid = 4
            local c = color "#12345"
            """, code: .typeMismatch, message: "'#12345'", line: 2),
        ErrorCase(name: "mver returning a value of the wrong type", script: """
            local s = mver(Label.numberOfLines, function(n)
              return "many"
            end)
            return StackView { Label { id = "or", style = s } }
            """, code: .typeMismatch, message: "The mver function for 'Label.numberOfLines' returned a bad value: 'Label.numberOfLines' expects Int, got String. (applied to Label#or)", line: 1),
        ErrorCase(name: "mver returning a value out of range", script: """
            local grid = 4
            local s = mver(View.alpha, function(a) return a + 1 end)
            return StackView { Label { id = "or", style = s } }
            """, code: .outOfRange, message: "The value 2 is out of range for 'View.alpha' (0…1). (applied to Label#or)", line: 2),
        ErrorCase(name: "mver returning a field value of the wrong type", script: """
            local grid = 4
            local s = mver(View.layoutMargins.bottom, function(b) return "deep" end)
            return StackView { View { id = "v", style = s } }
            """, code: .typeMismatch, message: "(applied to View#v)", line: 2),

        // MARK: Styles and views
        ErrorCase(name: "a Button style given to a Label with with()", script: """
            local s = mut(Button.titleColor, "#000")
            return StackView { with(Label { id = "or" }, s) }
            """, code: .kindMismatch, message: "A Button style cannot apply to Label#or.", line: 2),
        ErrorCase(name: "a Button style in a Label's style list", script: """
            local s = mut(Button.titleColor, "#000")
            return StackView { Label { id = "or", style = s } }
            """, code: .kindMismatch, message: "A Button style cannot apply to Label#or.", line: 2),
        ErrorCase(name: "a Button style called on a Label", script: """
            local s = mut(Button.titleColor, "#000")
            return StackView { s(Label { id = "or" }) }
            """, code: .kindMismatch, message: "A Button style cannot apply to Label#or.", line: 2),
        ErrorCase(name: "a constructor's style that is not a style", script: """
            local grid = 4
            return Label { id = "l", style = "primary" }
            """, code: .typeMismatch,
            message: "'style' of Label must be a style, a function(view) or a list of them, got string.", line: 2),
        ErrorCase(name: "a constructor's style list with a number in it", script: """
            local grid = 4
            return Label { id = "l", style = { mut(Label.numberOfLines, 2), 42 } }
            """, code: .typeMismatch,
            message: "'style' of Label must be a style, a function(view) or a list of them, got number.", line: 2),
        ErrorCase(name: "concat of unrelated kinds", script: """
            local grid = 4
            local s = concat(mut(Label.numberOfLines, 0), mut(StackView.spacing, 8))
            """, code: .kindMismatch, message: "Label", line: 2),
        ErrorCase(name: "a property of another kind written in a function style", script: """
            local s = function(v)
              v.numberOfLines = 2
            end
            return StackView { View { id = "plain", style = s } }
            """, code: .unknownProperty, message: "View has no property 'numberOfLines'", line: 2, column: 5),
        ErrorCase(name: "undefined global, with a suggestion", script: """
            local grid = 4
            local s = mutt(View.alpha, 1)
            """, code: .undefinedGlobal, message: "Undefined global 'mutt'. Did you mean 'mut'?", line: 2, column: 11),
        ErrorCase(name: "syntax error points at the unexpected token", script: """
            local grid = 4
            local x = (1 + )
            """, code: .syntaxError, message: "near ')'", line: 2, column: 16),
        ErrorCase(name: "syntax error at the second of two equal tokens on its line", script: """
            local grid = 4
            local x = = 1
            """, code: .syntaxError, message: "Unexpected symbol near '='", line: 2, column: 11),
        ErrorCase(name: "a table left open, noticed at the next function statement", script: """
            local grid = 4
            local Card = {
            function CommonStyle(v)
              v.alpha = 1
            end
            return View {}
            """, code: .syntaxError, message: "'}' expected (to close '{' at line 2) near 'CommonStyle'.", line: 3, column: 10),
        ErrorCase(name: "a call left open, noticed at the next statement", script: """
            local grid = f(4,
            local x = 1
            """, code: .syntaxError, message: "')' expected (to close '(' at line 1) near 'local'.", line: 2, column: 1),
        ErrorCase(name: "an index left open, noticed at the next statement", script: """
            local t = {}
            local u = t[1
            return View {}
            """, code: .syntaxError, message: "']' expected (to close '[' at line 2) near 'return'.", line: 3, column: 1),
        ErrorCase(name: "an id past the name length limit", script: """
            return Label { id = string.rep("x", 1025) }
            """, code: .typeMismatch, message: "'id' of Label must be a name of at most 1024 bytes, got a string of 1025 bytes.", line: 1),
        ErrorCase(name: "a class name past the name length limit", script: """
            return Label { class = "card " .. string.rep("x", 1025) }
            """, code: .typeMismatch, message: "'class' of Label must be names of at most 1024 bytes, got one of 1025 bytes.", line: 1),
        ErrorCase(name: "a class list past the count limit", script: """
            local names = {}
            for i = 1, 257 do names[i] = "c" .. i end
            return Label { class = names }
            """, code: .typeMismatch, message: "'class' of Label must be a list of at most 256 names, got a list of 257.", line: 3),
        ErrorCase(name: "runtime error inside a function style: the line inside it, and the view", script: """
            local s = style(Label, function(v)
              local t = nil
              v.text = t.x
            end)
            return StackView { Label { id = "or", style = s } }
            """, code: .runtimeError, message: "(applied to Label#or)", line: 3, column: 12),
        ErrorCase(name: "error() inside a function style", script: """
            local s = style(Label, function(v)
              error("no text for this label")
            end)
            return StackView { Label { id = "or", style = s } }
            """, code: .runtimeError, message: "(applied to Label#or)", line: 2),

        // MARK: Selectors and the cascade
        ErrorCase(name: "unknown kind in a selector", script: """
            local grid = 4
            rule("StackView > Buton.primary", mut(View.alpha, 1))
            """, code: .unknownKind, message: "Did you mean 'Button'?", line: 2, column: 19),
        ErrorCase(name: "rule whose style's kind cannot match the selector's kind", script: """
            local grid = 4
            rule("Label.title", mut(Button.titleColor, "#000"))
            """, code: .kindMismatch, message: "Button", line: 2, column: 7),
        ErrorCase(name: "duplicate ids in one tree", script: """
            return StackView {
              Label { id = "title" },
              Label { id = "title" },
            }
            """, code: .duplicateID, message: "'title'", line: 3),

        // MARK: Themes
        ErrorCase(name: "a theme missing a token names theme and token", script: """
            local t = themes {
              default = "light",
              light = { background = "#FFFFFF", accent = "#FF0000" },
              dark = { background = "#000000" },
            }
            """, code: .missingToken, message: "Theme 'dark' does not define the token 'accent'", line: 4),
        ErrorCase(name: "an undefined token, with a suggestion", script: """
            local t = themes { default = "light", light = { background = "#FFFFFF" } }
            local s = mut(View.backgroundColor, t.backgrund)
            """, code: .undefinedToken, message: "Did you mean 'background'?", line: 2),
        ErrorCase(name: "a theme that is not declared", script: """
            local t = themes { default = "light", light = { background = "#FFFFFF" }, dark = { background = "#000000" } }
            return View {}
            """, code: .unknownTheme, message: "'dakr'", line: 1, theme: "dakr"),

        // MARK: Modules
        ErrorCase(name: "require of a path outside the roots", script: """
            local grid = 4
            local x = require "../x"
            """, code: .moduleNotFound, message: "'../x'", line: 2),
        ErrorCase(name: "require of a missing module", script: """
            local grid = 4
            local x = require "nope"
            """, code: .moduleNotFound, message: "Module 'nope' not found", line: 2, column: 19),
        ErrorCase(name: "a require cycle", script: """
            local grid = 4
            local a = require "a"
            """, code: .requireCycle, message: "a.lua → b.lua → a.lua", line: 1, file: "b.lua",
            modules: ["a.lua": "return require \"b\"\n", "b.lua": "return require \"a\"\n"]),
        ErrorCase(name: "an error inside a module names the module's file and line", script: """
            local grid = 4
            local m = require "m"
            """, code: .unknownProperty, message: "Did you mean 'layoutMargins'?", line: 2, column: 17, file: "m.lua",
            modules: ["m.lua": "local grid = 4\nreturn mut(View.layoutMargin, 8)\n"]),

        // MARK: The sandbox
        ErrorCase(name: "os is not available", script: "local x = 1\nreturn os.time()",
                  code: .undefinedGlobal, message: "Undefined global 'os'.", line: 2, column: 8),
        ErrorCase(name: "io is not available", script: "return io.open(\"/etc/passwd\")",
                  code: .undefinedGlobal, message: "Undefined global 'io'.", line: 1),
        ErrorCase(name: "debug is not available", script: "return debug.getinfo(1)",
                  code: .undefinedGlobal, message: "Undefined global 'debug'.", line: 1),
        ErrorCase(name: "package is not available", script: "return package.loaded",
                  code: .undefinedGlobal, message: "Undefined global 'package'.", line: 1),
        ErrorCase(name: "dofile is not available", script: "return dofile(\"x.lua\")",
                  code: .undefinedGlobal, message: "Undefined global 'dofile'.", line: 1),
        ErrorCase(name: "loadfile is not available", script: "return loadfile(\"x.lua\")",
                  code: .undefinedGlobal, message: "Undefined global 'loadfile'.", line: 1),
        ErrorCase(name: "collectgarbage is not available", script: "collectgarbage()",
                  code: .undefinedGlobal, message: "Undefined global 'collectgarbage'.", line: 1),
        ErrorCase(name: "coroutine is not available", script: "return coroutine.wrap(print)",
                  code: .undefinedGlobal, message: "Undefined global 'coroutine'.", line: 1),
        ErrorCase(name: "string.dump is not available", script: "local x = 1\nreturn string.dump(print)",
                  code: .runtimeError, message: "dump", line: 2),
        ErrorCase(name: "a chunk given to load runs in the sandbox too", script: "local f = load(\"return os\")\nreturn f()",
                  code: .undefinedGlobal, message: "Undefined global 'os'.", checkFile: false),
        ErrorCase(name: "load refuses a binary chunk", script: """
            local f, err = load(string.char(27) .. "LuaT" .. string.rep("\\0", 40))
            assert(f == nil)
            error(err)
            """, code: .runtimeError, message: "Binary chunks are not allowed", line: 3),
        ErrorCase(name: "setmetatable refuses __gc", script: """
            local grid = 4
            local t = setmetatable({}, { __gc = function() end })
            """, code: .runtimeError, message: "'__gc' is not allowed", line: 2),
        ErrorCase(name: "library tables are read-only", script: "local x = 1\nstring.x = 1",
                  code: .runtimeError, message: "read-only", line: 2),
        ErrorCase(name: "library functions cannot be replaced", script: "local x = 1\nmath.floor = function() return 0 end",
                  code: .runtimeError, message: "read-only", line: 2),
        ErrorCase(name: "the string metatable is a read-only stand-in", script: """
            local mt = getmetatable("")
            assert(mt.__index.upper("x") == "X")
            mt.__index = {}
            """, code: .runtimeError, message: "read-only", line: 3),
        ErrorCase(name: "rawset cannot write into a library table", script: """
            local grid = 4
            rawset(string, "upper", print)
            """, code: .runtimeError, message: "read-only", line: 2),
        ErrorCase(name: "rawset cannot write into the string metatable's stand-in", script: """
            local grid = 4
            rawset(getmetatable(""), "__index", {})
            """, code: .runtimeError, message: "read-only", line: 2),
        ErrorCase(name: "error(nil) names its line", script: """
            local grid = 4
            error(nil)
            """, code: .runtimeError, message: "without a message (error(nil))", line: 2),
        ErrorCase(name: "an error object whose __tostring errors is not called", script: """
            local e = setmetatable({}, { __tostring = function() error("again") end })
            error(e)
            """, code: .runtimeError, message: "The script raised a table as its error", line: 2),
        ErrorCase(name: "a number as the error", script: """
            local grid = 4
            error(42)
            """, code: .runtimeError, message: "the number 42", line: 2),

        // MARK: Limits
        ErrorCase(name: "an infinite loop stops at the time limit", script: """
            local n = 0
            while true do n = n + 1 end
            """, code: .limitExceeded, message: "time limit", line: 2, limits: Limits(seconds: 0.5)),
        ErrorCase(name: "an infinite loop stops at the instruction limit", script: """
            local n = 0
            while true do n = n + 1 end
            """, code: .limitExceeded, message: "The script ran past its instruction limit of 100,000 instructions; look for a loop that never ends.",
            line: 2, limits: Limits(instructions: 100_000)),
        ErrorCase(name: "pcall does not catch the instruction limit", script: """
            local ok = pcall(function()
              while true do end
            end)
            return Label {}
            """, code: .limitExceeded, message: "instruction limit", line: 2, limits: Limits(instructions: 100_000)),
        ErrorCase(name: "pcall does not catch the time limit", script: """
            local ok = pcall(function()
              while true do end
            end)
            return Label {}
            """, code: .limitExceeded, message: "time limit", line: 2, limits: Limits(seconds: 0.5)),
        ErrorCase(name: "a script that keeps catching the limit still stops", script: """
            while true do
              pcall(function() while true do end end)
            end
            """, code: .limitExceeded, message: "instruction limit", limits: Limits(instructions: 100_000)),
        ErrorCase(name: "a function style that never returns stops at the instruction limit", script: """
            local s = function(v)
              while true do end
            end
            return StackView { View { id = "spin", style = s } }
            """, code: .limitExceeded, message: "instruction limit", line: 2, limits: Limits(instructions: 100_000)),
        ErrorCase(name: "a memory bomb of tables stops at the memory limit", script: """
            local t = {}
            for i = 1, 1e9 do t[i] = { i, i, i } end
            """, code: .limitExceeded, message: "memory limit", limits: Limits(memory: 8 << 20)),
        ErrorCase(name: "a memory bomb of strings stops at the memory limit", script: """
            local s = "x"
            while true do s = s .. s end
            """, code: .limitExceeded, message: "memory limit", limits: Limits(memory: 8 << 20)),
        ErrorCase(name: "string.rep past the memory limit", script: """
            local grid = 4
            local s = string.rep("x", 1 << 30)
            """, code: .limitExceeded, message: "memory limit", line: 2, limits: Limits(memory: 8 << 20)),
        ErrorCase(name: "an xpcall handler that loops does not outlive the limit", script: """
            local grid = 4
            xpcall(function() while true do end end, function() while true do end end)
            return Label {}
            """, code: .limitExceeded, message: "instruction limit", line: 2, limits: Limits(instructions: 100_000)),
        ErrorCase(name: "an xpcall handler that loops after error() stops too", script: """
            local grid = 4
            xpcall(error, function() while true do end end)
            return Label {}
            """, code: .limitExceeded, message: "instruction limit", limits: Limits(instructions: 100_000)),
        ErrorCase(name: "a __close that loops stops at the limit", script: """
            do
              local x <close> = setmetatable({}, { __close = function() while true do end end })
            end
            """, code: .limitExceeded, message: "instruction limit", line: 2, limits: Limits(instructions: 100_000)),
        ErrorCase(name: "a catastrophic pattern is refused with the pattern limit", script: """
            local s = string.rep("a", 20000)
            return s:find(".-.-.-.-b")
            """, code: .limitExceeded, message: "past the pattern limit of 200000000 steps", line: 2),
        ErrorCase(name: "a pattern refusal caught and raised again is still the pattern limit", script: """
            local ok, message = pcall(string.find, string.rep("a", 20000), ".-.-.-.-b")
            error(message, 0)
            """, code: .limitExceeded, message: "past the pattern limit", line: 1),
        ErrorCase(name: "a script's own message that reads like a limit is not one", script: """
            error("The pattern could take too long, past the pattern limit of 200000000 steps.")
            """, code: .runtimeError, message: "past the pattern limit", line: 1),
        ErrorCase(name: "a caught pattern refusal does not make a later error a limit", script: """
            local ok = pcall(string.find, string.rep("a", 20000), ".-.-.-.-b")
            local x = nil + 1
            """, code: .runtimeError, message: "arithmetic", line: 2),
        ErrorCase(name: "a style appearance cannot narrow is reported at the call, matched or not", script: """
            appearance(Button, mut("titleColor", 5))
            return StackView { Label { id = "b" } }
            """, code: .typeMismatch, message: "'Button.titleColor' expects Color or nil, got Int.", line: 1, column: 1),
        ErrorCase(name: "gsub with a catastrophic pattern is refused", script: """
            local s = string.rep("a", 5000)
            return (s:gsub("a*a*a*b", ""))
            """, code: .limitExceeded, message: "string.gsub could take", line: 2),
        ErrorCase(name: "gmatch with a catastrophic pattern is refused", script: """
            local s = string.rep("a", 5000)
            for x in s:gmatch("a*a*a*b") do end
            """, code: .limitExceeded, message: "string.gmatch could take", line: 2),
        ErrorCase(name: "table.move over a huge range is charged as instructions", script: """
            local grid = 4
            table.move({}, 1, math.maxinteger - 1, 2)
            """, code: .limitExceeded, message: "instruction limit", line: 2),
        ErrorCase(name: "pcall does not swallow the table.move charge", script: """
            local grid = 4
            local ok = pcall(table.move, {}, 1, math.maxinteger - 1, 2)
            return Label {}
            """, code: .limitExceeded, message: "instruction limit", line: 2),
        ErrorCase(name: "load refuses text past the source size limit", script: """
            local grid = 4
            local f = load(string.rep("x = 1 ", 3e6))
            """, code: .limitExceeded, message: "source size limit of 16 MiB", line: 2),
        ErrorCase(name: "unbounded recursion names the stack limit", script: """
            local function down(n) return 1 + down(n + 1) end
            return down(1)
            """, code: .limitExceeded, message: "Lua stack limit of 1000000 slots", line: 1),
        ErrorCase(name: "deep nesting names the nesting limit and its line", script: "local x = 1\nreturn " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000),
                  code: .limitExceeded, message: "nesting limit of 200 levels", line: 2),
        ErrorCase(name: "deep table constructors name the nesting limit", script: "return " + String(repeating: "{", count: 10_000) + String(repeating: "}", count: 10_000),
                  code: .limitExceeded, message: "nesting limit of 200 levels", line: 1),
        ErrorCase(name: "pcall does not catch the memory limit", script: """
            local ok = pcall(function()
              local t = {}
              for i = 1, 1e9 do t[i] = { i, i, i } end
            end)
            return Label {}
            """, code: .limitExceeded, message: "memory limit", limits: Limits(memory: 8 << 20)),
    ]

    func testErrorTable() {
        for c in Self.cases {
            check(c)
        }
    }

    private func check(_ c: ErrorCase) {
        withModuleFolder(c.modules) { folder in check(c, folder: folder) }
    }

    private func check(_ c: ErrorCase, folder: String) {
        let line = c.caseLine
        let options = EvaluationOptions(limits: c.limits, theme: c.theme, stdlibPaths: [stdlibPath])
        let started = Date()
        let outcome = evaluateAndStyle(c.script, chunk: "bad.lua", folder: folder, options: options)
        guard case .failed(let diagnostics) = outcome, let d = diagnostics.first else {
            return XCTFail("\(c.name): the script should fail with [\(c.code.rawValue)]", line: line)
        }
        let context = "\(c.name): \(d)"
        XCTAssertEqual(d.severity, .error, context, line: line)
        XCTAssertEqual(d.code, c.code, context, line: line)
        XCTAssertTrue(d.message.contains(c.message), "\(context)\n  expected the message to contain: \(c.message)", line: line)
        if let expected = c.line { XCTAssertEqual(d.line, expected, "\(context) (line)", line: line) }
        if let expected = c.column { XCTAssertEqual(d.column, expected, "\(context) (column)", line: line) }
        let file = c.file.map { (folder as NSString).appendingPathComponent($0) } ?? "bad.lua"
        if c.checkFile { XCTAssertEqual(d.file, file, "\(context) (file)", line: line) }
        // Limits end the script promptly: well within a few times the limit, never a hang.
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, context, line: line)
    }

    /// After scripts that hit every limit, the same process still evaluates and styles scripts.
    func testTheProcessSurvivesEveryLimit() throws {
        for limits in [Limits(seconds: 0.3), Limits(instructions: 50_000), Limits(memory: 4 << 20)] {
            let bomb = "local t, s = {}, 'x'\nwhile true do t[#t + 1] = s; s = s .. s end"
            guard case .failed(let diagnostics) = evaluateAndStyle(bomb, options: EvaluationOptions(limits: limits)) else {
                return XCTFail("the bomb should fail under \(limits)")
            }
            XCTAssertEqual(diagnostics.first?.code, .limitExceeded)
        }
        guard case .styled(let root, _) = evaluateAndStyle("return Label { id = 'ok', numberOfLines = 3 }") else {
            return XCTFail("a good script should still run")
        }
        XCTAssertEqual(root["numberOfLines"], .int(3))
    }

    /// The error a script catches with pcall is its diagnostic's message; the script goes on.
    func testPcallCatchesOrdinaryErrors() {
        let script = """
            local ok, err = pcall(mut, View.alpha, 2)
            return Label { id = "l", text = tostring(ok) .. " " .. tostring(err) }
            """
        guard case .styled(let root, _) = evaluateAndStyle(script, chunk: "app.lua") else {
            return XCTFail("the script should run")
        }
        guard case .string(let text)? = root["text"] else { return XCTFail("no text") }
        XCTAssertTrue(text.hasPrefix("false app.lua:1: The value 2 is out of range for 'View.alpha'"), text)
    }
}

/// Library calls that the bounds must leave working as in plain Lua.
final class BoundedLibraryTests: XCTestCase {
    func testBoundedFunctionsBehaveAsLuas() {
        let script = """
            assert(string.rep("", math.maxinteger) == "")
            assert(("ab"):rep(3, ",") == "ab,ab,ab")
            assert(("  hello  "):match("^%s*(.-)%s*$") == "hello")
            assert(select(2, ("a b  c"):gsub("%s+", " ")) == 2)
            assert(("key=value"):find("=", 1, true) == 4)
            local words = {}
            for w in ("one two three"):gmatch("%a+") do words[#words + 1] = w end
            assert(#words == 3)
            assert(string.rep(" ", 3000):match("^%s*(.-)%s*$") == "")
            local t = table.move({1, 2, 3}, 1, 3, 2)
            assert(t[1] == 1 and t[4] == 3)
            local ok, v = xpcall(function(a, b) return a + b end, print, 1, 2)
            assert(ok and v == 3)
            local ok2, m = xpcall(function() error("boom") end, function(e) return "handled " .. e end)
            assert(not ok2 and m:find("handled"))
            local mt = getmetatable("")
            assert(mt.__index == mt.__index and ("x"):upper() == "X")
            local f = load("return 1 + 1")
            assert(f() == 2)
            return Label { id = "ok" }
            """
        switch evaluateAndStyle(script) {
        case .styled(let root, _): XCTAssertEqual(root.id, "ok")
        case .failed(let diagnostics): XCTFail("the script should run: \(diagnostics)")
        }
    }
}
