/// The texts of a styled tree with the colours a reader sees them in: each label's text, each
/// button's title, each text field's text and placeholder, its colour composited as drawn
/// (`Compositing`) over the background actually behind it.
///
///     for sample in TextContrast.samples(in: root, screen: .light) where sample.ratio < 4.5 {
///         print(sample.view.selectorDescription, sample.ratio)
///     }
///
/// What counts as behind a text: the fills of the view and of each ancestor (its
/// `backgroundColor`; an image view's colour `image`; a button's colour `backgroundImage`; a
/// `roundedRect` field's own white or black), each view faded by its `alpha`, over the screen.
/// Not measured: a text that is not drawn (an empty or nil text or title, a placeholder of a
/// field that has text, a hidden view or one under a hidden one, an alpha of 0 on the way),
/// a disabled control's text (WCAG exempts inactive components), and a text over a named
/// image, whose pixels lint does not know.
public enum TextContrast {
    /// `cache`: what the walk works out of the tree (its views' names, its kinds' slots), kept
    /// from one call to the next over the same tree (its trait sets, its controls' states).
    public static func samples(in root: View, screen: ScreenColors, cache: TreeCache = TreeCache()) -> [TextSample] {
        var samples: [TextSample] = []
        // Each pending view with what its ancestors give it.
        var pending: [(View, Inherited)] = [(root, Inherited(ancestorsOf: root, screen: screen, cache: cache))]
        while let (view, inherited) = pending.popLast() {
            guard let here = inherited.entering(view, screen: screen, cache: cache) else { continue }
            samples += texts(of: view, here, screen: screen, cache: cache)
            for child in view.children.reversed() { pending.append((child, here)) }
        }
        return samples
    }

    /// What a view inherits from the views above it.
    struct Inherited {
        var layers: [CompositingLayer] = []
        /// Each layer's view, for naming the fills and alphas behind a text.
        var owners: [View] = []
        /// Each layer's fills, bottom first, named (`fills(of:screen:)`): worked out once, as
        /// the view is entered, not again for each text drawn over it.
        var ownerFills: [[ColorSource]] = []
        var tint: ColorSource?

        init() {}

        /// What the ancestors of `root` give it, when `root` is not the tree's root.
        init(ancestorsOf root: View, screen: ScreenColors, cache: TreeCache) {
            var chain: [View] = []
            var a = root.parent
            while let v = a { chain.append(v); a = v.parent }
            for v in chain.reversed() {
                // A hidden ancestor hides the subtree: an inherited value that hides everything.
                guard let next = entering(v, screen: screen, cache: cache) else {
                    self.layers = [CompositingLayer(opacity: 0)]
                    owners = [v]
                    ownerFills = [[]]
                    return
                }
                self = next
            }
        }

        /// This view's own state, or nil when nothing in it is drawn or readable.
        func entering(_ view: View, screen: ScreenColors, cache: TreeCache) -> Inherited? {
            guard cache.isDrawn(view), !layers.contains(where: { $0.opacity <= 0 }) else { return nil }
            let opacity: Double = if case .number(let a)? = cache.value(.alpha, of: view) { a } else { 1 }
            guard let fills = TextContrast.fills(of: view, screen: screen, cache: cache) else { return nil }
            var next = self
            next.layers.append(CompositingLayer(opacity: opacity, fills: fills.map(\.color)))
            next.owners.append(view)
            next.ownerFills.append(fills)
            if case .color(let c)? = cache.value(.tintColor, of: view) {
                next.tint = ColorSource(color: c, role: "tintColor of \(cache.name(of: view))",
                                        location: cache.location(of: .tintColor, in: view))
            }
            return next
        }
    }

