import Foundation
import CLua
import CLuaShim
import StyleCore

// Lua's messages as stylerun diagnostics: `file:line: message` split into a location, the column
// of the name or token the message quotes, and the text as a sentence. Also where the running
// Lua code is, for the bindings' own failures. Classification (which limit, which binding
// error) happens elsewhere; this file only places and words Lua's text.

extension LuaVM {
    /// Splits Lua's `file:line: message` into a located diagnostic.
    func diagnostic(fromLuaMessage text: String, code: Diagnostic.Code) -> Diagnostic {
        for chunk in texts.keys.sorted(by: { $0.count > $1.count }) {
            for prefix in [chunk + ":", shortSource(chunk) + ":"] where text.hasPrefix(prefix) {
                let rest = text.dropFirst(prefix.count)
                let digits = rest.prefix(while: \.isNumber)
                guard let line = Int(digits), rest.dropFirst(digits.count).hasPrefix(":") else { continue }
                var message = String(rest.dropFirst(digits.count + 1).drop(while: { $0 == " " }))
                var column = 1
                var length = 0
                if code == .syntaxError {
                    (message, column) = describeSyntaxError(message, line: line, chunk: chunk)
                    length = Self.nearToken(in: message)?.count ?? 0
                } else if let name = Self.quotedName(in: message) {
                    // "attempt to index a nil value (local 'x')": point at x.
                    if let c = expressionColumn(of: name, message: message, line: line, in: chunk) { column = c; length = name.count }
                } else if let (c, n) = operatorColumn(message: message, line: line, in: chunk) {
                    column = c
                    length = n
                }
                return Diagnostic(code, sentence(message), at: SourceLocation(file: chunk, line: line, column: column), length: length)
            }
        }
        let file = texts.keys.sorted().first ?? "<script>"
        return Diagnostic(code, sentence(text), at: SourceLocation(file: file, line: 1))
    }

    /// The token a syntax error is `near` (`')' expected near 'x'` → `x`); nil at the end of input.
    static func nearToken(in message: String) -> String? {
        guard let near = message.range(of: " near ", options: .backwards) else { return nil }
        var token = String(message[near.upperBound...])
        if token.hasPrefix("'"), token.hasSuffix("'"), token.count >= 2 { token = String(token.dropFirst().dropLast()) }
        return token == "<eof>" ? nil : token
    }

    /// The variable a Lua runtime message names: `(local 'x')`, `(global 'x')`, `(field 'x')`…
    static func quotedName(in message: String) -> String? {
        for kind in ["(local '", "(global '", "(field '", "(upvalue '", "(method '", "(constant '"] {
            guard let start = message.range(of: kind) else { continue }
            let rest = message[start.upperBound...]
            guard let end = rest.firstIndex(of: "'") else { continue }
            return String(rest[..<end])
        }
        return nil
    }

