import StyleCore
import StyleLayout

/// `truncated-text` (a warning): a label whose text does not fit its frame at some content size
/// from `large` to `accessibilityExtraExtraExtraLarge`, named by the smallest size it breaks at.
///
///     var rule = TruncatedTextRule()
///     for size in AccessibilityMatrix.contentSizes { rule.look(at: layoutStyled(for: size), contentSize: size) }
///     rule.findings()                 // Label#title, cut from extraExtraLarge on
///
/// Each layout is of the screen restyled for that content size, so Dynamic Type fonts have
/// the size they take there and `when { contentSize = … }` styles apply. A label that is not
/// drawn (hidden, alpha 0, under one that is) is not checked.
public struct TruncatedTextRule {
    public static let code = Diagnostic.Code.truncatedText

    private struct Cut {
        let view: View
        let contentSize: ContentSize
        let frame: Frame
        let truncation: Truncation
    }

    private var order: [ObjectIdentifier] = []
    private var cuts: [ObjectIdentifier: Cut] = [:]

    public init() {}

    /// Notes each label `layout` cuts, laid out at `contentSize`; looked at smallest size first,
    /// the first size a label is cut at is kept. The tree is styled as it was laid out.
    public mutating func look(at layout: Layout, contentSize: ContentSize) {
        look(at: layout, contentSize: contentSize, labels: Self.drawnLabels(in: layout.root))
    }

    /// The labels of the tree under `root` that are drawn, as it is styled now, in tree order:
    /// what `look(at:contentSize:labels:)` checks in a layout of that styling, once the tree has
    /// been styled otherwise.
    public static func drawnLabels(in root: View) -> [View] {
        var labels: [View] = []
        SmallTouchTargetRule.forEachDrawn(root) { if $0.kind.isA(Schema.label) { labels.append($0) } }
        return labels
    }

    /// `look(at:contentSize:)` for `labels`, the labels drawn in the styling `layout` is of
    /// (`drawnLabels(in:)`).
    public mutating func look(at layout: Layout, contentSize: ContentSize, labels: [View]) {
        for view in labels {
            guard let laid = layout.layout(of: view), let truncation = laid.truncation else { continue }
            let id = ObjectIdentifier(view)
            if let known = cuts[id], known.contentSize <= contentSize { continue }
            if cuts[id] == nil { order.append(id) }
            cuts[id] = Cut(view: view, contentSize: contentSize, frame: laid.frame, truncation: truncation)
        }
    }

    public func findings() -> [AccessibilityFinding] {
        order.map { id in
            let cut = cuts[id]!
            let view = cut.view, t = cut.truncation, frame = cut.frame
            let lines: String = if case .int(let n)? = view["numberOfLines"], n != 0 {
                "; numberOfLines is \(n): 0 lets it wrap to as many lines as it needs"
            } else { "" }
            return AccessibilityFinding(code: Self.code, view: view, setAt: nil, severity: .warning) { _ in
                "The text of \(TextContrast.name(view)) does not fit its \(Frame.number(frame.width)) × \(Frame.number(frame.height)) frame "
                    + "from content size \(cut.contentSize.rawValue) on: \(t.charactersShown) of its \(t.characters) characters show"
                    + "\(lines). Let it grow with the text (no fixed height, fewer lines cut) or shorten it"
            }
        }
    }
}
