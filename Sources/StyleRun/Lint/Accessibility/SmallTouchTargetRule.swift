import StyleCore
import StyleLayout

/// `small-touch-target` (a warning): a control whose laid-out frame is under 44 × 44 points,
/// the smallest target Apple's Human Interface Guidelines give a finger (WCAG 2.2's 2.5.5 at
/// AAA asks the same), measured in a layout at `AccessibilityMatrix.width`.
///
///     SmallTouchTargetRule().findings(in: root, layout: layout)   // Button#close, 24 × 24
///
/// Every control is checked (`Button`, `TextField`, a kind declared `control = true`) except one
/// that is not drawn: hidden, at alpha 0, or under a view that is. A disabled control is
/// checked too: it is enabled again with the same frame.
public struct SmallTouchTargetRule: Sendable {
    public static let code = Diagnostic.Code.smallTouchTarget
    /// Points, each way.
    public static let minimum = 44.0

    public init() {}

    public func findings(in root: View, layout: Layout) -> [AccessibilityFinding] {
        var found: [AccessibilityFinding] = []
        Self.forEachDrawn(root) { view in
            guard view.kind.isControl, let laid = layout.layout(of: view) else { return }
            let frame = laid.frame
            guard frame.width < Self.minimum || frame.height < Self.minimum else { return }
            var short: [String] = []
            if frame.width < Self.minimum { short.append("width: \(laid.widthReason)") }
            if frame.height < Self.minimum { short.append("height: \(laid.heightReason)") }
            found.append(AccessibilityFinding(code: Self.code, view: view, setAt: nil, severity: .warning) { _ in
                "\(TextContrast.name(view)) is \(Frame.number(frame.width)) × \(Frame.number(frame.height)) points, under the "
                    + "44 × 44 a finger needs to hit it (\(short.joined(separator: "; "))). Make it at least 44 points each way: "
                    + "a size constraint, larger insets or a larger font"
            })
        }
        return found
    }

    /// Each view of the tree that is drawn: not hidden, not at alpha 0, under no view that is.
    /// `cache`: the tree's, where the caller keeps one (`TextContrast.TreeCache.isDrawn`).
    static func forEachDrawn(_ root: View, cache: TextContrast.TreeCache = .init(), _ body: (View) -> Void) {
        var pending = [root]
        while let view = pending.popLast() {
            guard cache.isDrawn(view) else { continue }
            body(view)
            pending += view.children.reversed()
        }
    }
}
