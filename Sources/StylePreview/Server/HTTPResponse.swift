/// A response the preview server sends, always closing the connection after it.
///
///     HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: Array(page.utf8))
///         .serialized(forHead: false)
///
/// Every response says `Cache-Control: no-store`, `X-Content-Type-Options: nosniff`,
/// `Referrer-Policy: no-referrer` and `Cross-Origin-Resource-Policy: same-origin`, and carries
/// its `Content-Length`; a response to `HEAD` has the same head and no body.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, contentType: String, body: [UInt8], headers: [(name: String, value: String)] = []) {
        self.status = status
        self.body = body
        self.headers = [("Content-Type", contentType)] + headers
    }

    /// A plain-text response: an error's sentence, or a short answer.
    ///
    ///     HTTPResponse.text(404, "There is nothing at '/x'.")
    public static func text(_ status: Int, _ message: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8), headers: headers)
    }

    /// The response to a refused request.
    public static func refusal(_ error: HTTPError) -> HTTPResponse {
        var extra: [(name: String, value: String)] = []
        if case .methodNotAllowed = error { extra.append(("Allow", "GET, HEAD")) }
        return .text(error.status.code, error.message, headers: extra)
    }

    public static func == (a: HTTPResponse, b: HTTPResponse) -> Bool {
        a.status == b.status && a.body == b.body && a.headers.map { "\($0.name): \($0.value)" } == b.headers.map { "\($0.name): \($0.value)" }
    }

    /// The bytes on the wire: status line, headers, blank line, and the body unless for `HEAD`.
    public func serialized(forHead: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(HTTPResponse.reason(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n" + HTTPResponse.commonHeaders + "\r\n"
        return Array(head.utf8) + (forHead ? [] : body)
    }

    /// The head of an event stream, which has no length and stays open.
    static let eventStreamHead = Array(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
        + commonHeaders + "\r\n").utf8)

    static let commonHeaders = "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
        + "Cross-Origin-Resource-Policy: same-origin\r\nConnection: close\r\n"

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 414: "URI Too Long"
        case 421: "Misdirected Request"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}

/// Server-Sent Events framing (the HTML standard's `text/event-stream`).
///
///     ServerSentEvent.frame(event: "state", id: "3", data: "{\"a\": 1}\nsecond")
///     // "id: 3\nevent: state\ndata: {\"a\": 1}\ndata: second\n\n"
public enum ServerSentEvent {
    /// One event: each line of `data` (split at CRLF, CR or LF) on its own `data:` line; `id`
    /// and `event` lose any line breaks, which would end the field early.
    public static func frame(event: String? = nil, id: String? = nil, retry: Int? = nil, data: String) -> String {
        var out = ""
        if let id { out += "id: \(oneLine(id))\n" }
        if let event { out += "event: \(oneLine(event))\n" }
        if let retry { out += "retry: \(retry)\n" }
        var lines: [Substring] = []
        var rest = Substring(data)
        while let i = rest.firstIndex(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            lines.append(rest[..<i])
            rest = rest[rest.index(after: i)...]
        }
        lines.append(rest)
        for line in lines { out += "data: \(line)\n" }
        return out + "\n"
    }

    /// A comment line that keeps the connection alive and shows whether the client is still there.
    public static let keepAlive = ": keep-alive\n\n"

    private static func oneLine(_ s: String) -> String {
        String(s.unicodeScalars.filter { $0 != "\n" && $0 != "\r" }.map(Character.init))
    }
}
