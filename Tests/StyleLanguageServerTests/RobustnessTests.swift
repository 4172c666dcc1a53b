import Foundation
import StyleRun
import XCTest

/// Every request at every position of awkward text (unfinished strings and comments, non-ASCII,
/// positions past the ends of lines) gets an answer, and the server keeps running.
final class RobustnessTests: XCTestCase {
    func testEveryPositionOfAwkwardTextIsAnswered() throws {
        let text = """
            local é = "ü😀" -- ☃ comment { (
            local t = themes { default = "a", a = { x = color "#F0F" }, b = 3 }
            rule("Button.pri
            --[[ long { comment
            ]] local s = mut(Button.titleLabel., "
            return Label { text = [[long
            string]], textAlignment = "cen", 
            """
        let client = try LSPClient()
        _ = try client.initialize()
        client.open("awkward.lua", text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (line, content) in lines.enumerated() {
            for character in 0...(content.utf16.count + 2) {
                for method in ["textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references"] {
                    let reply = try client.at(method, "awkward.lua", line, character, extra: [("context", ["includeDeclaration": true])])
                    XCTAssertNil(reply["error"], "\(method) at \(line):\(character)")
                }
            }
        }
        let far = try client.at("textDocument/hover", "awkward.lua", 900, 900)
        XCTAssertNil(far["error"])
        for method in ["textDocument/documentSymbol", "textDocument/documentColor"] {
            XCTAssertNil(try client.request(method, ["textDocument": ["uri": .string(client.uri("awkward.lua"))]])["error"])
        }
        XCTAssertEqual(try client.shutdown(), 0)
    }

    /// Ranges the wrong way round, past the ends of lines and of the document, and inside a
    /// surrogate pair, in every request that takes a range. (An inverted range in
    /// colorPresentation or in a code action's diagnostic ended the server with SIGILL.)
    func testInvertedAndOutlyingRangesAreReadInsideTheDocument() throws {
        let text = "local é = \"😀\"\nlocal c = color \"#FF0000\"\nreturn View { alpha = 2 }\n"
        let client = try LSPClient()
        _ = try client.initialize()
        client.open("r.lua", text)
        let uri = JSONValue.string(client.uri("r.lua"))
        func range(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> JSONValue {
            ["start": ["line": .number(Double(a)), "character": .number(Double(b))],
             "end": ["line": .number(Double(c)), "character": .number(Double(d))]]
        }
        let presented = try client.request("textDocument/colorPresentation", [
            "textDocument": ["uri": uri], "color": ["red": 1, "green": 0, "blue": 0, "alpha": 1], "range": range(1, 25, 1, 10)])
        XCTAssertNil(presented["error"])
        XCTAssertEqual(presented["result"]?.array.first?["textEdit"]?["range"], range(1, 10, 1, 25))
        XCTAssertEqual(presented["result"]?.array.first?["label"], "color \"#FF0000\"")
        let outlying: [(JSONValue, JSONValue)] = [
            (range(1, 25, 1, 10), range(1, 10, 1, 25)),        // inverted
            (range(0, 99, 0, 3), range(0, 3, 0, 14)),          // past the end of the line, inverted
            (range(0, 12, 0, 11), range(0, 11, 0, 13)),        // 12 is inside the surrogate pair of 😀
            (range(90, 0, 70, 5), range(3, 0, 3, 0)),          // past the end of the document
        ]
        for (asked, clamped) in outlying {
            let actions = try client.request("textDocument/codeAction", [
                "textDocument": ["uri": uri], "range": asked,
                "context": ["diagnostics": [["range": asked, "code": "unknown-property", "message": "x", "data": ["suggestions": ["alpha"]]]]]])
            XCTAssertNil(actions["error"], "\(asked)")
            let edit = actions["result"]?.array.first?["edit"]?["changes"]?[client.uri("r.lua")]?.array.first
            XCTAssertEqual(edit?["range"], clamped, "\(asked)")
            XCTAssertEqual(edit?["newText"], "alpha")
            let presentation = try client.request("textDocument/colorPresentation", [
                "textDocument": ["uri": uri], "color": ["red": 0, "green": 0, "blue": 1], "range": asked])
            XCTAssertEqual(presentation["result"]?.array.first?["textEdit"]?["range"], clamped, "\(asked)")
        }
        // A huge version number and an inverted edit: applied, and the server still answers.
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 1e300],
                                                 "contentChanges": [["range": range(2, 20, 2, 7), "text": "Label"]]])
        let negative = try client.at("textDocument/hover", "r.lua", -1, 0)
        XCTAssertEqual(negative["error"]?["code"], -32602)
        let symbols = try client.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        XCTAssertNil(symbols["error"])
        XCTAssertEqual(try client.shutdown(), 0)
    }
}
