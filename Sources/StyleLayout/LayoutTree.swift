import StyleCore

/// A tree as one layout reads it: each view once, level by level, so that a view's children are
/// consecutive nodes (node 0 is the root), and every value that moves a frame.
///
/// A pass works on node numbers: its sizes, texts and frames are arrays by node, not
/// dictionaries by view. Two trees with the same views in the same places and the same
/// layout-affecting values (`Property.affectsLayout`) have the same frames at the same options
/// (`LayoutEngine` keeps the last layout on that).
struct LayoutTree {
    /// The views, level by level.
    private(set) var views: [View] = []
    /// Each node's first child's node (its children follow it), and how many children it has.
    private(set) var firstChild: [Int32] = []
    private(set) var childCount: [Int32] = []
    /// The layout-affecting values of every view, in node order, each kind's in slot order
    /// (`Kind.layoutSlots`); a node's start at `valueStart[node]`.
    private(set) var values: [Value] = []
    private(set) var valueStart: [Int32] = []
    /// The most levels from the root to a leaf (1 for a root alone).
    private(set) var depth = 0

    var count: Int { views.count }
    /// How many layout-affecting values the views have.
    var valueCount: Int { values.count }

    /// The tree under `root`; `capacity`: room for so many views and values (the last tree's, when
    /// one is laid out again).
    init(_ root: View, capacity: (views: Int, values: Int) = (0, 0)) {
        views.reserveCapacity(capacity.views)
        firstChild.reserveCapacity(capacity.views)
        childCount.reserveCapacity(capacity.views)
        valueStart.reserveCapacity(capacity.views)
        values.reserveCapacity(capacity.values)
        views.append(root)
        var levelEnd = 1
        var next = 0
        depth = 1
        while next < views.count {
            if next == levelEnd {
                depth += 1
                levelEnd = views.count
            }
            let view = views[next]
            let children = view.children
            firstChild.append(Int32(truncatingIfNeeded: views.count))
            childCount.append(Int32(truncatingIfNeeded: children.count))
            views.append(contentsOf: children)
            valueStart.append(Int32(truncatingIfNeeded: values.count))
            let stored = view.values
            for slot in view.kind.layoutSlots { values.append(stored[slot]) }
            next += 1
        }
    }

    /// The nodes of a node's children, in order.
    @inline(__always)
    func children(of node: Int) -> Range<Int> {
        let first = Int(firstChild[node])
        return first..<(first + Int(childCount[node]))
    }

    /// Whether the tree under `root` is still this one: the same views in the same places with
    /// the same layout-affecting values (then a layout of one is a layout of the other). Reads
    /// each view where this tree has it and stops at the first difference, building nothing.
    func isUnchanged(under root: View) -> Bool {
        guard let top = views.first, top === root else { return false }
        return views.indices.allSatisfy(isUnchanged)
    }

    /// Whether a node's view still has the children and the layout-affecting values it had.
    private func isUnchanged(_ node: Int) -> Bool {
        let view = views[node]
        let children = view.children
        guard children.count == Int(childCount[node]) else { return false }
        var child = Int(firstChild[node])
        for c in children {
            guard c === views[child] else { return false }
            child += 1
        }
        let slots = view.kind.layoutSlots
        var v = Int(valueStart[node])
        let end = node + 1 < views.count ? Int(valueStart[node + 1]) : values.count
        guard end - v == slots.count else { return false }
        let stored = view.values
        for slot in slots {
            guard stored[slot] == values[v] else { return false }
            v += 1
        }
        return true
    }

    /// Whether `other` has the same views in the same places (its values aside).
    func hasSameViews(as other: LayoutTree) -> Bool {
        guard views.count == other.views.count, childCount == other.childCount else { return false }
        for i in views.indices where views[i] !== other.views[i] { return false }
        return true
    }
}
