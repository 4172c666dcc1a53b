import DesignTokens
import Foundation
import LuaSyntax
import StyleCore
import StyleRun

/// Design tokens in the editor: a local bound to `tokens "brand.tokens.json"` completes,
/// hovers and goes to definition through its groups (`t.color.`), from the files as the editor
/// has them (open and unsaved) or as saved.
extension Features {
    /// The token set of the local `name` visible at `offset`, when it is bound to `tokens "…"`.
    func designTokens(ofLocal name: String, index: DocumentIndex, before offset: Int, path: String) -> TokenSet? {
        guard let local = index.local(named: name, before: offset), case .call(let call)? = index.initializers[local],
              APIName.global(call.callee) == "tokens" else { return nil }
        var names: [String] = []
        switch call.arguments.first {
        case .string(let s)?: names = [s.text]
        case .table(let table)?:
            for field in table.fields {
                if case .positional(.string(let s)) = field { names.append(s.text) }
            }
        default: return nil
        }
        if names.count == 1, names[0].hasSuffix(".resolver.json") { return resolverTokens(names[0], from: path) }
        var files: [(name: String, text: String)] = []
        for name in names {
            guard let file = tokenFilePath(name, from: path), let text = tokenFileText(file) else { continue }
            files.append((file, text))
        }
        return files.isEmpty ? nil : TokenSet(files: files)
    }

    /// A resolver's tokens in its default context: its sets, then that context's sources.
    /// A source that is missing or not JSON is left out (the script's own diagnostics say why).
    private func resolverTokens(_ name: String, from path: String) -> TokenSet? {
        guard let file = tokenFilePath(name, from: path), let text = tokenFileText(file) else { return nil }
        let resolver = ResolverDocument(file: file, text: text)
        let folder = (file as NSString).deletingLastPathComponent
        var documents: [(file: String, document: PositionedJSON)] = []
        for source in resolver.sources(theme: nil) {
            switch source {
            case .inline(let json):
                documents.append((file, json))
            case .file(let ref, _):
                let sourcePath = (folder as NSString).appendingPathComponent(ref)
                guard let sourceText = tokenFileText(sourcePath) else { continue }
                do throws(PositionedJSONError) {
                    documents.append((sourcePath, try PositionedJSON(parsing: sourceText)))
                } catch {
                    continue
                }
            }
        }
        return documents.isEmpty ? nil : TokenSet(documents: documents)
    }

