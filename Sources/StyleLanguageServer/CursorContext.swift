/// Where the cursor is in a script that may not parse (the user is typing): inside a string or
/// a comment, inside which brackets, after which chain of names.
///
/// One forward scan from the start of the text to the cursor, which knows Lua's strings, long
/// brackets and comments; the rest reads backwards from the cursor.
///
///     let context = CursorContext(bytes: Array("mut(StackView.axis, \"ver".utf8), offset: 24)
///     context.string?.start    // 20: the opening quote
///     context.enclosingCall     // (["mut"], argument: 1, …)
struct CursorContext {
    let bytes: [UInt8]
    let offset: Int
    /// The string the cursor is in: its opening quote's offset.
    private(set) var string: (start: Int, quote: UInt8)?
    private(set) var inComment = false
    /// Open `(`, `{` and `[` before the cursor, innermost last.
    private(set) var brackets: [(byte: UInt8, offset: Int)] = []

    init(bytes: [UInt8], offset: Int) {
        self.bytes = bytes
        self.offset = min(max(offset, 0), bytes.count)
        scan()
    }

    private mutating func scan() {
        var i = 0
        let end = offset
        func longBracketLevel(at j: Int) -> Int? {
            guard j < bytes.count, bytes[j] == UInt8(ascii: "[") else { return nil }
            var k = j + 1, level = 0
            while k < bytes.count, bytes[k] == UInt8(ascii: "=") { level += 1; k += 1 }
            return k < bytes.count && bytes[k] == UInt8(ascii: "[") ? level : nil
        }
        func skipLong(from j: Int, level: Int) -> Int? {
            let close = [UInt8(ascii: "]")] + Array(repeating: UInt8(ascii: "="), count: level) + [UInt8(ascii: "]")]
            var k = j
            while k + close.count <= bytes.count {
                if bytes[k] == close[0], Array(bytes[k..<k + close.count]) == close { return k + close.count }
                k += 1
            }
            return nil
        }
        while i < end {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "-") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "-"):
                if let level = longBracketLevel(at: i + 2) {
                    guard let after = skipLong(from: i + 4 + level, level: level), after <= end else { inComment = true; return }
                    i = after
                } else {
                    while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                    if i >= end { inComment = true; return }
                }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let start = i
                i += 1
                while i < bytes.count, bytes[i] != b, bytes[i] != 0x0A {
                    if bytes[i] == UInt8(ascii: "\\") { i += 1 }
                    i += 1
                }
                // An unfinished string ends at its line's end, as the user will close it.
                if i >= end { string = (start, b); return }
                i += 1
            case UInt8(ascii: "["):
                if let level = longBracketLevel(at: i) {
                    guard let after = skipLong(from: i + 2 + level, level: level), after <= end else {
                        string = (i, b); return
                    }
                    i = after
                } else {
                    brackets.append((b, i)); i += 1
                }
            case UInt8(ascii: "("), UInt8(ascii: "{"):
                brackets.append((b, i)); i += 1
            case UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !brackets.isEmpty { brackets.removeLast() }
                i += 1
            default:
                i += 1
            }
        }
    }

    // MARK: Reading backwards

    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    /// The offset of the first non-blank byte before `j`, or -1.
    func skipBlanksBack(from j: Int) -> Int {
        var k = j - 1
        while k >= 0, bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0A || bytes[k] == 0x0D { k -= 1 }
        return k
    }

    /// The dotted names ending at `end` (exclusive): `Button.titleLabel.fo` → (["Button", "titleLabel"], "fo", start of "fo").
    func chain(endingAt end: Int) -> (segments: [String], partial: String, partialStart: Int) {
        var k = end
        while k > 0, Self.isNameByte(bytes[k - 1]) { k -= 1 }
        let partial = String(decoding: bytes[k..<end], as: UTF8.self)
        let partialStart = k
        var segments: [String] = []
        while k > 0, bytes[k - 1] == UInt8(ascii: ".") {
            if k > 1, bytes[k - 2] == UInt8(ascii: ".") { break }  // `..` is concat
            let wordEnd = k - 1
            var s = wordEnd
            while s > 0, Self.isNameByte(bytes[s - 1]) { s -= 1 }
            guard s < wordEnd else { break }
            segments.insert(String(decoding: bytes[s..<wordEnd], as: UTF8.self), at: 0)
            k = s
        }
        if let first = segments.first ?? (partial.isEmpty ? nil : partial), first.first?.isNumber == true { return ([], "", end) }
        return (segments, partial, partialStart)
    }

    /// The whole name at the cursor and the chain before it: for hover and definition.
    func chainAtCursor() -> (segments: [String], word: String, range: Range<Int>)? {
        var e = offset
        while e < bytes.count, Self.isNameByte(bytes[e]) { e += 1 }
        let c = chain(endingAt: e)
        guard !c.partial.isEmpty else { return nil }
        return (c.segments, c.partial, c.partialStart..<e)
    }

    /// The call or constructor an open bracket belongs to: the chain right before it.
    func callee(ofBracketAt open: Int) -> [String]? {
        let k = skipBlanksBack(from: open)
        guard k >= 0, Self.isNameByte(bytes[k]) else { return nil }
        let c = chain(endingAt: k + 1)
        return c.segments + [c.partial]
    }

    /// The innermost open `(` and the index of the argument the cursor is in, counting commas
    /// at that level.
    var enclosingCall: (callee: [String], argument: Int, open: Int)? {
        guard let open = brackets.last, open.byte == UInt8(ascii: "("), let callee = callee(ofBracketAt: open.offset) else { return nil }
        return (callee, commas(from: open.offset + 1, to: string?.start ?? offset), open.offset)
    }

    /// The innermost open `{` and the call or constructor before it (`Label {`, `themes {`).
    var enclosingTable: (callee: [String]?, open: Int)? {
        guard let open = brackets.last, open.byte == UInt8(ascii: "{") else { return nil }
        return (callee(ofBracketAt: open.offset), open.offset)
    }

    /// Top-level commas between two offsets (brackets and strings inside are skipped).
    func commas(from start: Int, to end: Int) -> Int {
        var n = 0, depth = 0, i = start
        while i < end {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                i += 1
                while i < end, bytes[i] != b { if bytes[i] == UInt8(ascii: "\\") { i += 1 }; i += 1 }
            } else if b == UInt8(ascii: "(") || b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
                depth += 1
            } else if b == UInt8(ascii: ")") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]") {
                depth -= 1
            } else if b == UInt8(ascii: ","), depth == 0 {
                n += 1
            }
            i += 1
        }
        return n
    }

    /// The table key being written before the cursor (`axis = "ve|`, `axis = |`), if any.
    func keyBeforeValue(at start: Int) -> String? {
        let k = skipBlanksBack(from: start)
        guard k >= 0, bytes[k] == UInt8(ascii: "="), k == 0 || bytes[k - 1] != UInt8(ascii: "=") else { return nil }
        let c = chain(endingAt: skipBlanksBack(from: k) + 1)
        return c.segments.isEmpty && !c.partial.isEmpty ? c.partial : nil
    }

    /// The first argument of the enclosing call as written (`Kind.a.b` of `mut(Kind.a.b, `).
    func firstArgument(ofCallAt open: Int) -> [String]? {
        var i = open + 1
        while i < bytes.count, bytes[i] == 0x20 { i += 1 }
        var e = i
        while e < bytes.count, Self.isNameByte(bytes[e]) || bytes[e] == UInt8(ascii: ".") { e += 1 }
        guard e > i else { return nil }
        return String(decoding: bytes[i..<e], as: UTF8.self).split(separator: ".").map(String.init)
    }
}
