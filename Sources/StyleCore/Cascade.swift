/// Applies a stylesheet to a view tree, in the order of REFERENCE §1.6.
///
/// For each view, lowest first, later wins per property: the kind's defaults, the appearances
/// (super-kinds first, then source order), the matching rules (ascending specificity, then
/// source order), then the view's own layer in the order it was applied: the constructor's
/// styles, its literals, the styles added later (`with`). Every run starts from the
/// defaults, so a property nothing sets any more returns to its default.
///
///     let diagnostics = Cascade(sheet).apply(to: root)
///     if diagnostics.isEmpty { print(root["titleColor"]!) }
public struct Cascade {
    public let stylesheet: Stylesheet

    /// A cascade of `stylesheet`; it reads the stylesheet's appearances and rules when applied.
    ///
    ///     let cascade = Cascade(sheet)
    public init(_ stylesheet: Stylesheet) {
        self.stylesheet = stylesheet
    }

    /// Styles `root` and all its descendants; all or nothing.
    ///
    ///     let diagnostics = Cascade(sheet).apply(to: root, recordingProvenance: false)
    ///
    /// Errors are collected across views rather than stopping at the first. If any occurred,
    /// every view gets back the values and provenance it had before the call, so the tree is
    /// either fully restyled or untouched. Sub-views such as `titleLabel` are not nodes: they
    /// are styled through their owner's key paths.
    ///
    /// - Parameters:
    ///   - root: the tree to style; selectors may still look at `root`'s ancestors.
    ///   - recordingProvenance: keep every contribution in `View.provenance` (for explain).
    /// - Returns: the diagnostics: duplicate ids first, then each view's in tree order; empty
    ///   when the tree was styled.
    public func apply(to root: View, recordingProvenance: Bool = true) -> [Diagnostic] {
        var views: [View] = []
        root.forEachInTree { views.append($0) }
        let saved = views.map { (values: $0.values, record: $0.record) }

        var collector = DiagnosticCollector()
        collector.add(duplicateIDs(in: views))
        let appearances = stylesheet.appearances.sorted {
            ($0.kind.depth, $0.order) < ($1.kind.depth, $1.order)
        }
        let index = stylesheet.ruleIndex
        let table = index.provenanceTable
        let steps = CascadeSteps(appearances: appearances.map { PreparedAppearance($0, table: table) }, index: index,
                                 provenanceTable: recordingProvenance ? table : nil)
        // The filter holds the keys of the ancestors of the view being styled: those above
        // `root`, then the path from `root` down, as `views` is in depth-first order.
        var filter = AncestorFilter()
        var above: [View] = []
        var ancestor = root.parent
        while let a = ancestor { above.append(a); ancestor = a.parent }
        for a in above.reversed() { filter.push(a) }
        let base = filter.depth
        var path: [View] = []
        var matches: [RuleIndex.Match] = []
        for view in views {
            while let last = path.last, last !== view.parent {
                path.removeLast()
                filter.pop()
            }
            steps.run(view, filter: filter, matches: &matches, into: &collector)
            view.record?.shrink()
            path.append(view)
            filter.push(view)
        }
        precondition(filter.depth - path.count == base, "The ancestor filter holds the path to the view styled")

        if collector.hasErrors {
            for (view, state) in zip(views, saved) {
                view.values = state.values
                view.record = state.record
            }
        }
        return collector.diagnostics
    }

    /// `duplicate-id` at each view that reuses an id, pointing at the later view.
    private func duplicateIDs(in views: [View]) -> [Diagnostic] {
        var first: [String: View] = [:]
        var out: [Diagnostic] = []
        for view in views {
            guard let id = view.id else { continue }
            guard let earlier = first[id] else {
                first[id] = view
                continue
            }
            let firstAt = earlier.location.map { " (first at \($0))" } ?? ""
            out.append(Diagnostic(.duplicateID,
                                  "The id '\(id)' is used by \(earlier.kind.name)#\(id)\(firstAt) and again by "
                                      + "\(view.kind.name)#\(id); ids must be unique in a tree.",
                                  at: view.location ?? .host, length: id.count))
        }
        return out
    }
}

