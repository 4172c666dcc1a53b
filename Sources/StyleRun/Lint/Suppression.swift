import LuaSyntax
import StyleCore

/// Inline suppressions: `-- stylerun: ignore <code>[, <code>]` silences those codes on its line
/// when it trails code, or on the next line when it stands alone. Without codes it silences
/// every code there.
///
///     local s = mut(StackView.spacing, 10)  -- stylerun: ignore grid
///     -- stylerun: ignore undefined-global, unknown-property
///     legacy.helper(View.layoutMargin)
///
/// The dynamic pass applies the same suppressions to its diagnostics.
public struct Suppressions: Sendable {
    /// Codes silenced per line; an empty set silences every code.
    public private(set) var codesByLine: [Int: Set<String>] = [:]

    public init() {}

    /// The suppressions written in a script's comments; none when it does not parse.
    public init(source: String) {
        let bytes = Array(source.utf8)
        guard let chunk = try? LuaParser.parse(source: bytes) else {
            self.init()
            return
        }
        self.init(chunk: chunk, bytes: bytes)
    }

    init(chunk: Chunk, bytes: [UInt8]) {
        for comment in chunk.comments {
            let range = comment.range
            let text = String(decoding: bytes[range.start.offset..<min(range.end.offset, bytes.count)], as: UTF8.self)
            guard let codes = Self.directive(in: text) else { continue }
            let lineStart = range.start.offset - (range.start.column - 1)
            let before = bytes[max(0, lineStart)..<range.start.offset]
            let standsAlone = before.allSatisfy { $0 == 0x20 || $0 == 0x09 }
            let line = standsAlone ? range.end.line + 1 : range.start.line
            if codes.isEmpty || codesByLine[line]?.isEmpty == true {
                codesByLine[line] = []
            } else {
                codesByLine[line, default: []].formUnion(codes)
            }
        }
    }

    /// The codes of a `stylerun: ignore` comment, nil when the comment is not one.
    static func directive(in comment: String) -> Set<String>? {
        var text = Substring(comment)
        while text.first == "-" { text.removeFirst() }
        if text.hasPrefix("[") {
            // A long comment: `--[[ stylerun: ignore grid ]]`.
            text = text.drop(while: { $0 == "[" || $0 == "=" })
            while let last = text.last, last == "]" || last == "=" { text.removeLast() }
        }
        text = text.drop(while: \.isWhitespace)
        guard text.hasPrefix("stylerun:") else { return nil }
        text = text.dropFirst("stylerun:".count).drop(while: \.isWhitespace)
        guard text.hasPrefix("ignore") else { return nil }
        text = text.dropFirst("ignore".count)
        guard text.isEmpty || text.first!.isWhitespace else { return nil }
        let codes = text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        return Set(codes)
    }

    /// Whether a diagnostic of this file is silenced.
    public func suppresses(_ diagnostic: Diagnostic) -> Bool {
        guard let codes = codesByLine[diagnostic.line] else { return false }
        return codes.isEmpty || codes.contains(diagnostic.code.rawValue)
    }
}
