import Foundation
import StyleRun

/// The base protocol's framing: `Content-Length: N\r\n\r\n` and N bytes of JSON.
///
///     var reader = MessageReader()
///     reader.append(Data("Content-Length: 2\r\n\r\n{}".utf8))
///     reader.next()    // .message(Data("{}".utf8))
///
/// Sizes are bounded so that a client (or garbage on standard input) cannot make the server
/// buffer without end: a header block longer than `maximumHeaderBytes` or a body longer than
/// `maximumContentBytes` is reported and skipped, and reading resumes at the next header.
public struct MessageReader: Sendable {
    /// One framed unit read from the stream.
    public enum Frame: Equatable, Sendable {
        case message(Data)
        /// A frame that could not be read; the reader has skipped past it.
        case malformed(String)
    }

    public static let maximumHeaderBytes = 8 * 1024
    public static let maximumContentBytes = 64 * 1024 * 1024

    private var buffer = Data()
    /// Bytes of an oversized body still to be thrown away as they arrive.
    private var discarding = 0

    public init() {}

    /// Adds bytes read from the stream.
    public mutating func append(_ data: Data) {
        buffer.append(data)
    }

    /// Bytes received that do not yet make a whole frame.
    public var remainder: Data { buffer }

    /// The next complete frame, or nil until more bytes arrive.
    public mutating func next() -> Frame? {
        if discarding > 0 {
            let dropped = min(discarding, buffer.count)
            buffer.removeFirst(dropped)
            discarding -= dropped
            if discarding > 0 { return nil }
        }
        guard !buffer.isEmpty else { return nil }
        guard let end = buffer.firstRange(of: Data("\r\n\r\n".utf8)) else {
            if buffer.count > Self.maximumHeaderBytes {
                buffer.removeAll()
                return .malformed("The header is longer than \(Self.maximumHeaderBytes) bytes.")
            }
            return nil
        }
        let headerBytes = buffer[buffer.startIndex..<end.lowerBound]
        let bodyStart = end.upperBound
        guard headerBytes.count <= Self.maximumHeaderBytes else {
            buffer.removeSubrange(buffer.startIndex..<bodyStart)
            return .malformed("The header is longer than \(Self.maximumHeaderBytes) bytes.")
        }
        let length: Int
        switch Self.contentLength(String(decoding: headerBytes, as: UTF8.self)) {
        case .failure(let problem):
            buffer.removeSubrange(buffer.startIndex..<bodyStart)
            return .malformed(problem.message)
        case .success(let n):
            length = n
        }
        guard length <= Self.maximumContentBytes else {
            buffer.removeSubrange(buffer.startIndex..<bodyStart)
            discarding = length
            _ = next()  // drops what has already arrived
            return .malformed("The message of \(length) bytes is longer than \(Self.maximumContentBytes) bytes.")
        }
        guard buffer.distance(from: bodyStart, to: buffer.endIndex) >= length else { return nil }
        let bodyEnd = buffer.index(bodyStart, offsetBy: length)
        let body = Data(buffer[bodyStart..<bodyEnd])
        buffer.removeSubrange(buffer.startIndex..<bodyEnd)
        return .message(body)
    }

    struct HeaderProblem: Error { let message: String }

    /// The `Content-Length` of a header block; other fields (`Content-Type`) are accepted and ignored.
    static func contentLength(_ header: String) -> Result<Int, HeaderProblem> {
        var length: Int?
        for line in header.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(HeaderProblem(message: "The header line '\(line.prefix(80))' has no ':'."))
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard name == "content-length" else { continue }
            guard let n = Int(value), n >= 0 else {
                return .failure(HeaderProblem(message: "Content-Length '\(value.prefix(40))' is not a byte count."))
            }
            length = n
        }
        guard let length else { return .failure(HeaderProblem(message: "The header has no Content-Length.")) }
        return .success(length)
    }
}

/// Frames a JSON message for the stream.
///
///     MessageWriter.frame(["jsonrpc": "2.0", "id": 1, "result": nil])    // Content-Length: 43\r\n\r\n{…}
public enum MessageWriter {
    public static func frame(_ message: JSONValue) -> Data {
        let body = Data(message.serialized().utf8)
        var data = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        data.append(body)
        return data
    }
}
