import StyleCore

/// One layout of one tree: sizes measured bottom up (each view's answer kept for the pass),
/// then frames placed from the root down.
///
/// The rules, as UIKit's (REFERENCE "Layout"): the root is as wide as the screen and as tall as
/// its content; a plain view stacks its children one under another inside its
/// `layoutMargins`, each as wide as the margins allow unless it has a `width`; a stack view
/// arranges its visible children as `UIStackView` (`StackArrangement`); `width`, `height` and
/// `aspectRatio` are required constraints; leaves have intrinsic sizes from their content.
///
/// The pass works on the nodes of a `LayoutTree`: what it reads of each view, the sizes it
/// measured and the frames it placed are arrays by node.
final class LayoutPass {
    let tree: LayoutTree
    let measurer: TextMeasurer
    let imageSize: (Image) -> Size?
    let options: LayoutOptions
    /// Each node's layout, once placed (every node is).
    private(set) var layouts: [ViewLayout]
    private(set) var substitutions: [FontWarning] = []
    private let values: [LayoutValues]
    /// The content of the nodes that show some (`content[contentIndex[node]]`; -1: none).
    private var contentIndex: [Int32]
    private var content: [LayoutContent] = []
    /// Each node's height at a width and its natural width at a limit, as measured.
    private var heights: [SizeMemo]
    private var widths: [SizeMemo]
    /// The sizes of nodes measured at more than two lengths.
    private var moreHeights: [SizeKey: Double] = [:]
    private var moreWidths: [SizeKey: Double] = [:]

    private struct SizeKey: Hashable {
        let node: Int
        let length: Double
    }

    /// A node's sizes at up to two lengths (NaN: none yet).
    private struct SizeMemo {
        var key0 = Double.nan, value0 = 0.0, key1 = Double.nan, value1 = 0.0
    }

    init(tree: LayoutTree, readers: LayoutReaders, measurer: TextMeasurer, imageSize: @escaping (Image) -> Size?,
         options: LayoutOptions) {
        self.tree = tree
        self.measurer = measurer
        self.imageSize = imageSize
        self.options = options
        var values: [LayoutValues] = []
        values.reserveCapacity(tree.count)
        contentIndex = Array(repeating: -1, count: tree.count)
        for (node, view) in tree.views.enumerated() {
            let (v, c) = LayoutValues.read(tree.values, from: Int(tree.valueStart[node]), readers.reader(of: view.kind))
            values.append(v)
            if let c {
                contentIndex[node] = Int32(truncatingIfNeeded: content.count)
                content.append(c)
            }
        }
        self.values = values
        heights = Array(repeating: SizeMemo(), count: tree.count)
        widths = heights
        layouts = Array(repeating: ViewLayout(frame: .zero, width: .content, height: .content), count: tree.count)
    }

    /// Lays out the tree at the options' width.
    func run() {
        let width = options.width
        let height: Double
        let heightReason: LayoutReason
        if let h = values[0].height {
            height = h
            heightReason = .heightConstraint
        } else {
            height = self.height(of: 0, width: width)
            heightReason = .content
        }
        place(0, Frame(x: 0, y: 0, width: width, height: height), width: .screen(width), height: heightReason)
    }

    /// What the pass read of a node's view.
    @inline(__always)
    func values(of node: Int) -> LayoutValues { values[node] }

    @inline(__always)
    func role(of node: Int) -> LayoutRole { values[node].role }

    @inline(__always)
    func view(_ node: Int) -> View { tree.views[node] }

    private func remembered(_ memo: SizeMemo, _ more: [SizeKey: Double], node: Int, length: Double) -> Double? {
        if memo.key0 == length { return memo.value0 }
        if memo.key1 == length { return memo.value1 }
        return memo.key1.isNaN ? nil : more[SizeKey(node: node, length: length)]
    }

    private func remember(_ value: Double, in memo: inout SizeMemo, _ more: inout [SizeKey: Double], node: Int, length: Double) {
        if memo.key0.isNaN {
            memo.key0 = length
            memo.value0 = value
        } else if memo.key1.isNaN {
            memo.key1 = length
            memo.value1 = value
        } else {
            more[SizeKey(node: node, length: length)] = value
        }
    }

    // MARK: Constraints

