import LuaSyntax
import StyleCore

/// A style as the checker sees it: its kind, the properties it sets in order, the plain
/// functions composed into it, and string paths that wait for a kind.
struct StaticStyle {
    /// Nil when some part could not be followed, so the kind may be more specific than known.
    var kind: Kind?
    var operations: [StaticOperation]
    var functions: Set<FunctionKey>
    var pendingPaths: [PendingPath]
    /// The `when`s inside it, checked again where the style is used.
    var whens: [StaticWhen] = []

    init(kind: Kind?, operations: [StaticOperation] = [], functions: Set<FunctionKey> = [], pendingPaths: [PendingPath] = []) {
        self.kind = kind
        self.operations = operations
        self.functions = functions
        self.pendingPaths = pendingPaths
    }

    /// A part the checker cannot follow: any kind, and it may read any property.
    static let opaque = StaticStyle(kind: nil, operations: [.opaque])
}

/// One step of a style, as far as dead writes are concerned.
enum StaticOperation {
    /// `mut(path, value)`, written at `range` (the `mut`), naming the property as `name`.
    case set(path: String, name: String, range: SourceRange)
    /// `mver(path, fn)`: reads the value set before it.
    case transform(path: String)
    /// A function or a part the checker cannot follow: it may read anything.
    case opaque
}

/// A string path (`mut("layoutMargins.bottom", 8)`) that does not resolve against `View`, kept
/// until the style it ends up in has a kind.
struct PendingPath {
    var components: [String]
    var text: String
    /// The value of a `mut`, nil for a `mver`.
    var value: StaticLiteral?
    /// The string literal.
    var range: SourceRange
}

/// One part of a composition and where it is written, for messages.
struct StylePart {
    var value: StaticValue
    var range: SourceRange
}

extension StaticAnalysis {
    /// `concat(…)`, `style(K, …)` and `..` chains: the composed style, with the checks that only
    /// the whole composition allows (unrelated kinds, string paths, dead writes).
    ///
    /// - Parameters:
    ///   - explicit: the kind of `style(K, …)`, nil for `concat` and `..`.
    ///   - operators: where to point at a kind mismatch of each part (the `concat`/`style` name,
    ///     or the `..` before the part).
    func compose(_ parts: [StylePart], explicit: Kind?, operators: [SourceRange]) -> StaticValue {
        var kind: Kind? = explicit ?? Schema.view
        var isKnown = true
        var result = StaticStyle(kind: nil)
        for (index, part) in parts.enumerated() {
            let style: StaticStyle
            switch part.value {
            case .style(let s): style = s
            case .function(let key): style = StaticStyle(kind: Schema.view, operations: [.opaque], functions: [key])
            default: style = .opaque
            }
            if let partKind = style.kind, let current = kind {
                if let explicit {
                    if !explicit.isA(partKind) {
                        report(.kindMismatch, StyleError.unrelatedKinds(explicit, partKind).message, at: operators[index])
                        return .style(.opaque)
                    }
                } else if let k = Kind.mostSpecific(current, partKind) {
                    kind = k
                } else {
                    report(.kindMismatch, StyleError.unrelatedKinds(current, partKind).message, at: operators[index])
                    return .style(.opaque)
                }
            } else if style.kind == nil, explicit == nil {
                isKnown = false
            }
            result.operations += style.operations
            result.functions.formUnion(style.functions)
            result.pendingPaths += style.pendingPaths
            result.whens += style.whens
        }
        let composedKind = kind ?? Schema.view
        result.kind = isKnown ? composedKind : nil
        for key in result.functions { useFunction(key, as: composedKind) }
        result.pendingPaths = result.pendingPaths.filter { !resolvePending($0, in: composedKind) }
        reportDeadWrites(result.operations)
        return .style(result)
    }

    /// Checks a string path against the kind it ended up in; true when it is settled (resolved
    /// and checked, or reported).
    func resolvePending(_ pending: PendingPath, in kind: Kind) -> Bool {
        switch StyleKeyPath.resolve(pending.components, in: kind) {
        case .success(let kp):
            if let value = pending.value { checkValue(value, for: kp, at: pending.range) }
            return true
        case .failure(let error):
            // A sub-kind may have it: the view it is applied to decides.
            if subKinds(of: kind).contains(where: { StyleKeyPath.resolve(pending.components, in: $0).isSuccess }) { return false }
            report(.unknownProperty, pathMessage(error, name: pending.components.last ?? pending.text, kind: kind),
                   at: pending.range, suggestions: error.suggestion.map { [$0] } ?? [])
            return true
        }
    }

    /// A `mut` whose value a later `mut` of the same property replaces, with nothing reading it
    /// in between, is dead: the seeds' worry about properties silently overridden in sums.
    func reportDeadWrites(_ operations: [StaticOperation]) {
        var lastSet: [String: (name: String, range: SourceRange)] = [:]
        for op in operations {
            switch op {
            case .set(let path, let name, let range):
                if let earlier = lastSet[path], earlier.range != range {
                    report(.duplicateSet,
                           "'\(name)' is set twice in one concat; the value set here is replaced on line \(range.start.line) and never used.",
                           at: earlier.range, severity: .warning)
                }
                lastSet[path] = (name, range)
            case .transform(let path):
                // It reads the property, and a whole value reads its fields and the reverse.
                lastSet = lastSet.filter { key, _ in key != path && !key.hasPrefix(path + ".") && !path.hasPrefix(key + ".") }
            case .opaque:
                lastSet.removeAll()
            }
        }
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
