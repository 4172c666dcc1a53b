import StyleCore

/// A JSON value with the 1-based line and column where it starts in its text: what a token
/// file's diagnostics point at.
///
///     let doc = try PositionedJSON(parsing: #"{"a": {"$value": 1}}"#)
///     doc["a"]?["$value"]?.position    // 1:16
///
/// Object members keep the order written and each key's own position (a duplicate key is an
/// error, as a designer's second `"$value"` silently replacing the first would be).
public struct PositionedJSON: Sendable, Equatable {
    public struct Position: Sendable, Hashable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public init(line: Int, column: Int) { self.line = line; self.column = column }
        public var description: String { "\(line):\(column)" }
    }

    public struct Member: Sendable, Equatable {
        public var key: String
        public var keyPosition: Position
        public var value: PositionedJSON
    }

    public indirect enum Content: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([PositionedJSON])
        case object([Member])
    }

    public var content: Content
    public var position: Position

    public init(_ content: Content, at position: Position) {
        self.content = content
        self.position = position
    }

    /// A member of an object by key (nil for other values or a missing key).
    public subscript(key: String) -> PositionedJSON? {
        guard case .object(let members) = content else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var members: [Member]? {
        if case .object(let m) = content { return m }
        return nil
    }

    public var string: String? {
        if case .string(let s) = content { return s }
        return nil
    }

    public var number: Double? {
        if case .number(let x) = content { return x }
        return nil
    }

    public var array: [PositionedJSON]? {
        if case .array(let a) = content { return a }
        return nil
    }

    /// What the value is, in the words of a message: `a string`, `an object`.
    public var kindName: String {
        switch content {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Why a text is not JSON, at the offending character.
public struct PositionedJSONError: Error, Equatable, Sendable {
    public let message: String
    public let position: PositionedJSON.Position
}

extension PositionedJSON {
    /// Parses strict JSON (RFC 8259): no comments, no trailing commas, one value.
    ///
    /// - Throws: `PositionedJSONError` at the first character that cannot continue the text.
    public init(parsing text: String) throws(PositionedJSONError) {
        var reader = PositionedReader(Array(text.utf8))
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.atEnd else { throw reader.error("Unexpected text after the JSON value.") }
        self = value
    }
}

/// A recursive-descent reader over UTF-8 bytes that counts lines and columns as it goes.
private struct PositionedReader {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    /// Deep enough for any token file, shallow enough never to overflow the stack.
    private static let maximumDepth = 256

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }
    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The column in characters: continuation bytes of UTF-8 do not count.
    var position: PositionedJSON.Position { .init(line: line, column: column) }

    func error(_ message: String) -> PositionedJSONError { PositionedJSONError(message: message, position: position) }

    private mutating func advance() {
        let b = bytes[index]
        if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        index += 1
    }

    mutating func skipWhitespace() {
        while let b = current, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { advance() }
    }

    mutating func value(depth: Int) throws(PositionedJSONError) -> PositionedJSON {
        guard depth < Self.maximumDepth else { throw error("The JSON is nested too deeply (more than \(Self.maximumDepth) levels).") }
        let start = position
        guard let b = current else { throw error("The text ends where a value was expected.") }
        switch b {
        case UInt8(ascii: "{"): return PositionedJSON(.object(try object(depth: depth)), at: start)
        case UInt8(ascii: "["): return PositionedJSON(.array(try array(depth: depth)), at: start)
        case UInt8(ascii: "\""): return PositionedJSON(.string(try string()), at: start)
        case UInt8(ascii: "t"): try literal("true"); return PositionedJSON(.bool(true), at: start)
        case UInt8(ascii: "f"): try literal("false"); return PositionedJSON(.bool(false), at: start)
        case UInt8(ascii: "n"): try literal("null"); return PositionedJSON(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return PositionedJSON(.number(try number()), at: start)
        case UInt8(ascii: "/"): throw error("JSON has no comments; remove the comment (a .tokens.json file is strict JSON).")
        case UInt8(ascii: "'"): throw error("Strings in JSON are in double quotes, not single quotes.")
        default: throw error("Unexpected character '\(Self.character(at: index, in: bytes))'; expected a value.")
        }
    }

    private static func character(at i: Int, in bytes: [UInt8]) -> String {
        var end = i + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[i..<end], as: UTF8.self)
    }

    private mutating func literal(_ word: String) throws(PositionedJSONError) {
        for c in word.utf8 {
            guard current == c else { throw error("Unexpected character; expected '\(word)'.") }
            advance()
        }
    }

    private mutating func object(depth: Int) throws(PositionedJSONError) -> [PositionedJSON.Member] {
        advance()  // {
        var members: [PositionedJSON.Member] = []
        // Duplicate keys: looked for among the few members of most objects, hashed in a large one.
        var seen: Set<String>?
        skipWhitespace()
        if current == UInt8(ascii: "}") { advance(); return members }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}") { throw error("A trailing comma before '}' is not JSON; remove the comma.") }
                throw error("Expected a member name in double quotes.")
            }
            let keyPosition = position
            let key = try string()
            let repeated: Bool
            if members.count < 16 {
                repeated = members.contains { $0.key == key }
            } else {
                if seen == nil { seen = Set(members.map(\.key)) }
                repeated = !seen!.insert(key).inserted
            }
            guard !repeated else {
                throw PositionedJSONError(message: "The key '\(key)' appears twice in this object.", position: keyPosition)
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("Expected ':' after the member name '\(key)'.") }
            advance()
            skipWhitespace()
            let v = try value(depth: depth + 1)
            members.append(.init(key: key, keyPosition: keyPosition, value: v))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "}"): advance(); return members
            case nil: throw error("The text ends inside an object; expected ',' or '}'.")
            default: throw error("Expected ',' or '}' after the value of '\(key)'.")
            }
        }
    }

    private mutating func array(depth: Int) throws(PositionedJSONError) -> [PositionedJSON] {
        advance()  // [
        var elements: [PositionedJSON] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { advance(); return elements }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") { throw error("A trailing comma before ']' is not JSON; remove the comma.") }
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"): advance(); return elements
            case nil: throw error("The text ends inside an array; expected ',' or ']'.")
            default: throw error("Expected ',' or ']' in the array.")
            }
        }
    }

    private mutating func string() throws(PositionedJSONError) -> String {
        advance()  // "
        // Most strings have no escapes: taken from the bytes as they are.
        var end = index
        while end < bytes.count, bytes[end] != 0x22, bytes[end] != 0x5C, bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == 0x22 {
            let text = String(decoding: bytes[index..<end], as: UTF8.self)
            while index < end { advance() }
            advance()  // "
            return text
        }
        var out: [UInt8] = []
        while true {
            guard let b = current else { throw error("The text ends inside a string; close it with '\"'.") }
            switch b {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                advance()
                guard let e = current else { throw error("The text ends inside a string escape.") }
                advance()
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard current == UInt8(ascii: "\\") else { throw error("A lone surrogate in a \\u escape.") }
                        advance()
                        guard current == UInt8(ascii: "u") else { throw error("A lone surrogate in a \\u escape.") }
                        advance()
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("A lone surrogate in a \\u escape.") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error("A lone surrogate in a \\u escape.")
                    }
                    out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
                default: throw error("Unknown escape '\\\(Character(Unicode.Scalar(e)))' in a string.")
                }
            case 0x00..<0x20:
                throw error("A control character inside a string; write it as an escape (\\n, \\t).")
            default:
                out.append(b)
                advance()
            }
        }
    }

    private mutating func hex4() throws(PositionedJSONError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let b = current, let d = Self.hexDigit(b) else { throw error("Expected four hex digits after \\u.") }
            v = v * 16 + d
            advance()
        }
        return v
    }

    private static func hexDigit(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func number() throws(PositionedJSONError) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { advance() }
        guard let first = current, first >= 0x30, first <= 0x39 else { throw error("Expected a digit in the number.") }
        if first == 0x30 {
            advance()
            if let b = current, b >= 0x30, b <= 0x39 { throw error("Numbers in JSON have no leading zeros.") }
        } else {
            while let b = current, b >= 0x30, b <= 0x39 { advance() }
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard let b = current, b >= 0x30, b <= 0x39 else { throw error("Expected a digit after the decimal point.") }
            while let b = current, b >= 0x30, b <= 0x39 { advance() }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard let b = current, b >= 0x30, b <= 0x39 else { throw error("Expected a digit in the exponent.") }
            while let b = current, b >= 0x30, b <= 0x39 { advance() }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let x = Double(text), x.isFinite else { throw error("The number '\(text)' is too large.") }
        return x
    }
}
