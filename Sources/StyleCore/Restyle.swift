/// A tree as a cascade styled it: for each view, in tree order, what decided its values (its
/// kind, id, classes and place in the tree, its own styles and literals, the rules that
/// matched it) and the values and provenance that came out. The next stylesheet's cascade
/// compares itself with it to restyle only the views whose inputs changed, as a browser
/// invalidates by the keys of the changed selectors.
///
///     let first = Cascade(sheet).restyle(root, after: nil)
///     let second = Cascade(editedSheet).restyle(root, after: first.styled)
///     second.restyled.count    // the views an edited rule matches (or matched)
public struct StyledTree {
    struct Entry {
        let kind: Kind
        let id: String?
        let classes: [String]
        /// The parent's position in tree order; -1 for the root.
        let parent: Int
        let styles: [Style]
        let literals: [Literal]
        let values: ValueStore
        let record: ProvenanceRecord?
        /// The matched complex selectors, as candidates of `stylesheet.ruleIndex`, in cascade order.
        let matches: [Int32]
    }

    let stylesheet: Stylesheet
    let recordedProvenance: Bool
    private(set) var entries: [Entry] = []
    /// While appending: the positions of the path from the root to the last view appended.
    private var path: [(view: View, position: Int)] = []

    init(stylesheet: Stylesheet, recordedProvenance: Bool, capacity: Int) {
        self.stylesheet = stylesheet
        self.recordedProvenance = recordedProvenance
        entries.reserveCapacity(capacity)
    }

    /// The number of views.
    public var count: Int { entries.count }

    /// Appends the next view in tree order, styled.
    mutating func append(_ view: View, matches: [Int32]) {
        let parent = Self.parentPosition(of: view, path: &path)
        path.append((view, entries.count))
        entries.append(Entry(kind: view.kind, id: view.id, classes: view.classes, parent: parent, styles: view.styles,
                             literals: view.literals, values: view.values, record: view.record, matches: matches))
    }

    /// The position of `view`'s parent, `path` holding the positions down to the previous view.
    private static func parentPosition(of view: View, path: inout [(view: View, position: Int)]) -> Int {
        while let last = path.last, last.view !== view.parent { path.removeLast() }
        return path.last?.position ?? -1
    }

    /// Whether `views` (a tree in tree order) has this tree's shape: the same kinds, ids and
    /// classes at the same places. Views are then paired by position, as by reference. A kind
    /// a script declares again on reload (`kind("GradientView", …)`, a new `Kind` each
    /// evaluation) is the same kind when it has its layout (`Kind.hasLayout(of:)`).
    func hasSameShape(as views: [View]) -> Bool {
        guard views.count == entries.count else { return false }
        var path: [(view: View, position: Int)] = []
        var sameKinds: [Pair: Bool] = [:]
        func same(_ a: Kind, _ b: Kind) -> Bool {
            if a === b { return true }
            let pair = Pair(a: ObjectIdentifier(a), b: ObjectIdentifier(b))
            if let known = sameKinds[pair] { return known }
            let same = a.hasLayout(of: b)
            sameKinds[pair] = same
            return same
        }
        // Fields are read in place: copying an entry retains everything it holds.
        return entries.withUnsafeBufferPointer { entries in
            for (i, view) in views.enumerated() {
                guard same(entries[i].kind, view.kind), entries[i].id == view.id, entries[i].classes == view.classes,
                      Self.parentPosition(of: view, path: &path) == entries[i].parent else { return false }
                path.append((view, i))
            }
            return true
        }
    }

    private struct Pair: Hashable {
        let a: ObjectIdentifier
        let b: ObjectIdentifier
    }

    /// Whether `stylesheet`'s rules have the selectors of this tree's stylesheet, in the same
    /// order, for styles of the same kinds: then a view of a tree of this shape matches the
    /// same candidates (the indices number them alike), whatever the rules' styles now set.
    func hasSameSelectors(as stylesheet: Stylesheet) -> Bool {
        let old = self.stylesheet.rules, new = stylesheet.rules
        guard old.count == new.count else { return false }
        for (a, b) in zip(old, new) {
            guard a.style.kind === b.style.kind, a.selector.selectors.count == b.selector.selectors.count,
                  zip(a.selector.selectors, b.selector.selectors).allSatisfy({ $0.text == $1.text }) else { return false }
        }
        return true
    }

    /// Whether `root`'s tree has this tree's shape (see `hasSameShape(as:)`).
    ///
    ///     let paired = styled.hasSameShape(as: root)    // changes can be listed by position
    public func hasSameShape(as root: View) -> Bool {
        var views: [View] = []
        root.forEachInTree { views.append($0) }
        return hasSameShape(as: views)
    }

