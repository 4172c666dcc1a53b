import StyleCore

/// Diagnostics as text: `file:line:col: severity: message [code]`, with the source line and a
/// caret under the offending text when the source is at hand (SPEC §3.8).
///
///     let renderer = DiagnosticRenderer(sources: ["app.lua": text], terminal: .detect(fileDescriptor: 2))
///     print(renderer.render(diagnostic), terminator: "")
///     // app.lua:12:10: error: View has no property 'layoutMargin'. Did you mean 'layoutMargins'? [unknown-property]
///     //    12 | mut(View.layoutMargin, 8)
///     //       |          ^~~~~~~~~~~~
///
/// The caret spans from `column` to `endColumn` on the same line (to the end of the line when
/// the range continues onto later lines), at least one character. Columns count characters,
/// and a tab before the column is kept in the caret line so the caret stays under its text.
/// With colors on, the location and message are bold, the severity red (error) or yellow
/// (warning), the code and gutter dim, the caret green.
public struct DiagnosticRenderer {
    /// The text of a file as diagnostics name it, or nil when it is not available.
    public var source: (String) -> String?
    /// Where the text goes, which decides the styling.
    public var terminal: Terminal

    /// A renderer that asks `source` for a file's text; return nil to print no source line.
    ///
    ///     DiagnosticRenderer(terminal: .plain) { path in try? String(contentsOfFile: path, encoding: .utf8) }
    public init(terminal: Terminal = .plain, source: @escaping (String) -> String? = { _ in nil }) {
        self.source = source
        self.terminal = terminal
    }

    /// A renderer over texts already in memory, keyed by the file name diagnostics use.
    ///
    ///     DiagnosticRenderer(sources: ["app.lua": "return Label {}\n"])
    public init(sources: [String: String], terminal: Terminal = .plain) {
        self.init(terminal: terminal) { sources[$0] }
    }

    /// The diagnostics one after another, each ending in a newline.
    ///
    ///     renderer.render(loadError.diagnostics)
    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render(_:)).joined()
    }

    /// One diagnostic: its header line, then the source line and caret when available.
    ///
    ///     DiagnosticRenderer().render(diagnostic)    // "app.lua:3:5: warning: … [off-grid]\n"
    public func render(_ d: Diagnostic) -> String {
        var out = header(d) + "\n"
        if let text = source(d.file), let line = Self.line(d.line, of: text) {
            out += snippet(d, line: line)
        }
        return out
    }

    /// `file:line:col: severity: message [code]`, styled, without a newline.
    ///
    ///     DiagnosticRenderer().header(diagnostic)    // app.lua:12:10: error: … [unknown-property]
    public func header(_ d: Diagnostic) -> String {
        let severity = d.severity.rawValue + ":"
        return terminal.bold("\(d.file):\(d.line):\(d.column):") + " "
            + (d.severity == .error ? terminal.red(severity) : terminal.yellow(severity)) + " "
            + terminal.bold(d.message) + " " + terminal.dim("[\(d.code.rawValue)]")
    }

    /// The source line with a gutter, then the caret line.
    private func snippet(_ d: Diagnostic, line: Substring) -> String {
        let number = String(d.line)
        let width = max(5, number.count)
        let gutter = String(repeating: " ", count: width - number.count) + number + " | "
        let emptyGutter = String(repeating: " ", count: width) + " |"
        var out = terminal.dim(gutter) + line + "\n"

        let characters = Array(line)
        let start = min(d.column - 1, characters.count)
        let end = d.endLine > d.line ? characters.count : min(max(d.endColumn - 1, start), characters.count)
        let padding = String(characters[..<start].map { $0 == "\t" ? "\t" : " " })
        let marker = "^" + String(repeating: "~", count: max(end - start - 1, 0))
        out += terminal.dim(emptyGutter) + " " + padding + terminal.green(marker) + "\n"
        return out
    }

    /// The 1-based `number`th line of `text` without its line break, or nil past the end.
    static func line(_ number: Int, of text: String) -> Substring? {
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        // A final line break does not begin one more, empty line.
        let count = lines.last?.isEmpty == true ? lines.count - 1 : lines.count
        guard number >= 1, number <= count else { return nil }
        return lines[number - 1]
    }
}