    /// The first line where brackets nest past Lua's limit, for a parser overflow Lua gives no
    /// line for. Strings and comments are not told apart: it is a pointer, not a parse.
    func deepestNesting(in chunk: String) -> Int? {
        guard let lines = lines(of: chunk) else { return nil }
        var depth = 0
        for (number, line) in lines.enumerated() {
            for c in line.utf8 {
                if c == UInt8(ascii: "(") || c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { depth += 1 }
                if c == UInt8(ascii: ")") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]") { depth -= 1 }
                if depth >= SRLUA_NESTING_LIMIT - 10 { return number + 1 }
            }
        }
        return nil
    }

    /// Lua's `chunkid` shortening of long `@` names (`...tail`), so messages map back to files.
    private func shortSource(_ chunk: String) -> String {
        let max = Int(LUA_IDSIZE) - 1
        guard chunk.utf8.count > max else { return chunk }
        return "..." + String(decoding: chunk.utf8.suffix(max - 3), as: UTF8.self)
    }

    /// Points a syntax error's column at the token Lua names (`near 'x'`), else column 1; names
    /// the bracket left open where the parser finds one explains the error.
    private func describeSyntaxError(_ message: String, line: Int, chunk: String) -> (String, Int) {
        if let lines = lines(of: chunk), let exact = SyntaxPosition.firstError(in: lines.joined(separator: "\n")), exact.line == line {
            let message = exact.unclosedMessage ?? message
            return (exact.hint.map { (message.hasSuffix(".") ? message : message + ".") + " " + $0 } ?? message, exact.column)
        }
        guard let token = Self.nearToken(in: message) else { return (message, 1) }
        return (message, column(of: token, line: line, in: chunk, wholeWord: false) ?? 1)
    }

    /// Lua's messages as sentences, like stylerun's own: a capital first letter and a full stop.
    private func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        var s = first.isLowercase ? first.uppercased() + message.dropFirst() : message
        if let last = s.last, !".?!".contains(last) { s += "." }
        return s
    }

    // MARK: Where the running code is

    /// The source lines of a loaded chunk, or nil for a chunk not loaded.
    func lines(of chunk: String) -> [Substring]? {
        if let lines = splitLines[chunk] { return lines }
        guard let text = texts[chunk] else { return nil }
        // Split on bytes: splitting Characters ran grapheme breaking over the whole chunk,
        // 23,000 instructions a line (300 ms for a 13,000-line screen script).
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
        splitLines[chunk] = lines
        return lines
    }

    /// The text of a loaded chunk as bytes and line starts, or nil for a chunk not loaded.
    func text(of chunk: String) -> ChunkText? {
        if let lastText, lastText.chunk == chunk { return lastText.text }
        if let text = chunkTexts[chunk] {
            lastText = (chunk, text)
            return text
        }
        guard let source = texts[chunk] else { return nil }
        let text = ChunkText(source)
        chunkTexts[chunk] = text
        lastText = (chunk, text)
        return text
    }

    /// The 1-based column (in characters) of `needle` on a line of a loaded chunk.
    func column(of needle: String, line: Int, in chunk: String, wholeWord: Bool = true) -> Int? {
        text(of: chunk)?.column(of: needle, line: line, wholeWord: wholeWord)
    }

    /// The location of the Lua code running at `level` (1: the caller of the current C function).
    func location(level: Int32 = 1) -> SourceLocation {
        var source: UnsafePointer<CChar>?
        var lv = level
        // C functions (level with no line) are skipped up to the nearest Lua line.
        while lv < level + 8 {
            let line = srlua_currentline(L, lv, &source)
            if line > 0, let source { return SourceLocation(file: chunkName(source), line: Int(line)) }
            if line == 0 && source == nil { break }
            lv += 1
        }
        return SourceLocation(file: texts.keys.sorted().first ?? "<script>", line: 1)
    }

    /// Pops the function on top and returns where it was defined, when it is a Lua function.
    func definitionLine() -> SourceLocation? {
        var source: UnsafePointer<CChar>?
        let line = srlua_definedline(L, &source)  // stack: (function popped)
        guard line > 0, let source else { return nil }
        return SourceLocation(file: chunkName(source), line: Int(line))
    }

    /// A location with the column of `token` on that line, when it can be found.
    func location(level: Int32 = 1, pointingAt tokens: [String]) -> SourceLocation {
        var loc = location(level: level)
        for t in tokens {
            if let c = column(of: t, line: loc.line, in: loc.file, wholeWord: Self.startsWithWord(t)) {
                loc.column = c
                break
            }
        }
        return loc
    }

    /// Whether `token` starts with a letter or `_` (and is then searched as a whole word);
    /// an ASCII first byte is answered without making a `Character` of it.
    static func startsWithWord(_ token: String) -> Bool {
        guard let byte = token.utf8.first else { return false }
        if byte < 0x80 { return byte == UInt8(ascii: "_") || ((byte | 32) >= UInt8(ascii: "a") && (byte | 32) <= UInt8(ascii: "z")) }
        return token.first.map { $0.isLetter || $0 == "_" } ?? false
    }

    /// A chunk's display name from Lua's `source` (`@app.lua` → `app.lua`). Lua keeps one
    /// string per chunk, so the last one is remembered by address: every view a screen builds
    /// asks for it.
    func chunkName(_ source: UnsafePointer<CChar>) -> String {
        if source == lastSourcePointer, lastSourceRaw.withUnsafeBufferPointer({ strcmp(source, $0.baseAddress!) }) == 0 {
            return lastSourceName
        }
        let raw = String(cString: source)
        var name = raw
        if name.hasPrefix("@") || name.hasPrefix("=") { name.removeFirst() }
        name = SourceLocation.interned(file: name)
        lastSourcePointer = source
        lastSourceRaw = ContiguousArray(UnsafeBufferPointer(start: source, count: strlen(source) + 1))
        lastSourceName = name
        return name
    }
}
