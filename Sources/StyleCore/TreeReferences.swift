/// Every view's `View.reference` in a tree, built in one walk: each view's path is found from
/// its parent's in constant time, so a tree of any depth or width names all its views in time
/// and space linear in its size.
///
///     let references = TreeReferences(root)
///     references.reference(at: 0)    // the root's: "#root", or "StackView"
///     references.reference(at: 3)    // the fourth view of `forEachInTree`: "StackView#root > Label[2]"
///
/// A reference is `#id`, or the path of kinds with 1-based child indices from the nearest
/// ancestor with an id (or from the root), the steps joined by ` > `. A path of more than
/// `maximumSteps` steps is shortened to its last `keptSteps`, the steps above them written as
/// one step that counts them and gives a digest of their text, `(19969 steps, 1f2e3d4c5b6a7980)
/// > View[1] > … > Label[1]`: a 20,000-deep chain of unnamed views would otherwise have
/// references of 20,000 steps each, which every list of references (a snapshot, the preview's
/// page) would hold 20,000 times. The digest (64-bit FNV-1a of the text of the steps it stands
/// for, `View > View[1] > …`) keeps two such references apart when the steps above differ.
public final class TreeReferences {
    /// The most steps a reference has before it is shortened.
    public static let maximumSteps = 64
    /// The steps a shortened reference keeps, after the one that stands for the rest.
    public static let keptSteps = 32

    /// By entry: the ancestors above the root that its path starts from (outermost first), then
    /// the tree's views in `forEachInTree` order.
    private var parents: [Int] = []
    /// The entries' views, for a table made from a tree: a step is spelled from its view's kind
    /// and id only when a reference is read, so naming a tree spells only the references read
    /// (a trait change that changed a fifth of the views). Read such a table while the views'
    /// ids are as they were.
    private var views: [View] = []
    /// The entries' kinds and ids, for a table made of names (`append(kind:id:parent:siblingIndex:)`).
    private var kinds: [String] = []
    private var ids: [String?] = []
    /// The entry's 1-based place among its parent's children (0 for the root).
    private var siblingIndices: [Int32] = []
    /// The number of steps of the entry's path.
    private var stepCounts: [Int32] = []
    /// Entries before the root's.
    private let prefix: Int
    /// By entry, the digest of its whole path once `digest(of:)` has worked it out (empty until
    /// a shortened reference is first read).
    private var digests: [UInt64?] = []
    /// By entry, the path of an entry once `parentPath(of:)` has worked it out for a child's.
    private var parentPaths: [String?] = []

    /// The references of `root` and its descendants, by position in `forEachInTree` order.
    public convenience init(_ root: View) {
        var views: [View] = []
        var parents: [Int] = []
        var pending: [(view: View, parent: Int)] = [(root, -1)]
        while let (view, parent) = pending.popLast() {
            let index = views.count
            views.append(view)
            parents.append(parent)
            var i = view.children.count
            while i > 0 {
                i -= 1
                pending.append((view.children[i], index))
            }
        }
        self.init(views: views, parents: parents)
    }

    /// The references of `views`, a tree in `forEachInTree` order whose first view is the root,
    /// `parents[i]` the position of the parent of `views[i]` (-1 for the root).
    init(views: [View], parents: [Int]) {
        precondition(views.count == parents.count && !views.isEmpty && parents[0] < 0, "a tree in order, root first")
        // The root's path may start above it: its ancestors up to one with an id, or the top.
        let start = Self.pathStart(of: views[0])
        prefix = start.count - 1
        let count = prefix + views.count
        // The tree's own list when nothing is above it (no copy of it).
        self.views = prefix == 0 ? views : start.dropLast().map(\.view) + views
        self.parents.reserveCapacity(count)
        siblingIndices.reserveCapacity(count)
        stepCounts.reserveCapacity(count)
        for (i, step) in start.enumerated() { appendEntry(parent: i - 1, siblingIndex: step.siblingIndex) }
        var childCounts = [Int32](repeating: 0, count: views.count)
        for i in 1..<views.count {
            let parent = parents[i]
            childCounts[parent] += 1
            appendEntry(parent: parent + prefix, siblingIndex: Int(childCounts[parent]))
        }
    }

    /// The number of views (not counting the ancestors above the root).
    public var count: Int { parents.count - prefix }

    /// The reference of the view at `position` in `forEachInTree` order.
    public func reference(at position: Int) -> String {
        let entry = position + prefix
        if let id = id(of: entry) { return "#" + id }
        return path(of: entry)
    }

    /// The reference of the view at the end of `parent`'s chain, for `View.reference`.
    static func reference(of view: View) -> String {
        if let id = view.id { return "#" + id }
        // Only the path's views: the views below `view` are not needed.
        let references = TreeReferences(start: pathStart(of: view))
        return references.path(of: references.parents.count - 1)
    }

    /// The views `view`'s path starts from and goes through: its ancestors up to the nearest
    /// with an id (or the tree's top), outermost first, then `view`; each with its 1-based place
    /// among its parent's children (0 for the first, whose step has no index).
    static func pathStart(of view: View) -> [(view: View, siblingIndex: Int)] {
        var chain: [View] = [view]
        while chain.last!.id == nil, let parent = chain.last!.parent { chain.append(parent) }
        chain.reverse()
        return chain.indices.map { i in
            (chain[i], i == 0 ? 0 : (chain[i - 1].children.firstIndex { $0 === chain[i] } ?? 0) + 1)
        }
    }

    /// No views yet: `append` adds them, parents before children.
    init() { prefix = 0 }

