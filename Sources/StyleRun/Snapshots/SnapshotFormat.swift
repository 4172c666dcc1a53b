import StyleCore

/// The formats of `stylerun snapshot`'s report.
///
///     SnapshotFormat.github.render(report)
///     // ::error file=tokens.lua,line=3,title=Snapshot differs%3A subscribe.lua (theme "dark")::#subscribe  titleColor: …
public enum SnapshotFormat: String, CaseIterable, Sendable {
    /// For people: one block per script and theme, then a summary.
    case text
    /// For tools: `{"snapshots": […], "skipped": […], "failed": bool}` (docs/REFERENCE.md).
    case json
    /// GitHub Actions workflow annotations, each difference on the line that now sets it.
    case github

    public func render(_ report: SnapshotReport, terminal: Terminal = .plain) -> String {
        switch self {
        case .text: SnapshotTextReport(terminal: terminal).render(report)
        case .json: SnapshotJSONReport.json(report).serialized(.pretty) + "\n"
        case .github: SnapshotGitHubReport.render(report)
        }
    }
}

/// The text report: what happened to each snapshot, the differences with what now sets each
/// value, and a summary line.
struct SnapshotTextReport {
    var terminal: Terminal

    func render(_ report: SnapshotReport) -> String {
        var out = ""
        for r in report.results { out += block(r) }
        return out + summary(report)
    }

    private func block(_ r: SnapshotResult) -> String {
        var out: String
        switch r.status {
        case .matched: out = terminal.green("matched") + "   \(r.name)\n"
        case .changed: out = terminal.red("changed") + "   \(r.name): \(count(r.differences.count, "difference")) from \(r.file)\n"
        case .updated:
            out = terminal.yellow("updated") + "   \(r.name): rewrote \(r.file)"
            out += r.differences.isEmpty ? "\n" : " (\(count(r.differences.count, "difference")))\n"
        case .recorded: out = terminal.yellow("recorded") + "  \(r.name): no snapshot was recorded; wrote \(r.file)\n"
        case .missing:
            out = terminal.red("missing") + "   \(r.name): no snapshot is recorded at \(r.file), and under CI none is written; record it with `stylerun snapshot --update` and commit it.\n"
        case .failed: out = terminal.red("failed") + "    \(r.name)\n"
        case .obsolete: out = terminal.red("obsolete") + "  \(r.file)\n"
        case .deleted: out = terminal.yellow("deleted") + "   \(r.file)\n"
        }
        for d in r.differences {
            out += "  " + d.summary + "\n"
            if let setBy = d.setBy { out += "      " + terminal.dim(setBy) + "\n" }
        }
        for d in r.diagnostics { out += "  \(d.description)\n" }
        if let message = r.message { out += "  \(message)\n" }
        if let image = r.image { out += imageLine(image) }
        return out
    }

    private func imageLine(_ image: ImageResult) -> String {
        var line: String
        switch image.status {
        case .matched: line = "screenshot matches \(image.file)"
        case .changed:
            line = terminal.red("screenshot differs") + ": \(image.differenceText) from \(image.file)"
            if let diff = image.diffFile { line += "; diff image: \(diff)" }
        case .updated: line = "screenshot differed (\(image.differenceText)); rewrote \(image.file)"
        case .recorded: line = "no screenshot was recorded; wrote \(image.file)"
        case .missing: line = terminal.red("screenshot missing") + ": none is recorded at \(image.file), and under CI none is written"
        case .failed: line = terminal.red("screenshot failed")
        }
        if let message = image.message { line += ". " + message }
        return "  " + line + "\n"
    }

    private func summary(_ report: SnapshotReport) -> String {
        var parts = report.counts.map { "\($0.count) \($0.status.rawValue)" }
        if parts.isEmpty { parts = ["no screen scripts found"] }
        var out = "Snapshots: " + parts.joined(separator: ", ")
        if !report.skipped.isEmpty { out += "; \(count(report.skipped.count, "script")) skipped (no view returned)" }
        out += ".\n"
        if report.results.contains(where: { [.changed, .obsolete].contains($0.status) || $0.image?.status == .changed }) {
            out += "If the changes are intended, run `stylerun snapshot --update` and commit the snapshots.\n"
        }
        return out
    }

    private func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}

/// The JSON report.
enum SnapshotJSONReport {
    static func json(_ report: SnapshotReport) -> JSONValue {
        [
            "snapshots": .array(report.results.map(json)),
            "skipped": .array(report.skipped.map(JSONValue.string)),
            "failed": .bool(report.failed),
        ]
    }

