import Dispatch
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
        switch prepare(root, options: options) {
        case .done(let layout):
            return layout
        case .pass(let pass, let index):
            pass.run()
            return finish(pass, index: index)
        }
    }

    /// Lays `root` out as `layout(_:options:)` does, with the pass on another thread: the views'
    /// layout-affecting values are read before this returns, so the caller may restyle the tree
    /// while the frames are worked out (lint styles a screen in its other trait sets meanwhile).
    /// Until then the tree's views must keep their kinds, ids, classes and children, and the
    /// engine and its measurer are the pass's: the next `layout` or `beginLayout` waits for it.
    ///
    ///     let pending = engine.beginLayout(root)
    ///     restyle(root, for: .dark)             // the layout reads none of it
    ///     let layout = pending.wait()           // the frames at the values read above
    public func beginLayout(_ root: View, options: LayoutOptions = LayoutOptions()) -> PendingLayout {
        switch prepare(root, options: options) {
        case .done(let layout):
            return PendingLayout(layout)
        case .pass(let pass, let index):
            let pending = PendingLayout(engine: self, pass: pass, index: index)
            self.pending = pending
            return pending
        }
    }

    /// The layout on another thread, not waited for yet.
    private var pending: PendingLayout?

    private enum Prepared {
        /// Nothing to work out: the last layout kept, or a tree too deep.
        case done(Layout)
        /// A pass that has read the tree, to run; `index`: the last layout's index of the same views.
        case pass(LayoutPass, index: [ObjectIdentifier: Int32]?)
    }

    /// Everything a layout reads of the tree, read now.
    private func prepare(_ root: View, options: LayoutOptions) -> Prepared {
        if let pending { _ = pending.wait() }
        if let last, last.layout.root === root, last.layout.options == options, last.tree.isUnchanged(under: root) {
            last.layout.isReused = true
            return .done(last.layout)
        }
        let tree = LayoutTree(root, capacity: last.map { ($0.tree.count, $0.tree.valueCount) } ?? (0, 0))
        guard tree.depth <= Self.maximumDepth else {
            last = nil
            return .done(Layout(options: options, root: root, substitutions: [], frames: LayoutFrames(), tooDeep: tree.depth))
        }
        // The same views as the last layout's (another content size, a restyle): its index of
        // views by identity serves this one too.
        let index = last.flatMap { last in tree.hasSameViews(as: last.tree) ? last.layout.frames.index : nil }
        return .pass(LayoutPass(tree: tree, readers: readers, measurer: measurer, imageSize: imageSize, options: options), index: index)
    }

    /// Keeps `layout` of `tree` as the last one (a pending layout's, once waited for).
    fileprivate func keep(_ layout: Layout, of tree: LayoutTree, from finished: PendingLayout) {
        last = (layout, tree)
        if pending === finished { pending = nil }
    }

    /// The layout of a pass that has run, kept as the last one.
    private func finish(_ pass: LayoutPass, index: [ObjectIdentifier: Int32]?) -> Layout {
        let layout = pass.layout(index: index)
        last = (layout, pass.tree)
        return layout
    }
}

extension LayoutPass {
    /// The layout of this pass, once it has run; `index`: the last layout's index of the same views.
    fileprivate func layout(index: [ObjectIdentifier: Int32]?) -> Layout {
        Layout(options: options, root: tree.views[0], substitutions: substitutions,
               frames: LayoutFrames(tree: tree, layouts: layouts, index: index))
    }
}

/// A layout begun on another thread (`LayoutEngine.beginLayout`); `wait()` gives it. Waited for
/// on the thread that began it, as the engine is used.
public final class PendingLayout {
    private enum State {
        case running(Handoff, [ObjectIdentifier: Int32]?)
        case done(Layout)
    }
    private var state: State
    /// The engine that keeps the layout once it is done; weak, so that an engine let go with a
    /// layout not waited for is freed.
    private weak var engine: LayoutEngine?

    /// What crosses to the pass's thread and back. The pass owns what it reads (a copy of the
    /// tree's values, its own arrays) and reads of the views only what the caller keeps as it
    /// is (kinds, ids, classes, children, locations); the engine's measurer is used by nothing
    /// else until `wait()`, which the semaphore orders after the pass.
    private final class Handoff: @unchecked Sendable {
        let pass: LayoutPass
        let done = DispatchSemaphore(value: 0)
        init(_ pass: LayoutPass) { self.pass = pass }
    }

    init(_ layout: Layout) {
        state = .done(layout)
    }

    init(engine: LayoutEngine, pass: LayoutPass, index: [ObjectIdentifier: Int32]?) {
        let handoff = Handoff(pass)
        state = .running(handoff, index)
        self.engine = engine
        // A queue of its own, which gets a thread of its own: on the shared pool's, a caller
        // that is itself one of the pool's workers (lint's files in parallel) could wait on a
        // pass that no free worker ever runs.
        DispatchQueue(label: "stylerun.layout", qos: .userInitiated).async {
            handoff.pass.run()
            handoff.done.signal()
        }
    }

    /// The layout, once its pass has run (at once after the first call).
    public func wait() -> Layout {
        switch state {
        case .done(let layout):
            return layout
        case .running(let handoff, let index):
            handoff.done.wait()
            let layout = handoff.pass.layout(index: index)
            engine?.keep(layout, of: handoff.pass.tree, from: self)
            state = .done(layout)
            return layout
        }
    }
}
