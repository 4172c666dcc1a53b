import StyleCore

/// One view's computed frame, and why it has that size.
public struct ViewLayout: Hashable, Sendable {
    /// In root coordinates.
    public var frame: Frame
    /// What decided the width (`"fillEqually of StackView#tabs"`, `"width constraint"`).
    public var widthReason: String {
        get { width.text }
        set { width = .text(newValue) }
    }
    /// What decided the height.
    public var heightReason: String {
        get { height.text }
        set { height = .text(newValue) }
    }
    /// A label's (or a button title's) text that does not fit its frame.
    public var truncation: Truncation?
    /// The reasons as data, spelled when read.
    var width: LayoutReason
    var height: LayoutReason

    public init(frame: Frame, widthReason: String, heightReason: String, truncation: Truncation? = nil) {
        self.init(frame: frame, width: .text(widthReason), height: .text(heightReason), truncation: truncation)
    }

    init(frame: Frame, width: LayoutReason, height: LayoutReason, truncation: Truncation? = nil) {
        self.frame = frame
        self.width = width
        self.height = height
        self.truncation = truncation
    }

    /// `width: …; height: …`, as the inspector shows it.
    public var reason: String { "width: \(widthReason); height: \(heightReason)" }

    public static func == (a: ViewLayout, b: ViewLayout) -> Bool {
        a.frame == b.frame && a.truncation == b.truncation && a.widthReason == b.widthReason && a.heightReason == b.heightReason
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(frame)
        hasher.combine(truncation)
        hasher.combine(widthReason)
        hasher.combine(heightReason)
    }
}

/// What a layout is computed for: the screen's width and the traits that move frames.
public struct LayoutOptions: Hashable, Sendable {
    /// The root's width in points (an iPhone's 375 by default).
    public var width: Double
    /// Right to left mirrors every horizontal arrangement, as UIKit's leading and trailing do.
    public var layoutDirection: LayoutDirection

    public static let defaultWidth = 375.0

    public init(width: Double = LayoutOptions.defaultWidth, layoutDirection: LayoutDirection = .leftToRight) {
        self.width = width
        self.layoutDirection = layoutDirection
    }

    /// The options for `traits` (their layout direction) at `width`.
    public init(width: Double = LayoutOptions.defaultWidth, traits: Traits) {
        self.init(width: width, layoutDirection: traits.layoutDirection)
    }
}

/// The frames of one tree: what `stylerun --layout` prints and a Swift host reads.
///
///     let layout = LayoutEngine(measurer: FontTextMeasurer()).layout(root)
///     layout.frame(of: subscribeButton)    // Frame(x: 16, y: 120, width: 343, height: 44)
public final class Layout {
    public let options: LayoutOptions
    /// The root the frames are of (kept, so the views' identities stay valid).
    public let root: View
    /// Fonts the tree named that are not installed, each once, with the one measured instead
    /// and the first view that uses it.
    public let substitutions: [FontWarning]
    /// The frames as a value, for renderers (`TreeJSONRenderer.frames`) and other threads.
    public let frames: LayoutFrames
    /// Whether these frames are the previous layout's, kept because nothing that moves a frame
    /// changed (`LayoutEngine`).
    public internal(set) var isReused = false

    /// The tree's depth when it was deeper than `LayoutEngine.maximumDepth` levels: then no
    /// view has a frame.
    public let tooDeep: Int?

    init(options: LayoutOptions, root: View, substitutions: [FontWarning], frames: LayoutFrames, tooDeep: Int? = nil) {
        self.tooDeep = tooDeep
        self.options = options
        self.root = root
        self.substitutions = substitutions
        self.frames = frames
    }

    /// The layout of a view of this tree; nil for a view of another tree.
    public func layout(of view: View) -> ViewLayout? { frames.layout(of: view) }

    /// A view's frame in root coordinates; nil for a view of another tree.
    public func frame(of view: View) -> Frame? { frames.layout(of: view)?.frame }

    /// How many views have a frame.
    public var count: Int { frames.count }
}

/// Each view's layout by the view's identity: valid while the tree it was computed for lives
/// (`Layout` keeps it alive).
public struct LayoutFrames: Sendable {
    /// Each view's node (`LayoutTree`) by its identity; shared by the layouts of one tree.
    let index: [ObjectIdentifier: Int32]
    /// The layouts by node.
    private let layouts: [ViewLayout]

    /// No frames (a tree too deep to lay out).
    init() {
        index = [:]
        layouts = []
    }

    /// `layouts` of `tree`'s nodes, found by `index` when it is of the same views.
    init(tree: LayoutTree, layouts: [ViewLayout], index: [ObjectIdentifier: Int32]?) {
        self.layouts = layouts
        if let index {
            self.index = index
        } else {
            var built: [ObjectIdentifier: Int32] = [:]
            built.reserveCapacity(tree.count)
            for (node, view) in tree.views.enumerated() { built[ObjectIdentifier(view)] = Int32(truncatingIfNeeded: node) }
            self.index = built
        }
    }

    public func layout(of view: View) -> ViewLayout? { index[ObjectIdentifier(view)].map { layouts[Int($0)] } }

    public var count: Int { layouts.count }
}

/// A font the tree names that is not installed: the substitution and the first view using it.
public struct FontWarning: Hashable, Sendable {
    public var substitution: FontSubstitution
    /// The view, as reload events name it (`#title`, `StackView > Label[2]`).
    public var view: String
    /// Where the view was built, when known.
    public var location: SourceLocation?

    public init(substitution: FontSubstitution, view: String, location: SourceLocation?) {
        self.substitution = substitution
        self.view = view
        self.location = location
    }
}
