/// One HTTP/1.1 request head, parsed strictly: what the preview server accepts and nothing more.
///
///     let head = Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:7480\r\n\r\n".utf8)
///     let (request, used) = try HTTPRequest.parse(head)!
///     request.path              // "/events"
///     request.header("host")    // "127.0.0.1:7480"
///
/// Only `GET` and `HEAD`, HTTP/1.0 and 1.1, origin-form targets (`/path?query`), lines ending in
/// CRLF, at most `maximumRequestLine` bytes of request line, `maximumHeaderCount` header lines
/// and `maximumHeadSize` bytes in all, no body, and exactly one `Host` in HTTP/1.1. The path is
/// percent-decoded; an encoded slash or backslash, a NUL, and `.` or `..` segments are refused,
/// so a path can never climb out of where it is looked up.
public struct HTTPRequest: Sendable, Equatable {
    public let method: String
    /// The target as sent (`/images/logo%20big?x=1`).
    public let target: String
    /// The decoded path (`/images/logo big`).
    public let path: String
    /// The decoded query parameters; a name given twice keeps its last value.
    public let query: [String: String]
    /// `HTTP/1.1` or `HTTP/1.0`.
    public let version: String
    /// The header lines in order, names lower-cased, values without surrounding blanks.
    public let headers: [Header]

    public struct Header: Sendable, Equatable {
        public let name: String
        public let value: String
    }

    public static let maximumRequestLine = 8 * 1024
    public static let maximumHeaderCount = 64
    public static let maximumHeadSize = 32 * 1024

