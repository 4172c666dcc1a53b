import Foundation
import StyleCore

/// How `stylerun lint` prints its report (`--format`).
///
///     LintFormat(rawValue: "github")!.render(report)
public enum LintFormat: String, CaseIterable, Sendable {
    /// `file:line:col: severity: message [code]`, the source line and a caret; then a summary.
    case text
    /// REFERENCE §3.2: `{"diagnostics": [d…], "files": N, "errors": N, "warnings": N}`.
    case json
    /// GitHub Actions workflow commands, which annotate the pull request's lines.
    case github
    /// SARIF 2.1.0, for code scanning dashboards.
    case sarif

    /// The report in this format, ending in a newline.
    ///
    /// - Parameters:
    ///   - terminal: colors for `text`; the other formats are always plain.
    ///   - source: a file's text for `text`'s source lines, or nil to leave them out.
    ///   - version: the tool version `sarif` names.
    public func render(_ report: LintReport, terminal: Terminal = .plain,
                       source: @escaping (String) -> String? = { _ in nil }, version: String = "") -> String {
        switch self {
        case .text: LintTextFormat(terminal: terminal, source: source).render(report)
        case .json: Self.json(report).serialized(.pretty) + "\n"
        case .github: GitHubAnnotations.render(report)
        case .sarif: SARIF.log(report, version: version).serialized(.pretty) + "\n"
        }
    }

    /// The JSON object of REFERENCE §3.2, keys in its order.
    public static func json(_ report: LintReport) -> JSONValue {
        [
            "diagnostics": .array(report.diagnostics.map(\.json)),
            "files": .number(Double(report.files)),
            "errors": .number(Double(report.errors)),
            "warnings": .number(Double(report.warnings)),
        ]
    }
}

/// The human format: each diagnostic as `DiagnosticRenderer` shows it, then one summary line.
struct LintTextFormat {
    let terminal: Terminal
    let source: (String) -> String?

    func render(_ report: LintReport) -> String {
        let renderer = DiagnosticRenderer(terminal: terminal, source: source)
        return renderer.render(report.diagnostics) + summary(report) + "\n"
    }

    /// `2 errors and 1 warning in 3 files checked.`, or `No problems in 3 files.`
    private func summary(_ report: LintReport) -> String {
        let files = count(report.files, "file")
        guard !report.diagnostics.isEmpty else { return "No problems in \(files)." }
        var parts: [String] = []
        if report.errors > 0 { parts.append(terminal.red(count(report.errors, "error"))) }
        if report.warnings > 0 { parts.append(terminal.yellow(count(report.warnings, "warning"))) }
        return parts.joined(separator: " and ") + " in \(files) checked."
    }

    private func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}

/// `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=<code>::message`, one per line.
///
/// Escaping follows the runner's workflow-command parser: `%`, CR and LF everywhere, and also
/// `:` and `,` inside property values.
enum GitHubAnnotations {
    static func render(_ report: LintReport) -> String {
        report.diagnostics.map { d in
            let properties = [
                "file=" + property(d.file), "line=\(d.line)", "col=\(d.column)",
                "endLine=\(d.endLine)", "endColumn=\(d.endColumn)", "title=" + property(d.code.rawValue),
            ]
            var message = d.message
            if let first = d.suggestions.first, !message.contains(Suggestion.question(first)) {
                message += " Suggestions: " + d.suggestions.joined(separator: ", ") + "."
            }
            return "::\(d.severity == .error ? "error" : "warning") \(properties.joined(separator: ","))::\(data(message))\n"
        }.joined()
    }

    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
