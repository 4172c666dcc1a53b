import StylePreview
import XCTest

/// Request parsing: what is accepted, and the status of everything refused.
final class HTTPRequestTests: XCTestCase {
    private func parse(_ text: String) throws -> HTTPRequest? {
        try HTTPRequest.parse(Array(text.utf8))?.0
    }

    private func refusal(_ text: String) -> HTTPError? {
        do {
            _ = try HTTPRequest.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    func testAGetRequestIsParsed() throws {
        let head = "GET /images/logo%20big.png?name=dark+mode&x=%C3%A9 HTTP/1.1\r\nHost: 127.0.0.1:7480\r\nAccept:  text/html \r\n\r\n"
        let (request, used) = try XCTUnwrap(HTTPRequest.parse(Array(head.utf8) + Array("extra".utf8)))
        XCTAssertEqual(used, head.utf8.count)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/images/logo big.png")
        XCTAssertEqual(request.query, ["name": "dark mode", "x": "é"])
        XCTAssertEqual(request.version, "HTTP/1.1")
        XCTAssertEqual(request.header("HOST"), "127.0.0.1:7480")
        XCTAssertEqual(request.header("accept"), "text/html")
    }

    func testHeadAndHTTP10WithoutHostAreAccepted() throws {
        XCTAssertEqual(try parse("HEAD / HTTP/1.0\r\n\r\n")?.method, "HEAD")
    }

    func testAnIncompleteHeadAsksForMore() throws {
        XCTAssertNil(try parse("GET / HTTP/1.1\r\nHost: a"))
        XCTAssertNil(try parse(""))
        XCTAssertNil(try parse("GET /ev"))
    }

    func testRefusals() {
        let long = String(repeating: "a", count: HTTPRequest.maximumRequestLine)
        let manyHeaders = (0...HTTPRequest.maximumHeaderCount).map { "X-\($0): y\r\n" }.joined()
        let bigHeader = "X: " + String(repeating: "b", count: HTTPRequest.maximumHeadSize) + "\r\n"
        let cases: [(String, String, HTTPError)] = [
            ("post", "POST / HTTP/1.1\r\nHost: h\r\n\r\n", .methodNotAllowed("POST")),
            ("post before its headers arrive", "POST / HTTP/1.1\r\n", .methodNotAllowed("POST")),
            ("options", "OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n", .methodNotAllowed("OPTIONS")),
            ("http/2", "GET / HTTP/2.0\r\nHost: h\r\n\r\n", .versionNotSupported),
            ("not a version", "GET / HTTX/1.1\r\nHost: h\r\n\r\n", .badRequest("'HTTX/1.1' is not an HTTP version.")),
            ("two spaces", "GET  / HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest("The request line must be 'METHOD /path HTTP/1.1'.")),
            ("no host", "GET / HTTP/1.1\r\n\r\n", .badRequest("An HTTP/1.1 request needs exactly one Host header.")),
            ("two hosts", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .badRequest("An HTTP/1.1 request needs exactly one Host header.")),
            ("bare LF", "GET / HTTP/1.1\nHost: h\n\n", .badRequest("Lines must end in CRLF.")),
            ("folded header", "GET / HTTP/1.1\r\nHost: h\r\n x\r\n\r\n", .badRequest("Folded header lines are not accepted.")),
            ("no colon", "GET / HTTP/1.1\r\nHost h\r\n\r\n", .badRequest("A header line must be 'Name: value'.")),
            ("space before colon", "GET / HTTP/1.1\r\nHost : h\r\n\r\n", .badRequest("A header line must be 'Name: value'.")),
            ("control character", "GET / HTTP/1.1\r\nHost: h\u{1}\r\n\r\n", .badRequest("A header value has a control character.")),
            ("body", "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello", .badRequest("A request body is not accepted.")),
            ("chunked", "GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n", .badRequest("A request body is not accepted.")),
            ("absolute form", "GET http://evil/ HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest("The target must be a path starting with '/'.")),
            ("long line, complete", "GET /\(long) HTTP/1.1\r\nHost: h\r\n\r\n", .uriTooLong),
            ("long line, still coming", "GET /\(long)", .uriTooLong),
            ("too many headers", "GET / HTTP/1.1\r\nHost: h\r\n\(manyHeaders)\r\n", .headersTooLarge),
            ("too big a head", "GET / HTTP/1.1\r\nHost: h\r\n\(bigHeader)", .headersTooLarge),
        ]
        for (name, text, expected) in cases {
            XCTAssertEqual(refusal(text), expected, name)
        }
    }

    func testPathsThatCouldClimbOutAreRefused() {
        let targets = [
            "/images/../Package.swift", "/images/./x", "/..", "/images/%2e%2e/x", "/images/%2E%2E/secret",
            "/images/..%2Fsecret", "/images/%2f..%2fetc", "/images/..%5Csecret", "/images/a\\b", "/images/x%00.png",
            "//etc/passwd", "/images/%zz", "/images/%C3", "/images/%", "/%2e%2e/%2e%2e/etc/passwd",
        ]
        for target in targets {
            let error = refusal("GET \(target) HTTP/1.1\r\nHost: h\r\n\r\n")
            XCTAssertEqual(error?.status.code, 400, "\(target) gave \(String(describing: error))")
        }
    }

    func testEveryRefusalHasAStatusAndASentence() {
        let all: [HTTPError] = [.badRequest("Why."), .methodNotAllowed("PUT"), .uriTooLong, .headersTooLarge, .versionNotSupported]
        XCTAssertEqual(all.map(\.status.code), [400, 405, 414, 431, 505])
        let response = HTTPResponse.refusal(.methodNotAllowed("PUT"))
        let text = String(decoding: response.serialized(forHead: false), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"), text)
        XCTAssertTrue(text.contains("\r\nAllow: GET, HEAD\r\n"), text)
        XCTAssertTrue(text.hasSuffix("\r\n\r\nThe method 'PUT' is not allowed; use GET or HEAD.\n"), text)
    }

    func testAResponseToHeadHasTheHeadOnly() {
        let response = HTTPResponse.text(200, "hello")
        let get = String(decoding: response.serialized(forHead: false), as: UTF8.self)
        let head = String(decoding: response.serialized(forHead: true), as: UTF8.self)
        XCTAssertTrue(get.hasPrefix(head), get)
        XCTAssertTrue(head.hasSuffix("Content-Length: 6\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nCross-Origin-Resource-Policy: same-origin\r\nConnection: close\r\n\r\n"), head)
        XCTAssertEqual(get.dropFirst(head.count), "hello\n")
    }
}
