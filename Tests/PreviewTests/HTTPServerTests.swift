import Foundation
import StylePreview
import XCTest

/// The server over real sockets: answers, refusals, many clients, vanished clients.
final class HTTPServerTests: XCTestCase {
    private var server: HTTPServer!
    private let hub = EventHub()

    override func setUpWithError() throws {
        var limits = HTTPServer.Limits()
        limits.maximumConnections = 8
        limits.maximumEventStreams = 8
        limits.timeoutSeconds = 1
        limits.keepAliveSeconds = 0.2
        let hub = self.hub
        server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { request in
            switch request.path {
            case "/events": .events(hub)
            case "/hello": .response(.text(200, "hello \(request.query["name"] ?? "")"))
            default: .response(.text(404, "nothing"))
            }
        }
        server.start()
    }

    override func tearDown() {
        hub.close()
        server.stop()
    }

    private func get(_ target: String, host: String? = nil, method: String = "GET") throws -> String {
        try RawClient.request("\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(server.port)")\r\n\r\n", port: server.port)
    }

    func testAnswersAGetAndAHead() throws {
        let response = try get("/hello?name=you")
        XCTAssertTrue(response.hasPrefix("HTTP/1.1 200 OK\r\n"), response)
        XCTAssertTrue(response.hasSuffix("\r\n\r\nhello you\n"), response)
        let head = try get("/hello", method: "HEAD")
        XCTAssertTrue(head.hasPrefix("HTTP/1.1 200 OK\r\n"), head)
        XCTAssertTrue(head.hasSuffix("Connection: close\r\n\r\n"), head)
        XCTAssertTrue(try get("/missing").hasPrefix("HTTP/1.1 404 Not Found\r\n"))
    }