    /// The value of a header (name in any case), or nil.
    public func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.name == lower }?.value
    }

    /// Parses a request head from the start of `bytes`.
    ///
    /// - Returns: the request and the number of bytes its head used, or nil when the head is
    ///   not complete yet (read more and call again).
    /// - Throws: `HTTPError` for a request the server refuses, as soon as it can tell.
    public static func parse(_ bytes: [UInt8]) throws(HTTPError) -> (HTTPRequest, Int)? {
        guard let end = headEnd(bytes) else {
            if let lineEnd = bytes.firstIndex(of: lf) {
                guard lineEnd <= maximumRequestLine + 1 else { throw .uriTooLong }
                try checkRequestLine(bytes[..<lineEnd])
            } else if bytes.count > maximumRequestLine {
                throw .uriTooLong
            }
            guard bytes.count <= maximumHeadSize else { throw .headersTooLarge }
            return nil
        }
        guard end <= maximumHeadSize else { throw .headersTooLarge }
        guard bytes[end - 2] == cr else { throw .badRequest("Lines must end in CRLF.") }
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for i in 0..<(end - 2) where bytes[i] == lf {
            guard i > start, bytes[i - 1] == cr else { throw .badRequest("Lines must end in CRLF.") }
            lines.append(bytes[start..<(i - 1)])
            start = i + 1
        }
        guard let requestLine = lines.first else { throw .badRequest("The request line is missing.") }
        guard requestLine.count <= maximumRequestLine else { throw .uriTooLong }
        let (method, target, version) = try checkRequestLine(requestLine)
        guard lines.count - 1 <= maximumHeaderCount else { throw .headersTooLarge }
        var headers: [Header] = []
        for line in lines.dropFirst() { headers.append(try header(line)) }

        let hosts = headers.filter { $0.name == "host" }
        if hosts.count > 1 || (version == "HTTP/1.1" && hosts.isEmpty) {
            throw .badRequest("An HTTP/1.1 request needs exactly one Host header.")
        }
        if headers.contains(where: { $0.name == "transfer-encoding" })
            || headers.contains(where: { $0.name == "content-length" && $0.value != "0" }) {
            throw .badRequest("A request body is not accepted.")
        }
        let (path, query) = try split(target)
        return (HTTPRequest(method: method, target: target, path: path, query: query, version: version, headers: headers), end)
    }

    // MARK: Pieces

    private static let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")

    /// The index just past the blank line that ends the head, or nil.
    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var i = 3
        while i < bytes.count {
            if bytes[i] == lf && bytes[i - 1] == cr && bytes[i - 2] == lf && bytes[i - 3] == cr { return i + 1 }
            // A bare LF ends a line too: let the line check refuse it.
            if bytes[i] == lf && bytes[i - 1] == lf { return i + 1 }
            i += 1
        }
        return nil
    }

    /// `METHOD SP target SP HTTP/x.y`, checked as soon as it has arrived.
    @discardableResult
    private static func checkRequestLine(_ raw: ArraySlice<UInt8>) throws(HTTPError) -> (String, String, String) {
        var line = raw
        if line.last == cr { line = line.dropLast() }
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
            throw .badRequest("The request line must be 'METHOD /path HTTP/1.1'.")
        }
        let method = String(decoding: parts[0], as: UTF8.self)
        let target = String(decoding: parts[1], as: UTF8.self)
        let version = String(decoding: parts[2], as: UTF8.self)
        guard parts[0].allSatisfy(isTokenByte) else { throw .badRequest("The method is not a token.") }
        guard version.hasPrefix("HTTP/"), version.count == 8, version.dropFirst(5).first?.isNumber == true,
              version.dropFirst(6).first == ".", version.last?.isNumber == true else {
            throw .badRequest("'\(version)' is not an HTTP version.")
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw .versionNotSupported }
        guard method == "GET" || method == "HEAD" else { throw .methodNotAllowed(method) }
        guard target.hasPrefix("/"), parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .badRequest("The target must be a path starting with '/'.")
        }
        return (method, target, version)
    }

    private static func header(_ line: ArraySlice<UInt8>) throws(HTTPError) -> Header {
        guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
            throw .badRequest("Folded header lines are not accepted.")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
              line[..<colon].allSatisfy(isTokenByte) else {
            throw .badRequest("A header line must be 'Name: value'.")
        }
        let value = line[(colon + 1)...]
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw .badRequest("A header value has a control character.")
        }
        let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
        let text = String(decoding: value, as: UTF8.self).trimmingBlanks
        return Header(name: name, value: text)
    }

    private static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(b)
        }
    }

    /// The decoded path and query of an origin-form target.
    private static func split(_ target: String) throws(HTTPError) -> (String, [String: String]) {
        let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let rawPath = String(pieces[0])
        let lower = rawPath.lowercased()
        if lower.contains("%2f") || lower.contains("%5c") || lower.contains("%00") {
            throw .badRequest("Encoded slashes are not accepted in a path.")
        }
        guard let path = percentDecoded(rawPath, plusIsSpace: false) else { throw .badRequest("The path is not valid UTF-8 percent-encoding.") }
        if path.contains("\\") || path.contains("\0") || path.contains("//") {
            throw .badRequest("The path has a backslash, a NUL or an empty segment.")
        }
        if path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == "." || $0 == ".." }) {
            throw .badRequest("'.' and '..' are not accepted in a path.")
        }
        var query: [String: String] = [:]
        if pieces.count == 2 {
            for pair in pieces[1].split(separator: "&") where !pair.isEmpty {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = percentDecoded(String(kv[0]), plusIsSpace: true),
                      let value = percentDecoded(kv.count == 2 ? String(kv[1]) : "", plusIsSpace: true) else {
                    throw .badRequest("The query is not valid UTF-8 percent-encoding.")
                }
                query[name] = value
            }
        }
        return (path, query)
    }

    /// `%XX` escapes decoded as UTF-8; nil for a broken escape or invalid UTF-8.
    static func percentDecoded(_ s: String, plusIsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        var it = Array(s.utf8)[...]
        while let b = it.popFirst() {
            if b == UInt8(ascii: "%") {
                guard it.count >= 2, let hi = hexValue(it[it.startIndex]), let lo = hexValue(it[it.startIndex + 1]) else { return nil }
                bytes.append(hi << 4 | lo)
                it = it.dropFirst(2)
            } else {
                bytes.append(plusIsSpace && b == UInt8(ascii: "+") ? UInt8(ascii: " ") : b)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Why the server refuses a request, with the status it answers.
public enum HTTPError: Error, Equatable, Sendable {
    case badRequest(String)
    case methodNotAllowed(String)
    case uriTooLong
    case headersTooLarge
    case versionNotSupported

    /// The status code and reason phrase.
    public var status: (code: Int, reason: String) {
        switch self {
        case .badRequest: (400, "Bad Request")
        case .methodNotAllowed: (405, "Method Not Allowed")
        case .uriTooLong: (414, "URI Too Long")
        case .headersTooLarge: (431, "Request Header Fields Too Large")
        case .versionNotSupported: (505, "HTTP Version Not Supported")
        }
    }

    /// One sentence for the response body.
    public var message: String {
        switch self {
        case .badRequest(let why): why
        case .methodNotAllowed(let m): "The method '\(m)' is not allowed; use GET or HEAD."
        case .uriTooLong: "The request line is longer than \(HTTPRequest.maximumRequestLine) bytes."
        case .headersTooLarge: "The request has more than \(HTTPRequest.maximumHeaderCount) headers or \(HTTPRequest.maximumHeadSize) bytes of head."
        case .versionNotSupported: "Only HTTP/1.1 and HTTP/1.0 are spoken here."
        }
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingBlanks: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
