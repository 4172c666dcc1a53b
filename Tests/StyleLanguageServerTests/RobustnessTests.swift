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
}