    /// The fills a view draws under its content, bottom first; nil when one is a named image.
    static func fills(of view: View, screen: ScreenColors, cache: TreeCache) -> [ColorSource]? {
        var fills: [ColorSource] = []
        if case .color(let c)? = cache.value(.backgroundColor, of: view) {
            fills.append(ColorSource(color: c, role: "backgroundColor of \(cache.name(of: view))",
                                     location: cache.location(of: .backgroundColor, in: view)))
        }
        let imagePath: TreeCache.Path? = view.kind.isA(Schema.imageView) ? .image : view.kind.isA(Schema.button) ? .backgroundImage : nil
        if let imagePath, case .image(let image)? = cache.value(imagePath, of: view) {
            switch image {
            case .color(let c):
                fills.append(ColorSource(color: c, role: "\(imagePath.path) of \(cache.name(of: view))",
                                         location: cache.location(of: imagePath, in: view)))
            case .named:
                return nil
            }
        }
        if view.kind.isA(Schema.textField), cache.value(.borderStyle, of: view) == .enumCase("roundedRect") {
            fills.append(ColorSource(color: screen.background, role: "the roundedRect field's own fill of \(cache.name(of: view))",
                                     location: cache.location(of: .borderStyle, in: view)))
        }
        return fills
    }

    private static func texts(of view: View, _ here: Inherited, screen: ScreenColors, cache: TreeCache) -> [TextSample] {
        func sample(_ part: TextSample.Part, color: ColorSource, font: Font, layers: [CompositingLayer]) -> TextSample {
            TextSample(view: view, part: part, color: color, font: font, layers: layers,
                       sources: backgroundSources(here, screen: screen), screen: screen.background)
        }
        func nonEmpty(_ path: TreeCache.Path) -> Bool {
            if case .string(let s)? = cache.value(path, of: view) { return !s.isEmpty }
            return false
        }
        func font(_ path: TreeCache.Path) -> Font {
            if case .font(let f)? = cache.value(path, of: view) { return f }
            return .system(17)
        }
        // Disabled by its value (`isEnabled = false`, set by anything) or by its state (a host's
        // or the preview's `stateOverride`, `--state`): either way an inactive component.
        if cache.value(.isEnabled, of: view) == .bool(false) || (view.kind.isControl && view.state.contains(.disabled)) { return [] }
        if view.kind.isA(Schema.label) {
            guard nonEmpty(.text), case .color(let c)? = cache.value(.textColor, of: view) else { return [] }
            return [sample(.text, color: property(.textColor, c, of: view, cache: cache), font: font(.font), layers: here.layers)]
        }
        if view.kind.isA(Schema.button) {
            guard nonEmpty(.title) else { return [] }
            // The title label is a layer of its own inside the button, with its own fill and alpha.
            var layers = here.layers
            if case .number(let a)? = cache.value(.titleLabelAlpha, of: view), a <= 0 { return [] }
            if cache.value(.titleLabelIsHidden, of: view) == .bool(true) { return [] }
            var labelFills: [Color] = []
            if case .color(let c)? = cache.value(.titleLabelBackgroundColor, of: view) { labelFills.append(c) }
            let labelOpacity: Double = if case .number(let a)? = cache.value(.titleLabelAlpha, of: view) { a } else { 1 }
            if !labelFills.isEmpty || labelOpacity < 1 { layers.append(CompositingLayer(opacity: labelOpacity, fills: labelFills)) }
            return [sample(.title, color: titleColor(of: view, here, screen: screen, cache: cache), font: font(.titleLabelFont), layers: layers)]
        }
        if view.kind.isA(Schema.textField) {
            var found: [TextSample] = []
            if case .color(let c)? = cache.value(.textColor, of: view) {
                found.append(sample(.text, color: property(.textColor, c, of: view, cache: cache), font: font(.font), layers: here.layers))
            }
            if nonEmpty(.placeholder), !nonEmpty(.text) {
                let placeholder = ColorSource(color: screen.placeholder, role: "UIKit's placeholderText, TextField's placeholder colour",
                                              location: nil, isDefault: true)
                found.append(sample(.placeholder, color: placeholder, font: font(.font), layers: here.layers))
            }
            return found
        }
        return []
    }

    /// A button's title colour: its `titleColor`, else its tint (its own or the nearest
    /// ancestor's, as UIKit inherits `tintColor`), else the system's blue.
    private static func titleColor(of view: View, _ here: Inherited, screen: ScreenColors, cache: TreeCache) -> ColorSource {
        if case .color(let c)? = cache.value(.titleColor, of: view) { return property(.titleColor, c, of: view, cache: cache) }
        if let tint = here.tint { return tint }
        return ColorSource(color: screen.tint, role: "Button's default title colour, UIKit's tint systemBlue", location: nil, isDefault: true)
    }