    private static func json(_ r: SnapshotResult) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("script", .string(r.script)), ("theme", r.theme.map(JSONValue.string) ?? .null), ("traits", r.traits.json),
            ("file", .string(r.file)), ("status", .string(r.status.rawValue)),
            ("differences", .array(r.differences.map(json))),
            ("diagnostics", .array(r.diagnostics.map(\.json))),
            ("message", r.message.map(JSONValue.string) ?? .null),
        ]
        if !r.states.isEmpty {
            // A run with `--state`: after "traits", as the file name has them.
            members.insert(("states", .array(r.states.map(JSONValue.string))), at: 3)
        }
        if let image = r.image {
            members.append(("image", [
                "file": .string(image.file), "status": .string(image.status.rawValue),
                "differentPixels": .number(Double(image.differentPixels)), "totalPixels": .number(Double(image.totalPixels)),
                "diff": image.diffFile.map(JSONValue.string) ?? .null, "message": image.message.map(JSONValue.string) ?? .null,
            ]))
        }
        return .object(members)
    }

    private static func json(_ d: SnapshotDifference) -> JSONValue {
        [
            "view": .string(d.view), "property": d.property.map(JSONValue.string) ?? .null,
            "old": d.old.map { .string(SnapshotDifference.reported($0)) } ?? .null,
            "new": d.new.map { .string(SnapshotDifference.reported($0)) } ?? .null,
            "oldLength": d.old.map { .number(Double($0.count)) } ?? .null,
            "newLength": d.new.map { .number(Double($0.count)) } ?? .null,
            "origin": d.source.map { .string($0.origin) } ?? .null,
            "file": d.source.map { .string($0.file) } ?? .null,
            "line": d.source.map { .number(Double($0.line)) } ?? .null,
        ]
    }
}

/// Workflow annotations: an error for each failure (a difference on the source line that now
/// sets the value, so the pull request shows it there), a notice for what was written.
enum SnapshotGitHubReport {
    static func render(_ report: SnapshotReport) -> String {
        var out = ""
        for r in report.results {
            switch r.status {
            case .matched: break
            case .changed, .updated:
                let level = r.status == .changed ? "error" : "notice"
                let title = (r.status == .changed ? "Snapshot differs: " : "Snapshot updated: ") + r.name
                for d in r.differences {
                    let at = d.source.flatMap { $0.line > 0 ? $0 : nil }
                    out += annotation(level, file: at?.file ?? r.script, line: at?.line ?? 1, title: title,
                                      message: d.summary + (d.setBy.map { " (\($0))" } ?? "") + ". Snapshot: \(r.file).")
                }
                if r.differences.isEmpty, let message = r.message {
                    out += annotation(level, file: r.script, line: 1, title: title, message: message)
                }
            case .missing:
                out += annotation("error", file: r.script, line: 1, title: "Snapshot missing: \(r.name)",
                                  message: "No snapshot is recorded at \(r.file). Record it with `stylerun snapshot --update` and commit it.")
            case .recorded:
                out += annotation("notice", file: r.script, line: 1, title: "Snapshot recorded: \(r.name)", message: "Wrote \(r.file).")
            case .failed:
                for d in r.diagnostics {
                    out += annotation(d.severity == .error ? "error" : "warning", file: d.file, line: d.line,
                                      title: "Snapshot failed: \(r.name) [\(d.code.rawValue)]", message: d.message)
                }
                if let message = r.message {
                    out += annotation("error", file: r.script, line: 1, title: "Snapshot failed: \(r.name)", message: message)
                }
            case .obsolete, .deleted:
                out += annotation(r.status == .obsolete ? "error" : "notice", file: r.file, line: 1,
                                  title: r.status == .obsolete ? "Snapshot obsolete" : "Snapshot deleted",
                                  message: (r.message ?? "") + (r.status == .obsolete ? " Delete it with `stylerun snapshot --update`." : ""))
            }
            if let image = r.image, image.status != .matched {
                let level = image.fails ? "error" : "notice"
                var message = "Screenshot \(image.status.rawValue): \(image.file)"
                if image.status == .changed || image.status == .updated { message += ", \(image.differenceText) differ" }
                if let diff = image.diffFile { message += "; diff image: \(diff)" }
                if let m = image.message { message += ". " + m }
                out += annotation(level, file: r.script, line: 1, title: "Screenshot: \(r.name)", message: message)
            }
        }
        return out + summary(report) + "\n"
    }

    private static func summary(_ report: SnapshotReport) -> String {
        let parts = report.counts.map { "\($0.count) \($0.status.rawValue)" }
        return "Snapshots: " + (parts.isEmpty ? "no screen scripts found" : parts.joined(separator: ", ")) + "."
    }

    private static func annotation(_ level: String, file: String, line: Int, title: String, message: String) -> String {
        "::\(level) file=\(GitHubAnnotations.property(file)),line=\(line),title=\(GitHubAnnotations.property(title))::\(GitHubAnnotations.data(message))\n"
    }
}
