import StyleCore

/// What one load or reload of a watched stylesheet did.
///
///     runtime.watch(file: "styles/app.lua", tree: root) { event in
///         switch event {
///         case .reloaded(let ms, _, let changes): print("\(changes.count) changes in \(ms) ms")
///         case .failed(_, let diagnostics): print(diagnostics)    // the tree kept its styles
///         }
///     }
///
/// The first event of a watch is the initial load. `milliseconds` is the time from starting the
/// evaluation to the new styles being applied (or the failure being known).
public enum ReloadEvent: Sendable, Equatable {
    /// The tree has the new styles. `files` are those the evaluation loaded (the script, then its
    /// modules, as diagnostics name them); `changes` the applied values that differ from before.
    case reloaded(milliseconds: Double, files: [String], changes: [PropertyChange])
    /// The script failed (syntax, runtime error, limit, or styling), or, for a remote watch, its
    /// server cannot be reached or is not `stylerun serve` (`remote-unreachable`,
    /// `remote-refused`); the tree keeps its last good styles.
    case failed(milliseconds: Double, diagnostics: [Diagnostic])

    /// The time from starting the evaluation to the swap (or the failure).
    ///
    ///     event.milliseconds    // 1.7
    public var milliseconds: Double {
        switch self {
        case .reloaded(let ms, _, _), .failed(let ms, _): ms
        }
    }

    /// Whether the new styles were applied.
    ///
    ///     if event.isSuccess { refreshPreview() }
    public var isSuccess: Bool {
        if case .reloaded = self { return true }
        return false
    }

    /// The applied values that changed (each with its view's identity); empty for a failure.
    ///
    ///     for change in event.changes { print(change) }    // #name font: … → …
    public var changes: [PropertyChange] {
        if case .reloaded(_, _, let changes) = self { return changes }
        return []
    }

    /// What went wrong; empty for a success.
    ///
    ///     if !event.isSuccess { show(event.diagnostics) }
    public var diagnostics: [Diagnostic] {
        if case .failed(_, let diagnostics) = self { return diagnostics }
        return []
    }

    /// The event as one line of REFERENCE §3.3's watch stream.
    ///
    ///     print(event.json.serialized(.line))
    ///     // {"event": "reload", "ok": true, "ms": 1.7, "files": ["app.lua"], "changes": [{"view": "#subscribe", …}]}
    ///
    /// `ms` is rounded to a tenth of a millisecond.
    public var json: JSONValue {
        let ms = JSONValue.number((milliseconds * 10).rounded() / 10)
        switch self {
        case .reloaded(_, let files, let changes):
            return ["event": "reload", "ok": true, "ms": ms, "files": .array(files.map(JSONValue.string)),
                    "changes": .array(changes.map(\.json))]
        case .failed(_, let diagnostics):
            return ["event": "reload", "ok": false, "ms": ms, "diagnostics": .array(diagnostics.map(\.json))]
        }
    }
}

extension ReloadEvent {
    /// The event with each file it names (its files, its diagnostics' files) passed through `name`.
    func renamingFiles(_ name: (String) -> String) -> ReloadEvent {
        switch self {
        case .reloaded(let ms, let files, let changes):
            return .reloaded(milliseconds: ms, files: files.map(name), changes: changes)
        case .failed(let ms, let diagnostics):
            return .failed(milliseconds: ms, diagnostics: diagnostics.map { d in
                var renamed = d
                renamed.file = name(d.file)
                return renamed
            })
        }
    }
}
