import StyleCore
import StyleLua
import XCTest

/// `require` of a standard library gives the sandbox's library, as Lua's `require` does.
final class RequireLibraryTests: XCTestCase {
    func testRequireGivesTheStandardLibraries() throws {
        let script = """
            local s, t, m, u = require "string", require "table", require "math", require "utf8"
            assert(s == string and t == table and m == math and u == utf8)
            return Label { text = s.upper("a") .. t.concat({ "b", "c" }) .. m.floor(2.5) .. u.char(68) }
            """
        let evaluation = try Evaluation.evaluate(source: script, chunk: "app.lua")
        evaluation.prepareForApplication()
        let root = try XCTUnwrap(evaluation.root)
        _ = Cascade(evaluation.stylesheet).apply(to: root)
        XCTAssertEqual(root["text"], .string("Abc2D"))
    }

    func testTheLibrariesStayReadOnly() {
        XCTAssertThrowsError(try Evaluation.evaluate(source: "local s = require 'string'\ns.upper = nil\nreturn View {}", chunk: "app.lua"))
        XCTAssertThrowsError(try Evaluation.evaluate(source: "return require 'io'", chunk: "app.lua"))
    }

    func testAFirstLineStartingWithHashIsAComment() throws {
        let evaluation = try Evaluation.evaluate(source: "#!/usr/bin/env stylerun\nreturn View { id = 'x' }", chunk: "app.lua")
        XCTAssertEqual(evaluation.root?.id, "x")
        XCTAssertThrowsError(try Evaluation.evaluate(source: "\n#!/usr/bin/env stylerun\nreturn View {}", chunk: "app.lua"))
    }
}
