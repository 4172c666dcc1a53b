import Foundation
import LuaSyntax
import StyleRun

/// `textDocument/definition` and `textDocument/references` for locals, styles and theme
/// tokens; a `require "x"` string leads to the module's file.
extension Features {
    func definition(in doc: TextDocument, index: DocumentIndex?, at position: Position) -> JSONValue {
        guard let index else { return .null }
        let offset = doc.offset(of: position)
        if let required = index.requires.first(where: { $0.range.contains(offset) }) {
            guard let file = workspace.modulePath(required.module, from: doc.path) else { return .null }
            let start = Position(line: 0, character: 0)
            return location(uri: DocumentURI.uri(ofPath: file), LSPRange(start: start, end: start))
        }
        if let found = index.variable(at: offset), let declaration = index.declarations[found.variable] {
            return location(uri: doc.uri, doc.range(declaration))
        }
        if let member = member(at: offset, doc: doc, index: index) {
            return location(member)
        }
        let context = CursorContext(bytes: doc.bytes, offset: offset)
        if let chain = context.chainAtCursor(), let found = tokenDefinition(chain.segments + [chain.word], doc: doc, index: index, offset: offset) {
            // Lines and columns of the JSON are 1-based characters; LSP's are 0-based UTF-16.
            let text = workspace.openText(found.file) ?? FileManager.default.contents(atPath: found.file).map { Array($0) } ?? []
            let target = TextDocument(uri: DocumentURI.uri(ofPath: found.file), version: 0, text: String(decoding: text, as: UTF8.self))
            let line = String(decoding: target.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let before = found.line - 1 < line.count ? String(line[found.line - 1].prefix(found.column - 1)) : ""
            let start = Position(line: found.line - 1, character: before.utf16.count)
            return location(uri: target.uri, LSPRange(start: start, end: start))
        }
        if let word = context.chainAtCursor(), word.segments.isEmpty, let global = index.globalDefinitions[word.word] {
            return location(uri: doc.uri, doc.range(global))
        }
        return .null
    }

    func references(in doc: TextDocument, index: DocumentIndex?, at position: Position, includeDeclaration: Bool) -> JSONValue {
        guard let index else { return .null }
        let offset = doc.offset(of: position)
        if let found = index.variable(at: offset) {
            let declaration = index.declarations[found.variable]
            return .array(index.occurrences.filter { $0.variable == found.variable && (includeDeclaration || $0.range != declaration) }
                .map { location(uri: doc.uri, doc.range($0.range)) })
        }
        // A token or module member: every `local.field` with the same local and field.
        if let access = index.fieldAccesses.first(where: { $0.range.contains(offset) || $0.range.upperBound == offset }) {
            var locations = index.fieldAccesses.filter { $0.base == access.base && $0.field == access.field }
                .map { location(uri: doc.uri, doc.range($0.range)) }
            if includeDeclaration, let m = member(at: offset, doc: doc, index: index) { locations.insert(location(m), at: 0) }
            return .array(locations)
        }
        return []
    }

    /// The theme token or module member named at `offset` (`theme.accent`, `base.grid`).
    private func member(at offset: Int, doc: TextDocument, index: DocumentIndex) -> Member? {
        guard let access = index.fieldAccesses.first(where: { $0.range.contains(offset) || $0.range.upperBound == offset }) else { return nil }
        return resolver.members(ofLocal: access.base, in: index, path: doc.path).first { $0.name == access.field }
    }

    private func location(_ m: Member) -> JSONValue {
        let text = workspace.openText(m.file) ?? FileManager.default.contents(atPath: m.file).map { Array($0) }
        let target = TextDocument(uri: DocumentURI.uri(ofPath: m.file), version: 0, text: String(decoding: text ?? [], as: UTF8.self))
        return location(uri: target.uri, target.range(m.range))
    }

    private func location(uri: String, _ range: LSPRange) -> JSONValue {
        ["uri": .string(uri), "range": range.json]
    }
}
