import XCTest
import LuaSyntax

/// Errors as a table: the message (worded as luac words it) and where it points.
final class SyntaxErrorTests: XCTestCase {
    private func error(_ source: String) -> SyntaxError? {
        do {
            _ = try LuaParser.parse(source, chunkName: "app.lua")
            return nil
        } catch {
            return error
        }
    }

    func testMessagesAndPositions() {
        let cases: [(source: String, message: String, line: Int, column: Int)] = [
            ("x = = 1", "unexpected symbol near '='", 1, 5),
            ("local = 1", "<name> expected near '='", 1, 7),
            ("x y", "syntax error near 'y'", 1, 3),
            ("local function f()\n  return 1\n", "'end' expected (to close 'function' at line 1) near <eof>", 3, 1),
            ("if x then y() end end", "<eof> expected near 'end'", 1, 19),
            ("for i = 1 do end", "',' expected near 'do'", 1, 11),
            ("for i do end", "'=' or 'in' expected near 'do'", 1, 7),
            ("f(1,\n2", "')' expected (to close '(' at line 1) near <eof>", 2, 2),
            ("local t = {1, 2", "'}' expected near <eof>", 1, 16),
            ("a.b:c = 1", "function arguments expected near '='", 1, 7),
            ("return 1 2", "<eof> expected near '2'", 1, 10),
            ("function f(a, 1) end", "<name> or '...' expected near '1'", 1, 15),
            ("function f() return ... end", "cannot use '...' outside a vararg function near '...'", 1, 21),
            ("local x <const> = 1\nx = 2", "attempt to assign to const variable 'x'", 2, 1),
            ("local x <close> = nil\nfunction g() x = 1 end", "attempt to assign to const variable 'x'", 2, 14),
            ("local x <oops> = 1", "unknown attribute 'oops'", 1, 10),
            ("local a <close>, b <close> = f()", "multiple to-be-closed variables in local list", 1, 20),
            ("for i = 1, 2 do end\nbreak", "break outside loop at line 2", 2, 1),
            ("goto done\nlocal x = 1\n::done::\nprint(x)", "<goto done> at line 1 jumps into the scope of local 'x'", 1, 1),
            ("do goto out end", "no visible label 'out' for <goto> at line 1", 1, 4),
            ("::a::\nx = 1\n::a::", "label 'a' already defined on line 1", 3, 3),
            // Lua reads the labels that follow a label before it checks the first one.
            ("::a::\n::a::", "label 'a' already defined on line 2", 1, 3),
            ("x = \u{1}", "unexpected symbol near '<\\1>'", 1, 5),
            ("x = 'a\\q'", "invalid escape sequence near ''a\\q'", 1, 7),
        ]
        for (source, message, line, column) in cases {
            guard let error = error(source) else {
                XCTFail("no error for \(source)")
                continue
            }
            XCTAssertEqual(error.message, message, source)
            XCTAssertEqual(error.line, line, "line of \(source)")
            XCTAssertEqual(error.column, column, "column of \(source)")
            XCTAssertEqual(error.chunkName, "app.lua")
        }
    }

    func testAMissingCommaBetweenTableFieldsIsHinted() {
        let cases: [(source: String, hint: String?)] = [
            ("t = { a = 1 b = 2 }", "Is a ',' missing between the table's fields before 'b'?"),
            ("t = Label { text = \"Hi\"\n  font = f }", "Is a ',' missing between the table's fields before 'font'?"),
            ("t = { Label {} Label {} }", "Is a ',' missing between the table's fields before 'Label'?"),
            ("t = { 1 \"x\" }", "Is a ',' missing between the table's fields before '\"x\"'?"),
            ("t = { a = 1 end", nil),
            ("t = { a = 1", nil),
            ("f(1 2)", nil),
            ("s = mver(Label.font, f:bolded)", "A method is called with parentheses, as in f:bolded()."),
        ]
        for c in cases {
            XCTAssertEqual(error(c.source)?.hint, c.hint, c.source)
        }
    }

