import StyleCore

/// One view's computed frame, and why it has that size.
public struct ViewLayout: Hashable, Sendable {
    /// In root coordinates.
    public var frame: Frame
    /// What decided the width (`"fillEqually of StackView#tabs"`, `"width constraint"`).
    public var widthReason: String
    /// What decided the height.
    public var heightReason: String
    /// A label's (or a button title's) text that does not fit its frame.
    public var truncation: Truncation?

    public init(frame: Frame, widthReason: String, heightReason: String, truncation: Truncation? = nil) {
        self.frame = frame
        self.widthReason = widthReason
        self.heightReason = heightReason
        self.truncation = truncation
    }

    /// `width: …; height: …`, as the inspector shows it.
    public var reason: String { "width: \(widthReason); height: \(heightReason)" }
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
    /// Fonts the tree named that are not installed, each once, with the one measured instead.
    public let substitutions: [FontSubstitution]
    /// Whether these frames are the previous layout's, kept because nothing that moves a frame
    /// changed (`LayoutEngine`).
    public internal(set) var isReused = false
    let entries: [ObjectIdentifier: ViewLayout]

    init(options: LayoutOptions, root: View, substitutions: [FontSubstitution], entries: [ObjectIdentifier: ViewLayout]) {
        self.options = options
        self.root = root
        self.substitutions = substitutions
        self.entries = entries
    }

    /// The layout of a view of this tree; nil for a view of another tree.
    public func layout(of view: View) -> ViewLayout? { entries[ObjectIdentifier(view)] }

    /// A view's frame in root coordinates; nil for a view of another tree.
    public func frame(of view: View) -> Frame? { entries[ObjectIdentifier(view)]?.frame }

    /// How many views have a frame.
    public var count: Int { entries.count }
}
