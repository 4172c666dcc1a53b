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
    private var last: (layout: Layout, tree: LayoutTree)?
    /// Where each kind's views keep what layout reads.
    private let readers = LayoutReaders()

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
        if let last, last.layout.root === root, last.layout.options == options, last.tree.isUnchanged(under: root) {
            last.layout.isReused = true
            return last.layout
        }
        let tree = LayoutTree(root, capacity: last.map { ($0.tree.count, $0.tree.valueCount) } ?? (0, 0))
        guard tree.depth <= Self.maximumDepth else {
            last = nil
            return Layout(options: options, root: root, substitutions: [], frames: LayoutFrames(), tooDeep: tree.depth)
        }
        // The same views as the last layout's (another content size, a restyle): its index of
        // views by identity serves this one too.
        let index = last.flatMap { last in tree.hasSameViews(as: last.tree) ? last.layout.frames.index : nil }
        let pass = LayoutPass(tree: tree, readers: readers, measurer: measurer, imageSize: imageSize, options: options)
        pass.run()
        let layout = Layout(options: options, root: root, substitutions: pass.substitutions,
                            frames: LayoutFrames(tree: tree, layouts: pass.layouts, index: index))
        last = (layout, tree)
        return layout
    }
}
