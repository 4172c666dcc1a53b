import StyleCore

/// Lays out styled trees, and keeps the last layout for the next one.
///
///     let engine = LayoutEngine(measurer: FontTextMeasurer())
///     let layout = engine.layout(root, options: LayoutOptions(width: 320))
///     layout.frame(of: title)          // Frame(x: 16, y: 16, width: 288, height: 21)
///
/// Incremental: laying out the same tree again (after a restyle, a reload) keeps the previous
/// frames when nothing that moves a view changed: the same views in the same places, the same
/// options, and the same value of every property the schema marks as layout-affecting
/// (`Property.affectsLayout`: text, fonts, margins, sizes, stack properties). A colour change
/// costs one comparison per view. Text measured once is not measured again (the measurer's cache).
public final class LayoutEngine {
    public let measurer: TextMeasurer
    /// A named image's size in points, when its file exists; nil otherwise (0 × 0).
    public let imageSize: (Image) -> Size?
    private var last: (layout: Layout, signature: LayoutSignature)?

    public init(measurer: TextMeasurer, imageSize: @escaping (Image) -> Size? = { _ in nil }) {
        self.measurer = measurer
        self.imageSize = imageSize
    }

    /// The deepest tree laid out: the pass recurses a few calls per level, and a deeper chain
    /// (a script can build one in a loop) would overflow the thread's stack (a debug build's 8 MB
    /// main thread holds some 600 levels of stack views). No screen comes near.
    public static let maximumDepth = 200

    /// The frames of every view under `root`; none for a tree deeper than `maximumDepth` levels
    /// (`Layout.tooDeep` then says how deep it is).
    public func layout(_ root: View, options: LayoutOptions = LayoutOptions()) -> Layout {
        let signature = LayoutSignature(root, options: options)
        if let last, last.layout.root === root, last.signature == signature {
            last.layout.isReused = true
            return last.layout
        }
        guard signature.depth <= Self.maximumDepth else {
            last = nil
            return Layout(options: options, root: root, substitutions: [], entries: [:], tooDeep: signature.depth)
        }
        let pass = LayoutPass(measurer: measurer, imageSize: imageSize, options: options)
        pass.run(root, count: signature.count)
        let layout = Layout(options: options, root: root, substitutions: pass.substitutions, entries: pass.entries)
        last = (layout, signature)
        return layout
    }
}

/// What a tree's frames depend on: its views in order with their parents, and their
/// layout-affecting values; two equal signatures give equal frames.
struct LayoutSignature: Equatable {
    let options: LayoutOptions
    private var views: [ObjectIdentifier] = []
    private var childCounts: [Int] = []
    private var values: [Value] = []
    /// How many views the tree has.
    var count: Int { views.count }
    /// The most levels from the root to a leaf (1 for a root alone).
    private(set) var depth = 0

    init(_ root: View, options: LayoutOptions) {
        self.options = options
        var pending = [(root, 1)]
        while let (view, level) = pending.popLast() {
            views.append(ObjectIdentifier(view))
            childCounts.append(view.children.count)
            depth = max(depth, level)
            for p in view.kind.properties where p.affectsLayout { values.append(view[p]) }
            pending.append(contentsOf: view.children.reversed().map { ($0, level + 1) })
        }
    }

    static func == (a: LayoutSignature, b: LayoutSignature) -> Bool {
        a.options == b.options && a.views == b.views && a.childCounts == b.childCounts && a.values == b.values
    }
}
