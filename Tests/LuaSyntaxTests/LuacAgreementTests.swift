import Foundation
import XCTest

/// Every snippet here is given to both `luac5.4 -p` and `LuaParser`: they must both accept, or
/// both reject on the same line with the same message.
final class LuacAgreementTests: XCTestCase {
    static let valid: [String] = [
        "", ";", ";;", "local a", "local a, b = 1, 2, 3", "a, b.c, d[1] = f()",
        "local x <const> = 1", "local x <close> = nil", "local a <const>, b <close> = 1, nil",
        "local function f(...) return ... end", "function a.b.c:d(x, ...) return self, x end",
        "return", "return;", "return 1, 2;", "do return end", "if a then elseif b then else end",
        "while a do break end", "repeat local x = 1 until x", "for i = 1, 10, 2 do end",
        "for k, v in pairs(t) do end", "for a, b, c, d, e in f do end",
        "goto a ::a::", "::a:: goto a", "do goto a end ::a::", "do ::a:: end ::a::",
        "goto e local x = 1 ::e::",
        "while true do goto continue local x = 1 ::continue:: end",
        "a = 1 // 2 & 3 | 4 ~ 5 << 6 >> 7 .. 8 ^ 9", "a = ~1 - -2 + #t + not x",
        "a = 2^-3^2", "a = 1 .. 2 .. 3", "a = a < b == c ~= d <= e >= f > g",
        "a = f{1, 2; 3, x = 1, ['y'] = 2,}", "f'str' f[[long]] f{}", "a:b'c':d{}:e()",
        "a = {0x10, 0xA.8p1, 0x.1P-2, 1e10, .5, 5., 3e-2, 0xffffffffffffffffff, 9223372036854775808}",
        "a = {1E+5, 0X1p+4, 0xAbC}", "x = '\\a\\b\\f\\n\\r\\t\\v\\\\\\\"\\''", "x = \"\\x41\\65\\u{48}\\u{7FFFFFFF}\"",
        "x = 'a\\z   \n   b'", "x = 'line\\\ncontinued'", "x = 'crlf\\\r\ncontinued'",
        "x = [==[ a ]] ]=] ]==]", "x = [[\nfirst newline skipped]]", "--[==[ long\ncomment ]==] x = 1",
        "--[ not long\nx = 1", "--[==x\nx = 1", "-- comment at end", "#!/usr/bin/lua\nx = 1",
        "\u{FEFF}x = 1", "\u{FEFF}#!shebang\nx = 1", "local t = {[1]=1, [2]=2}", "f(...)",
        "local x <const> = 1 local function f() return x end", "local _ENV = {} y = 1",
        "x = function(a, b, ...) end", "a.b.c.d = 1", "a[b][c] = 1", "(f)()", "(f).x = 1",
        "f()()", "f():g()", "x = (...)", "local a = {f()}", "x = - - - 1", "x = not not nil",
        "x = ...", "while x do if y then break end end", "x = 1;;; y = 2",
        "goto x; ::x::", "::a:: ::b:: ::c::", "local x <const> = {} x.y = 1",
        "for i = 1, 2 do local i = i end", "x = 'a' .. 'b' .. 'c'", "x = 3 % -2 // 1",
        "do local a <close> = nil end", "local function f() goto a ::a:: end",
        "x = 0x7fffffffffffffff + 0x8000000000000000", "x = 1e309", "x = 08",
        "a = {[[x]]}", "x = 'tab\there'", "x = {...}", "local a = ... local b = ...",
        "x = a.b:c(1)['d'].e", "f { x = 1, y = { z = 2 } }",
        "repeat local x = 1; goto skip; ::skip:: until x", "while true do local x; goto continue; local y; ::continue:: end",
        "do goto l; local a; ::l:: ; ; end", "local a <const> = 1; local b <const> = a; local function f() return b end",
        "for i = 1, 3 do goto next; ::next:: end", "local function f() ::a:: end ::a::", "local t <const> = {}; t[1] = 2",
        "local a <const> = 1; a.b = 2", "local x <const> = 1; for x = 1, 2 do x = 3 end",
        "local x <const> = 1; local function g() local x = 2; x = 3 end", "if a then goto l end local b ::l::",
        "x = '\\u{0}\\x00\\09'", "x = 0x1P99999999999999999999", "x = 1e-99999", "x = 0xep1", "x = 3 ..2",
        "f [[x]]", "local a <const> = 1, 2", "local a, b <const> = 1", "local _ENV <const> = {} x = 1",
        "local a <close> = setmetatable({}, {__close = print})", "return function(...) local t = {...} end",
    ]

