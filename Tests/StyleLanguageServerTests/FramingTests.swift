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
        XCTAssertEqual(reader.next(), .malformed("The Content-Length \(size) is more than the \(MessageReader.maximumContentBytes) bytes a message may have."))
        reader.append(Data(count: size))
        XCTAssertNil(reader.next())
        // Only what could be the start of the next header line is kept.
        XCTAssertLessThan(reader.remainder.count, MessageReader.longestHeaderLine)
        reader.append(Data("Content-Length: 2\r\n\r\n{}".utf8))
        XCTAssertEqual(reader.next(), .message(Data("{}".utf8)))
    }

    /// Every kind of malformed frame, followed by two good ones: it is reported, and both good
    /// frames are read, whole or cut into single bytes. (Each used to swallow every later frame.)
    func testEveryMalformedFrameIsReportedAndTheStreamResynchronises() {
        let good = "Content-Length: 2\r\n\r\n{}" + "Content-Length: 7\r\n\r\n[1,2,3]"
        let body = #"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#
        let cases: [(String, String)] = [
            ("no Content-Length", "Content-Type: x\r\n\r\n\(body)"),
            ("Content-Length too small", "Content-Length: 10\r\n\r\n\(body)"),
            ("Content-Length too large", "Content-Length: \(body.utf8.count + 30)\r\n\r\n\(body)"),
            ("Content-Length beyond the maximum", "Content-Length: 99999999999999\r\n\r\n\(body)"),
            ("Content-Length not a number", "Content-Length: 4x\r\n\r\n\(body)"),
            ("a header line without ':'", "Content-Length 44\r\n\r\n\(body)"),
            ("a header of 1 MB", "X-Padding: " + String(repeating: "a", count: 1 << 20) + "\r\nContent-Length: 2\r\n\r\n[]"),
            ("NUL bytes before the header", "\0\0\0\0Content-Type: x\r\n\r\n"),
            ("NUL bytes in the header", "Content-Length: 2\0\r\n\r\n{}"),
            ("LF-only framing", "Content-Length: \(body.utf8.count)\n\n\(body)"),
            ("garbage", "\u{FF}\u{FE}}{ not a frame at all"),
        ]
        for (name, bad) in cases {
            for chunks in [[bad + good], (bad + good).utf8.map { String(decoding: [$0], as: UTF8.self) }] {
                let read = frames(chunks)
                let messages = read.filter { if case .message = $0 { true } else { false } }
                XCTAssertTrue(read.contains { if case .malformed = $0 { true } else { false } }, "\(name): not reported")
                XCTAssertEqual(messages.suffix(2), [.message(Data("{}".utf8)), .message(Data("[1,2,3]".utf8))], "\(name): \(read)")
                // Nothing good is lost or invented: at most the bad frame's own text as a message.
                XCTAssertLessThanOrEqual(messages.count, 3, "\(name): \(read)")
            }
        }
    }

    func testABodyShorterThanItsLengthEndsWhereTheNextHeaderBegins() {
        XCTAssertEqual(frames(["Content-Length: 50\r\n\r\n{}Content-Length: 2\r\n\r\n[]"]),
                       [.malformed("The message ended after 2 of its 50 bytes: a header began there."), .message(Data("[]".utf8))])
        // Text that only looks like a header inside a JSON string is part of the body.
        let body = #"{"a":"Content-Length: 5"}"#
        XCTAssertEqual(frames(["Content-Length: \(body.utf8.count)\r\n\r\n\(body)"]), [.message(Data(body.utf8))])
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
