import Foundation
import StyleRun
import XCTest

@testable import StyleLanguageServer

final class FramingTests: XCTestCase {
    private func frames(_ chunks: [String]) -> [MessageReader.Frame] {
        var reader = MessageReader()
        var out: [MessageReader.Frame] = []
        for chunk in chunks {
            reader.append(Data(chunk.utf8))
            while let f = reader.next() { out.append(f) }
        }
        return out
    }

    func testReadsMessagesSplitAnywhere() {
        let text = "Content-Length: 2\r\n\r\n{}Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 4\r\n\r\n[1,2]"
        XCTAssertEqual(frames([text]), [.message(Data("{}".utf8)), .message(Data("[1,2".utf8))])
        let split = text.map(String.init)
        XCTAssertEqual(frames(split), [.message(Data("{}".utf8)), .message(Data("[1,2".utf8))])
    }

    func testMalformedHeadersAreReportedAndSkipped() {
        XCTAssertEqual(frames(["Content-Type: x\r\n\r\nContent-Length: 2\r\n\r\n{}"]),
                       [.malformed("The header has no Content-Length."), .message(Data("{}".utf8))])
        XCTAssertEqual(frames(["Content-Length: -3\r\n\r\n"]), [.malformed("Content-Length '-3' is not a byte count.")])
        XCTAssertEqual(frames(["garbage\r\n\r\n"]), [.malformed("The header line 'garbage' has no ':'.")])
        XCTAssertEqual(frames([String(repeating: "x", count: MessageReader.maximumHeaderBytes + 1)]),
                       [.malformed("The header is longer than 8192 bytes.")])
    }

    func testOversizedBodyIsSkippedWithoutBuffering() {
        let size = MessageReader.maximumContentBytes + 10
        var reader = MessageReader()
        reader.append(Data("Content-Length: \(size)\r\n\r\n".utf8))
        XCTAssertEqual(reader.next(), .malformed("The message of \(size) bytes is longer than \(MessageReader.maximumContentBytes) bytes."))
        reader.append(Data(count: size))
        XCTAssertNil(reader.next())
        XCTAssertEqual(reader.remainder.count, 0)
        reader.append(Data("Content-Length: 2\r\n\r\n{}".utf8))
        XCTAssertEqual(reader.next(), .message(Data("{}".utf8)))
    }

    func testMessagesAreClassified() throws {
        XCTAssertEqual(try RPCMessage(parsing: #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#),
                       .request(id: .number(3), method: "shutdown", params: .null))
        XCTAssertEqual(try RPCMessage(parsing: #"{"jsonrpc":"2.0","method":"exit"}"#), .notification(method: "exit", params: .null))
        XCTAssertEqual(try RPCMessage(parsing: #"{"jsonrpc":"2.0","id":"a","result":1}"#), .response(id: .string("a"), result: 1, error: nil))
        let cases: [(String, RPCError.Code, RequestID?)] = [
            ("{", .parseError, nil),
            ("[]", .invalidRequest, nil),
            (#"{"id":1,"method":"x"}"#, .invalidRequest, .number(1)),
            (#"{"jsonrpc":"2.0","id":1,"method":7}"#, .invalidRequest, .number(1)),
            (#"{"jsonrpc":"2.0","id":{},"method":"x"}"#, .invalidRequest, nil),
            (#"{"jsonrpc":"2.0","id":2,"method":"x","params":3}"#, .invalidRequest, .number(2)),
            (#"{"jsonrpc":"2.0"}"#, .invalidRequest, nil),
        ]
        for (text, code, id) in cases {
            XCTAssertThrowsError(try RPCMessage(parsing: text), text) { error in
                XCTAssertEqual((error as? RPCError)?.code, code, text)
                XCTAssertEqual((error as? RPCError)?.id, id, text)
            }
        }
    }

    func testFramesWhatItWrites() {
        let data = MessageWriter.frame(["jsonrpc": "2.0", "id": 1, "result": .null])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "Content-Length: 43\r\n\r\n{\"jsonrpc\": \"2.0\", \"id\": 1, \"result\": null}")
    }
}