    /// What differs from `previous` at the positions listed, in tree order then slot order:
    /// `TreeSnapshot.changes(since:)` for two trees of the same shape.
    func changes(since previous: StyledTree, at positions: [Int], views: [View]) -> [PropertyChange] {
        var out: [PropertyChange] = []
        // Entries are read in place: copying one retains everything it holds.
        previous.entries.withUnsafeBufferPointer { olds in
            entries.withUnsafeBufferPointer { news in
                for i in positions {
                    var reference: String?
                    for slot in 0..<news[i].values.count where !olds[i].values.sameValue(at: slot, as: news[i].values) {
                        if reference == nil { reference = views[i].reference }
                        out.append(PropertyChange(view: reference!, property: news[i].kind.properties[slot].path,
                                                  old: olds[i].values[slot], new: news[i].values[slot],
                                                  viewIdentity: views[i].identity))
                    }
                }
            }
        }
        return out
    }
}

/// What `Cascade.restyle` did.
public struct Restyle {
    /// As `Cascade.apply(to:)` returns them.
    public let diagnostics: [Diagnostic]
    /// The tree as styled, for the next restyle; nil when there were diagnostics.
    public let styled: StyledTree?
    /// The positions, in tree order, of the views the cascade ran for; the others kept or took
    /// over the values and provenance `previous` had for them.
    public let restyled: [Int]
    /// The applied values that differ from `previous`, when the tree had its shape; nil when
    /// there was no previous tree of that shape (compare `TreeSnapshot`s then).
    public let changes: [PropertyChange]?
}

extension Cascade {
    /// Styles `root` as `apply(to:)` does and lists what changed since `previous`.
    ///
    ///     var styled = Cascade(sheet).restyle(root, after: nil).styled
    ///     let next = Cascade(newSheet).restyle(root, after: styled)
    ///     for change in next.changes ?? [] { print(change) }
    ///
    /// When `previous` styled a tree of the same shape, with the same appearances and
    /// provenance setting, and few rules changed, only the views whose own styles or literals
    /// changed, or that a changed, added or removed rule matches (or matched), are restyled; the
    /// others keep their values and provenance (a new tree of the same shape, such as a script's
    /// re-evaluated tree, takes them over). Values, provenance, diagnostics and changes are those
    /// of a full restyle.
    public func restyle(_ root: View, after previous: StyledTree?, recordingProvenance: Bool = true,
                        budget: CascadeBudget? = nil) -> Restyle {
        restyle(root, after: previous, recordingProvenance: recordingProvenance, budget: budget, knownSameShape: nil)
    }

    /// `restyle(_:after:recordingProvenance:budget:)` for a caller that has just asked
    /// `previous.hasSameShape(as: root)` (the watch, choosing whether to snapshot first): the
    /// tree is not walked for it twice.
    package func restyle(_ root: View, after previous: StyledTree?, recordingProvenance: Bool = true,
                         budget: CascadeBudget? = nil, knownSameShape: Bool?) -> Restyle {
        let run = self.run(root, after: previous, recordingProvenance: recordingProvenance, budget: budget,
                           knownSameShape: knownSameShape)
        var changes: [PropertyChange]?
        if let previous, let styled = run.styled, run.sameShape {
            changes = styled.changes(since: previous, at: run.restyled, views: run.views)
        }
        return Restyle(diagnostics: run.diagnostics, styled: run.styled, restyled: run.restyled, changes: changes)
    }
}

/// How a cascade restyles in part after `previous`: which views keep their values.
final class RestylePlan {
    /// Beyond this many changed complex selectors, restyling everything is cheaper than testing
    /// every view against them.
    static let changedCandidateLimit = 64

    private let previous: StyledTree
    /// `previous`'s candidates by their place in the new index; -1 for a rule changed or removed.
    private let candidateMap: [Int32]
    /// The rules changed or added, to test views against (`hasChanged`).
    private let changed: RuleIndex
    private let hasChanged: Bool
    private var scratch: [RuleIndex.Match] = []