    /// The width a node's own constraints fix: `width`, or `height × aspectRatio`.
    func fixedWidth(of node: Int) -> Double? {
        let v = values[node]
        if let w = v.width { return w }
        if let h = v.height, let r = v.aspectRatio { return h * r }
        return nil
    }

    /// The height a node's own constraints fix at a width: `height`, or `width ÷ aspectRatio`.
    func fixedHeight(of node: Int, width: Double) -> Double? {
        let v = values[node]
        if let h = v.height { return h }
        if let r = v.aspectRatio { return width / r }
        return nil
    }

    func widthConstraintReason(of node: Int) -> LayoutReason {
        values[node].width != nil ? .widthConstraint : .heightTimesAspectRatio
    }

    func heightConstraintReason(of node: Int) -> LayoutReason {
        values[node].height != nil ? .heightConstraint : .widthOverAspectRatio
    }

    // MARK: Measuring

    /// The width a node takes by itself (its intrinsic or fitting width), wrapping text at
    /// `maxWidth` when it may wrap.
    func naturalWidth(of node: Int, maxWidth: Double?) -> Double {
        if let w = fixedWidth(of: node) { return w }
        let length = maxWidth ?? -1
        if let w = remembered(widths[node], moreWidths, node: node, length: length) { return w }
        let w: Double
        let v = values[node]
        switch v.role {
        case .label:
            // One line does not wrap: its intrinsic width is the whole line (a narrower frame
            // truncates it); more lines wrap at the room there is, and are as wide as the widest.
            w = labelText(node, maxWidth: text(of: node)?.numberOfLines == 1 ? nil : maxWidth)?.size.width ?? 0
        case .button:
            w = buttonContentSize(node, maxWidth: nil).width
        case .textField:
            w = measured(node, maxWidth: nil)?.size.width ?? 0
        case .imageView:
            w = image(of: node).flatMap(imageSize)?.width ?? 0
        case .stack(let spec):
            let margins = stackMargins(node, spec)
            let inner = maxWidth.map { max(0, $0 - margins.left - margins.right) }
            let arrangement = StackArrangement(pass: self, stack: node, spec: spec, main: nil, cross: nil, widthLimit: inner)
            w = arrangement.width + margins.left + margins.right
        case .plain:
            let children = tree.children(of: node)
            if children.isEmpty {
                w = 0
            } else {
                let margins = v.margins
                let inner = maxWidth.map { max(0, $0 - margins.left - margins.right) }
                var widest = 0.0
                for child in children { widest = max(widest, naturalWidth(of: child, maxWidth: inner)) }
                w = widest + margins.left + margins.right
            }
        }
        remember(w, in: &widths[node], &moreWidths, node: node, length: length)
        return w
    }

    /// The height a node takes at a width.
    func height(of node: Int, width: Double) -> Double {
        if let h = fixedHeight(of: node, width: width) { return h }
        if let h = remembered(heights[node], moreHeights, node: node, length: width) { return h }
        let h: Double
        let v = values[node]
        switch v.role {
        case .label:
            h = labelText(node, maxWidth: width)?.size.height ?? 0
        case .button:
            h = buttonContentSize(node, maxWidth: width).height
        case .textField:
            h = measurer.metrics(of: fieldFont(of: node)).lineHeight.rounded(.up)
        case .imageView:
            h = image(of: node).flatMap(imageSize)?.height ?? 0
        case .stack(let spec):
            let margins = stackMargins(node, spec)
            let inner = max(0, width - margins.left - margins.right)
            let arrangement = StackArrangement(pass: self, stack: node, spec: spec,
                                               main: spec.axis == .horizontal ? inner : nil,
                                               cross: spec.axis == .vertical ? inner : nil, widthLimit: inner)
            h = arrangement.height + margins.top + margins.bottom
        case .plain:
            let margins = v.margins
            let inner = max(0, width - margins.left - margins.right)
            var sum = margins.top + margins.bottom
            let children = tree.children(of: node)
            for child in children { sum += height(of: child, width: fixedWidth(of: child) ?? inner) }
            h = children.isEmpty ? 0 : sum
        }
        remember(h, in: &heights[node], &moreHeights, node: node, length: width)
        return h
    }

