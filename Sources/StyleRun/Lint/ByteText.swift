import Foundation

/// A text hashed and compared as its UTF-8 bytes, for sets and dictionaries of lint's findings.
///
/// A `String`'s hash and `==` follow Unicode's canonical equivalence: a text with a `×`, a `≥`
/// or a `→` in it (most of lint's messages) is normalized every time it is hashed. The texts
/// lint keys on are made by its own code, the same bytes each time, so bytes are identity
/// enough, and a large screen's ten thousand findings are not normalized three times each.
///
///     var seen = Set<ByteText>()
///     seen.insert(ByteText(message)).inserted
struct ByteText: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (a: ByteText, b: ByteText) -> Bool {
        var x = a.text, y = b.text
        return x.withUTF8 { p in
            y.withUTF8 { q in p.count == q.count && (p.isEmpty || memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0) }
        }
    }

    func hash(into hasher: inout Hasher) {
        var text = self.text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        // The length ends the bytes: ("ab", "c") and ("a", "bc") hash apart in a compound key.
        hasher.combine(text.utf8.count)
    }
}

/// Everything a diagnostic is made of, its texts as bytes (`ByteText`): a diagnostic's
/// identity in a set, without normalizing its message.
struct DiagnosticIdentity: Hashable {
    let file: ByteText
    let line: Int, column: Int, endLine: Int, endColumn: Int
    let severity: String
    let code: ByteText
    let message: ByteText
    let suggestions: [ByteText]

    init(_ d: Diagnostic, file: String? = nil) {
        self.file = ByteText(file ?? d.file)
        line = d.line
        column = d.column
        endLine = d.endLine
        endColumn = d.endColumn
        severity = d.severity.rawValue
        code = ByteText(d.code.rawValue)
        message = ByteText(d.message)
        suggestions = d.suggestions.map(ByteText.init)
    }
}
