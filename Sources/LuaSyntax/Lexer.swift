/// Splits Lua 5.4 source into tokens, byte for byte as Lua's `llex.c` does.
///
/// It reads the UTF-8 bytes through an unsafe buffer pointer, so it lives only inside
/// `LuaLexer.tokenize` and `LuaParser.parse`, which own the buffer for the whole run.
///
/// Over 400 lines on purpose: one state machine, case for case beside `llex.c`, which is easier
/// to check against Lua's when it is read in one piece.
struct Lexer {
    let source: UnsafeBufferPointer<UInt8>
    let chunkName: String
    var position: Int
    /// Lua's `ls->linenumber`: the line where the last token read ends.
    private(set) var line = 1
    private var lineStart: Int
    var comments: [Comment] = []
    /// Reused for string contents, so a string costs one allocation: its own bytes.
    private var buffer: [UInt8] = []

    /// Skips a UTF-8 byte order mark and a first line starting with `#`, as `luaL_loadfile` does
    /// for the files `luac` reads.
    init(source: UnsafeBufferPointer<UInt8>, chunkName: String, skipsFirstLineComment: Bool) {
        self.source = source
        self.chunkName = chunkName
        var start = 0
        if skipsFirstLineComment {
            if source.count >= 3, source[0] == 0xEF, source[1] == 0xBB, source[2] == 0xBF { start = 3 }
            if start < source.count, source[start] == UInt8(ascii: "#") {
                while start < source.count, source[start] != UInt8(ascii: "\n") { start += 1 }
            }
        }
        position = start
        lineStart = start
    }

    @inline(__always) private func byte(_ index: Int) -> UInt8? {
        index < source.count ? source[index] : nil
    }

    @inline(__always) private func location(_ offset: Int) -> SourceLocation {
        SourceLocation(line: line, column: offset - lineStart + 1, offset: offset)
    }

    private mutating func newline() {
        let first = source[position]
        position += 1
        if position < source.count, let second = byte(position), second == 10 || second == 13, second != first {
            position += 1
        }
        line += 1
        lineStart = position
    }

    /// Lua quotes the string read so far plus the escape up to the offending byte.
    @inline(never)
    private func escapeError(_ reason: SyntaxError.Reason, delimiter: UInt8, backslash: Int) -> SyntaxError {
        let end = position < source.count ? position + 1 : position
        let near = LuaText.quoted([delimiter] + buffer + source[backslash..<end])
        return SyntaxError(reason: reason, chunkName: chunkName,
                           range: SourceRange(start: location(backslash), end: location(end)), near: near, luacLine: line)
    }

    @inline(never)
    private func error(_ reason: SyntaxError.Reason, from start: SourceLocation, near: String?) -> SyntaxError {
        SyntaxError(reason: reason, chunkName: chunkName, range: SourceRange(start: start, end: location(position)),
                    near: near, luacLine: line)
    }

    // MARK: Tokens

    /// Not inlined: it is called from every parser function, whose stack frames must stay
    /// small because they recurse once per nesting level.
    @inline(never)
    mutating func next() throws(SyntaxError) -> Token {
        while position < source.count {
            let c = source[position]
            switch c {
            case 10, 13:
                newline()
            case 32, 9, 11, 12:
                position += 1
            case UInt8(ascii: "-"):
                guard byte(position + 1) == UInt8(ascii: "-") else { return symbol(.minus, length: 1) }
                try skipComment()
            default:
                return try token(startingWith: c)
            }
        }
        return Token(kind: .endOfFile, range: SourceRange(start: location(position), end: location(position)))
    }

    @inline(__always) private mutating func symbol(_ kind: TokenKind, length: Int) -> Token {
        let start = location(position)
        position += length
        return Token(kind: kind, range: SourceRange(start: start, end: location(position)))
    }

