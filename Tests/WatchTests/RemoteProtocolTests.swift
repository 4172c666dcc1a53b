import Foundation
@testable import StyleRun
import XCTest

/// The pieces of a remote watch that need no server: the bundle's checks, the event stream's
/// framing, the response head, the backoff, and the cache folder.
final class RemoteProtocolTests: XCTestCase {
    func testABundleNamesOnlyPlainRelativeLuaPaths() {
        let cases: [(String, Bool)] = [
            ("app.lua", true), ("base/colors.lua", true), ("screens/home-v2_b.lua", true), ("a.b.lua", true),
            ("../app.lua", false), ("base/../../app.lua", false), ("/etc/app.lua", false), ("./app.lua", false),
            (".hidden.lua", false), ("base//app.lua", false), ("app.txt", false), ("app.lua/", false),
            ("base\\..\\app.lua", false), ("my app.lua", false), ("app\u{0}.lua", false), ("café.lua", false),
            ("", false), (String(repeating: "a/", count: 40) + "x.lua", false),
        ]
        for (path, safe) in cases {
            XCTAssertEqual(SourceBundle.isSafePath(path), safe, path)
        }
    }

    func testABundleIsReadBackAsTheServerWroteIt() throws {
        let bundle = SourceBundle(revision: 7, files: [.init(path: "b.lua", content: "x\n\"y\"\u{2028}"), .init(path: "a.lua", content: "")])
        let read = try SourceBundle(json: bundle.json.serialized(.line))
        XCTAssertEqual(read, bundle)
        XCTAssertEqual(read.files.map(\.path), ["a.lua", "b.lua"])
    }

