import LuaSyntax
import StyleCore

/// A linted file's text, for turning the parser's byte positions into diagnostics.
///
/// The parser counts columns in UTF-8 bytes, as `luac` does; the rest of stylerun counts them in
/// characters, as editors and the caret renderer do, so every position is converted here.
struct LintSource {
    let file: String
    let bytes: [UInt8]

    /// The 1-based character column of a parser location.
    func characterColumn(_ location: LuaSyntax.SourceLocation) -> Int {
        let end = min(max(location.offset, 0), bytes.count)
        let lineStart = max(0, min(end, location.offset - (location.column - 1)))
        return String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
    }

    /// The text a range covers, as written (quotes and escapes included).
    func text(_ range: SourceRange) -> String {
        let lower = min(max(range.start.offset, 0), bytes.count)
        let upper = min(max(range.end.offset, lower), bytes.count)
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    /// A diagnostic spanning `range`, with character columns; `endColumn` is exclusive.
    func diagnostic(_ code: Diagnostic.Code, _ message: String, at range: SourceRange,
                    severity: Diagnostic.Severity = .error, suggestions: [String] = []) -> Diagnostic {
        let column = characterColumn(range.start)
        var d = Diagnostic(code, message, at: StyleCore.SourceLocation(file: file, line: range.start.line, column: column),
                           severity: severity, suggestions: suggestions)
        d.endLine = max(range.end.line, range.start.line)
        d.endColumn = d.endLine == d.line ? max(characterColumn(range.end), column) : characterColumn(range.end)
        return d
    }
}