/// An appearance as the cascade applies it to many views: what `Appearance.applies(to:)`
/// tests, its origin, and its style prepared.
private struct PreparedAppearance {
    let kind: Kind
    let styleKind: Kind
    let origin: Origin
    /// `origin` in the provenance table.
    let originIndex: UInt32
    let style: PreparedStyle

    init(_ appearance: Appearance, table: ProvenanceTable) {
        kind = appearance.kind
        styleKind = appearance.style.kind
        origin = .appearance(kind: appearance.kind.name)
        originIndex = table.index(of: origin)
        style = PreparedStyle(appearance.style, table: table)
    }

    /// `Appearance.applies(to:)`.
    func applies(to view: View) -> Bool { view.kind.isA(kind) && view.kind.isA(styleKind) }
}

/// The steps of the cascade, made once per cascade and run for each view.
private struct CascadeSteps {
    /// In the order they apply.
    let appearances: [PreparedAppearance]
    let index: RuleIndex
    /// Where provenance is recorded; nil when it is not.
    let provenanceTable: ProvenanceTable?

    func run(_ view: View, filter: AncestorFilter, matches: inout [RuleIndex.Match],
             into collector: inout DiagnosticCollector) {
        let application = StyleApplication(view: view, provenanceTable: provenanceTable)
        for i in appearances.indices where appearances[i].applies(to: view) {
            application.setOrigin(appearances[i].origin, index: appearances[i].originIndex)
            collector.run { () throws(Diagnostic) in try application.apply(appearances[i].style) }
        }
        index.orderedMatches(for: view, filter: filter, into: &matches)
        for match in matches {
            application.setOrigin(.rule(selector: index.prepared[match.candidate].selector.text),
                                  index: index.prepared[match.candidate].origin)
            collector.run { () throws(Diagnostic) in try application.apply(index.preparedStyles[match.rule]) }
        }
        // The view's own layer, in the order things were applied to it: the constructor's
        // styles, its literals, then the styles added later.
        let beforeLiterals = min(view.stylesBeforeLiterals ?? view.styles.count, view.styles.count)
        for i in 0..<beforeLiterals { applyOwnStyle(i, of: view, application, into: &collector) }
        application.origin = .literal
        for literal in view.literals {
            collector.run { () throws(Diagnostic) in try application.set(literal.keyPath, literal.value, at: literal.location) }
        }
        guard beforeLiterals < view.styles.count else { return }
        application.watchLiterals(view.literals)
        for i in beforeLiterals..<view.styles.count { applyOwnStyle(i, of: view, application, into: &collector) }
        collector.add(application.overriddenLiterals())
    }

    private func applyOwnStyle(_ i: Int, of view: View, _ application: StyleApplication, into collector: inout DiagnosticCollector) {
        let style = view.styles[i]
        application.origin = .viewStyle(index: i + 1, name: style.name, attachment: style.attachment)
        guard view.kind.isA(style.kind) else {
            collector.add([Diagnostic(.kindMismatch,
                                      "\(style.kind.article(capitalized: true)) style cannot apply to \(view.selectorDescription).",
                                      at: style.location)])
            return
        }
        collector.run { () throws(Diagnostic) in try application.apply(style) }
    }
}

/// Diagnostics in the order found, each once (one bad rule reports once per distinct message).
private struct DiagnosticCollector {
    private(set) var diagnostics: [Diagnostic] = []
    private var seen = Set<Diagnostic>()

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    mutating func add(_ found: [Diagnostic]) {
        for d in found where seen.insert(d).inserted { diagnostics.append(d) }
    }

    /// Runs one step; a failing step is recorded and the cascade goes on with the next.
    mutating func run(_ step: () throws(Diagnostic) -> Void) {
        do { try step() } catch { add([error]) }
    }
}