    static let invalid: [String] = [
        "x", "x y", "local", "local 1", "local x <foo> = 1", "local x <const> = 1 x = 2",
        "local x <close>, y <close> = nil", "local x <const> local function f() x = 1 end",
        "local x <const> = 1 function x() end", "local x <close> = nil; x, y = 1, 2",
        "break", "do break end", "if x then break end break", "goto nowhere", "do ::a:: end goto a",
        "::a:: ::a::", "::a:: do ::a:: end", "goto a local x ::a:: print(x)",
        "repeat goto a local x ::a:: until x", "function f() goto a end ::a::",
        "f() = 1", "(a) = 1", "a.b:c() = 1", "x, f() = 1, 2", "a, b", "1 = 2", "x = ",
        "x = 1 +", "x = (1", "x = (1\n\n", "f(1, 2", "f(\n1, 2", "x = {1, 2", "x = {\n1, 2",
        "if x then", "if x then\n\nelse", "while true do", "for i = 1 do end", "for i do end",
        "for 1 = 1, 2 do end", "function f(", "function f(a,) end", "function f(1) end",
        "function f() return 1 x = 2 end", "return 1 x = 2", "local function end", "function f.1() end",
        "function f() return ... end", "x = 1..2 == nil", "if x then break end",
        "repeat goto c local x ::c:: until true", "a:b", "a:b.c()", "x = a..", "x = a = b",
        "x = 'unfinished", "x = 'unfinished\nmore'", "x = \"abc\\q\"", "x = '\\x4'", "x = '\\xZZ'",
        "x = '\\u{110000000}'", "x = '\\u{}'", "x = '\\u123'", "x = '\\u{12'", "x = '\\256'",
        "x = '\\300abc'", "x = 'a\\", "x = [[unfinished", "x = [==[ unfinished ]=]", "--[[ unfinished",
        "x = [=", "x = [==x", "x = 3..2", "x = 0x", "x = 1e", "x = 1e+", "x = 0xg", "x = 3x",
        "x = 08f", "x = 0x1p", "x = 1.2.3", "x = .5.5", "x = 0x.p1", "x = @", "x = $", "x = 1 \u{1}",
        "x = \u{80}", "x = '\\0abc\n'", "x = \"a\u{0}b\" y", "local x = 1 local x <const> x = 2",
        "local function f() local y <const> = 1; return function() y = 2 end end", "x = 1 .. 2 ..",
        "goto", "goto 1", "::", "::a", "::a:", "a.b = c = d", "a[1", "a[1 = 2", "x = {[1] 2}",
        "x = {a b}", "x = {a = }", "f{1 2}", "return return", "until x", "end", "else", "elseif",
        "local a, = 1", "local function f() end end", "x = function() end end",
        "x = 1\n\n\nlocal y <frozen> = 2", "for k, v in pairs(t) do\n\n", "repeat\n\nuntil",
        "x = ~", "x = not", "x = #", "a.b.c", "a[1]", "x = [[a]] [[b]]", "x = 'a' 'b'",
        "f(a)\n(b)\n.c = 1 d", "while x do end end",
        "goto a; do ::a:: end", "::a:: local function f() goto a end", "x = function() break end",
        "while 1 do local function f() break end end", "local e <close> = nil; e = nil", "do local x; ::l:: end goto l",
        "if a then goto l end local b ::l:: b = 1", "x = 3.. 2", "a = b --[[c]] d", "caf\u{E9} = 1", "x = ~= 1",
        "local x <const> = 1\nlocal function f()\n  local function g() x = 2 end\nend",
        "local _ENV <const> = {} _ENV = 1", "for i = 1, 2 do local j <const> = i; j = 1 end",
        "local x <const> = 1\nfunction x.y() end function x() end",
    ]

