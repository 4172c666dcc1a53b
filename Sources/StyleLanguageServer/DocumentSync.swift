import Dispatch
import Foundation
import StyleCore
import StyleRun

/// Document synchronisation and diagnostics: the static pass shortly after every change, the
/// evaluation in a child process when typing pauses and on save (killed as soon as the text
/// changes again), and the documents that `require` a saved module checked again.
extension Session {
    func didOpen(_ params: JSONValue) {
        guard let item = params["textDocument"], case .string(let uri)? = item["uri"], case .string(let text)? = item["text"] else {
            log("stylerun lsp: didOpen without textDocument.uri and text.")
            return
        }
        let version = lspInteger(item["version"]) ?? 0
        store[uri] = DocumentStore.Entry(document: TextDocument(uri: uri, version: version, text: text))
        currentVersions[uri] = version
        runStatic(uri)
        scheduleDynamic(uri, after: 0)
    }

    func didChange(_ params: JSONValue) {
        guard case .string(let uri)? = params["textDocument"]?["uri"], var entry = store[uri],
              case .array(let changes)? = params["contentChanges"] else {
            log("stylerun lsp: didChange for a document that is not open, or without contentChanges.")
            return
        }
        for change in changes {
            guard case .string(let text)? = change["text"] else { continue }
            entry.document.apply(range: LSPRange(change["range"]), text: text)
        }
        if let v = lspInteger(params["textDocument"]?["version"]) { entry.document.version = v } else { entry.document.version += 1 }
        entry.generation += 1
        store[uri] = entry
        currentVersions[uri] = entry.document.version
        let generation = entry.generation
        server.onQueue(after: options.staticDelay) { session in
            guard session.store[uri]?.generation == generation else { return }
            session.runStatic(uri)
        }
        scheduleDynamic(uri, after: options.dynamicDelay)
    }

    func didSave(_ params: JSONValue) {
        guard case .string(let uri)? = params["textDocument"]?["uri"], let entry = store[uri] else { return }
        workspace.invalidate(entry.document.path)
        scheduleDynamic(uri, after: 0)
        recheckDependents(of: entry.document.path)
    }

