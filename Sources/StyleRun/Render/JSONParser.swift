/// Why a text is not JSON: what was wrong and at which 1-based line and column.
///
///     do { _ = try JSONValue(parsing: "[1,]") }
///     catch { print(error) }    // 1:4: Unexpected character; expected a value.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A sentence saying what was expected.
    public let message: String
    /// The 1-based line of the offending character.
    public let line: Int
    /// The 1-based column of the offending character, counted in characters.
    public let column: Int

    public var description: String { "\(line):\(column): \(message)" }
}

extension JSONValue {
    /// Parses JSON text (RFC 8259), keeping object members in the order written.
    ///
    ///     let tree = try JSONValue(parsing: output)
    ///     tree["children"]?[0]?["id"]    // .string("title")
    ///
    /// It reads back what the CLI and renderers print, for tests and tools; it is strict
    /// (no comments, no trailing commas) and accepts surrounding whitespace only.
    /// - Throws: `JSONParseError` at the first character that cannot continue the text.
    public init(parsing text: String) throws(JSONParseError) {
        // Read where the text's UTF-8 is (a native string's is one run): a child's findings
        // are megabytes, which a copy into an array, and an array's checked reads, cost as
        // much again as reading them.
        var text = text
        let parsed = text.withUTF8 { bytes -> Result<JSONValue, JSONParseError> in
            var parser = JSONTextParser(bytes)
            do throws(JSONParseError) {
                parser.skipWhitespace()
                let value = try parser.parseValue(depth: 0)
                parser.skipWhitespace()
                guard parser.atEnd else { throw parser.error("Unexpected text after the JSON value.") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        self = try parsed.get()
    }
}

/// A recursive-descent reader over UTF-8 bytes, which live while it reads.
private struct JSONTextParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Deep enough for any output of ours, shallow enough never to overflow the stack.
    private static let maximumDepth = 512

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }
    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func error(_ message: String) -> JSONParseError {
        var line = 1, column = 1
        for b in bytes[..<min(index, bytes.count)] {
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return JSONParseError(message: message, line: line, column: column)
    }

    mutating func skipWhitespace() {
        while let b = current, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { index += 1 }
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("Too deeply nested.") }
        switch current {
        case UInt8(ascii: "{")?: return try parseObject(depth: depth)
        case UInt8(ascii: "[")?: return try parseArray(depth: depth)
        case UInt8(ascii: "\"")?: return .string(try parseString())
        case UInt8(ascii: "t")?: try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f")?: try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n")?: try expectWord("null"); return .null
        case let b? where b == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b):
            return .number(try parseNumber())
        case nil: throw error("Unexpected end of text; expected a value.")
        default: throw error("Unexpected character; expected a value.")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONParseError) {
        for b in word.utf8 {
            guard current == b else { throw error("Unexpected character; expected '\(word)'.") }
            index += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1  // {
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("Expected a string key.") }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("Expected ':' after a key.") }
            index += 1
            skipWhitespace()
            members.append((key: key, value: try parseValue(depth: depth + 1)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "}")?: index += 1; return .object(members)
            default: throw error("Expected ',' or '}' in an object.")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "]")?: index += 1; return .array(elements)
            default: throw error("Expected ',' or ']' in an array.")
            }
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        func digits(_ parser: inout JSONTextParser) -> Int {
            var n = 0
            while let b = parser.current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) { parser.index += 1; n += 1 }
            return n
        }
        if current == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        guard digits(&self) > 0 else { throw error("Expected a digit.") }
        if bytes[intStart] == UInt8(ascii: "0"), index - intStart > 1 {
            index = intStart
            throw error("A number cannot start with 0.")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("Expected a digit after '.'.") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("Expected a digit in the exponent.") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let x = Double(text), x.isFinite else {
            index = start
            throw error("The number \(text) is too large.")
        }
        return x
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        // A string without escapes (most) is decoded from the bytes it is. Another's UTF-8 is
        // gathered and decoded once at the end: appending each run to a String copied
        // everything before it, which made a script with many lines (each an escaped newline)
        // quadratic to read. An ASCII byte ends any malformed sequence, and an escape's
        // encoding starts with ASCII or a lead byte, so decoding once replaces exactly what
        // decoding each run did. (Runs are appended here, not by a nested function: the
        // variables such a function captures are checked for exclusive access at each use.)
        var utf8: [UInt8] = []
        var escaped = false
        var runStart = index
        while true {
            guard index < bytes.count else { throw error("Unterminated string.") }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let end = index
                index += 1
                if !escaped { return String(decoding: bytes[runStart..<end], as: UTF8.self) }
                utf8.append(contentsOf: bytes[runStart..<end])
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                utf8.append(contentsOf: bytes[runStart..<index])
                escaped = true
                index += 1
                utf8.append(contentsOf: UTF8.encode(try parseEscape())!)
                runStart = index
            case 0x00..<0x20:
                throw error("A control character must be escaped in a string.")
            default:
                index += 1
            }
        }
    }

    private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
        guard let b = current else { throw error("Unterminated string.") }
        index += 1
        switch b {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            if (0xD800..<0xDC00).contains(unit) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("A high surrogate must be followed by a low surrogate.")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("Expected a low surrogate.") }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(unit) else { throw error("A lone low surrogate is not a character.") }
            return scalar
        default:
            index -= 1
            throw error("Unknown escape in a string.")
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let b = current, let digit = Character(Unicode.Scalar(b)).hexDigitValue else {
                throw error("Expected four hex digits after '\\u'.")
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }
}
