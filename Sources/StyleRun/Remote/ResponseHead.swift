/// The status line and headers of an HTTP/1.1 response, read strictly: what a remote watch
/// accepts from a server before its event stream.
///
///     let bytes = Array("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n".utf8)
///     let (head, used) = try ResponseHead.parse(bytes)!
///     head.status                      // 200
///     head.header("content-type")      // "text/event-stream"
struct ResponseHead: Equatable {
    let status: Int
    let reason: String
    /// Names lower-cased, values without surrounding blanks, in order.
    let headers: [(name: String, value: String)]

    static let maximumSize = 16 * 1024

    static func == (a: ResponseHead, b: ResponseHead) -> Bool {
        a.status == b.status && a.reason == b.reason && a.headers.map { "\($0.name): \($0.value)" } == b.headers.map { "\($0.name): \($0.value)" }
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// Why the bytes are not an HTTP/1.1 response head.
    struct Malformed: Error, Equatable {
        let message: String
    }

    /// The head at the start of `bytes` and the bytes it used, or nil when it is not complete.
    /// - Throws: `Malformed` as soon as the bytes cannot be a response head (not HTTP, a line not
    ///   ending in CRLF, over `maximumSize`).
    static func parse(_ bytes: [UInt8]) throws(Malformed) -> (ResponseHead, Int)? {
        let prefix = Array("HTTP/1.".utf8)
        let start = bytes.prefix(prefix.count)
        guard Array(start) == Array(prefix.prefix(start.count)) else {
            throw Malformed(message: "It did not answer in HTTP.")
        }
        guard let end = headEnd(bytes) else {
            guard bytes.count <= maximumSize else { throw Malformed(message: "Its response head is over \(maximumSize / 1024) KiB.") }
            return nil
        }
        guard end <= maximumSize else { throw Malformed(message: "Its response head is over \(maximumSize / 1024) KiB.") }
        var lines: [String] = []
        var lineStart = 0
        for i in 0..<(end - 2) where bytes[i] == 10 {
            guard i > lineStart, bytes[i - 1] == 13 else { throw Malformed(message: "Its response head has a line not ending in CRLF.") }
            lines.append(String(decoding: bytes[lineStart..<(i - 1)], as: UTF8.self))
            lineStart = i + 1
        }
        guard let statusLine = lines.first else { throw Malformed(message: "Its response has no status line.") }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "HTTP/1.1" || parts[0] == "HTTP/1.0", parts[1].count == 3,
              let status = Int(parts[1]), status >= 100 else {
            throw Malformed(message: "Its status line '\(statusLine.prefix(80))' is not HTTP/1.1's.")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line[..<colon].contains(where: { $0 == " " || $0 == "\t" }) else {
                throw Malformed(message: "Its response head has the malformed line '\(line.prefix(80))'.")
            }
            headers.append((line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: " \t")))
        }
        return (ResponseHead(status: status, reason: parts.count > 2 ? String(parts[2]) : "", headers: headers), end)
    }

    /// The index just past the blank line ending the head.
    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 3..<bytes.count where bytes[i] == 10 && bytes[i - 1] == 13 && bytes[i - 2] == 10 && bytes[i - 3] == 13 {
            return i + 1
        }
        return nil
    }
}

private extension StringProtocol {
    func trimmingCharacters(in blanks: String) -> String {
        var s = Substring(self)
        while let c = s.first, blanks.contains(c) { s = s.dropFirst() }
        while let c = s.last, blanks.contains(c) { s = s.dropLast() }
        return String(s)
    }
}