    /// A bracket left open is noticed at the next statement, where `luac`'s message points
    /// away from it; the message shown names the bracket and its line, as `luac` names an
    /// unclosed `function`. `message` stays `luac`'s.
    func testABracketLeftOpenIsNamed() {
        let cases: [(source: String, luac: String, shown: String)] = [
            ("local Card = {\nfunction CommonStyle(v)\n  v.alpha = 1\nend",
             "'(' expected near 'CommonStyle'", "'}' expected (to close '{' at line 1) near 'CommonStyle'"),
            ("local t = {\n  a = 1,\nlocal x = 2",
             "unexpected symbol near 'local'", "'}' expected (to close '{' at line 1) near 'local'"),
            ("local t = f(1,\nreturn t",
             "unexpected symbol near 'return'", "')' expected (to close '(' at line 1) near 'return'"),
            ("local t = (1 +\nif x then end",
             "unexpected symbol near 'if'", "')' expected (to close '(' at line 1) near 'if'"),
            ("local t = {}\nlocal u = t[1\nlocal x = 2",
             "']' expected near 'local'", "']' expected (to close '[' at line 2) near 'local'"),
            ("local t = { [1\nfor i = 1, 2 do end",
             "']' expected near 'for'", "']' expected (to close '[' at line 1) near 'for'"),
            ("if x then\n  y = f(1,\nelse\nend",
             "unexpected symbol near 'else'", "')' expected (to close '(' at line 2) near 'else'"),
            // The innermost bracket is the one named.
            ("x = f({\n  a = g(1,\nlocal y",
             "unexpected symbol near 'local'", "')' expected (to close '(' at line 2) near 'local'"),
            // The end of the file inside a bracket: that bracket's, on its own line too.
            ("return StackView {\n  Label { text = \"a\" },\n", "unexpected symbol near <eof>",
             "'}' expected (to close '{' at line 1) near <eof>"),
            ("local s = concat(a,\n", "unexpected symbol near <eof>", "')' expected (to close '(' at line 1) near <eof>"),
            ("t = { 1,", "unexpected symbol near <eof>", "'}' expected (to close '{' at line 1) near <eof>"),
            ("t = { a = 1", "'}' expected near <eof>", "'}' expected (to close '{' at line 1) near <eof>"),
            // Another error at the end: luac's words (the hint explains it).
            ("return Label { font = f:bolded\n", "function arguments expected near <eof>", "function arguments expected near <eof>"),
            ("x = { a.\n", "<name> expected near <eof>", "<name> expected near <eof>"),
            // A function's body inside a bracket ends first: luac names the function.
            ("t = { f = function()\n  return 1\n", "'end' expected (to close 'function' at line 1) near <eof>",
             "'end' expected (to close 'function' at line 1) near <eof>"),
            // Already luac's own words: unchanged.
            ("f(1,\n2", "')' expected (to close '(' at line 1) near <eof>", "')' expected (to close '(' at line 1) near <eof>"),
            ("t = {\n a = 1\n local x", "'}' expected (to close '{' at line 1) near 'local'",
             "'}' expected (to close '{' at line 1) near 'local'"),
            // On the bracket's own line, or not at a statement's token, or in a function inside
            // the bracket: not a bracket left open.
            ("local t = { local x }", "unexpected symbol near 'local'", "unexpected symbol near 'local'"),
            ("local t = {\n  a = = 1 }", "unexpected symbol near '='", "unexpected symbol near '='"),
            ("rule(\"x\", function(v)\n  local = 1\nend)", "<name> expected near '='", "<name> expected near '='"),
            ("t = { f = function()\n  local x = = 1 end }", "unexpected symbol near '='", "unexpected symbol near '='"),
            ("t = { f = function()\n  return 1\nlocal y end }", "'end' expected (to close 'function' at line 1) near 'local'",
             "'end' expected (to close 'function' at line 1) near 'local'"),
            ("function f\nlocal x", "'(' expected near 'local'", "'(' expected near 'local'"),
        ]
        for c in cases {
            guard let error = error(c.source) else {
                XCTFail("no error for \(c.source)")
                continue
            }
            XCTAssertEqual(error.message, c.luac, c.source)
            XCTAssertEqual(error.displayMessage, c.shown, c.source)
        }
    }

    func testRenderings() {
        let error = self.error("local x <const> = 1\n\nx = 2")!
        XCTAssertEqual(error.description, "app.lua:3:1: attempt to assign to const variable 'x'")
        XCTAssertEqual(error.luacDescription, "app.lua:3: attempt to assign to const variable 'x'")
        XCTAssertEqual(error.reason, .assignmentToConstant(name: "x"))
        XCTAssertNil(error.near)
        let late = self.error("while x do\n  break\nend\ngoto nowhere\n\n")!
        XCTAssertEqual(late.line, 4)
        XCTAssertEqual(late.luacLine, 6, "luac reports undefined labels at the end of the function")
    }
}
