import StyleCore

/// Diagnostics as text: `file:line:col: severity: message [code]`, with the source line and a
/// caret under the offending text when the source is at hand (REFERENCE §5).
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
        // Each file's text is asked for and split into lines once, not once per diagnostic:
        // lint can report hundreds of warnings in one long file. The text is written as bytes
        // into one buffer: tens of thousands of diagnostics make no string each.
        var files: [String: SourceLines?] = [:]
        var out = Output(terminal: terminal)
        for d in diagnostics {
            let lines: SourceLines?
            if let known = files[d.file] {
                lines = known
            } else {
                lines = source(d.file).map(SourceLines.init)
                files[d.file] = .some(lines)
            }
            write(d, lines: lines, to: &out)
        }
        return out.text
    }

    /// One diagnostic: its header line, then the source line and caret when available.
    ///
    ///     DiagnosticRenderer().render(diagnostic)    // "app.lua:3:5: warning: … [off-grid]\n"
    public func render(_ d: Diagnostic) -> String {
        var out = Output(terminal: terminal)
        write(d, lines: source(d.file).map(SourceLines.init), to: &out)
        return out.text
    }

    private func write(_ d: Diagnostic, lines: SourceLines?, to out: inout Output) {
        writeHeader(d, to: &out)
        out.append(UInt8(ascii: "\n"))
        if let line = lines?.line(d.line) {
            writeSnippet(d, line: line, to: &out)
        }
    }

    /// `file:line:col: severity: message [code]`, styled, without a newline.
    ///
    ///     DiagnosticRenderer().header(diagnostic)    // app.lua:12:10: error: … [unknown-property]
    public func header(_ d: Diagnostic) -> String {
        var out = Output(terminal: terminal)
        writeHeader(d, to: &out)
        return out.text
    }

    private func writeHeader(_ d: Diagnostic, to out: inout Output) {
        out.start(.bold)
        out.append(d.file)
        out.append(UInt8(ascii: ":"))
        out.append(number: d.line)
        out.append(UInt8(ascii: ":"))
        out.append(number: d.column)
        out.append(UInt8(ascii: ":"))
        out.end()
        out.append(UInt8(ascii: " "))
        out.start(d.severity == .error ? .red : .yellow)
        out.append(d.severity.rawValue)
        out.append(UInt8(ascii: ":"))
        out.end()
        out.append(UInt8(ascii: " "))
        // An empty text is not styled (`Terminal`).
        if !d.message.isEmpty { out.start(.bold) }
        out.append(d.message)
        if !d.message.isEmpty { out.end() }
        out.append(UInt8(ascii: " "))
        out.start(.dim)
        out.append(UInt8(ascii: "["))
        out.append(d.code.rawValue)
        out.append(UInt8(ascii: "]"))
        out.end()
    }

    /// The source line with a gutter, then the caret line.
    private func writeSnippet(_ d: Diagnostic, line: Substring, to out: inout Output) {
        let digits = Output.digitCount(d.line)
        let width = max(5, digits)
        out.start(.dim)
        out.append(spaces: width - digits)
        out.append(number: d.line)
        out.append(UInt8(ascii: " "))
        out.append(UInt8(ascii: "|"))
        out.append(UInt8(ascii: " "))
        out.end()
        out.append(line)
        out.append(UInt8(ascii: "\n"))

        // Columns count Characters; in an ASCII line (most) each is a byte, and the line is
        // not broken into Characters, which cost as much as the rest of the snippet.
        out.start(.dim)
        out.append(spaces: width)
        out.append(UInt8(ascii: " "))
        out.append(UInt8(ascii: "|"))
        out.end()
        out.append(UInt8(ascii: " "))
        let start: Int, end: Int
        if line.utf8.allSatisfy({ $0 < 0x80 }) {
            let count = line.utf8.count
            start = min(d.column - 1, count)
            end = d.endLine > d.line ? count : min(max(d.endColumn - 1, start), count)
            for byte in line.utf8.prefix(start) { out.append(byte == UInt8(ascii: "\t") ? byte : UInt8(ascii: " ")) }
        } else {
            let characters = Array(line)
            start = min(d.column - 1, characters.count)
            end = d.endLine > d.line ? characters.count : min(max(d.endColumn - 1, start), characters.count)
            for c in characters[..<start] { out.append(c == "\t" ? UInt8(ascii: "\t") : UInt8(ascii: " ")) }
        }
        out.start(.green)
        out.append(UInt8(ascii: "^"))
        out.append(repeating: UInt8(ascii: "~"), count: max(end - start - 1, 0))
        out.end()
        out.append(UInt8(ascii: "\n"))
    }

    /// The rendered text's bytes (`TextBytes`), styled by `terminal` (its SGR codes around a
    /// non-empty text).
    private struct Output: ~Copyable {
        var bytes = TextBytes()
        let terminal: Terminal

        init(terminal: Terminal) { self.terminal = terminal }

        var text: String { bytes.string }

        mutating func start(_ style: Terminal.Style) { terminal.start(style, into: &bytes) }
        mutating func end() { terminal.end(into: &bytes) }

        mutating func append(_ byte: UInt8) { bytes.append(byte: byte) }
        mutating func append(_ text: String) { bytes.append(text) }
        mutating func append(_ text: Substring) {
            var text = text
            text.withUTF8 { bytes.append($0) }
        }
        mutating func append(spaces count: Int) { append(repeating: UInt8(ascii: " "), count: count) }
        mutating func append(repeating byte: UInt8, count: Int) {
            for _ in 0..<max(count, 0) { bytes.append(byte: byte) }
        }

        mutating func append(number: Int) { bytes.append(integer: Int64(number)) }

        /// How many digits `append(number:)` writes for a line number (1 or more).
        static func digitCount(_ number: Int) -> Int {
            var n = number.magnitude, count = 1
            while n >= 10 { n /= 10; count += 1 }
            return count
        }
    }

    /// The 1-based `number`th line of `text` without its line break, or nil past the end.
    static func line(_ number: Int, of text: String) -> Substring? {
        SourceLines(text).line(number)
    }
}

/// A text's lines, found once: line breaks are "\n", "\r\n" and "\r", and a final line break
/// does not begin one more, empty line.
///
/// Found in the UTF-8 rather than by splitting the text into Characters, which cost as much as
/// the rest of lint for a long file; a line break is always a Character boundary, so the bytes
/// give the same lines.
struct SourceLines {
    let text: String
    /// Where each line starts and ends (before its break), in `text.utf8`.
    private var bounds: [(start: String.Index, end: String.Index)] = []

    init(_ text: String) {
        self.text = text
        let utf8 = text.utf8
        var start = utf8.startIndex
        var i = start
        while i < utf8.endIndex {
            let b = utf8[i]
            guard b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") else {
                i = utf8.index(after: i)
                continue
            }
            bounds.append((start, i))
            i = utf8.index(after: i)
            if b == UInt8(ascii: "\r"), i < utf8.endIndex, utf8[i] == UInt8(ascii: "\n") { i = utf8.index(after: i) }
            start = i
        }
        if start < utf8.endIndex { bounds.append((start, utf8.endIndex)) }
    }

    /// The 1-based `number`th line without its line break, or nil past the end.
    func line(_ number: Int) -> Substring? {
        guard number >= 1, number <= bounds.count else { return nil }
        return text[bounds[number - 1].start..<bounds[number - 1].end]
    }
}
