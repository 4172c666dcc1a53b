import LuaSyntax
import StyleCore

/// The static pass of `stylerun lint`: checks a script's syntax tree against the schema without
/// running it, so that code evaluation never reaches is checked too (REFERENCE §2.3).
///
///     let diagnostics = StaticChecker().check(source: text, file: "styles/app.lua")
///     // styles/app.lua:3:26: error: View.layer has no property 'cornerRadus'.
///     //   Did you mean 'cornerRadius'? [unknown-property]
///
/// It reports syntax errors, typo'd key paths, literals of the wrong type, bad enum cases and
/// out-of-range numbers, undefined globals, unknown kinds in selectors, style functions that
/// use properties their kind lacks, and the style warnings (`duplicate-set`, `grid`,
/// `color-literal`). Whatever it cannot know without running the script, it leaves alone.
/// Columns count characters; `endColumn` is exclusive.
public struct StaticChecker: Sendable {
    public let schema: Schema
    /// The stdlib's modules, whose members are checked like the API's.
    public let stdlib: StdlibModules

    /// - Parameters:
    ///   - schema: the kinds scripts see, with any a host registered.
    ///   - stdlib: the modules `require` finds in the stdlib.
    public init(schema: Schema = .standard, stdlib: StdlibModules = .standard) {
        self.schema = schema
        self.stdlib = stdlib
    }

    /// Checks one script.
    ///
    /// - Parameters:
    ///   - source: the script's text.
    ///   - file: the path as the user gave it, used in the diagnostics.
    ///   - globals: extra global names the host defines; reading them is not an error.
    /// - Returns: the diagnostics in source order, without those suppressed by
    ///   `-- stylerun: ignore` comments.
    public func check(source: String, file: String, globals: Set<String> = []) -> [Diagnostic] {
        checked(source: source, file: file, globals: globals).diagnostics
    }

    /// `check(source:file:globals:)`'s diagnostics, and the script's suppressions read from the
    /// same parse (none when it does not parse), for the dynamic pass's diagnostics: a large
    /// script is not parsed a second time for its comments.
    func checked(source: String, file: String, globals: Set<String> = []) -> (diagnostics: [Diagnostic], suppressions: Suppressions) {
        let text = LintSource(file: file, bytes: Array(source.utf8))
        let chunk: Chunk
        do {
            chunk = try LuaParser.parse(source: text.bytes, chunkName: file)
        } catch {
            return ([syntaxDiagnostic(error, in: text)], Suppressions())
        }
        let analysis = StaticAnalysis(source: text, chunk: chunk, schema: schema, globals: globals, stdlib: stdlib)
        analysis.run(chunk)
        let suppressions = Suppressions(chunk: chunk, bytes: text.bytes)
        var seen = Set<DiagnosticKey>()
        let diagnostics = analysis.diagnostics
            .filter { !suppressions.suppresses($0) && seen.insert(DiagnosticKey($0)).inserted }
            .sorted { ($0.line, $0.column, $0.code.rawValue, $0.message) < ($1.line, $1.column, $1.code.rawValue, $1.message) }
        return (diagnostics, suppressions)
    }

    /// A syntax error at its token, in `luac`'s words made a sentence, as the runtime says it.
    private func syntaxDiagnostic(_ error: SyntaxError, in text: LintSource) -> Diagnostic {
        var message = error.displayMessage
        if let first = message.first, first.isLowercase { message = first.uppercased() + message.dropFirst() }
        if let last = message.last, !".?!".contains(last) { message += "." }
        if let hint = error.hint { message += " " + hint }
        var range = error.range
        // A token that runs over lines (an unfinished long string) is marked on its first line.
        if range.end.line != range.start.line { range.end = range.start }
        return text.diagnostic(.syntaxError, message, at: range)
    }

    /// One diagnostic per code and position: a function checked against several kinds, or a
    /// value walked twice, reports once.
    private struct DiagnosticKey: Hashable {
        var code: String
        var line: Int
        var column: Int
        init(_ d: Diagnostic) { (code, line, column) = (d.code.rawValue, d.line, d.column) }
    }
}
