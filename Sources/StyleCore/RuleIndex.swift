/// Rules bucketed by their subjects' most selective key, so that matching a view tests only the
/// rules that could match it rather than every rule.
///
/// Each complex selector goes into one bucket, chosen from its subject (rightmost compound):
/// its id, else its rarest class, else its kind, else the universal bucket. A view gathers the
/// buckets of its id, of each of its classes, of its kind and super-kinds, and the universal one;
/// each candidate is then verified in full.
///
///     let index = RuleIndex(sheet.rules)
///     for match in index.matches(for: button) { print(match.selector.text, match.rule.order) }
public struct RuleIndex {
    /// A complex selector of a rule: `rules[rule].selector.selectors[selector]`.
    public struct Entry: Hashable, Sendable {
        public let rule: Int
        public let selector: Int
    }

    public let rules: [Rule]
    private var byID: [String: [Entry]] = [:]
    private var byClass: [String: [Entry]] = [:]
    private var byKind: [Kind: [Entry]] = [:]
    private var universal: [Entry] = []

    public init(_ rules: [Rule]) {
        self.rules = rules
        var classUse: [String: Int] = [:]
        for rule in rules {
            for complex in rule.selector.selectors where complex.subject.id == nil {
                for c in complex.subject.classes { classUse[c, default: 0] += 1 }
            }
        }
        for (r, rule) in rules.enumerated() {
            for (s, complex) in rule.selector.selectors.enumerated() {
                let entry = Entry(rule: r, selector: s)
                let subject = complex.subject
                if let id = subject.id {
                    byID[id, default: []].append(entry)
                } else if let rarest = subject.classes.min(by: { classUse[$0, default: 0] < classUse[$1, default: 0] }) {
                    byClass[rarest, default: []].append(entry)
                } else if let kind = subject.kind {
                    byKind[kind, default: []].append(entry)
                } else {
                    universal.append(entry)
                }
            }
        }
    }

    /// The complex selectors that could match `view`, before verification: those in its
    /// buckets whose rule's style the view can take. Each appears once, in no particular order.
    public func candidates(for view: View) -> [Entry] {
        var out: [Entry] = []
        func gather(_ bucket: [Entry]?) {
            guard let bucket else { return }
            for e in bucket where view.kind.isA(rules[e.rule].style.kind) { out.append(e) }
        }
        if let id = view.id { gather(byID[id]) }
        for c in view.classes { gather(byClass[c]) }
        for k in view.kind.lineage { gather(byKind[k]) }
        gather(universal)
        return out
    }

    /// The rules that apply to `view`, in cascade order: ascending specificity, then source order.
    ///
    /// A rule whose list has several matching selectors counts once, with the most specific
    /// (the first written on a tie), as in CSS; its style is applied once.
    public func matches(for view: View) -> [RuleMatch] {
        var best: [Int: Int] = [:]  // rule -> selector index
        for e in candidates(for: view) {
            let selectors = rules[e.rule].selector.selectors
            guard selectors[e.selector].matches(view) else { continue }
            if let current = best[e.rule] {
                let a = selectors[e.selector].specificity, b = selectors[current].specificity
                if a > b || (a == b && e.selector < current) { best[e.rule] = e.selector }
            } else {
                best[e.rule] = e.selector
            }
        }
        return best
            .map { RuleMatch(rule: rules[$0.key], selector: rules[$0.key].selector.selectors[$0.value]) }
            .sorted { a, b in
                a.specificity != b.specificity ? a.specificity < b.specificity : a.rule.order < b.rule.order
            }
    }
}

/// A rule that applies to a view, with the complex selector that matched.
public struct RuleMatch {
    public let rule: Rule
    /// The most specific complex selector of the rule's list that matched; provenance shows its text.
    public let selector: ComplexSelector

    public var specificity: Specificity { selector.specificity }
}