    private init(start: [(view: View, siblingIndex: Int)]) {
        prefix = start.count - 1
        views = start.map(\.view)
        for (i, step) in start.enumerated() { appendEntry(parent: i - 1, siblingIndex: step.siblingIndex) }
    }

    /// Adds a view after its parent (at `parent`, an earlier entry, or -1 for the root), for a
    /// table made of names.
    func append(kind: String, id: String?, parent: Int, siblingIndex: Int) {
        precondition(views.isEmpty, "a table made of names, not of a tree")
        kinds.append(kind)
        ids.append(id)
        appendEntry(parent: parent, siblingIndex: siblingIndex)
    }

    /// The entry after the last, whose view, or kind and id, is in place.
    private func appendEntry(parent: Int, siblingIndex: Int) {
        let entry = parents.count
        parents.append(parent)
        siblingIndices.append(Int32(clamping: siblingIndex))
        stepCounts.append(parent < 0 || id(of: entry) != nil ? 1 : stepCounts[parent] + 1)
    }

    private func id(of entry: Int) -> String? { views.isEmpty ? ids[entry] : views[entry].id }
    private func kind(of entry: Int) -> String { views.isEmpty ? kinds[entry] : views[entry].kind.name }

    /// An entry's step: `Kind#id` for a view with an id, `Kind` for a path's first step (the
    /// root), `Kind[i]` otherwise.
    private func step(of entry: Int) -> String {
        var text = ""
        appendStep(of: entry, to: &text)
        return text
    }

    private func appendStep(of entry: Int, to text: inout String) {
        text += kind(of: entry)
        if let id = id(of: entry) {
            text += "#"
            text += id
        } else if parents[entry] >= 0 {
            text += "["
            let index = siblingIndices[entry]
            // Most views are among a parent's first nine children: no number formatting.
            if index < 10 { text.unicodeScalars.append(Unicode.Scalar(UInt8(48 + index))) } else { text += String(index) }
            text += "]"
        }
    }

    /// The path form of an entry's reference (`StackView#root > Label[2]`), shortened past
    /// `maximumSteps` steps.
    private func path(of entry: Int) -> String {
        let total = Int(stepCounts[entry])
        // A path that is not shortened is its parent's and one step: the parent's is kept, so
        // naming a view's children spells the path above them once.
        if total > 1 && total <= Self.maximumSteps {
            let above = parentPath(of: parents[entry])
            var text = ""
            // The parent's path, the separator and a step of a kind's name and an index.
            text.reserveCapacity(above.utf8.count + 32)
            text += above
            text += " > "
            appendStep(of: entry, to: &text)
            return text
        }
        let written = total > Self.maximumSteps ? Self.keptSteps : total
        // The entries of the steps written, last first; then the text in one string.
        var chain: [Int] = []
        chain.reserveCapacity(written)
        var j = entry
        for _ in 0..<written {
            chain.append(j)
            j = parents[j]
        }
        var text = ""
        if total > Self.maximumSteps {
            text = "(\(total - written) steps, \(Self.hex(digest(of: j)))) > "
        }
        for (n, e) in chain.reversed().enumerated() {
            if n > 0 { text += " > " }
            appendStep(of: e, to: &text)
        }
        return text
    }

    /// The path of `entry`, the parent of a path of at most `maximumSteps` steps (so it is not
    /// shortened itself), worked out from its own parent's and kept.
    private func parentPath(of entry: Int) -> String {
        kept(of: entry, in: &parentPaths, first: { step(of: $0) }, next: { above, e in
            var text = above + " > "
            appendStep(of: e, to: &text)
            return text
        })
    }

    /// FNV-1a of the text of an entry's whole path (`View > View[1] > …`), worked out when a
    /// shortened reference needs it: only paths longer than `maximumSteps` are digested. FNV-1a
    /// reads its text in order, so an entry's digest continues its parent's; each digest worked
    /// out is kept, and naming every view of a chain digests each step once, not once per view
    /// below it.
    private func digest(of entry: Int) -> UInt64 {
        kept(of: entry, in: &digests, first: { Self.fnv(Self.fnvOffset, step(of: $0)) },
             next: { above, e in Self.fnv(Self.fnv(above, " > "), step(of: e)) })
    }

    /// A value of `entry`'s path kept by entry in `values`: worked out down from the path's
    /// first step (`first`) or from the nearest entry above whose value is kept, each from its
    /// parent's (`next`), and kept for every entry on the way.
    private func kept<T>(of entry: Int, in values: inout [T?], first: (Int) -> T, next: (T, Int) -> T) -> T {
        if values.count < parents.count { values += repeatElement(nil, count: parents.count - values.count) }
        // The entries up to the path's start, or to one whose value is known, last first.
        var pending: [Int] = []
        var j = entry
        while values[j] == nil {
            pending.append(j)
            if stepCounts[j] == 1 { break }
            j = parents[j]
        }
        for e in pending.reversed() {
            values[e] = stepCounts[e] == 1 ? first(e) : next(values[parents[e]]!, e)
        }
        return values[entry]!
    }

    // MARK: Digest

    private static let fnvOffset: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let fnvPrime: UInt64 = 0x0000_0100_0000_01b3

    private static func fnv(_ start: UInt64, _ text: String) -> UInt64 {
        var h = start
        for byte in text.utf8 {
            h ^= UInt64(byte)
            h = h &* fnvPrime
        }
        return h
    }

    private static func hex(_ n: UInt64) -> String {
        let digits = String(n, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
