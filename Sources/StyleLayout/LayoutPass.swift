import StyleCore

/// One layout of one tree: sizes measured bottom up (each view's answer kept for the pass),
/// then frames placed from the root down.
///
/// The rules, as UIKit's (REFERENCE "Layout"): the root is as wide as the screen and as tall as
/// its content; a plain view stacks its children one under another inside its
/// `layoutMargins`, each as wide as the margins allow unless it has a `width`; a stack view
/// arranges its visible children as `UIStackView` (`StackArrangement`); `width`, `height` and
/// `aspectRatio` are required constraints; leaves have intrinsic sizes from their content.
final class LayoutPass {
    let measurer: TextMeasurer
    let imageSize: (Image) -> Size?
    let options: LayoutOptions
    private(set) var entries: [ObjectIdentifier: ViewLayout] = [:]
    private(set) var substitutions: [FontWarning] = []
    private var values: [ObjectIdentifier: LayoutValues] = [:]
    private var heights: [SizeKey: Double] = [:]
    private var widths: [SizeKey: Double] = [:]

    private struct SizeKey: Hashable {
        let view: ObjectIdentifier
        let length: Double
    }

    init(measurer: TextMeasurer, imageSize: @escaping (Image) -> Size?, options: LayoutOptions) {
        self.measurer = measurer
        self.imageSize = imageSize
        self.options = options
    }

    /// Lays out the tree under `root` at the options' width; `count` views, if known, are
    /// room reserved for (a frame, a role and a size or two each).
    func run(_ root: View, count: Int = 0) {
        entries.reserveCapacity(count)
        values.reserveCapacity(count)
        heights.reserveCapacity(count * 2)
        widths.reserveCapacity(count)
        let width = options.width
        let height: Double
        let heightReason: String
        if let h = values(of: root).height {
            height = h
            heightReason = "height constraint"
        } else {
            height = self.height(of: root, width: width)
            heightReason = "its content"
        }
        place(root, Frame(x: 0, y: 0, width: width, height: height),
              widthReason: "the screen (\(Frame.number(width)))", heightReason: heightReason)
    }

    /// The view's layout values, read from it the first time the pass asks.
    func values(of view: View) -> LayoutValues {
        let id = ObjectIdentifier(view)
        if let v = values[id] { return v }
        let v = LayoutValues(view)
        values[id] = v
        return v
    }

    func role(of view: View) -> LayoutRole { values(of: view).role }

    // MARK: Constraints

    /// The width a view's own constraints fix: `width`, or `height × aspectRatio`.
    func fixedWidth(of view: View) -> Double? {
        let v = values(of: view)
        if let w = v.width { return w }
        if let h = v.height, let r = v.aspectRatio { return h * r }
        return nil
    }

    /// The height a view's own constraints fix at a width: `height`, or `width ÷ aspectRatio`.
    func fixedHeight(of view: View, width: Double) -> Double? {
        let v = values(of: view)
        if let h = v.height { return h }
        if let r = v.aspectRatio { return width / r }
        return nil
    }

    func widthConstraintReason(of view: View) -> String {
        values(of: view).width != nil ? "width constraint" : "height × aspectRatio"
    }

    func heightConstraintReason(of view: View) -> String {
        values(of: view).height != nil ? "height constraint" : "width ÷ aspectRatio"
    }

    // MARK: Measuring

    /// The width a view takes by itself (its intrinsic or fitting width), wrapping text at
    /// `maxWidth` when it may wrap.
    func naturalWidth(of view: View, maxWidth: Double?) -> Double {
        if let w = fixedWidth(of: view) { return w }
        let key = SizeKey(view: ObjectIdentifier(view), length: maxWidth ?? -1)
        if let w = widths[key] { return w }
        let w: Double
        switch role(of: view) {
        case .label:
            // One line does not wrap: its intrinsic width is the whole line (a narrower frame
            // truncates it); more lines wrap at the room there is, and are as wide as the widest.
            let lines = view.int("numberOfLines") ?? 1
            w = labelText(view, maxWidth: lines == 1 ? nil : maxWidth)?.size.width ?? 0
        case .button:
            w = buttonContentSize(view, maxWidth: nil).width
        case .textField:
            w = textFieldText(view).map { measure(TextRequest(text: $0, font: fieldFont(view)), for: view).size.width } ?? 0
        case .imageView:
            w = view.image("image").flatMap(imageSize)?.width ?? 0
        case .stack(let spec):
            let margins = stackMargins(view, spec)
            let inner = maxWidth.map { max(0, $0 - margins.left - margins.right) }
            let arrangement = StackArrangement(pass: self, stack: view, spec: spec, main: nil, cross: nil, widthLimit: inner)
            w = arrangement.width + margins.left + margins.right
        case .plain:
            let children = view.children
            if children.isEmpty {
                w = 0
            } else {
                let margins = values(of: view).margins
                let inner = maxWidth.map { max(0, $0 - margins.left - margins.right) }
                w = children.map { naturalWidth(of: $0, maxWidth: inner) }.max()! + margins.left + margins.right
            }
        }
        widths[key] = w
        return w
    }

