import StyleCore

/// `fixed-font-size` (a warning): a text in a font the script set that follows no Dynamic Type
/// text style, so it keeps one size whatever text size the reader chose.
///
///     FixedFontSizeRule().findings(in: root)    // the label whose font is font.system(14)
///
/// The texts: a label's `font`, a button's `titleLabel.font`, a text field's `font` (a label or
/// button with no text has nothing to read and is skipped). A font nothing set (the kind's
/// default `system 17`) is not a finding: no line of the script chose it, and a host gives its
/// own views their text styles. A font from `font.preferred(style)` or `f:scaled(style)` passes.
public struct FixedFontSizeRule: Sendable {
    public static let code = Diagnostic.Code.fixedFontSize

    public init() {}

    public func findings(in root: View) -> [AccessibilityFinding] {
        var found: [AccessibilityFinding] = []
        root.forEachInTree { view in
            guard let path = Self.fontPath(of: view), case .font(let font)? = view[path], font.scaling == nil,
                  let setAt = TextContrast.location(of: path, in: view) else { return }
            let style = Self.nearestStyle(to: font)
            found.append(AccessibilityFinding(code: Self.code, view: view, setAt: setAt, severity: .warning) { naming in
                "Font \(font) (\(path) of \(TextContrast.name(view)), set at \(naming(setAt))) does not follow Dynamic Type: "
                    + "it stays \(formatNumber(font.size)) points at every text size the reader chooses. "
                    + "Give it a text style: font.preferred(\"\(style.rawValue)\"), or :scaled(\"\(style.rawValue)\") to keep this font"
            })
        }
        return found
    }

    /// The property holding the font of a view's text; nil when the view shows no text.
    static func fontPath(of view: View) -> String? {
        func nonEmpty(_ path: String) -> Bool {
            if case .string(let s)? = view[path] { return !s.isEmpty }
            return false
        }
        if view.kind.isA(Schema.label) { return nonEmpty("text") ? "font" : nil }
        if view.kind.isA(Schema.button) { return nonEmpty("title") ? "titleLabel.font" : nil }
        if view.kind.isA(Schema.textField) { return "font" }
        return nil
    }

    /// The text style whose size at `large` is closest to the font's, of its weight on a tie
    /// (17 regular is `body`, 17 semibold `headline`).
    static func nearestStyle(to font: Font) -> Font.TextStyle {
        func distance(_ style: Font.TextStyle) -> (Double, Int) {
            (abs(style.size - font.size), style.weight == font.weight ? 0 : 1)
        }
        return Font.TextStyle.allCases.min { distance($0) < distance($1) }!
    }
}
