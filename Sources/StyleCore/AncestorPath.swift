/// The ancestors of the view the cascade is styling, in every form the cascade reads them: their
/// keys (`AncestorFilter`), the rule index's buckets of their names (`AncestorBuckets`), the
/// selector prefixes they match (`PrefixPath`), the
/// restyle plan's buckets of its changed rules' (`RestylePlan.push(_:)`), and their match
/// contexts. Every push and pop of that state is here, so its parts never disagree on where
/// the walk is.
///
/// The walk is depth first: before each view the path is cut back to the view's parent
/// (`leave(to:)`), and a view with children is entered after it is styled (`enter(_:context:)`).
/// The ancestors above the styled root are entered first (`enterAbove(_:)`) and never left.
///
///     var path = AncestorPath(index: index, plan: nil)
///     path.leave(to: view.parent)
///     steps.run(view, filter: path.filter, ancestors: path.buckets, …)
///     if !view.children.isEmpty { path.enter(view, context: context) }
struct AncestorPath {
    private(set) var filter: AncestorFilter
    private(set) var buckets = AncestorBuckets()
    private(set) var prefixes: PrefixPath
    private let index: RuleIndex
    private let plan: RestylePlan?
    /// The views entered from the styled root down (those above it are never left).
    private var views: [View] = []
    /// The match context of each view in `views`, when contexts are numbered.
    private var contexts: [Int32] = []
    /// How many views above the styled root were entered.
    private var aboveCount = 0

    /// `filter`, `prefixes`: empty (an engine keeps the last walk's to use again); a path of
    /// prefixes for another index is not taken.
    init(index: RuleIndex, plan: RestylePlan?, filter: AncestorFilter = AncestorFilter(), prefixes: PrefixPath? = nil) {
        precondition(filter.depth == 0, "A walk starts from an empty filter")
        self.index = index
        self.plan = plan
        self.filter = filter
        if let prefixes, prefixes.prefixCount == index.prefixes.count {
            precondition(prefixes.depth == 0, "A walk starts from an empty path")
            self.prefixes = prefixes
        } else {
            self.prefixes = PrefixPath(count: index.prefixes.count)
        }
    }

    /// The filter and the prefixes' path, emptied, for another walk; the path is done with.
    mutating func handBack() -> (AncestorFilter, PrefixPath) {
        var out = AncestorFilter.spent
        swap(&out, &filter)
        out.removeAll()
        var path = PrefixPath(count: 0)
        swap(&path, &prefixes)
        path.removeAll()
        return (out, path)
    }

    /// The match context of the nearest ancestor entered from the root down, if any.
    var parentContext: Int32? { contexts.last }

    /// Enters an ancestor of the styled root, top first.
    mutating func enterAbove(_ view: View) {
        precondition(views.isEmpty, "The ancestors above the root are entered before the walk")
        push(view)
        aboveCount += 1
    }

    /// Leaves the views entered since `parent` (the parent of the view the walk reached).
    mutating func leave(to parent: View?) {
        while let last = views.last, last !== parent {
            views.removeLast()
            if !contexts.isEmpty { contexts.removeLast() }
            filter.pop()
            prefixes.pop()
            buckets.pop()
            plan?.pop()
        }
    }

    /// Enters `view`, whose descendants come next; `context`: its match context, if numbered.
    mutating func enter(_ view: View, context: Int32?) {
        views.append(view)
        if let context { contexts.append(context) }
        push(view)
    }

    private mutating func push(_ view: View) {
        filter.push(view)
        prefixes.push(view, index)
        index.push(view, onto: &buckets)
        plan?.push(view)
    }

    /// Whether every part holds the same views: what the walk checks at its end.
    var isConsistent: Bool { filter.depth == aboveCount + views.count && prefixes.depth == filter.depth }
}