    func testWhatIsNotABundleIsRefusedWithItsReason() {
        let cases: [(String, String)] = [
            ("hello", "not JSON"),
            (#"{"revision": 1, "files": []}"#, "no \"stylerun\" marker"),
            (#"{"stylerun": 2, "revision": 1, "files": []}"#, "version 2"),
            (#"{"stylerun": 1, "files": []}"#, "\"revision\""),
            (#"{"stylerun": 1, "revision": 1}"#, "\"files\""),
            (#"{"stylerun": 1, "revision": 1, "files": [{"path": "a.lua"}]}"#, "\"content\""),
            (#"{"stylerun": 1, "revision": 1, "files": [{"path": "../a.lua", "content": ""}]}"#, "'../a.lua'"),
            (#"{"stylerun": 1, "revision": 1, "files": [{"path": "/tmp/a.lua", "content": ""}]}"#, "'/tmp/a.lua'"),
            (#"{"stylerun": 1, "revision": 1, "files": [{"path": "a.lua", "content": ""}, {"path": "a.lua", "content": ""}]}"#, "twice"),
        ]
        for (text, expected) in cases {
            do {
                _ = try SourceBundle(json: text)
                XCTFail("accepted \(text)")
            } catch {
                XCTAssertTrue(error.message.contains(expected), "\(text): \(error.message)")
            }
        }
    }

    func testTheEventStreamIsFramedAsTheStandardSays() throws {
        var parser = EventStreamParser(maximumEventBytes: 1024)
        var events: [EventStreamParser.Event] = []
        // CRLF split between reads, a comment, an id and retry, two data lines, an unnamed event.
        for chunk in [": keep-alive\r\n\r\nid: 1\r\nevent: sources\r", "\ndata: {\"a\":\r\ndata:  1}\r\nretry: 5\r\n", "\r\n",
                      "data:x\n\n", "event: later\rdata\r\r"] {
            events += try parser.consume(Array(chunk.utf8))
        }
        XCTAssertEqual(events, [.init(name: "sources", data: "{\"a\":\n 1}"), .init(name: "message", data: "x"),
                                .init(name: "later", data: "")])
    }

    func testAnEventOrLineOverTheLimitIsRefusedNotGrown() {
        var long = EventStreamParser(maximumEventBytes: 64)
        XCTAssertThrowsError(try long.consume(Array(("data: " + String(repeating: "x", count: 100)).utf8)))
        var many = EventStreamParser(maximumEventBytes: 64)
        XCTAssertThrowsError(try many.consume(Array(String(repeating: "data: 0123456789\n", count: 10).utf8)))
    }

    func testAResponseHeadIsReadStrictly() throws {
        let ok = Array("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\nX-A:  b \r\n\r\nrest".utf8)
        let (head, used) = try XCTUnwrap(try ResponseHead.parse(ok))
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("content-type"), "text/event-stream; charset=utf-8")
        XCTAssertEqual(head.header("x-a"), "b")
        XCTAssertEqual(Array(ok[used...]), Array("rest".utf8))
        XCTAssertNil(RemoteSource.check(head, body: []))
        XCTAssertNil(try ResponseHead.parse(Array("HTTP/1.1 200 OK\r\n".utf8)))
        for garbage in ["SSH-2.0-OpenSSH\r\n", "HTTP/1.1 2x0 OK\r\n\r\n", "HTTP/1.1 200 OK\nA: b\r\n\r\n", "HTTP/1.1 200 OK\r\nbad line\r\n\r\n"] {
            XCTAssertThrowsError(try ResponseHead.parse(Array(garbage.utf8)), garbage)
        }
        XCTAssertThrowsError(try ResponseHead.parse(Array(("HTTP/1.1 200 OK\r\nA: " + String(repeating: "b", count: 20_000)).utf8)))
        let text = try XCTUnwrap(try ResponseHead.parse(Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n".utf8))).0
        XCTAssertEqual(RemoteSource.check(text, body: []), "It answered with 'text/plain', not an event stream.")
        let missing = try XCTUnwrap(try ResponseHead.parse(Array("HTTP/1.1 404 Not Found\r\n\r\n".utf8))).0
        XCTAssertEqual(RemoteSource.check(missing, body: Array("There is nothing here.\nmore".utf8)),
                       "It answered 404 Not Found (\"There is nothing here.\").")
    }

    func testTheBackoffDoublesToItsMaximumAndStartsOverAfterAGoodConnection() {
        var backoff = Backoff()
        XCTAssertEqual((0..<9).map { _ in backoff.next() }, [0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 5, 5, 5])
        backoff.reset()
        XCTAssertEqual(backoff.next(), 0.1)
    }

    func testAnAddressThatIsNotPlainHTTPIsRefusedBeforeConnecting() throws {
        let address = try RemoteSource.Address(try XCTUnwrap(URL(string: "http://Mac.local:7481/styles/")))
        XCTAssertEqual([address.host, address.hostHeader, address.path], ["Mac.local", "Mac.local:7481", "/styles/stylerun/events"])
        XCTAssertEqual(address.port, 7481)
        let v6 = try RemoteSource.Address(try XCTUnwrap(URL(string: "http://[::1]:7481")))
        XCTAssertEqual([v6.host, v6.hostHeader, v6.path], ["::1", "[::1]:7481", "/stylerun/events"])
        for text in ["https://127.0.0.1:7481/", "file:///tmp/app.lua", "ftp://h/"] {
            XCTAssertThrowsError(try RemoteSource.Address(try XCTUnwrap(URL(string: text))), text)
        }
    }

    func testTheCacheHoldsExactlyTheBundlesFiles() throws {
        let cache = try SourceCache()
        defer { cache.remove() }
        var changed = try cache.store(SourceBundle(revision: 1, files: [.init(path: "app.lua", content: "a"), .init(path: "base/x.lua", content: "x")]))
        XCTAssertEqual(changed, [cache.path(of: "app.lua"), cache.path(of: "base/x.lua")])
        changed = try cache.store(SourceBundle(revision: 2, files: [.init(path: "app.lua", content: "a"), .init(path: "base/x.lua/y.lua", content: "y")]))
        XCTAssertEqual(changed, [cache.path(of: "base/x.lua"), cache.path(of: "base/x.lua/y.lua")])
        XCTAssertEqual(try String(contentsOfFile: cache.path(of: "base/x.lua/y.lua"), encoding: .utf8), "y")
        XCTAssertEqual(cache.bundlePath(of: cache.path(of: "base/x.lua/y.lua")), "base/x.lua/y.lua")
        XCTAssertEqual(cache.bundlePath(of: "<string>"), "<string>")
        cache.remove()
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.root))
    }
}
