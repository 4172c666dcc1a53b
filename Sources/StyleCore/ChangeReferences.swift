import Synchronization

/// The references of the views a change list is about, spelled when a change's `view` is read.
///
/// A trait change can change a fifth of a large tree's views, and a host most often delivers
/// the changes by identity (`StyleBinder`) without reading a single reference: spelling
/// thousands of paths for every change list was most of its cost. The table holds the kind,
/// id and place of each changed view and of the ancestors its path goes through, as they were
/// when the changes were made, so a reference read later (on another thread, after the tree
/// changed) is still the one the view had then.
///
///     let changes = try sheet.setTraits(dark, restyling: root)   // nothing spelled
///     print(changes.first?.view)                                  // spelled now: "StackView#root > Label[2]"
final class ChangeReferences: Sendable {
    /// The names, and the paths and digests worked out from them (kept as they are read); nil
    /// until the builder that made the table has named every changed view.
    private let table = Mutex<TreeReferences?>(nil)

    /// The reference of `entry`.
    func reference(at entry: Int) -> String {
        table.withLock { table in
            guard let table else { preconditionFailure("a change list's references are read once it is made") }
            return table.reference(at: entry)
        }
    }

    /// Takes the names, once.
    fileprivate func fill(kinds: [String], ids: [String?], parents: [Int32], siblingIndices: [Int32]) {
        table.withLock { table in
            precondition(table == nil, "a change list's references are named once")
            let names = TreeReferences()
            for i in kinds.indices {
                names.append(kind: kinds[i], id: ids[i], parent: Int(parents[i]), siblingIndex: Int(siblingIndices[i]))
            }
            table = names
        }
    }
}

/// Names views of a tree in a `ChangeReferences` as changes are found: each view named, and the
/// ancestors its path goes through up to the nearest with an id (or the tree's top, above the
/// tree's root when it has no id), each once. `finish()` hands the names to the table before
/// any reference is read.
struct ChangeReferencesBuilder {
    let references = ChangeReferences()
    /// The tree in `forEachInTree` order, root first.
    private let views: [View]
    /// By position: the parent's position (-1 for the root), and the 1-based place among its
    /// siblings; found in one pass along the path to each view when the first view is named.
    private var parents: [Int32] = []
    private var siblingIndices: [Int32] = []
    /// By position: the view's entry, or -1.
    private var entries: [Int32] = []
    /// By entry: the names, as `TreeReferences` takes them.
    private var kinds: [String] = []
    private var ids: [String?] = []
    private var entryParents: [Int32] = []
    private var entrySiblingIndices: [Int32] = []
    /// The views still to name, last first (kept between calls for its storage).
    private var pending: [Int] = []

    init(views: [View]) {
        precondition(!views.isEmpty, "a tree in order, root first")
        self.views = views
    }

    /// The entry of the view at `position`, with its path's views named first.
    mutating func entry(at position: Int) -> Int32 {
        if entries.isEmpty { start() }
        if entries[position] >= 0 { return entries[position] }
        // The views up to one named already or one with an id, last first.
        pending.removeAll(keepingCapacity: true)
        var j = position
        while entries[j] < 0 {
            pending.append(j)
            if views[j].id != nil { break }
            j = Int(parents[j])
        }
        for p in pending.reversed() {
            let view = views[p]
            let parent = view.id == nil ? entries[Int(parents[p])] : -1
            entries[p] = add(view, parent: parent, siblingIndex: siblingIndices[p])
        }
        return entries[position]
    }

    /// Gives the names to the table: after this, its changes' references can be read.
    func finish() {
        references.fill(kinds: kinds, ids: ids, parents: entryParents, siblingIndices: entrySiblingIndices)
    }

    /// Finds every view's parent and place, and names the root and the views above it that its
    /// path starts from.
    private mutating func start() {
        let n = views.count
        parents = [Int32](repeating: -1, count: n)
        siblingIndices = [Int32](repeating: 0, count: n)
        entries = [Int32](repeating: -1, count: n)
        var childCounts = [Int32](repeating: 0, count: n)
        var path: [Int] = []
        for i in views.indices {
            let parent = views[i].parent
            while let last = path.last, views[last] !== parent { path.removeLast() }
            if let p = path.last {
                parents[i] = Int32(p)
                childCounts[p] += 1
                siblingIndices[i] = childCounts[p]
            }
            path.append(i)
        }
        // The root's path may start above it: its ancestors up to one with an id, or the top.
        var parent: Int32 = -1
        for step in TreeReferences.pathStart(of: views[0]) {
            parent = add(step.view, parent: parent, siblingIndex: Int32(step.siblingIndex))
        }
        entries[0] = parent
    }

    private mutating func add(_ view: View, parent: Int32, siblingIndex: Int32) -> Int32 {
        let entry = Int32(kinds.count)
        kinds.append(view.kind.name)
        ids.append(view.id)
        entryParents.append(parent)
        entrySiblingIndices.append(siblingIndex)
        return entry
    }
}
