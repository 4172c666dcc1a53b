import StyleCore
import StyleRun

/// `textDocument/codeAction`: for every diagnostic, a quick fix per suggestion and one that
/// inserts `-- stylerun: ignore CODE` on its line.
///
/// A suggestion is the text that should stand where the diagnostic points, whatever produced
/// it (a did-you-mean, an `rgb(…)` conversion, an `insets(…)` call), so the fixes need no
/// knowledge of the codes.
extension Features {
    func codeActions(_ doc: TextDocument, diagnostics: [JSONValue], published: [Diagnostic]) -> JSONValue {
        var actions: [JSONValue] = []
        for d in diagnostics {
            guard let range = LSPRange(d["range"]).map(doc.clamped) else { continue }
            guard case .string(let code)? = d["code"] else { continue }
            var suggestions: [String] = []
            if case .array(let list)? = d["data"]?["suggestions"] {
                suggestions = list.compactMap { if case .string(let s) = $0 { s } else { nil } }
            } else if let match = published.first(where: { $0.code.rawValue == code && doc.position(line: $0.line, characterColumn: $0.column) == range.start }) {
                suggestions = match.suggestions
            }
            let message: String = if case .string(let m)? = d["message"] { m } else { "" }
            for (n, suggestion) in suggestions.enumerated() {
                let edit = replacement(for: suggestion, at: range, message: message, in: doc)
                actions.append(action("Change to '\(suggestion)'", uri: doc.uri, edit: edit, diagnostic: d, preferred: n == 0))
            }
            actions.append(action("Ignore '\(code)' on this line", uri: doc.uri, edit: ignore(code, line: range.start.line, in: doc), diagnostic: d, preferred: false))
        }
        return .array(actions)
    }

    private func action(_ title: String, uri: String, edit: (LSPRange, String), diagnostic: JSONValue, preferred: Bool) -> JSONValue {
        .object([
            ("title", .string(title)), ("kind", "quickfix"), ("diagnostics", [diagnostic]), ("isPreferred", .bool(preferred)),
            ("edit", ["changes": .object([(key: uri, value: .array([["range": edit.0.json, "newText": .string(edit.1)]]))])]),
        ])
    }

    /// Where the suggestion goes: inside the quotes when the diagnostic marks a string; on the
    /// misspelt word when the diagnostic marks its key (`axis = "verticl"` is marked at `axis`);
    /// otherwise over the marked text.
    func replacement(for suggestion: String, at range: LSPRange, message: String, in doc: TextDocument) -> (LSPRange, String) {
        let range = doc.clamped(range)
        let offsets = doc.offsets(of: range)
        let lower = offsets.lowerBound, upper = offsets.upperBound
        let marked = doc.text(offsets)
        if marked.count >= 2, let q = marked.first, q == "\"" || q == "'", marked.last == q,
           !(suggestion.first == q && suggestion.last == q) {
            return (doc.range((lower + 1)..<(upper - 1)), suggestion)
        }
        if let misspelt = Self.firstQuoted(message), misspelt != marked, !marked.contains(misspelt), !misspelt.isEmpty {
            let line = doc.lineBytes(range.start.line)
            let needle = Array("\"\(misspelt)\"".utf8), needle2 = Array("'\(misspelt)'".utf8)
            var i = max(lower, line.startIndex)
            while i + needle.count <= line.endIndex {
                if Array(doc.bytes[i..<i + needle.count]) == needle || Array(doc.bytes[i..<i + needle2.count]) == needle2 {
                    return (doc.range((i + 1)..<(i + needle.count - 1)), suggestion)
                }
                i += 1
            }
        }
        return (range, suggestion)
    }

    /// `-- stylerun: ignore CODE` at the end of the line, or the code added to the directive already there.
    private func ignore(_ code: String, line: Int, in doc: TextDocument) -> (LSPRange, String) {
        let text = doc.lineText(line)
        let end = doc.position(ofOffset: doc.lineBytes(line).endIndex)
        if text.range(of: "-- stylerun: ignore ") != nil {
            return (LSPRange(start: end, end: end), ", \(code)")
        }
        return (LSPRange(start: end, end: end), (text.isEmpty ? "" : " ") + "-- stylerun: ignore \(code)")
    }

    /// The first name in single quotes in a message (`'verticl'` in "The value 'verticl' is invalid …").
    static func firstQuoted(_ message: String) -> String? {
        guard let open = message.firstIndex(of: "'") else { return nil }
        let rest = message[message.index(after: open)...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<close])
    }
}