    private mutating func token(startingWith c: UInt8) throws(SyntaxError) -> Token {
        let next = byte(position + 1)
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            return name()
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try numeral()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return try shortString()
        case UInt8(ascii: "["):
            let start = location(position)
            let (level, after) = longBracketLevel(at: position, open: UInt8(ascii: "["))
            if let level { return try longString(level: level, start: start) }
            if after == position + 1 { return symbol(.leftBracket, length: 1) }
            position = after
            let near = "'[" + String(repeating: "=", count: after - start.offset - 1) + "'"
            throw error(.invalidLongStringDelimiter, from: start, near: near)
        case UInt8(ascii: "."):
            if next == UInt8(ascii: ".") {
                return byte(position + 2) == UInt8(ascii: ".") ? symbol(.dots, length: 3) : symbol(.concat, length: 2)
            }
            if let next, isDigit(next) { return try numeral() }
            return symbol(.dot, length: 1)
        case UInt8(ascii: "="): return next == UInt8(ascii: "=") ? symbol(.equal, length: 2) : symbol(.assign, length: 1)
        case UInt8(ascii: "<"):
            if next == UInt8(ascii: "=") { return symbol(.lessEqual, length: 2) }
            return next == UInt8(ascii: "<") ? symbol(.shiftLeft, length: 2) : symbol(.less, length: 1)
        case UInt8(ascii: ">"):
            if next == UInt8(ascii: "=") { return symbol(.greaterEqual, length: 2) }
            return next == UInt8(ascii: ">") ? symbol(.shiftRight, length: 2) : symbol(.greater, length: 1)
        case UInt8(ascii: "/"): return next == UInt8(ascii: "/") ? symbol(.floorDivide, length: 2) : symbol(.slash, length: 1)
        case UInt8(ascii: "~"): return next == UInt8(ascii: "=") ? symbol(.notEqual, length: 2) : symbol(.tilde, length: 1)
        case UInt8(ascii: ":"): return next == UInt8(ascii: ":") ? symbol(.doubleColon, length: 2) : symbol(.colon, length: 1)
        case UInt8(ascii: "+"): return symbol(.plus, length: 1)
        case UInt8(ascii: "*"): return symbol(.star, length: 1)
        case UInt8(ascii: "%"): return symbol(.percent, length: 1)
        case UInt8(ascii: "^"): return symbol(.caret, length: 1)
        case UInt8(ascii: "#"): return symbol(.hash, length: 1)
        case UInt8(ascii: "&"): return symbol(.ampersand, length: 1)
        case UInt8(ascii: "|"): return symbol(.pipe, length: 1)
        case UInt8(ascii: "("): return symbol(.leftParen, length: 1)
        case UInt8(ascii: ")"): return symbol(.rightParen, length: 1)
        case UInt8(ascii: "{"): return symbol(.leftBrace, length: 1)
        case UInt8(ascii: "}"): return symbol(.rightBrace, length: 1)
        case UInt8(ascii: "]"): return symbol(.rightBracket, length: 1)
        case UInt8(ascii: ";"): return symbol(.semicolon, length: 1)
        case UInt8(ascii: ","): return symbol(.comma, length: 1)
        default:
            var token = symbol(.otherByte, length: 1)
            token.byte = c
            return token
        }
    }

    private mutating func name() -> Token {
        let start = position
        position += 1
        while position < source.count, isAlphanumeric(source[position]) { position += 1 }
        let bytes = UnsafeBufferPointer(rebasing: source[start..<position])
        let range = SourceRange(start: location(start), end: location(position))
        if let keyword = Keywords.kind(of: bytes) { return Token(kind: keyword, range: range) }
        var token = Token(kind: .name, range: range)
        token.name = String(decoding: bytes, as: UTF8.self)
        return token
    }

    // MARK: Comments and long brackets

    private mutating func skipComment() throws(SyntaxError) {
        let start = location(position)
        position += 2
        if byte(position) == UInt8(ascii: "["), case (let level?, _) = longBracketLevel(at: position, open: UInt8(ascii: "[")) {
            try skipLongBracket(level: level, start: start, isComment: true)
            comments.append(Comment(range: SourceRange(start: start, end: location(position)), isLong: true))
            return
        }
        while position < source.count, source[position] != 10, source[position] != 13 { position += 1 }
        comments.append(Comment(range: SourceRange(start: start, end: location(position)), isLong: false))
    }

    /// The level of the long bracket at `index` (`[==[` is 2), or nil with the offset where
    /// Lua's `skip_sep` stopped, to tell a plain `[` from a malformed `[=`.
    private func longBracketLevel(at index: Int, open: UInt8) -> (Int?, Int) {
        var i = index + 1
        while i < source.count, source[i] == UInt8(ascii: "=") { i += 1 }
        if i < source.count, source[i] == open { return (i - index - 1, i + 1) }
        return (nil, i)
    }

    /// Reads up to and including the closing bracket; fills `buffer` unless it is a comment.
    private mutating func skipLongBracket(level: Int, start: SourceLocation, isComment: Bool) throws(SyntaxError) {
        let startLine = line
        position += level + 2
        if position < source.count, source[position] == 10 || source[position] == 13 { newline() }
        while position < source.count {
            let c = source[position]
            if c == UInt8(ascii: "]") {
                let (closing, after) = longBracketLevel(at: position, open: UInt8(ascii: "]"))
                if closing == level {
                    position = after
                    return
                }
                let stop = closing == nil ? after : after - 1
                if !isComment { buffer.append(contentsOf: source[position..<stop]) }
                position = stop
            } else if c == 10 || c == 13 {
                if !isComment { buffer.append(10) }
                newline()
            } else {
                let runStart = position
                position += 1
                while position < source.count {
                    let d = source[position]
                    if d == UInt8(ascii: "]") || d == 10 || d == 13 { break }
                    position += 1
                }
                if !isComment { buffer.append(contentsOf: source[runStart..<position]) }
            }
        }
        let reason: SyntaxError.Reason = isComment
            ? .unfinishedLongComment(startLine: startLine) : .unfinishedLongString(startLine: startLine)
        throw error(reason, from: start, near: "<eof>")
    }

    private mutating func longString(level: Int, start: SourceLocation) throws(SyntaxError) -> Token {
        buffer.removeAll(keepingCapacity: true)
        try skipLongBracket(level: level, start: start, isComment: false)
        var token = Token(kind: .string, range: SourceRange(start: start, end: location(position)))
        token.bytes = buffer
        return token
    }

    // MARK: Short strings

    private mutating func shortString() throws(SyntaxError) -> Token {
        let delimiter = source[position]
        let start = location(position)
        position += 1
        buffer.removeAll(keepingCapacity: true)
        while true {
            let runStart = position
            while position < source.count {
                let c = source[position]
                if c == delimiter || c == UInt8(ascii: "\\") || c == 10 || c == 13 { break }
                position += 1
            }
            if runStart < position { buffer.append(contentsOf: source[runStart..<position]) }
            guard position < source.count else { throw error(.unfinishedString, from: start, near: "<eof>") }
            let c = source[position]
            if c == delimiter { break }
            if c == 10 || c == 13 {
                throw error(.unfinishedString, from: start, near: LuaText.quoted([delimiter] + buffer))
            }
            try escape(delimiter: delimiter)
        }
        position += 1
        var token = Token(kind: .string, range: SourceRange(start: start, end: location(position)))
        token.bytes = buffer
        return token
    }

    /// Decodes the escape sequence at the backslash under `position` into `buffer`.
    private mutating func escape(delimiter: UInt8) throws(SyntaxError) {
        let backslash = position
        position += 1
        guard let c = byte(position) else { return }
        func failure(_ reason: SyntaxError.Reason, _ lexer: Lexer) -> SyntaxError {
            lexer.escapeError(reason, delimiter: delimiter, backslash: backslash)
        }
        switch c {
        case UInt8(ascii: "a"): buffer.append(7)
        case UInt8(ascii: "b"): buffer.append(8)
        case UInt8(ascii: "f"): buffer.append(12)
        case UInt8(ascii: "n"): buffer.append(10)
        case UInt8(ascii: "r"): buffer.append(13)
        case UInt8(ascii: "t"): buffer.append(9)
        case UInt8(ascii: "v"): buffer.append(11)
        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): buffer.append(c)
        case 10, 13:
            buffer.append(10)
            newline()
            return
        case UInt8(ascii: "x"):
            var value: UInt8 = 0
            for _ in 0..<2 {
                position += 1
                guard let digit = byte(position).flatMap(hexValue) else { throw failure(.hexadecimalDigitExpected, self) }
                value = value << 4 | digit
            }
            buffer.append(value)
        case UInt8(ascii: "z"):
            position += 1
            while position < source.count, isSpace(source[position]) {
                if source[position] == 10 || source[position] == 13 { newline() } else { position += 1 }
            }
            return
        case UInt8(ascii: "u"):
            position += 1
            guard byte(position) == UInt8(ascii: "{") else { throw failure(.missingBrace("{"), self) }
            position += 1
            guard var value = byte(position).flatMap(hexValue).map(UInt32.init) else {
                throw failure(.hexadecimalDigitExpected, self)
            }
            position += 1
            while let digit = byte(position).flatMap(hexValue) {
                guard value <= 0x7FFF_FFFF >> 4 else { throw failure(.utf8ValueTooLarge, self) }
                value = value << 4 | UInt32(digit)
                position += 1
            }
            guard byte(position) == UInt8(ascii: "}") else { throw failure(.missingBrace("}"), self) }
            LuaText.appendUTF8(value, to: &buffer)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var value = 0
            var count = 0
            while count < 3, let digit = byte(position), isDigit(digit) {
                value = value * 10 + Int(digit - UInt8(ascii: "0"))
                position += 1
                count += 1
            }
            guard value <= 255 else { throw failure(.decimalEscapeTooLarge, self) }
            buffer.append(UInt8(value))
            return
        default:
            throw failure(.invalidEscapeSequence, self)
        }
        position += 1
    }

    // MARK: Numerals

    private mutating func numeral() throws(SyntaxError) -> Token {
        let start = position
        if source[position] == UInt8(ascii: ".") { position += 1 }
        let first = source[position]
        position += 1
        var exponentMarks: (UInt8, UInt8) = (UInt8(ascii: "e"), UInt8(ascii: "E"))
        if first == UInt8(ascii: "0"), let x = byte(position), x == UInt8(ascii: "x") || x == UInt8(ascii: "X") {
            position += 1
            exponentMarks = (UInt8(ascii: "p"), UInt8(ascii: "P"))
        }
        while let c = byte(position) {
            if c == exponentMarks.0 || c == exponentMarks.1 {
                position += 1
                if let sign = byte(position), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            } else if hexValue(c) != nil || c == UInt8(ascii: ".") {
                position += 1
            } else {
                break
            }
        }
        if let c = byte(position), isAlpha(c) { position += 1 }
        let text = UnsafeBufferPointer(rebasing: source[start..<position])
        let range = SourceRange(start: location(start), end: location(position))
        guard let value = NumeralConversion.value(of: text) else {
            throw SyntaxError(reason: .malformedNumber, chunkName: chunkName, range: range,
                              near: LuaText.quoted(Array(text)), luacLine: line)
        }
        var token: Token
        switch value {
        case .integer: token = Token(kind: .integer, range: range)
        case .float: token = Token(kind: .float, range: range)
        }
        token.number = value
        return token
    }
}

