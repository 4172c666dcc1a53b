/// The cascade of REFERENCE §1.6 as written there, and nothing more: what `Cascade` is checked
/// against.
///
/// For each view in tree order, every appearance and every rule is looked at; selectors are
/// matched against the view and its ancestors as they are; nothing is indexed, kept from one
/// view or cascade to the next, or shared. It is slow on purpose and short enough to read
/// against the reference: when the two disagree, this one is right, or REFERENCE is wrong.
///
///     let expected = ReferenceCascade(sheet).apply(to: copy)
///     XCTAssertEqual(Cascade(sheet).apply(to: root), expected)
///
/// It lives beside the engine, not in the tests, because it states the rules in the engine's
/// own terms (a view's record, the budget, the diagnostics' text), and a new input of the
/// cascade (states, traits) is written here first, in a few lines, before the engine learns it.
///
/// `StateValues` styles controls in their other states with it, one view at a time, given the
/// rule index of the stylesheet (`matchingBy:`): then step 3 takes the rules the index finds
/// for the view (`RuleIndex.matches(for:)`, the same rules in the same order, which the
/// engine's tests check against this type without an index) instead of testing every rule.
struct ReferenceCascade {
    let stylesheet: Stylesheet
    /// The traits of the run: `when`s decide by them, values are resolved for them.
    let traits: Traits
    /// Where step 3 finds a view's rules; nil to test every rule, as the reference does.
    let index: RuleIndex?

    init(_ stylesheet: Stylesheet, traits: Traits = .default, matchingBy index: RuleIndex? = nil) {
        self.stylesheet = stylesheet
        self.traits = traits
        self.index = index
    }

    /// Styles `root` and its descendants as `Cascade.apply(to:recordingProvenance:budget:)`
    /// does, with the same values, provenance and diagnostics.
    func apply(to root: View, recordingProvenance: Bool = true, budget: CascadeBudget? = nil) -> [Diagnostic] {
        var views: [View] = []
        root.forEachInTree { views.append($0) }
        let before = views.map { (values: $0.values, record: $0.record) }

        // Duplicate ids come first, then each view's diagnostics in tree order, each once.
        var found = DiagnosticCollector()
        found.add(duplicateIDs(in: views))
        for view in views {
            if let budget {
                do throws(Diagnostic) { try budget.check(before: view) } catch {
                    found.add([error])
                    break
                }
            }
            style(view, recordingProvenance: recordingProvenance, budget: budget, into: &found)
        }
        // All or nothing.
        if found.hasErrors {
            for (view, state) in zip(views, before) {
                view.values = state.values
                view.record = state.record
            }
        }
        return found.diagnostics
    }

    /// Styles `view` alone, as `apply` styles each view (its ancestors as they are); its
    /// diagnostics. What `StateValues` styles each other state with.
    func styleAlone(_ view: View, recordingProvenance: Bool) -> [Diagnostic] {
        var found = DiagnosticCollector()
        style(view, recordingProvenance: recordingProvenance, budget: nil, into: &found)
        return found.diagnostics
    }

    /// One view, lowest first, later wins per property.
    private func style(_ view: View, recordingProvenance: Bool, budget: CascadeBudget?, into found: inout DiagnosticCollector) {
        // 1. The kind's defaults, resolved for the traits: a new application starts the view
        // from them. Pseudo-classes and `when`s read the view's state (`View.state`) as they go.
        let application = StyleApplication(view: view, recordsProvenance: recordingProvenance, traits: traits)
        application.budget = budget

        // 2. Appearances of the view's kind and super-kinds whose style it can take: super-kinds
        // first, then in source order.
        let appearances = stylesheet.appearances.filter { $0.applies(to: view) }
            .sorted { ($0.kind.depth, $0.order) < ($1.kind.depth, $1.order) }
        for appearance in appearances {
            application.origin = .appearance(kind: appearance.kind.name)
            found.run { () throws(Diagnostic) in try application.apply(appearance.style) }
        }

        // 3. Rules whose style the view can take and whose selector list matches it, each once
        // with its most specific matching selector: by specificity, then in source order.
        var matching: [(rule: Rule, selector: ComplexSelector)] = []
        if let index {
            matching = index.matches(for: view).map { ($0.rule, $0.selector) }
        } else {
            for rule in stylesheet.rules where view.kind.isA(rule.style.kind) {
                if let selector = rule.selector.bestMatch(for: view) { matching.append((rule, selector)) }
            }
            matching.sort { ($0.selector.specificity, $0.rule.order) < ($1.selector.specificity, $1.rule.order) }
        }
        for (rule, selector) in matching {
            application.origin = .rule(selector: selector.text)
            found.run { () throws(Diagnostic) in try application.apply(rule.style) }
        }

        // 4. The view's own layer in the order things were applied to it: the constructor's
        // styles, its literals, then the styles added later, which are watched for replacing a
        // literal outright.
        let beforeLiterals = min(view.stylesBeforeLiterals ?? view.styles.count, view.styles.count)
        for i in 0..<beforeLiterals { applyOwnStyle(i, of: view, application, into: &found) }
        application.origin = .literal
        for literal in view.literals {
            found.run { () throws(Diagnostic) in try application.set(literal.keyPath, literal.value, at: literal.location) }
        }
        guard beforeLiterals < view.styles.count else { return }
        application.watchLiterals(view.literals)
        for i in beforeLiterals..<view.styles.count { applyOwnStyle(i, of: view, application, into: &found) }
        found.add(application.overriddenLiterals())
    }

    private func applyOwnStyle(_ i: Int, of view: View, _ application: StyleApplication, into found: inout DiagnosticCollector) {
        let style = view.styles[i]
        application.origin = .viewStyle(index: i + 1, name: style.name, attachment: style.attachment)
        guard view.kind.isA(style.kind) else {
            found.add([.ownStyle(style, cannotApplyTo: view)])
            return
        }
        found.run { () throws(Diagnostic) in try application.apply(style) }
    }

    /// `duplicate-id` at every view whose id an earlier view in tree order has.
    private func duplicateIDs(in views: [View]) -> [Diagnostic] {
        var first: [String: View] = [:]
        var found: [Diagnostic] = []
        for view in views {
            guard let id = view.id else { continue }
            if let earlier = first[id] { found.append(.duplicateID(view, sameAs: earlier)) } else { first[id] = view }
        }
        return found
    }
}