    func testRefusesForeignHostsBadAndOversizedRequests() throws {
        XCTAssertTrue(try get("/hello", host: "evil.example:\(server.port)").hasPrefix("HTTP/1.1 403 Forbidden\r\n"))
        XCTAssertTrue(try get("/hello", host: "localhost:\(server.port)").hasPrefix("HTTP/1.1 200 OK\r\n"))
        XCTAssertTrue(try get("/hello", method: "POST").hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"))
        XCTAssertTrue(try get("/images/../etc/passwd").hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        XCTAssertTrue(try RawClient.request("nonsense\r\n\r\n", port: server.port).hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        let long = "GET /" + String(repeating: "x", count: 20_000) + " HTTP/1.1\r\n"
        XCTAssertTrue(try RawClient.request(long, port: server.port).hasPrefix("HTTP/1.1 414 URI Too Long\r\n"))
        let headers = (0..<100).map { "X-\($0): y\r\n" }.joined()
        let many = try RawClient.request("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\(headers)\r\n", port: server.port)
        XCTAssertTrue(many.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"), many)
    }

    func testASilentClientIsDropped() throws {
        let client = try RawClient(port: server.port)
        client.send("GET /hello HTTP/1.1\r\n")  // and then nothing
        let started = Date()
        XCTAssertEqual(client.readAll(), "")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertTrue(eventually { self.server.connectionCount == 0 })
    }

    func testManyClientsAtOnceAndTheLimit() throws {
        let port = server.port
        let results = Array(repeating: "", count: 30)
        let box = ResultBox(results)
        DispatchQueue.concurrentPerform(iterations: 30) { i in
            let response = (try? RawClient.request("GET /hello?name=\(i) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", port: port)) ?? ""
            box.set(i, response)
        }
        for (i, response) in box.values.enumerated() {
            // A burst past the limit may be told to come back; nothing else.
            XCTAssertTrue(response.hasSuffix("hello \(i)\n") || response.hasPrefix("HTTP/1.1 503 "), response)
        }
        XCTAssertGreaterThan(box.values.filter { $0.hasSuffix("\n") && $0.contains("200 OK") }.count, 7)

        // Eight open streams, opened one after another, are counted apart: requests are still answered.
        var streams: [RawClient] = []
        for _ in 0..<8 {
            let stream = try RawClient(port: port)
            stream.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            XCTAssertTrue(stream.read(until: "\r\n\r\n").hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream"))
            streams.append(stream)
        }
        XCTAssertTrue(eventually { self.server.eventStreamCount == 8 })
        XCTAssertTrue(try get("/hello").hasPrefix("HTTP/1.1 200 OK\r\n"))
        // A ninth stream closes the oldest, which ends (its page would reconnect).
        let ninth = try RawClient(port: port)
        ninth.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        XCTAssertTrue(streams[0].isClosed(within: 50), "the oldest stream was kept open")
        XCTAssertTrue(eventually { self.server.eventStreamCount == 8 && self.server.connectionCount == 8 })
    }

    func testClientsThatNeverFinishTheirHeadsDoNotKeepOthersOut() throws {
        // Patient enough that only making room, not dropping the silent, lets anyone in.
        var limits = HTTPServer.Limits()
        limits.maximumConnections = 8
        limits.timeoutSeconds = 60
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { request in
            .response(.text(200, "hello \(request.query["name"] ?? "")"))
        }
        server.start()
        defer { server.stop() }
        let port = server.port
        func get(_ target: String) throws -> String {
            try RawClient.request("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", port: port)
        }
        // The server's eight places taken by clients sending half a head…
        var slow = try (0..<8).map { _ in try RawClient(port: port) }
        for s in slow { s.send("GET /hello HTTP/1.1\r\n") }
        XCTAssertTrue(eventually { server.connectionCount == 8 })
        // …and one that reconnects as fast as it is dropped, before each real request.
        var served = 0
        for i in 0..<30 {
            let again = try RawClient(port: port)
            again.send("GET /hello HTTP/1.1\r\n")
            slow.append(again)
            if try get("/hello?name=\(i)").hasSuffix("hello \(i)\n") { served += 1 }
        }
        XCTAssertEqual(served, 30, "real requests were kept out")
        // The oldest half-heads were closed to make room.
        XCTAssertEqual(slow[0].readAll(), "")
        // Each real request closed one half-head, each reconnection another: seven remain.
        XCTAssertTrue(eventually { server.connectionCount == 7 }, "closed connections were kept: \(server.connectionCount)")
    }

    func testOtherSitesPagesAreRefusedEvenForTheEventStream() throws {
        let port = server.port
        for target in ["/hello", "/events"] {
            for origin in ["http://evil.example", "null", "https://127.0.0.1:\(port)"] {
                let response = try RawClient.request("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: \(origin)\r\n\r\n", port: port)
                XCTAssertTrue(response.hasPrefix("HTTP/1.1 403 Forbidden\r\n"), "\(target) from \(origin): \(response)")
            }
        }
        let own = try RawClient.request("GET /hello HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://localhost:\(port)\r\n\r\n", port: port)
        XCTAssertTrue(own.hasPrefix("HTTP/1.1 200 OK\r\n"), own)
    }

    func testEventStreamsGetTheLatestMessageAndVanishedClientsAreForgotten() throws {
        hub.publish(ServerSentEvent.frame(event: "state", id: "1", data: "one"))
        let client = try RawClient(port: server.port)
        client.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        let first = client.read(until: "data: one\n\n")
        XCTAssertTrue(first.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"), first)
        hub.publish(ServerSentEvent.frame(event: "state", id: "2", data: "two\nlines"))
        XCTAssertTrue(client.read(until: "lines\n\n").hasSuffix("id: 2\nevent: state\ndata: two\ndata: lines\n\n"))
        XCTAssertTrue(client.read(until: ": keep-alive\n\n").hasSuffix(": keep-alive\n\n"))

        let other = try RawClient(port: server.port)
        other.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        _ = other.read(until: "lines\n\n")
        XCTAssertTrue(eventually { self.server.connectionCount == 2 })
        close(other.fd)  // the client vanishes without a word
        XCTAssertTrue(eventually { self.server.connectionCount == 1 }, "a vanished client kept its connection")
        server.stop()
        XCTAssertTrue(eventually { self.server.connectionCount == 0 }, "stop() left a stream open")
    }
}

/// Results written from many threads.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String]
    init(_ values: [String]) { storage = values }
    func set(_ i: Int, _ value: String) { lock.withLock { storage[i] = value } }
    var values: [String] { lock.withLock { storage } }
}

/// A client that sends its head a byte at a time, slower than the timeout allows in all.
final class SlowClientTests: XCTestCase {
    func testAHeadWholeOnlyAfterItsDeadlineIsDropped() throws {
        var limits = HTTPServer.Limits()
        limits.timeoutSeconds = 10
        let clock = TestClock()
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits, clock: { clock.now }) { _ in .response(.text(200, "late")) }
        server.start()
        defer { server.stop() }
        let head = "Host: 127.0.0.1:\(server.port)\r\n\r\n"
        let prompt = try RawClient(port: server.port)
        prompt.send("GET / HTTP/1.1\r\n")
        clock.advance(9)
        prompt.send(head)
        XCTAssertTrue(prompt.readAll().hasSuffix("late\n"), "a head whole within its deadline was not answered")

        let slow = try RawClient(port: server.port)
        slow.send("GET / HTTP/1.1\r\n")
        XCTAssertTrue(eventually { server.connectionCount == 1 })  // accepted: its deadline is set
        clock.advance(10)
        slow.send(head)
        XCTAssertEqual(slow.readAll(), "", "a head finished after its deadline was answered")
    }

    func testAHeadSentTooSlowlyIsDropped() throws {
        var limits = HTTPServer.Limits()
        limits.timeoutSeconds = 1
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { _ in .response(.text(200, "late")) }
        server.start()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        for byte in "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n".map(String.init) {
            client.send(byte)  // each byte well within the read timeout, the whole far past it
            usleep(60_000)
        }
        client.send("\r\n")
        XCTAssertEqual(client.readAll(), "", "a trickling client was answered")
    }
}

/// A clock the test moves by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds = 1000.0
    var now: Double { lock.withLock { seconds } }
    func advance(_ by: Double) { lock.withLock { seconds += by } }
}