    func didClose(_ params: JSONValue) {
        guard case .string(let uri)? = params["textDocument"]?["uri"] else { return }
        store[uri] = nil
        currentVersions[uri] = nil
        ReleasedMemory.returnToSystem()
        send(RPCReply.notification("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []]))
    }

    func didChangeWatchedFiles(_ params: JSONValue) {
        guard case .array(let changes)? = params["changes"] else { return }
        for change in changes {
            guard case .string(let uri)? = change["uri"] else { continue }
            let path = DocumentURI.path(of: uri)
            workspace.invalidate(path)
            recheckDependents(of: path)
        }
    }

    /// Evaluates again every open document that requires the module at `path`.
    private func recheckDependents(of path: String) {
        for uri in store.uris {
            guard let entry = store[uri], entry.document.path != path, let index = store.lastGoodIndex(uri) else { continue }
            let requires = index.requires.contains { workspace.modulePath($0.module, from: entry.document.path) == path }
            // A token file: the scripts that name it (`tokens "brand.tokens.json"`).
            let loadsTokens = TokenFileLint.isTokenFile(path) && entry.document.text.contains((path as NSString).lastPathComponent)
            if requires || loadsTokens { scheduleDynamic(uri, after: 0) }
        }
    }

    // MARK: The passes

    private func runStatic(_ uri: String) {
        guard var entry = store[uri] else { return }
        let doc = entry.document
        if TokenFileLint.isTokenFile(doc.path) {
            // A design-token file: its JSON, types and aliases (its siblings' tokens known).
            entry.staticDiagnostics = doc.isTooLargeToCheck ? [] : TokenFileLint.diagnostics(of: (doc.path, doc.text), siblings: features.siblingTokenFiles(of: doc.path))
            entry.staticVersion = doc.version
            entry.fullDiagnostics = entry.staticDiagnostics
            entry.fullVersion = doc.version
            store[uri] = entry
            publish(uri)
            return
        }
        entry.staticDiagnostics = doc.isTooLargeToCheck ? [] : StaticChecker(schema: options.schema).check(source: doc.text, file: doc.path)
        entry.staticVersion = doc.version
        store[uri] = entry
        _ = store.currentIndex(uri)  // kept as the last good index for completion while the text is broken
        publish(uri)
    }

    /// Evaluates the document after `delay` if it has not changed meanwhile. One evaluation per
    /// document at a time: a change while it runs kills its child (the result would be outdated,
    /// and is dropped), and an evaluation asked for meanwhile starts when it ends.
    private func scheduleDynamic(_ uri: String, after delay: Double) {
        guard let generation = store[uri]?.generation, store[uri]?.document.isTooLargeToCheck == false,
              store[uri].map({ !TokenFileLint.isTokenFile($0.document.path) }) == true else { return }
        server.onQueue(after: delay) { session in session.startDynamic(uri, generation: generation) }
    }

    private func startDynamic(_ uri: String, generation: Int) {
        guard var entry = store[uri], entry.generation == generation else { return }
        guard !entry.dynamicRunning else {
            entry.dynamicWanted = true
            store[uri] = entry
            return
        }
        entry.dynamicRunning = true
        entry.dynamicWanted = false
        store[uri] = entry
        let doc = entry.document
        var pass = options.dynamicPass
        if var isolated = pass as? IsolatedDynamicPass {
            // The child is killed as soon as the text it evaluates is outdated.
            let versions = currentVersions
            isolated.isCancelled = { versions[uri] != doc.version }
            pass = isolated
        }
        let linter = Linter(schema: options.schema, dynamicPass: pass, isParallel: false)
        // The static pass of this version is reused: parsing a large document once more,
        // on another thread, while its index is held, doubled what it cost.
        let found = entry.staticVersion == doc.version ? entry.staticDiagnostics : nil
        let server = self.server
        server.evaluations.addOperation {
            let diagnostics = linter.lint(source: doc.text, file: doc.path, staticDiagnostics: found)
            server.onQueue { session in session.finishDynamic(uri, version: doc.version, diagnostics) }
        }
    }

    private func finishDynamic(_ uri: String, version: Int, _ diagnostics: [Diagnostic]) {
        guard var entry = store[uri] else { return }
        entry.dynamicRunning = false
        if entry.document.version == version {
            entry.fullDiagnostics = diagnostics
            entry.fullVersion = version
        }
        let again = entry.dynamicWanted
        store[uri] = entry
        if entry.document.version == version { publish(uri) }
        if again { scheduleDynamic(uri, after: 0) }
    }

    /// Sends the document's diagnostics: both passes' when the evaluation is of this version,
    /// else the static pass's.
    func publish(_ uri: String) {
        guard let entry = store[uri] else { return }
        let doc = entry.document
        let diagnostics = entry.fullVersion == doc.version ? entry.fullDiagnostics : entry.staticDiagnostics
        var items = diagnostics.filter { $0.file == doc.path }.map { lspDiagnostic($0, in: doc) }
        if doc.isTooLargeToCheck { items = [tooLargeDiagnostic(doc)] }
        send(RPCReply.notification("textDocument/publishDiagnostics",
                                   ["uri": .string(uri), "version": .number(Double(doc.version)), "diagnostics": .array(items)]))
    }

    /// The one diagnostic of a document past `TextDocument.maximumCheckedBytes`, on its first line.
    private func tooLargeDiagnostic(_ doc: TextDocument) -> JSONValue {
        let start = Position(line: 0, character: 0)
        return [
            "range": LSPRange(start: start, end: doc.clamped(Position(line: 0, character: Int(Int32.max)))).json,
            "severity": 2, "code": "document-too-large", "source": "stylerun",
            "message": .string("This document is \(doc.bytes.count) bytes; the language server checks and indexes documents of up to \(TextDocument.maximumCheckedBytes) bytes. Run 'stylerun lint' on the file to check it."),
        ]
    }

    func lspDiagnostic(_ d: Diagnostic, in doc: TextDocument) -> JSONValue {
        let start = doc.position(line: d.line, characterColumn: d.column)
        var end = doc.position(line: d.endLine, characterColumn: d.endColumn)
        if end < start { end = start }
        return [
            "range": LSPRange(start: start, end: end).json,
            "severity": .number(d.severity == .error ? 1 : 2),
            "code": .string(d.code.rawValue),
            "source": "stylerun",
            "message": .string(d.message),
            "data": ["suggestions": .array(d.suggestions.map { .string($0) })],
        ]
    }
}
