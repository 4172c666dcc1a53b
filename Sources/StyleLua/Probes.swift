import StyleCore

/// The function styles and `mver` functions a script made, each with the most specific kinds
/// it was composed into, so that lint can run the ones the cascade never applies.
struct ProbeTargets {
    struct Target {
        let operation: StyleOperation
        /// Unrelated kinds are kept apart (a function in a `Label` and a `StackView` rule).
        var kinds: [Kind]
    }

    /// The most functions probed per evaluation; a script generating thousands stops adding.
    static let maximum = 2000

    private(set) var targets: [Target] = []
    private var positions: [ObjectIdentifier: Int] = [:]

    /// Notes the function operations of `style`, as parts of a style of `kind`.
    mutating func note(_ style: Style, as kind: Kind? = nil) {
        let kind = kind ?? style.kind
        style.forEachDistinctOperation { operation in
            let function: AnyObject
            switch operation {
            case .function(let fn, _): function = fn
            // A string path is resolved against the view it meets; only typed ones can be probed.
            case .transform(.keyPath, let fn, _): function = fn
            case .when(_, let inner, _):
                note(inner, as: kind)
                return
            default: return
            }
            let id = ObjectIdentifier(function)
            guard let position = positions[id] else {
                guard targets.count < Self.maximum else { return }
                positions[id] = targets.count
                targets.append(Target(operation: operation, kinds: [kind]))
                return
            }
            var kinds = targets[position].kinds
            guard !kinds.contains(where: { $0.isA(kind) }) else { return }
            kinds.removeAll { kind.isA($0) }
            kinds.append(kind)
            targets[position].kinds = kinds
        }
    }
}

extension Evaluation {
    /// Lint's second look at a collecting evaluation: styles the returned tree, then runs every
    /// function style and `mver` function once against a fresh view of each kind it was composed
    /// into, so that mistakes in styles the tree never uses surface too.
    ///
    ///     let evaluation = try Evaluation.evaluate(file: "app.lua", options: .init(collectsDiagnostics: true))
    ///     let found = evaluation.diagnostics + evaluation.probe()
    ///
    /// A probe view has no id, classes or parent, so a Lua runtime error in a probe (a function
    /// that expects `v.id`) is not reported; API errors (unknown properties, wrong types) are.
    /// - Returns: the diagnostics found, each once; also recorded in `diagnostics`.
    public func probe() -> [Diagnostic] {
        precondition(isCollecting, "probe() needs an evaluation with collectsDiagnostics")
        let before = diagnostics.count
        prepareForApplication()
        if let root = stylesheet.root {
            Cascade(stylesheet).apply(to: root, recordingProvenance: false).forEach(record)
            if let file = files.first { stylesheet.unmatchedRuleWarnings(in: root, file: file).forEach(record) }
            root.forEachInTree { view in
                for style in view.styles { probeTargets.note(style, as: view.kind) }
            }
        }
        for appearance in stylesheet.appearances {
            probeTargets.note(appearance.style, as: Kind.mostSpecific(appearance.kind, appearance.style.kind))
        }
        for rule in stylesheet.rules {
            for complex in rule.selector.selectors {
                probeTargets.note(rule.style, as: complex.subject.kind.flatMap { Kind.mostSpecific($0, rule.style.kind) })
            }
        }
        run: for target in probeTargets.targets {
            for kind in target.kinds {
                prepareForApplication()
                let application = StyleApplication(view: View(kind: kind), recordsProvenance: false)
                let style = Style(kind: kind, operations: [target.operation], location: target.operation.location)
                do throws(Diagnostic) {
                    try application.apply(style)
                } catch {
                    if error.code == .limitExceeded { record(error); break run }
                    if error.code != .runtimeError { record(error) }
                }
            }
        }
        deadWrites().forEach(record)
        return Array(diagnostics[before...])
    }
}
