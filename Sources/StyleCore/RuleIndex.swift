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
    /// `rules[r].selector.selectors[s].specificity`, computed once.
    private let specificities: [[Specificity]]

    public init(_ rules: [Rule]) {
        self.rules = rules
        self.specificities = rules.map { $0.selector.selectors.map(\.specificity) }
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
        orderedMatches(for: view).map { RuleMatch(rule: rules[$0.rule], selector: rules[$0.rule].selector.selectors[$0.selector]) }
    }

    /// `matches(for:)` as entries, without copying rules: what the cascade runs for every view,
    /// so it looks up no dictionary beyond the buckets and allocates one small array.
    func orderedMatches(for view: View) -> [Entry] {
        var found: [(entry: Entry, specificity: Specificity)] = []
        func gather(_ bucket: [Entry]?) {
            guard let bucket else { return }
            for e in bucket where view.kind.isA(rules[e.rule].style.kind) && rules[e.rule].selector.selectors[e.selector].matches(view) {
                let specificity = specificities[e.rule][e.selector]
                if let i = found.firstIndex(where: { $0.entry.rule == e.rule }) {
                    let current = found[i]
                    if specificity > current.specificity || (specificity == current.specificity && e.selector < current.entry.selector) {
                        found[i] = (e, specificity)
                    }
                } else {
                    found.append((e, specificity))
                }
            }
        }
        if let id = view.id { gather(byID[id]) }
        for c in view.classes { gather(byClass[c]) }
        var kind: Kind? = view.kind
        while let k = kind {
            gather(byKind[k])
            kind = k.superKind
        }
        gather(universal)
        found.sort { a, b in
            a.specificity != b.specificity ? a.specificity < b.specificity : rules[a.entry.rule].order < rules[b.entry.rule].order
        }
        return found.map(\.entry)
    }
}

/// A rule that applies to a view, with the complex selector that matched.
public struct RuleMatch {
    public let rule: Rule
    /// The most specific complex selector of the rule's list that matched; provenance shows its text.
    public let selector: ComplexSelector

    public var specificity: Specificity { selector.specificity }
}