    private static func property(_ path: TreeCache.Path, _ color: Color, of view: View, cache: TreeCache) -> ColorSource {
        let location = cache.location(of: path, in: view)
        return ColorSource(color: color, role: "\(path.path) of \(cache.name(of: view))", location: location,
                           isDefault: location == nil)
    }

    /// A view as messages name it: `Label#title.note`, or its path when it has no id
    /// (`StackView#root > Label[2]`).
    public static func name(_ view: View) -> String {
        view.id == nil ? view.reference : view.selectorDescription
    }

    /// What a walk over one tree works out once for the next (its trait sets, its controls'
    /// states): its views' names as messages give them (`TextContrast.name`) and their
    /// references (`View.reference`, a walk up to the root), and where each kind keeps the
    /// properties the walk reads, which a read by name would look up by hashing the name at
    /// every view.
    ///
    /// Keyed by the views' and kinds' identities: for the views of trees that live as long as
    /// it does. Not shared between threads.
    ///
    ///     let cache = TextContrast.TreeCache()
    ///     for traits in AccessibilityMatrix.traitSets { _ = TextContrast.samples(in: root, screen: .init(for: traits), cache: cache) }
    public final class TreeCache {
        /// The properties the walk reads.
        enum Path: Int, CaseIterable {
            case isHidden, alpha, tintColor, backgroundColor, image, backgroundImage, borderStyle, isEnabled
            case text, title, placeholder, font, textColor, titleColor
            case titleLabelFont, titleLabelAlpha, titleLabelIsHidden, titleLabelBackgroundColor

            var path: String {
                switch self {
                case .isHidden: "isHidden"
                case .alpha: "alpha"
                case .tintColor: "tintColor"
                case .backgroundColor: "backgroundColor"
                case .image: "image"
                case .backgroundImage: "backgroundImage"
                case .borderStyle: "borderStyle"
                case .isEnabled: "isEnabled"
                case .text: "text"
                case .title: "title"
                case .placeholder: "placeholder"
                case .font: "font"
                case .textColor: "textColor"
                case .titleColor: "titleColor"
                case .titleLabelFont: "titleLabel.font"
                case .titleLabelAlpha: "titleLabel.alpha"
                case .titleLabelIsHidden: "titleLabel.isHidden"
                case .titleLabelBackgroundColor: "titleLabel.backgroundColor"
                }
            }
        }

        private var references: [ObjectIdentifier: String] = [:]
        /// Each kind's slot of each `Path`, -1 where it has none.
        private var slots: [ObjectIdentifier: [Int]] = [:]
        /// The last kind asked about and its slots: most views are read many times in a row.
        private var lastKind: ObjectIdentifier?
        private var lastSlots: [Int] = []

        public init() {}

        public func name(of view: View) -> String {
            view.id == nil ? reference(of: view) : view.selectorDescription
        }

        public func reference(of view: View) -> String {
            let id = ObjectIdentifier(view)
            if let known = references[id] { return known }
            let reference = view.reference
            references[id] = reference
            return reference
        }

        /// The view's slot of `path`, nil when its kind has no such property.
        func slot(_ path: Path, of view: View) -> Int? {
            let kind = ObjectIdentifier(view.kind)
            if kind != lastKind {
                lastSlots = slots[kind] ?? {
                    let found = Path.allCases.map { view.kind.property($0.path)?.slot ?? -1 }
                    slots[kind] = found
                    return found
                }()
                lastKind = kind
            }
            let slot = lastSlots[path.rawValue]
            return slot < 0 ? nil : slot
        }

        /// Whether the view itself is drawn: not hidden, and at an alpha above 0 (a view under
        /// one that is not drawn is not either).
        public func isDrawn(_ view: View) -> Bool {
            if value(.isHidden, of: view) == .bool(true) { return false }
            if case .number(let a)? = value(.alpha, of: view), a <= 0 { return false }
            return true
        }