    /// The height a view takes at a width.
    func height(of view: View, width: Double) -> Double {
        if let h = fixedHeight(of: view, width: width) { return h }
        let key = SizeKey(view: ObjectIdentifier(view), length: width)
        if let h = heights[key] { return h }
        let h: Double
        switch role(of: view) {
        case .label:
            h = labelText(view, maxWidth: width)?.size.height ?? 0
        case .button:
            h = buttonContentSize(view, maxWidth: width).height
        case .textField:
            h = measurer.metrics(of: fieldFont(view)).lineHeight.rounded(.up)
        case .imageView:
            h = view.image("image").flatMap(imageSize)?.height ?? 0
        case .stack(let spec):
            let margins = stackMargins(view, spec)
            let inner = max(0, width - margins.left - margins.right)
            let arrangement = StackArrangement(pass: self, stack: view, spec: spec,
                                               main: spec.axis == .horizontal ? inner : nil,
                                               cross: spec.axis == .vertical ? inner : nil, widthLimit: inner)
            h = arrangement.height + margins.top + margins.bottom
        case .plain:
            let children = view.children
            if children.isEmpty {
                h = 0
            } else {
                let margins = values(of: view).margins
                let inner = max(0, width - margins.left - margins.right)
                h = children.reduce(margins.top + margins.bottom) { sum, child in
                    sum + height(of: child, width: fixedWidth(of: child) ?? inner)
                }
            }
        }
        heights[key] = h
        return h
    }

    /// The distance from a view's top to its first (or last) baseline at a size, as
    /// `viewForFirstBaselineLayout` gives it: a text's baseline, a stack's first (last) visible
    /// arranged view's, and the bottom edge of any other view.
    func baseline(of view: View, size: Size, last: Bool) -> Double {
        switch role(of: view) {
        case .label:
            guard let text = labelText(view, maxWidth: size.width) else { return size.height }
            // A label centres its text vertically in its frame.
            let top = (size.height - text.size.height) / 2
            return top + text.metrics.ascender + (last ? Double(max(0, text.lineCount - 1)) * text.metrics.lineHeight : 0)
        case .button:
            let insets = view.insets("contentEdgeInsets") ?? .zero
            guard let title = buttonTitle(view, maxWidth: max(0, size.width - insets.left - insets.right)) else { return size.height }
            let content = size.height - insets.top - insets.bottom
            let top = insets.top + (content - title.size.height) / 2
            return top + title.metrics.ascender + (last ? Double(max(0, title.lineCount - 1)) * title.metrics.lineHeight : 0)
        case .textField:
            let metrics = measurer.metrics(of: fieldFont(view))
            return (size.height - metrics.lineHeight) / 2 + metrics.ascender
        case .stack(let spec):
            let margins = stackMargins(view, spec)
            let inner = Size(width: max(0, size.width - margins.left - margins.right),
                             height: max(0, size.height - margins.top - margins.bottom))
            let arrangement = StackArrangement(pass: self, stack: view, spec: spec,
                                               main: spec.axis == .horizontal ? inner.width : inner.height,
                                               cross: spec.axis == .horizontal ? inner.height : inner.width,
                                               widthLimit: inner.width)
            let visible = arrangement.items.filter { !$0.isHidden }
            guard let item = last ? visible.last : visible.first else { return size.height }
            let rect = arrangement.rect(of: item)
            return margins.top + rect.y + baseline(of: item.view, size: rect.size, last: last)
        case .imageView, .plain:
            return size.height
        }
    }

    // MARK: Content

    /// A text of `view` measured; a font that is not installed is noted once, at the first
    /// view that uses it.
    func measure(_ request: TextRequest, for view: View) -> TextMeasurement {
        let m = measurer.measure(request)
        if let s = m.substitution, !substitutions.contains(where: { $0.substitution == s }) {
            substitutions.append(FontWarning(substitution: s, view: view.reference, location: view.location))
        }
        return m
    }

    /// A label's text measured at a width; nil when it has no text.
    func labelText(_ view: View, maxWidth: Double?, lines: Int? = nil) -> TextMeasurement? {
        guard var request = values(of: view).text else { return nil }
        request.maxWidth = maxWidth
        if let lines { request.numberOfLines = lines }
        return measure(request, for: view)
    }

    func lineBreakMode(_ view: View, _ path: String) -> LineBreakMode {
        LineBreakMode(rawValue: view.enumCase(path) ?? "") ?? .byTruncatingTail
    }

    /// A button's title in its title label's font, on the title label's lines.
    func buttonTitle(_ view: View, maxWidth: Double?) -> TextMeasurement? {
        guard var request = values(of: view).text else { return nil }
        request.maxWidth = maxWidth
        return measure(request, for: view)
    }