    /// A plan for a tree of `previous`'s shape, or nil when everything must be restyled: other
    /// appearances, rules reordered, too many rules changed, or provenance switched.
    init?(previous: StyledTree, stylesheet: Stylesheet, recordingProvenance: Bool) {
        guard previous.recordedProvenance == recordingProvenance else { return nil }
        let old = previous.stylesheet
        guard old.appearances.count == stylesheet.appearances.count,
              zip(old.appearances, stylesheet.appearances).allSatisfy(Self.same) else { return nil }

        // Pair each new rule with an identical old one (same selector, style and place),
        // keeping source order; the rest are changed or added.
        var oldByKey: [RuleKey: [Int]] = [:]
        for (i, rule) in old.rules.enumerated() { oldByKey[RuleKey(rule), default: []].append(i) }
        var oldForNew = [Int](repeating: -1, count: stylesheet.rules.count)
        var lastOld = -1
        var changedRules: [Rule] = []
        for (j, rule) in stylesheet.rules.enumerated() {
            let key = RuleKey(rule)
            if let candidates = oldByKey[key], let k = candidates.firstIndex(where: { Self.same(old.rules[$0], rule) }) {
                let i = candidates[k]
                guard i > lastOld else { return nil }  // reordered: cascade order may differ
                lastOld = i
                oldForNew[j] = i
                oldByKey[key]!.remove(at: k)
            } else {
                changedRules.append(rule)
            }
        }
        guard changedRules.reduce(0, { $0 + $1.selector.selectors.count }) <= Self.changedCandidateLimit else { return nil }

        // Both indices record into one table, so kept records stay valid.
        stylesheet.shareProvenanceTable(of: old)
        let oldIndex = old.ruleIndex, newIndex = stylesheet.ruleIndex
        var map = [Int32](repeating: -1, count: oldIndex.prepared.count)
        for (c, candidate) in newIndex.prepared.enumerated() where oldForNew[candidate.entry.rule] >= 0 {
            let oldRule = oldForNew[candidate.entry.rule]
            map[oldIndex.firstCandidate[oldRule] + candidate.entry.selector] = Int32(c)
        }
        self.previous = previous
        candidateMap = map
        changed = RuleIndex(changedRules)
        hasChanged = !changedRules.isEmpty
    }

    /// The values, provenance and matches view `i` keeps, or nil when it must be restyled.
    func kept(_ i: Int, _ view: View, filter: AncestorFilter) -> (values: ValueStore, record: ProvenanceRecord?, matches: [Int32])? {
        // Fields are read in place: copying an entry (or a pair of styles) retains all it holds.
        let styles = view.styles, literals = view.literals
        guard previous.entries[i].styles.count == styles.count, previous.entries[i].literals.count == literals.count else { return nil }
        for k in styles.indices where !Self.same(previous.entries[i].styles[k], styles[k]) { return nil }
        for k in literals.indices where !Self.same(previous.entries[i].literals[k], literals[k]) { return nil }
        var matches = previous.entries[i].matches
        for k in matches.indices {
            let mapped = candidateMap[Int(matches[k])]
            guard mapped >= 0 else { return nil }
            if mapped != matches[k] { matches[k] = mapped }  // copied only when the index moved
        }
        if hasChanged {
            changed.orderedMatches(for: view, filter: filter, into: &scratch)
            guard scratch.isEmpty else { return nil }
        }
        return (previous.entries[i].values, previous.entries[i].record, matches)
    }

    /// What pairs an old rule with a new one before comparing styles.
    private struct RuleKey: Hashable {
        let selector: [String]
        let location: SourceLocation
        init(_ rule: Rule) {
            selector = rule.selector.selectors.map(\.text)
            location = rule.location
        }
    }

    static func same(_ a: Rule, _ b: Rule) -> Bool {
        a.selector.selectors.map(\.text) == b.selector.selectors.map(\.text) && a.location == b.location && same(a.style, b.style)
    }

    static func same(_ a: Appearance, _ b: Appearance) -> Bool {
        a.kind === b.kind && a.order == b.order && a.location == b.location && same(a.style, b.style)
    }

    static func same(_ a: Literal, _ b: Literal) -> Bool {
        a.keyPath == b.keyPath && a.value == b.value && a.location == b.location
    }

    /// Styles with the same steps: values, paths and lines equal, and the very same functions
    /// (a function from another evaluation may do anything, so it counts as changed).
    static func same(_ a: Style, _ b: Style) -> Bool {
        guard a.kind === b.kind, a.location == b.location, a.operations.count == b.operations.count else { return false }
        for (x, y) in zip(a.operations, b.operations) {
            switch (x, y) {
            case (.set(let p, let v, let l), .set(let q, let w, let m)):
                guard p == q, v == w, l == m else { return false }
            case (.transform(let p, let f, let l), .transform(let q, let g, let m)):
                guard p == q, f === g, l == m else { return false }
            case (.function(let f, let l), .function(let g, let m)):
                guard f === g, l == m else { return false }
            default:
                return false
            }
        }
        return true
    }
}