// MARK: - Character classes of Lua's `lctype.c` (without LUA_UCID: bytes ≥ 0x80 are not letters)

@inline(__always) func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }

@inline(__always) func isAlpha(_ c: UInt8) -> Bool {
    (c | 0x20) &- UInt8(ascii: "a") < 26 || c == UInt8(ascii: "_")
}

@inline(__always) func isAlphanumeric(_ c: UInt8) -> Bool { isAlpha(c) || isDigit(c) }

@inline(__always) func isSpace(_ c: UInt8) -> Bool { c == 32 || (c >= 9 && c <= 13) }

@inline(__always) func hexValue(_ c: UInt8) -> UInt8? {
    if isDigit(c) { return c - UInt8(ascii: "0") }
    let lower = c | 0x20
    if lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "f") { return lower - UInt8(ascii: "a") + 10 }
    return nil
}

/// Public entry point of the lexer, for tools that want tokens rather than a tree.
public enum LuaLexer {
    /// All tokens of `source`, ending with `.endOfFile`.
    ///
    /// ```swift
    /// let tokens = try LuaLexer.tokenize(source: Array("x = 1".utf8))
    /// tokens.map(\.kind)  // [.name, .assign, .integer, .endOfFile]
    /// ```
    /// - Throws: the first lexical error, as `luac` reports it.
    public static func tokenize(source: [UInt8], chunkName: String = "?",
                                skipsFirstLineComment: Bool = true) throws(SyntaxError) -> [Token] {
        let result: Result<[Token], SyntaxError> = source.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(source: buffer, chunkName: chunkName, skipsFirstLineComment: skipsFirstLineComment)
            var tokens: [Token] = []
            do throws(SyntaxError) {
                while true {
                    let token = try lexer.next()
                    tokens.append(token)
                    if token.kind == .endOfFile { return .success(tokens) }
                }
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