    /// `name` beside the script, then in the stdlib, as `tokens` finds it.
    func tokenFilePath(_ name: String, from path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        for root in [folder.isEmpty ? "." : folder] + workspace.stdlibPaths {
            let candidate = (root as NSString).appendingPathComponent(name)
            if workspace.openText(candidate) != nil || FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }

    private func tokenFileText(_ file: String) -> String? {
        if let open = workspace.openText(file) { return String(decoding: open, as: UTF8.self) }
        return FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Completion after `t.` or `t.color.`: the group's tokens and groups.
    func tokenCompletions(_ segments: [String], edit: LSPRange, doc: TextDocument, index: DocumentIndex, offset: Int) -> [JSONValue]? {
        guard let first = segments.first, let set = designTokens(ofLocal: first, index: index, before: offset, path: doc.path) else { return nil }
        let group = segments.dropFirst().joined(separator: ".")
        let prefix = group.isEmpty ? "" : group + "."
        var seen = Set<String>()
        var items: [JSONValue] = []
        for name in set.names where name.hasPrefix(prefix) {
            let child = String(name.dropFirst(prefix.count).prefix { $0 != "." })
            guard seen.insert(child).inserted else { continue }
            let full = prefix + child
            if let token = set.tokens[full] {
                items.append(Self.item(child, kind: 21, detail: "\(token.value.type.rawValue) · \(Self.tokenValueText(token.value))",
                                       doc: tokenMarkdown(token, local: first, index: index), edit: edit))
            } else {
                items.append(Self.item(child, kind: 9, detail: "group", doc: set.groupDescriptions[full] ?? "", edit: edit))
            }
        }
        return items
    }

    /// Hover on `t.color.danger`: its type, value, description, aliases, file and uses here.
    func tokenHover(_ names: [String], doc: TextDocument, index: DocumentIndex, offset: Int) -> String? {
        guard names.count >= 2, let set = designTokens(ofLocal: names[0], index: index, before: offset, path: doc.path) else { return nil }
        let name = names.dropFirst().joined(separator: ".")
        if let token = set.tokens[name] {
            return "**\(name)** (design token, \(token.value.type.rawValue))\n\n" + tokenMarkdown(token, local: names[0], index: index)
        }
        if set.groups.contains(name) {
            return "**\(name)** (token group)" + (set.groupDescriptions[name].map { "\n\n\($0)" } ?? "")
        }
        return nil
    }

    /// Definition of `t.color.danger`: the token's name in its JSON file.
    func tokenDefinition(_ names: [String], doc: TextDocument, index: DocumentIndex, offset: Int) -> (file: String, line: Int, column: Int)? {
        guard names.count >= 2, let set = designTokens(ofLocal: names[0], index: index, before: offset, path: doc.path),
              let token = set.tokens[names.dropFirst().joined(separator: ".")] else { return nil }
        let l = token.definition.location
        return (l.file, l.line, l.column)
    }

    private func tokenMarkdown(_ token: ResolvedToken, local: String, index: DocumentIndex) -> String {
        var text = "`\(Self.tokenValueText(token.value))`"
        if let d = token.definition.description { text += "\n\n\(d)" }
        if let d = token.definition.deprecated { text += "\n\n**Deprecated**" + (d.isEmpty ? "." : ": \(d)") }
        for step in token.chain { text += "\n\n← `{\(step.token)}` (\((step.location.file as NSString).lastPathComponent):\(step.location.line))" }
        text += "\n\nDefined at \((token.definition.location.file as NSString).lastPathComponent):\(token.definition.location.line)"
        let uses = Self.occurrences(of: "\(local).\(token.name)", in: index)
        text += " · \(uses) use\(uses == 1 ? "" : "s") in this file"
        return text
    }

    /// How often `t.color.danger` is written, as a whole name (not `t.color.dangerous`).
    static func occurrences(of dotted: String, in index: DocumentIndex) -> Int {
        let text = index.bytes, needle = Array(dotted.utf8)
        guard needle.count <= text.count else { return 0 }
        var count = 0
        func isName(_ b: UInt8) -> Bool { b == 0x5F || (b >= 0x30 && b <= 0x39) || ((b | 32) >= 0x61 && (b | 32) <= 0x7A) }
        var i = 0
        while i + needle.count <= text.count {
            if text[i..<(i + needle.count)].elementsEqual(needle), i == 0 || (!isName(text[i - 1]) && text[i - 1] != 0x2E),
               i + needle.count == text.count || !isName(text[i + needle.count]) {
                count += 1
                i += needle.count
            } else {
                i += 1
            }
        }
        return count
    }

    /// A value as a hover shows it: colours in hex, lengths in points.
    static func tokenValueText(_ v: TokenValue) -> String {
        switch v {
        case .color(let c, _): c.displayHex
        case .dimension(let d): d.unit == .px ? "\(DTCGWriter.valueText(.number(d.points))) pt" : "\(DTCGWriter.valueText(.number(d.value))) rem = \(DTCGWriter.valueText(.number(d.points))) pt"
        case .typography(let t): Value.font(t.font).displayText
        case .fontWeight(let w): "\(DTCGWriter.valueText(.number(w))) (\(FontWeights.weight(w).rawValue))"
        default: DTCGWriter.valueText(v)
        }
    }

    // MARK: In token files

    /// The other `*.tokens.json` files of a token file's folder, as the editor has them.
    func siblingTokenFiles(of path: String) -> [(name: String, text: String)] {
        let folder = (path as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []  // an unlistable folder has no siblings to offer
        return names.sorted().compactMap { name -> (name: String, text: String)? in
            let file = (folder as NSString).appendingPathComponent(name)
            guard TokenFileLint.isTokenFile(name), file != path, let text = tokenFileText(file) else { return nil }
            return (file, text)
        }
    }

    /// Inside `"{…` in a token file: the token names of the file and its siblings.
    func aliasCompletions(in doc: TextDocument, offset: Int) -> [JSONValue] {
        // The string the cursor is in, on its line: after an odd number of unescaped quotes.
        var start = offset
        while start > 0, doc.bytes[start - 1] != 0x0A { start -= 1 }
        var quote: Int?
        var i = start
        while i < offset {
            if doc.bytes[i] == 0x5C { i += 2; continue }
            if doc.bytes[i] == 0x22 { quote = quote == nil ? i : nil }
            i += 1
        }
        guard let open = quote, open + 1 < offset, doc.bytes[open + 1] == UInt8(ascii: "{") else { return [] }
        let typed = open + 2
        let set = TokenSet(files: siblingTokenFiles(of: doc.path) + [(doc.path, doc.text)])
        let edit = doc.range(typed..<offset)
        return set.names.compactMap { name in
            guard let token = set.tokens[name] else { return nil }
            return Self.item(name, kind: 21, detail: "\(token.value.type.rawValue) · \(Self.tokenValueText(token.value))",
                             doc: token.definition.description ?? "", edit: edit, insert: name + "}")
        }
    }
}