    /// The distance from a node's top to its first (or last) baseline at a size, as
    /// `viewForFirstBaselineLayout` gives it: a text's baseline, a stack's first (last) visible
    /// arranged view's, and the bottom edge of any other view.
    func baseline(of node: Int, size: Size, last: Bool) -> Double {
        let v = values[node]
        switch v.role {
        case .label:
            guard let text = labelText(node, maxWidth: size.width) else { return size.height }
            // A label centres its text vertically in its frame.
            let top = (size.height - text.size.height) / 2
            return top + text.metrics.ascender + (last ? Double(max(0, text.lineCount - 1)) * text.metrics.lineHeight : 0)
        case .button:
            let insets = v.contentInsets
            guard let title = measured(node, maxWidth: max(0, size.width - insets.left - insets.right)) else { return size.height }
            let content = size.height - insets.top - insets.bottom
            let top = insets.top + (content - title.size.height) / 2
            return top + title.metrics.ascender + (last ? Double(max(0, title.lineCount - 1)) * title.metrics.lineHeight : 0)
        case .textField:
            let metrics = measurer.metrics(of: fieldFont(of: node))
            return (size.height - metrics.lineHeight) / 2 + metrics.ascender
        case .stack(let spec):
            let margins = stackMargins(node, spec)
            let inner = Size(width: max(0, size.width - margins.left - margins.right),
                             height: max(0, size.height - margins.top - margins.bottom))
            let arrangement = StackArrangement(pass: self, stack: node, spec: spec,
                                               main: spec.axis == .horizontal ? inner.width : inner.height,
                                               cross: spec.axis == .horizontal ? inner.height : inner.width,
                                               widthLimit: inner.width)
            let visible = arrangement.items.filter { !$0.isHidden }
            guard let item = last ? visible.last : visible.first else { return size.height }
            let rect = arrangement.rect(of: item)
            return margins.top + rect.y + baseline(of: item.node, size: rect.size, last: last)
        case .imageView, .plain:
            return size.height
        }
    }

    // MARK: Content

    /// A text of a node measured; a font that is not installed is noted once, at the first
    /// view that uses it.
    func measure(_ request: TextRequest, for node: Int) -> TextMeasurement {
        let m = measurer.measure(request)
        if let s = m.substitution, !substitutions.contains(where: { $0.substitution == s }) {
            let view = tree.views[node]
            substitutions.append(FontWarning(substitution: s, view: view.reference, location: view.location))
        }
        return m
    }

    /// A node's text, when it shows one.
    func text(of node: Int) -> TextRequest? {
        let i = Int(contentIndex[node])
        return i < 0 ? nil : content[i].text
    }

    func image(of node: Int) -> Image? {
        let i = Int(contentIndex[node])
        return i < 0 ? nil : content[i].image
    }

    func fieldFont(of node: Int) -> Font {
        let i = Int(contentIndex[node])
        return (i < 0 ? nil : content[i].fieldFont) ?? .system(17)
    }

    /// A node's text measured at a width on its own lines; nil when it has no text. The last two
    /// widths' answers are kept with the node (a pass asks at the same width to measure and to
    /// place), the rest asked of the measurer, which keeps every answer.
    func measured(_ node: Int, maxWidth: Double?) -> TextMeasurement? {
        let i = Int(contentIndex[node])
        guard i >= 0, var request = content[i].text else { return nil }
        let key = maxWidth ?? -1
        if content[i].key0 == key { return content[i].measured0 }
        if content[i].key1 == key { return content[i].measured1 }
        let m: TextMeasurement
        if request.numberOfLines == 1, let maxWidth, let natural = naturalMeasurement(i), natural.size.width <= maxWidth {
            // One line that fits: the same at this width as at none (`TextMeasurer`).
            m = natural
        } else {
            request.maxWidth = maxWidth
            m = measure(request, for: node)
        }
        // The older answer makes room.
        content[i].key1 = content[i].key0
        content[i].measured1 = content[i].measured0
        content[i].key0 = key
        content[i].measured0 = m
        return m
    }

    /// The text of `content[i]` as measured at no width, when the pass has it.
    private func naturalMeasurement(_ i: Int) -> TextMeasurement? {
        if content[i].key0 == -1 { return content[i].measured0 }
        if content[i].key1 == -1 { return content[i].measured1 }
        return nil
    }

