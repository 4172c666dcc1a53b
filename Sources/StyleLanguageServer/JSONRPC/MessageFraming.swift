import Foundation
import StyleRun

/// The base protocol's framing: `Content-Length: N\r\n\r\n` and N bytes of JSON.
///
///     var reader = MessageReader()
///     reader.append(Data("Content-Length: 2\r\n\r\n{}".utf8))
///     reader.next()    // .message(Data("{}".utf8))
///
/// A frame that cannot be read is reported once as `.malformed` and the reader resynchronises:
/// it drops bytes until the next line `Content-Length: N` followed by CR LF, and reads on from
/// there. Such a line can never occur inside a JSON body (JSON has no letters outside strings,
/// and no raw CR or LF inside them), so it is always the start of a frame, and it also shows
/// where a body shorter than its declared length ended. Malformed are: a header without
/// `Content-Length` or with one that is not a byte count, a header line without `:` or ending
/// in LF alone, a header longer than `maximumHeaderBytes`, a declared length beyond
/// `maximumContentBytes` (the body is dropped as it arrives, never buffered), and a body in
/// which a header line begins before its declared end. A body too short for its JSON is a
/// message whose JSON does not parse; what follows it is dropped up to the next header line.
/// No input can stop the reader: at worst it drops bytes until a frame begins.
public struct MessageReader: Sendable {
    /// One framed unit read from the stream.
    public enum Frame: Equatable, Sendable {
        case message(Data)
        /// A frame that could not be read; the reader has skipped past it.
        case malformed(String)
    }

    public static let maximumHeaderBytes = 8 * 1024
    public static let maximumContentBytes = 64 * 1024 * 1024

    private var buffer: [UInt8] = []
    /// After a malformed frame: dropping bytes until a header line begins.
    private var resynchronising = false
    /// How much of the current frame's body has been searched for a header line (an offset in
    /// `buffer`, so that a body arriving in many reads is searched once).
    private var searched = 0

    public init() {}

    /// Adds bytes read from the stream.
    public mutating func append(_ data: Data) {
        buffer.append(contentsOf: data)
    }

    /// Bytes received that do not yet make a whole frame.
    public var remainder: Data { Data(buffer) }

    /// The next complete frame, or nil until more bytes arrive.
    public mutating func next() -> Frame? {
        if resynchronising {
            guard let start = Self.headerLine(in: buffer, from: 0, to: buffer.count) else {
                // Keep what could be the beginning of a header line cut by the read.
                drop(buffer.count - min(buffer.count, Self.longestHeaderLine - 1))
                return nil
            }
            drop(start)
            resynchronising = false
        }
        guard !buffer.isEmpty else { return nil }
        let end: Int
        switch Self.headerEnd(buffer) {
        case .incomplete(let headerBytes):
            guard headerBytes > Self.maximumHeaderBytes else { return nil }
            return skip("The header is longer than \(Self.maximumHeaderBytes) bytes.")
        case .bareLineFeed:
            return skip("A header line ends with LF alone; the protocol asks for CR LF.")
        case .complete(let e):
            end = e
        }
        guard end - 4 <= Self.maximumHeaderBytes else { return skip("The header is longer than \(Self.maximumHeaderBytes) bytes.") }
        let length: Int
        switch Self.contentLength(String(decoding: buffer[0..<(end - 4)], as: UTF8.self)) {
        case .failure(let problem): return skip(problem.message)
        case .success(let n): length = n
        }
        guard length <= Self.maximumContentBytes else {
            return skip("The Content-Length \(length) is more than the \(Self.maximumContentBytes) bytes a message may have.",
                        from: end)
        }
        let available = min(buffer.count - end, length)
        if let next = Self.headerLine(in: buffer, from: max(end, searched), to: end + available) {
            drop(next)
            return .malformed("The message ended after \(next - end) of its \(length) bytes: a header began there.")
        }
        searched = max(end, end + available - (Self.longestHeaderLine - 1))
        guard available == length else { return nil }
        let body = Data(buffer[end..<(end + length)])
        drop(end + length)
        return .message(body)
    }

    /// Reports a malformed frame and drops bytes from `from` on until a header line begins.
    private mutating func skip(_ problem: String, from: Int = 1) -> Frame {
        drop(min(from, buffer.count))
        resynchronising = true
        return .malformed(problem)
    }

    private mutating func drop(_ count: Int) {
        // A large message leaves a large capacity behind; what remains moves to a buffer of its size.
        if buffer.capacity > 1 << 20, buffer.count - count < buffer.capacity / 4 {
            buffer = Array(buffer[count...])
        } else {
            buffer.removeFirst(count)
        }
        searched = 0
    }

    enum HeaderEnd: Equatable { case complete(Int), incomplete(headerBytes: Int), bareLineFeed }

    /// Where the header block ends (after its blank line), as far as the bytes go.
    static func headerEnd(_ bytes: [UInt8]) -> HeaderEnd {
        let limit = min(bytes.count, maximumHeaderBytes + 5)
        var i = 0
        while i < limit {
            if bytes[i] == 0x0A {
                guard i > 0, bytes[i - 1] == 0x0D else { return .bareLineFeed }
                if i >= 3, bytes[i - 2] == 0x0A, bytes[i - 3] == 0x0D { return .complete(i + 1) }
            }
            i += 1
        }
        // The last bytes may be the start of the blank line; the header is at least the rest.
        var partial = 0
        if bytes.last == 0x0D { partial = bytes.count >= 3 && bytes[bytes.count - 2] == 0x0A ? 3 : 1 }
        else if bytes.last == 0x0A { partial = 2 }
        return .incomplete(headerBytes: bytes.count - partial)
    }

    /// The longest line `headerLine` recognises: the name, the colon, spaces, up to 18 digits, CR LF.
    static let longestHeaderLine = 64

    /// The offset of the first line `Content-Length: N` CR LF (the name in any case) that
    /// starts in `from..<to` and is complete in `bytes`.
    static func headerLine(in bytes: [UInt8], from: Int, to: Int) -> Int? {
        let name = Array("content-length".utf8)
        var i = from
        while i < to, i + name.count < bytes.count {
            if asciiLowercase(bytes[i]) == name[0], isHeaderLine(bytes, at: i, name: name) { return i }
            i += 1
        }
        return nil
    }

    private static func asciiLowercase(_ b: UInt8) -> UInt8 { (0x41...0x5A).contains(b) ? b | 0x20 : b }

    private static func isHeaderLine(_ bytes: [UInt8], at start: Int, name: [UInt8]) -> Bool {
        let end = min(bytes.count, start + longestHeaderLine)
        var i = start
        for c in name {
            guard i < end, asciiLowercase(bytes[i]) == c else { return false }
            i += 1
        }
        func spaces() { while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 } }
        spaces()
        guard i < end, bytes[i] == 0x3A else { return false }
        i += 1
        spaces()
        let digits = i
        while i < end, (0x30...0x39).contains(bytes[i]) { i += 1 }
        guard i > digits, i - digits <= 18 else { return false }
        spaces()
        return i + 1 < end && bytes[i] == 0x0D && bytes[i + 1] == 0x0A
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