    /// A button's intrinsic size: its image and title side by side, plus `contentEdgeInsets`.
    func buttonContentSize(_ view: View, maxWidth: Double?) -> Size {
        let insets = view.insets("contentEdgeInsets") ?? .zero
        let image = view.image("image").flatMap(imageSize) ?? .zero
        let room = maxWidth.map { max(0, $0 - insets.left - insets.right - image.width) }
        let title = buttonTitle(view, maxWidth: room)?.size ?? .zero
        return Size(width: image.width + title.width + insets.left + insets.right,
                    height: max(image.height, title.height) + insets.top + insets.bottom)
    }

    func fieldFont(_ view: View) -> Font { view.font("font") ?? .system(17) }

    func textFieldText(_ view: View) -> String? {
        if let t = view.string("text"), !t.isEmpty { return t }
        if let p = view.string("placeholder"), !p.isEmpty { return p }
        return nil
    }

    func stackMargins(_ view: View, _ spec: StackSpec) -> Insets {
        spec.marginsRelative ? values(of: view).margins : .zero
    }

    // MARK: Placing

    func place(_ view: View, _ frame: Frame, widthReason: String, heightReason: String) {
        var truncation: Truncation?
        switch role(of: view) {
        case .label:
            truncation = fittedText(labelText(view, maxWidth: frame.width), frame: frame) { lines in
                self.labelText(view, maxWidth: frame.width, lines: lines)
            }
        case .button:
            let insets = view.insets("contentEdgeInsets") ?? .zero
            let image = view.image("image").flatMap(imageSize) ?? .zero
            let room = max(0, frame.width - insets.left - insets.right - image.width)
            let content = Frame(x: 0, y: 0, width: room, height: max(0, frame.height - insets.top - insets.bottom))
            truncation = fittedText(buttonTitle(view, maxWidth: room), frame: content) { _ in nil }
        default:
            break
        }
        entries[ObjectIdentifier(view)] = ViewLayout(frame: frame, widthReason: widthReason,
                                                     heightReason: heightReason, truncation: truncation)
        if case .stack(let spec) = role(of: view) {
            placeArranged(view, spec, in: frame)
        } else {
            placeChildren(of: view, in: frame)
        }
    }

    /// The truncation of a text in a frame: the measurer's, or, in a frame too short for the
    /// text's lines, the lines that fit (`relayout` measures again on fewer lines).
    private func fittedText(_ text: TextMeasurement?, frame: Frame, relayout: (Int) -> TextMeasurement?) -> Truncation? {
        guard let text else { return nil }
        if frame.height + 0.5 < text.size.height, text.metrics.lineHeight > 0 {
            let lines = max(1, Int(frame.height / text.metrics.lineHeight))
            if lines < text.lineCount, let fewer = relayout(lines) { return fewer.truncation }
        }
        return text.truncation
    }

    /// A plain view's children, one under another inside its margins.
    private func placeChildren(of view: View, in frame: Frame) {
        let children = view.children
        guard !children.isEmpty else { return }
        let margins = values(of: view).margins
        let inner = max(0, frame.width - margins.left - margins.right)
        let name = view.selectorDescription
        var y = frame.y + margins.top
        for child in children {
            let fixed = fixedWidth(of: child)
            let width = fixed ?? inner
            let height = self.height(of: child, width: width)
            let x = options.layoutDirection == .rightToLeft
                ? frame.maxX - margins.right - width
                : frame.x + margins.left
            place(child, Frame(x: x, y: y, width: width, height: height),
                  widthReason: fixed != nil ? widthConstraintReason(of: child) : "the margins of \(name)",
                  heightReason: fixedHeight(of: child, width: width) != nil ? heightConstraintReason(of: child) : "its content")
            y += height
        }
    }

    /// A stack view's arranged views, as `StackArrangement` places them in its content box.
    private func placeArranged(_ view: View, _ spec: StackSpec, in frame: Frame) {
        let margins = stackMargins(view, spec)
        let content = Frame(x: frame.x + margins.left, y: frame.y + margins.top,
                            width: max(0, frame.width - margins.left - margins.right),
                            height: max(0, frame.height - margins.top - margins.bottom))
        let horizontal = spec.axis == .horizontal
        let arrangement = StackArrangement(pass: self, stack: view, spec: spec,
                                           main: horizontal ? content.width : content.height,
                                           cross: horizontal ? content.height : content.width,
                                           widthLimit: content.width, explains: true)
        for item in arrangement.items {
            let local = arrangement.rect(of: item)
            // Leading is the right edge in a right-to-left layout: the content box mirrors.
            let x = options.layoutDirection == .rightToLeft
                ? content.maxX - local.x - local.width
                : content.x + local.x
            place(item.view, Frame(x: x, y: content.y + local.y, width: local.width, height: local.height),
                  widthReason: item.widthReason, heightReason: item.heightReason)
        }
    }
}
