/// The diagnostics the cascade makes itself (the rest come from the styles it runs), written
/// once for both cascades: the engine (`Cascade`) and the one it is checked against
/// (`ReferenceCascade`) must report the very same text.
extension Diagnostic {
    /// `duplicate-id` at `view`, which reuses the id of `earlier`, a view before it in tree order.
    static func duplicateID(_ view: View, sameAs earlier: View) -> Diagnostic {
        let id = view.id!
        let firstAt = earlier.location.map { " (first at \($0))" } ?? ""
        return Diagnostic(.duplicateID,
                          "The id '\(id)' is used by \(earlier.kind.name)#\(id)\(firstAt) and again by "
                              + "\(view.kind.name)#\(id); ids must be unique in a tree.",
                          at: view.location ?? .host, length: id.count)
    }

    /// `kind-mismatch` at `style`, one of `view`'s own styles, whose kind the view is not.
    static func ownStyle(_ style: Style, cannotApplyTo view: View) -> Diagnostic {
        Diagnostic(.kindMismatch, "\(style.kind.article(capitalized: true)) style cannot apply to \(view.selectorDescription).",
                   at: style.location)
    }
}

/// Diagnostics in the order found, each once (one bad rule reports once per distinct message).
///
/// A limit ends the styling: once a `limit-exceeded` error is in, nothing more is run or added.
/// One budget runs out once, so it is reported once, where it ran out (a function style past
/// the time limit would otherwise fail again on every view after it, each with its own
/// "applied to").
struct DiagnosticCollector {
    private(set) var diagnostics: [Diagnostic] = []
    private var seen = Set<Diagnostic>()
    /// A limit was reached: styling stops.
    private(set) var stopped = false

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    mutating func add(_ found: [Diagnostic]) {
        for d in found where !stopped && seen.insert(d).inserted {
            diagnostics.append(d)
            if d.code == .limitExceeded, d.severity == .error { stopped = true }
        }
    }

    /// Runs one step; a failing step is recorded and the cascade goes on with the next, unless
    /// a limit has stopped it. Returns whether the step failed (its diagnostic may have been
    /// recorded before) or was not run.
    @discardableResult
    mutating func run(_ step: () throws(Diagnostic) -> Void) -> Bool {
        guard !stopped else { return true }
        do { try step() } catch {
            add([error])
            return true
        }
        return false
    }
}
