/// A walk of a tree in `forEachInTree` order, a view at a time, down the children's lists
/// themselves: a stack holds the list and place of each level left part way, so a tree of any
/// depth is walked without recursion, and no view is pushed and popped on the way (each push
/// was a reference counted). A view's children are read when the walk reaches it, before its
/// caller sees it: children added to a view already reached are not visited.
struct TreeWalk {
    private var levels: [(children: [View], next: Int)] = []
    private var children: [View]
    private var nextChild = 0

    init(_ root: View) { children = [root] }

    /// How many siblings ahead the walk asks for a view's object.
    private static let prefetchDistance = 2

    /// Asks the processor for the sibling a few places after the next view (its reference
    /// count and its children's list, in its first lines; `Prefetch.swift`): the walk's first
    /// touch of each view was the atomic add of a reference count.
    @inline(__always)
    private func prefetchSibling() {
        children.prefetchObject(at: nextChild + Self.prefetchDistance, lines: 2)
    }

    /// The next view, or nil when the walk is over.
    mutating func next() -> View? {
        guard moveToNext() else { return nil }
        prefetchSibling()
        let view = children[nextChild]
        nextChild += 1
        reached(view)
        return view
    }

    /// Appends the next view to `views`, read there rather than through a local of it (which
    /// was retained twice more and released at every view); false when the walk is over.
    mutating func appendNext(to views: inout [View]) -> Bool {
        guard moveToNext() else { return false }
        prefetchSibling()
        views.append(children[nextChild])
        nextChild += 1
        reached(views[views.count - 1])
        return true
    }

    /// Pops the levels whose lists are done; false when none is left.
    private mutating func moveToNext() -> Bool {
        while nextChild >= children.count {
            guard let level = levels.popLast() else { return false }
            (children, nextChild) = level
        }
        return true
    }

    /// Goes down into the children of `view`, the view just reached, when it has any.
    private mutating func reached(_ view: View) {
        guard !view.children.isEmpty else { return }
        levels.append((children, nextChild))
        (children, nextChild) = (view.children, 0)
    }
}
