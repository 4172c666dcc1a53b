import Foundation
import StyleRun

/// An open document's text and the conversions between LSP positions and byte offsets.
///
/// LSP positions are a 0-based line and a column in UTF-16 code units; the parser counts bytes
/// and diagnostics count characters. Every conversion happens here.
///
///     var doc = TextDocument(uri: "file:///a.lua", version: 1, text: "é = 1")
///     doc.offset(of: Position(line: 0, character: 1))    // 2: after the two bytes of "é"
struct TextDocument: Sendable {
    let uri: String
    /// The file system path of a `file:` URI, else the URI itself (diagnostics name it).
    let path: String
    var version: Int
    /// The text as UTF-8, kept once (a `String` beside it would double what an open document costs).
    private(set) var bytes: [UInt8]
    var text: String { String(decoding: bytes, as: UTF8.self) }
    /// The largest document the server parses (diagnostics, symbols, colours, definitions).
    /// A syntax tree costs about sixty times its text, so a larger document is kept and edited
    /// but not parsed: it gets one diagnostic saying so, and completion without its locals.
    static let maximumCheckedBytes = 1024 * 1024

    var isTooLargeToCheck: Bool { bytes.count > Self.maximumCheckedBytes }

    /// The byte offset of each line's first byte.
    private(set) var lineStarts: [Int]

    init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.path = DocumentURI.path(of: uri)
        self.version = version
        self.bytes = Array(text.utf8)
        self.lineStarts = Self.lineStarts(of: bytes)
    }

    static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A || b == 0x0D {
                if b == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        return starts
    }

    var lineCount: Int { lineStarts.count }

    /// The bytes of a 0-based line, without its line break.
    func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
        guard line >= 0, line < lineStarts.count else { return [] }
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        while end > lineStarts[line], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return bytes[lineStarts[line]..<end]
    }

    func lineText(_ line: Int) -> String { String(decoding: lineBytes(line), as: UTF8.self) }

    /// The byte offset of an LSP position, clamped to the document (a column past the end of
    /// its line is the line's end, as the protocol asks).
    func offset(of position: Position) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let line = lineBytes(position.line)
        var units = 0
        var i = line.startIndex
        while i < line.endIndex, units < position.character {
            let (width, utf16) = Self.scalarWidth(line[i])
            units += utf16
            i = min(i + width, line.endIndex)
        }
        return i
    }

    /// A position inside the document, the one place a client's position is made safe: a line
    /// past the end is the end of the document, a character past the end of its line is the
    /// line's end, and one between the two halves of a surrogate pair is after the pair.
    func clamped(_ position: Position) -> Position { self.position(ofOffset: offset(of: position)) }

    /// A range inside the document, start first (a client's inverted range is read the right
    /// way round rather than refused).
    func clamped(_ range: LSPRange) -> LSPRange {
        let a = clamped(range.start), b = clamped(range.end)
        return b < a ? LSPRange(start: b, end: a) : LSPRange(start: a, end: b)
    }

    /// The byte offsets of a client's range, clamped and in order: always a valid slice of `bytes`.
    func offsets(of range: LSPRange) -> Range<Int> {
        let a = offset(of: range.start), b = offset(of: range.end)
        return min(a, b)..<max(a, b)
    }

    /// The LSP position of a byte offset.
    func position(ofOffset offset: Int) -> Position {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var units = 0
        var i = lineStarts[low]
        while i < offset {
            let (width, utf16) = Self.scalarWidth(bytes[i])
            units += utf16
            i += width
        }
        return Position(line: low, character: units)
    }

    /// The LSP position of a diagnostic's 1-based line and character column.
    func position(line: Int, characterColumn column: Int) -> Position {
        let text = lineText(line - 1)
        var units = 0
        for (n, c) in text.enumerated() {
            if n >= column - 1 { break }
            units += c.utf16.count
        }
        return Position(line: max(line - 1, 0), character: units)
    }

    /// Bytes of the UTF-8 sequence a lead byte starts, and its UTF-16 length.
    private static func scalarWidth(_ lead: UInt8) -> (Int, Int) {
        switch lead {
        case 0xF0...: (4, 2)
        case 0xE0...: (3, 1)
        case 0xC0...: (2, 1)
        default: (1, 1)
        }
    }

    /// Applies one `textDocument/didChange` change: a range and its new text, or the whole text.
    mutating func apply(range: LSPRange?, text newText: String) {
        guard let range else {
            replaceAll(Array(newText.utf8))
            return
        }
        var updated = bytes
        updated.replaceSubrange(offsets(of: range), with: Array(newText.utf8))
        replaceAll(updated)
    }

    private mutating func replaceAll(_ newBytes: [UInt8]) {
        bytes = newBytes
        lineStarts = Self.lineStarts(of: newBytes)
    }

    /// An LSP range of byte offsets.
    func range(_ offsets: Range<Int>) -> LSPRange {
        LSPRange(start: position(ofOffset: offsets.lowerBound), end: position(ofOffset: offsets.upperBound))
    }

    /// The text of byte offsets.
    func text(_ offsets: Range<Int>) -> String {
        let lower = min(max(offsets.lowerBound, 0), bytes.count), upper = min(max(offsets.upperBound, lower), bytes.count)
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }
}

/// A 0-based line and UTF-16 column.
struct Position: Hashable, Sendable, Comparable {
    var line: Int
    var character: Int

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// A client's position; nil unless both numbers are whole and not negative (a position
    /// past the document is kept, and clamped where it is used: `TextDocument.clamped`).
    init?(_ json: JSONValue?) {
        guard case .number(let l)? = json?["line"], case .number(let c)? = json?["character"],
              l.isFinite, c.isFinite, l >= 0, c >= 0, l == l.rounded(), c == c.rounded() else { return nil }
        // Past Int32.max (the protocol's uinteger is 32 bits) is past any document anyway.
        self.init(line: Int(min(l, Double(Int32.max))), character: Int(min(c, Double(Int32.max))))
    }

    var json: JSONValue { ["line": .number(Double(line)), "character": .number(Double(character))] }

    static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

struct LSPRange: Hashable, Sendable {
    var start: Position
    var end: Position

    init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    init?(_ json: JSONValue?) {
        guard let start = Position(json?["start"]), let end = Position(json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }

    var json: JSONValue { ["start": start.json, "end": end.json] }

    func overlaps(_ other: LSPRange) -> Bool { !(end < other.start || other.end < start) }
}

/// A JSON number that is a whole number an `Int` holds exactly (a version, a line), else nil:
/// `Int(x)` traps on NaN, infinities and numbers past its range, all of which a client can send.
func lspInteger(_ json: JSONValue?) -> Int? {
    guard case .number(let x)? = json, x.isFinite, x == x.rounded(), abs(x) <= 9_007_199_254_740_992 else { return nil }
    return Int(x)
}

/// `file:` URIs and paths.
enum DocumentURI {
    /// The path of a `file:` URI with its percent-escapes decoded; other URIs as they are.
    static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        let rest = String(uri.dropFirst("file://".count))
        let path = rest.hasPrefix("/") ? rest : String(rest.drop { $0 != "/" })
        return path.removingPercentEncoding ?? path
    }

    /// The `file:` URI of an absolute path.
    static func uri(ofPath path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#[]@!$&'()*+,;=")
        return "file://" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)
    }
}