    func testValidSnippetsAgree() throws {
        try Luac.requireAvailable()
        for snippet in Self.valid {
            try Luac.assertAgreement(Array(snippet.utf8), label: snippet)
            XCTAssertNil(Luac.ours(source: Array(snippet.utf8)), "should parse: \(snippet)")
        }
    }

    func testInvalidSnippetsAgree() throws {
        try Luac.requireAvailable()
        for snippet in Self.invalid {
            try Luac.assertAgreement(Array(snippet.utf8), label: snippet)
            XCTAssertNotNil(Luac.ours(source: Array(snippet.utf8)), "should be rejected: \(snippet)")
        }
    }

    /// Limits `luac` enforces while compiling: nesting depth, locals, upvalues.
    func testLimitsAgree() throws {
        try Luac.requireAvailable()
        func nested(_ open: String, _ middle: String, _ close: String, _ count: Int) -> String {
            String(repeating: open, count: count) + middle + String(repeating: close, count: count)
        }
        var cases: [String] = []
        for count in [195, 196, 197, 198, 199, 200] {
            cases.append("x = " + nested("(", "1", ")", count))
            cases.append(nested("do ", "", " end", count))
            cases.append("x = " + nested("{", "", "}", count))
            cases.append("x = " + nested("f(", "", ")", count))
            cases.append("x = " + String(repeating: "- ", count: count) + "1")
            cases.append("x = " + Array(repeating: "a", count: count).joined(separator: " .. "))
            cases.append("x = " + Array(repeating: "2", count: count).joined(separator: " ^ "))
            cases.append(Array(repeating: "a", count: count).joined(separator: ", ") + " = 1")
            cases.append(String(repeating: "::l:: ", count: 1) + Array(0..<count).map { "::l\($0)::" }.joined())
            cases.append(nested("function f() ", "", " end", count / 2))
            cases.append(nested("if x then ", "", " end", count))
        }
        for count in [198, 199, 200, 201] {
            cases.append((0..<count).map { "local v\($0)" }.joined(separator: "\n"))
            cases.append("local " + (0..<count).map { "v\($0)" }.joined(separator: ", "))
            cases.append("function f(" + (0..<count).map { "p\($0)" }.joined(separator: ", ") + ") end")
            cases.append((0..<(count - 4)).map { "local v\($0)" }.joined(separator: " ") + " for i = 1, 2 do end")
        }
        for count in [253, 254, 255, 256] {
            let locals = (0..<count).map { "local u\($0) = \($0)" }
            let chunks = stride(from: 0, to: locals.count, by: 150).map { Array(locals[$0..<min($0 + 150, locals.count)]) }
            var source = ""
            for (index, chunk) in chunks.enumerated() {
                source += chunk.joined(separator: "\n") + "\nfunction g\(index)()\n"
            }
            source += "return " + (0..<count).map { "u\($0)" }.joined(separator: " + ") + "\n"
            source += String(repeating: "end\n", count: chunks.count)
            cases.append(source)
        }
        for source in cases {
            try Luac.assertAgreement(Array(source.utf8), label: String(source.prefix(60)) + "…")
        }
    }

    /// Every Lua file of the project: the standard library, the examples and the fixtures
    /// (including the ones meant to fail).
    func testProjectLuaFilesAgree() throws {
        try Luac.requireAvailable()
        let files = Luac.projectLuaFiles()
        for file in files {
            let source = try [UInt8](Data(contentsOf: file))
            let expected = try Luac.check(file: file.path)
            XCTAssertEqual(Luac.ours(source: source), expected, "luac and LuaSyntax disagree on \(file.path)")
        }
        let count = files.count
        print("checked \(count) project Lua files against luac")
    }
}
