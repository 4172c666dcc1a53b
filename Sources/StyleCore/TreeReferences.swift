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
    private var ids: [String?] = []
    /// `Kind[i]`, or `Kind` for a path's first step (the root), or `Kind#id` for a view with an id.
    private var steps: [String] = []
    /// The number of steps of the view's path.
    private var stepCounts: [Int] = []
    /// FNV-1a of the text of the view's whole path.
    private var digests: [UInt64] = []
    /// Entries before the root's.
    private let prefix: Int

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
        var above: [View] = []
        var top = views[0]
        while top.id == nil, let parent = top.parent {
            above.append(parent)
            top = parent
        }
        prefix = above.count
        let count = prefix + views.count
        self.parents.reserveCapacity(count)
        ids.reserveCapacity(count)
        steps.reserveCapacity(count)
        stepCounts.reserveCapacity(count)
        digests.reserveCapacity(count)
        var chain = Array(above.reversed())
        chain.append(views[0])
        for (i, view) in chain.enumerated() {
            let siblingIndex = i == 0 ? 0 : (chain[i - 1].children.firstIndex { $0 === view } ?? 0) + 1
            append(view, parent: i - 1, siblingIndex: siblingIndex)
        }
        var childCounts = [Int](repeating: 0, count: views.count)
        for i in 1..<views.count {
            let parent = parents[i]
            childCounts[parent] += 1
            append(views[i], parent: parent + prefix, siblingIndex: childCounts[parent])
        }
    }

    /// The number of views (not counting the ancestors above the root).
    public var count: Int { parents.count - prefix }

    /// The reference of the view at `position` in `forEachInTree` order.
    public func reference(at position: Int) -> String {
        let entry = position + prefix
        if let id = ids[entry] { return "#" + id }
        return path(of: entry)
    }

    /// The reference of the view at the end of `parent`'s chain, for `View.reference`.
    static func reference(of view: View) -> String {
        if let id = view.id { return "#" + id }
        var chain: [View] = [view]
        while chain.last!.id == nil, let parent = chain.last!.parent { chain.append(parent) }
        // Only the chain: the views below `view` are not needed.
        let references = TreeReferences(chain: chain.reversed())
        return references.path(of: references.parents.count - 1)
    }

    /// No views yet: `append` adds them, parents before children.
    init() { prefix = 0 }

    private init(chain: [View]) {
        prefix = chain.count - 1
        for (i, view) in chain.enumerated() {
            let siblingIndex = i == 0 ? 0 : (chain[i - 1].children.firstIndex { $0 === view } ?? 0) + 1
            append(view, parent: i - 1, siblingIndex: siblingIndex)
        }
    }

    private func append(_ view: View, parent: Int, siblingIndex: Int) {
        append(kind: view.kind.name, id: view.id, parent: parent, siblingIndex: siblingIndex)
    }

    /// Adds a view after its parent (at `parent`, an earlier entry, or -1 for the root).
    func append(kind: String, id: String?, parent: Int, siblingIndex: Int) {
        let step: String, digest: UInt64, stepCount: Int
        if let id {
            step = "\(kind)#\(id)"
            (digest, stepCount) = (Self.fnv(Self.fnvOffset, step), 1)
        } else if parent < 0 {
            step = kind
            (digest, stepCount) = (Self.fnv(Self.fnvOffset, step), 1)
        } else {
            step = "\(kind)[\(siblingIndex)]"
            (digest, stepCount) = (Self.fnv(Self.fnv(digests[parent], " > "), step), stepCounts[parent] + 1)
        }
        parents.append(parent)
        ids.append(id)
        steps.append(step)
        stepCounts.append(stepCount)
        digests.append(digest)
    }

    /// The path form of an entry's reference (`StackView#root > Label[2]`), shortened past
    /// `maximumSteps` steps.
    private func path(of entry: Int) -> String {
        let total = stepCounts[entry]
        let written = total > Self.maximumSteps ? Self.keptSteps : total
        var kept: [String] = []
        kept.reserveCapacity(written + 1)
        var j = entry
        for _ in 0..<written {
            kept.append(steps[j])
            j = parents[j]
        }
        if total > Self.maximumSteps {
            kept.append("(\(total - written) steps, \(Self.hex(digests[j])))")
        }
        return kept.reversed().joined(separator: " > ")
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
