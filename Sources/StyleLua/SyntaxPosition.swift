import LuaSyntax

/// Where exactly a syntax error is. Lua's own message names only the line and the token
/// (`')' expected near '1'`), and the token may occur several times on that line; the project's
/// parser agrees with Lua on which error comes first and knows its column.
enum SyntaxPosition {
    /// The line and 1-based character column of the first syntax error in `source`, with the
    /// parser's hint at the likely fix and, where a bracket left open explains the error, the
    /// parser's message naming it (`SyntaxError.displayMessage`); nil when there is none.
    static func firstError(in source: String) -> (line: Int, column: Int, hint: String?, unclosedMessage: String?)? {
        do throws(SyntaxError) {
            _ = try LuaParser.parse(source, chunkName: "?")
            return nil
        } catch {
            // The parser counts columns in bytes; diagnostics count characters.
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            let unclosed = error.unclosed == nil ? nil : error.displayMessage
            guard error.line >= 1, error.line <= lines.count else { return (error.line, error.column, error.hint, unclosed) }
            let bytes = Array(lines[error.line - 1].utf8)
            let prefix = bytes.prefix(max(0, min(bytes.count, error.column - 1)))
            return (error.line, String(decoding: prefix, as: UTF8.self).count + 1, error.hint, unclosed)
        }
    }
}