    /// A label's text measured at a width (on `lines` lines, when given); nil when it has no text.
    func labelText(_ node: Int, maxWidth: Double?, lines: Int? = nil) -> TextMeasurement? {
        guard let lines else { return measured(node, maxWidth: maxWidth) }
        guard var request = text(of: node) else { return nil }
        request.maxWidth = maxWidth
        request.numberOfLines = lines
        return measure(request, for: node)
    }

    /// A button's intrinsic size: its image and title side by side, plus `contentEdgeInsets`.
    func buttonContentSize(_ node: Int, maxWidth: Double?) -> Size {
        let v = values[node]
        let insets = v.contentInsets
        let image = self.image(of: node).flatMap(imageSize) ?? .zero
        let room = maxWidth.map { max(0, $0 - insets.left - insets.right - image.width) }
        let title = measured(node, maxWidth: room)?.size ?? .zero
        return Size(width: image.width + title.width + insets.left + insets.right,
                    height: max(image.height, title.height) + insets.top + insets.bottom)
    }

    func stackMargins(_ node: Int, _ spec: StackSpec) -> Insets {
        spec.marginsRelative ? values[node].margins : .zero
    }

    // MARK: Placing

    func place(_ node: Int, _ frame: Frame, width: LayoutReason, height: LayoutReason) {
        var truncation: Truncation?
        let v = values[node]
        switch v.role {
        case .label:
            truncation = fittedText(labelText(node, maxWidth: frame.width), frame: frame) { lines in
                self.labelText(node, maxWidth: frame.width, lines: lines)
            }
        case .button:
            let insets = v.contentInsets
            let image = self.image(of: node).flatMap(imageSize) ?? .zero
            let room = max(0, frame.width - insets.left - insets.right - image.width)
            let content = Frame(x: 0, y: 0, width: room, height: max(0, frame.height - insets.top - insets.bottom))
            truncation = fittedText(measured(node, maxWidth: room), frame: content) { _ in nil }
        default:
            break
        }
        layouts[node] = ViewLayout(frame: frame, width: width, height: height, truncation: truncation)
        if case .stack(let spec) = v.role {
            placeArranged(node, spec, in: frame)
        } else {
            placeChildren(of: node, in: frame)
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
    private func placeChildren(of node: Int, in frame: Frame) {
        let children = tree.children(of: node)
        guard !children.isEmpty else { return }
        let margins = values[node].margins
        let inner = max(0, frame.width - margins.left - margins.right)
        let name = tree.views[node].selectorDescription
        var y = frame.y + margins.top
        for child in children {
            let fixed = fixedWidth(of: child)
            let width = fixed ?? inner
            let height = self.height(of: child, width: width)
            let x = options.layoutDirection == .rightToLeft
                ? frame.maxX - margins.right - width
                : frame.x + margins.left
            place(child, Frame(x: x, y: y, width: width, height: height),
                  width: fixed != nil ? widthConstraintReason(of: child) : .margins(of: name),
                  height: fixedHeight(of: child, width: width) != nil ? heightConstraintReason(of: child) : .content)
            y += height
        }
    }

    /// A stack view's arranged views, as `StackArrangement` places them in its content box.
    private func placeArranged(_ node: Int, _ spec: StackSpec, in frame: Frame) {
        let margins = stackMargins(node, spec)
        let content = Frame(x: frame.x + margins.left, y: frame.y + margins.top,
                            width: max(0, frame.width - margins.left - margins.right),
                            height: max(0, frame.height - margins.top - margins.bottom))
        let horizontal = spec.axis == .horizontal
        let arrangement = StackArrangement(pass: self, stack: node, spec: spec,
                                           main: horizontal ? content.width : content.height,
                                           cross: horizontal ? content.height : content.width,
                                           widthLimit: content.width, explains: true)
        for item in arrangement.items {
            let local = arrangement.rect(of: item)
            // Leading is the right edge in a right-to-left layout: the content box mirrors.
            let x = options.layoutDirection == .rightToLeft
                ? content.maxX - local.x - local.width
                : content.x + local.x
            place(item.node, Frame(x: x, y: content.y + local.y, width: local.width, height: local.height),
                  width: item.widthReason, height: item.heightReason)
        }
    }
}