        /// `view[path.path]`, read by slot.
        func value(_ path: Path, of view: View) -> Value? {
            slot(path, of: view).map { view.values[$0] }
        }

        /// `TextContrast.location(of: path.path, in: view)`, read by slot.
        func location(of path: Path, in view: View) -> SourceLocation? {
            slot(path, of: view).flatMap { view.winner(ofSlot: $0)?.location }
        }
    }

    /// Where the value of `path` was last written, from the cascade's provenance: nil for the
    /// kind's default, or when the tree was styled without provenance.
    public static func location(of path: String, in view: View) -> SourceLocation? {
        guard let property = view.kind.property(path) else { return nil }
        return view.winner(of: property)?.location
    }

    /// The fills behind a text, topmost first, down to the first opaque one (or the screen).
    private static func backgroundSources(_ here: Inherited, screen: ScreenColors) -> [ColorSource] {
        var sources: [ColorSource] = []
        for fills in here.ownerFills.reversed() {
            for fill in fills.reversed() where fill.color.alpha > 0 {
                sources.append(fill)
                if fill.color.alpha >= 1 { return sources }
            }
        }
        sources.append(ColorSource(color: screen.background, role: "screen background", location: nil, isDefault: true))
        return sources
    }
}

/// The system's colours a screen's texts stand on, per colour scheme: the screen background
/// (UIKit's `systemBackground`), the placeholder text and the default tint.
public struct ScreenColors: Hashable, Sendable {
    public var background: Color
    public var placeholder: Color
    public var tint: Color

    public init(background: Color, placeholder: Color, tint: Color) {
        self.background = background
        self.placeholder = placeholder
        self.tint = tint
    }

    /// The system's colours for `traits`, from UIKit's semantic colours (`DynamicColor`):
    /// the screen's `systemBackground`, `placeholderText` and the tint `systemBlue`.
    public init(for traits: Traits) {
        self.init(background: DynamicColor.screenBackground(for: traits),
                  placeholder: DynamicColor.semantic["placeholderText"]!.resolved(for: traits),
                  tint: DynamicColor.semantic["systemBlue"]!.resolved(for: traits))
    }

    /// White; `placeholderText` #3C3C43 at 30 %; `systemBlue` #007AFF.
    public static let light = ScreenColors(for: Traits(colorScheme: .light))
    /// Black; `placeholderText` #EBEBF5 at 30 %; `systemBlue` #0A84FF.
    public static let dark = ScreenColors(for: Traits(colorScheme: .dark))

    public static func of(_ scheme: ColorScheme) -> ScreenColors { scheme == .dark ? .dark : .light }
}

/// A colour behind or of a text, with what it is and the line that set it.
public struct ColorSource: Hashable, Sendable {
    public var color: Color
    /// `textColor of Label#title`, `screen background`.
    public var role: String
    public var location: SourceLocation?
    /// Whether nothing in the script set it: a kind's default or the system's colour.
    public var isDefault: Bool

    public init(color: Color, role: String, location: SourceLocation?, isDefault: Bool = false) {
        self.color = color
        self.role = role
        self.location = location
        self.isDefault = isDefault
    }
}

/// One text of a view, measured.
public struct TextSample {
    public enum Part: String, Sendable {
        /// A label's or a text field's text.
        case text
        case title
        case placeholder
    }

    public let view: View
    public let part: Part
    /// The text's colour as set, with its source.
    public let color: ColorSource
    public let font: Font
    /// The views' layers from the root's to the text's own, for compositing other colours.
    public let layers: [CompositingLayer]
    /// The fills seen behind the text, topmost first, ending with an opaque one or the screen.
    public let sources: [ColorSource]
    public let screen: Color

    /// The background the reader sees.
    public var background: Color { Compositing.background(under: layers, over: screen) }
    /// The text as the reader sees it.
    public var foreground: Color { foreground(color.color) }
    public var ratio: Double { ContrastRatio.of(foreground, background) }

    /// Another text colour as it would be seen here.
    public func foreground(_ text: Color) -> Color { Compositing.text(text, under: layers, over: screen) }
}
