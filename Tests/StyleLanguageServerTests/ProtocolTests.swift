import Foundation
import StyleLanguageServer
import StyleRun
import XCTest

/// The lifecycle and the handling of bad input, against the built `stylerun lsp` over pipes.
final class ProtocolTests: XCTestCase {
    func testLifecycle() throws {
        let client = try LSPClient()
        let early = try client.request("textDocument/hover", ["textDocument": ["uri": "file:///x.lua"], "position": ["line": 0, "character": 0]])
        XCTAssertEqual(early["error"]?["code"], -32002)
        let reply = try client.initialize()
        let capabilities = try XCTUnwrap(reply["result"]?["capabilities"])
        XCTAssertEqual(capabilities["textDocumentSync"]?["change"], 2)
        XCTAssertEqual(capabilities["completionProvider"]?["triggerCharacters"]?[0], ".")
        for key in ["hoverProvider", "definitionProvider", "referencesProvider", "documentSymbolProvider", "colorProvider"] {
            XCTAssertEqual(capabilities[key], true, key)
        }
        XCTAssertEqual(capabilities["codeActionProvider"]?["codeActionKinds"], ["quickfix"])
        XCTAssertEqual(capabilities["workspace"]?["workspaceFolders"]?["supported"], true)
        XCTAssertEqual(try client.request("workspace/symbol", ["query": ""])["error"]?["code"], -32601)
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testExitWithoutShutdownIsStatusOne() throws {
        let client = try LSPClient()
        _ = try client.initialize()
        client.notify("exit")
        client.process.waitUntilExit()
        XCTAssertEqual(client.process.terminationStatus, 1)
    }

    func testRequestsAfterShutdownAreRefused() throws {
        let client = try LSPClient()
        _ = try client.initialize()
        try client.request("shutdown", .null)
        XCTAssertEqual(try client.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///x.lua"]])["error"]?["code"], -32600)
        client.notify("exit")
        client.process.waitUntilExit()
        XCTAssertEqual(client.process.terminationStatus, 0)
    }

    func testMalformedInputGetsErrorRepliesAndTheServerCarriesOn() throws {
        let client = try LSPClient()
        _ = try client.initialize()
        client.write(Data("Content-Type: nothing\r\n\r\n".utf8))
        let noLength = try XCTUnwrap(client.wait { $0["error"] != nil })
        XCTAssertEqual(noLength["error"]?["code"], -32700)
        XCTAssertEqual(noLength["id"], .null)
        client.write(Data("Content-Length: 9\r\n\r\n{\"id\": 1,".utf8))
        XCTAssertEqual(client.wait { $0["error"] != nil }?["error"]?["code"], -32700)
        let body = #"{"jsonrpc":"1.0","id":77,"method":"shutdown"}"#
        client.write(Data("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8))
        let invalid = try XCTUnwrap(client.wait { $0["id"] == 77 })
        XCTAssertEqual(invalid["error"]?["code"], -32600)
        let noParams = try client.request("textDocument/hover", ["textDocument": ["uri": "file:///x.lua"]])
        XCTAssertEqual(noParams["error"]?["code"], -32602)
        let noDiagnostics = try client.request("textDocument/codeAction", ["textDocument": ["uri": "file:///x.lua"]])
        XCTAssertEqual(noDiagnostics["error"]?["code"], -32602)
        client.write(Data([0xFF, 0xFE, 0x00, 0x0D, 0x0A, 0x0D, 0x0A]))
        XCTAssertEqual(client.wait { $0["error"] != nil }?["error"]?["code"], -32700)
        // Still answering, and still speaking protocol only.
        XCTAssertEqual(try client.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///none.lua"]])["result"], [])
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testASecondInitializeIsRefusedAndTheSessionGoesOn() throws {
        let client = try LSPClient()
        _ = try client.initialize()
        let again = try client.request("initialize", ["processId": .null, "capabilities": .object([])])
        XCTAssertEqual(again["error"]?["code"], -32600)
        XCTAssertNil(again["result"])
        XCTAssertEqual(try client.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///none.lua"]])["result"], [])
        XCTAssertEqual(try client.shutdown(), 0)
    }

    /// After each kind of malformed frame the server answers a parse error, then answers the
    /// next request as if nothing had happened.
    func testTheServerResynchronisesAfterEveryMalformedFrame() throws {
        let client = try LSPClient()
        _ = try client.initialize()
        let body = #"{"jsonrpc":"2.0","id":9999,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///x.lua"}}}"#
        let frames = [
            "Content-Type: x\r\n\r\n\(body)",
            "Content-Length: 10\r\n\r\n\(body)",
            "Content-Length: \(body.utf8.count + 40)\r\n\r\n\(body)",
            "Content-Length \(body.utf8.count)\r\n\r\n\(body)",
            "X: " + String(repeating: "a", count: 1 << 20) + "\r\n\r\n\(body)",
            "\0\0\0\0\0\r\n\r\n",
            "Content-Length: \(body.utf8.count)\n\n\(body)",
        ]
        for frame in frames {
            client.write(Data(frame.utf8))
            let reply = try client.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///none.lua"]])
            XCTAssertEqual(reply["result"], [], "after \(frame.prefix(40).debugDescription)")
            let error = try XCTUnwrap(client.wait(timeout: 1) { $0["error"] != nil && $0["id"] == .null }, "after \(frame.prefix(40).debugDescription)")
            XCTAssertEqual(error["error"]?["code"], -32700)
            while client.wait(timeout: 0.05, for: { $0["error"] != nil && $0["id"] == .null }) != nil {}
        }
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testCancelledRequestIsAnsweredAsCancelled() throws {
        let client = try LSPClient()
        _ = try client.initialize()
        // A long document whose outline keeps the server busy while the cancellation arrives.
        let big = "local styles = {}\n" + (1...1500).map { "styles.s\($0) = mut(View.alpha, 1)" }.joined(separator: "\n")
        client.open("big.lua", big)
        let busy = MessageWriter.frame(["jsonrpc": "2.0", "id": 499, "method": "textDocument/documentSymbol",
                                        "params": ["textDocument": ["uri": .string(client.uri("big.lua"))]]])
        let request = MessageWriter.frame(["jsonrpc": "2.0", "id": 500, "method": "textDocument/documentSymbol",
                                           "params": ["textDocument": ["uri": .string(client.uri("big.lua"))]]])
        let cancel = MessageWriter.frame(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 500]])
        client.write(busy + request + cancel)
        XCTAssertEqual(client.wait { $0["id"] == 499 }?["result"]?.array.count, 1500)
        let reply = try XCTUnwrap(client.wait { $0["id"] == 500 })
        XCTAssertEqual(reply["error"]?["code"], -32800)
        XCTAssertNil(reply["result"])
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testEndOfInputEndsTheServer() throws {
        let client = try LSPClient()
        _ = try client.initialize()
        try (client.process.standardInput as? Pipe)?.fileHandleForWriting.close()
        client.process.waitUntilExit()
        XCTAssertEqual(client.process.terminationStatus, 1)
    }
}
