import StyleCore

/// Values as CSS, and text escaped for HTML: the companion of `HTMLRenderer.swift`.
extension HTMLRenderer {
    // MARK: CSS values

    /// The fill of a named image the page cannot load: iOS's light gray.
    static let placeholderFill = Color(red: 229.0 / 255, green: 229.0 / 255, blue: 234.0 / 255)

    /// `rgba(151, 77, 255, 1)`: `Color.css`, channels rounded to bytes, alpha to three decimals.
    ///
    ///     HTMLRenderer.css(Color.black.withAlpha(0.6))    // rgba(0, 0, 0, 0.6)
    public static func css(_ c: Color) -> String { c.css }

    /// A number in CSS: at most three decimals, never an exponent.
    static func css(_ x: Double) -> String {
        let rounded = (x * 1000).rounded() / 1000
        return formatNumber(rounded == 0 ? 0 : rounded)
    }

    func css(_ c: Color) -> String { HTMLRenderer.css(c) }
    func css(_ x: Double) -> String { HTMLRenderer.css(x) }
    func px(_ x: Double) -> String { x == 0 ? "0" : css(x) + "px" }
    func padding(_ i: Insets) -> String { [i.top, i.right, i.bottom, i.left].map(px).joined(separator: " ") }
    /// A solid color as an image layer, so that it sits over `background-color` as UIKit draws it.
    func fill(_ c: Color) -> String { "linear-gradient(\(css(c)), \(css(c)))" }
    func color(_ value: Value?) -> Color? {
        if case .color(let c)? = value { return c }
        return nil
    }

    // MARK: Escaping

    /// Text safe in HTML content and in double- or single-quoted attributes.
    ///
    ///     HTMLRenderer.escaped(#"<a href="x">Tom & 'Jerry'</a>"#)
    ///     // &lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;
    ///
    /// NUL, which HTML does not allow, becomes U+FFFD as a browser would read it.
    public static func escaped(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\u{0}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The inside of a double-quoted CSS string (a font name): quotes, backslashes and line
    /// breaks as CSS escapes.
    static func cssString(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n", "\r", "\u{C}": out += "\\A "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// The inline `style` of one element, in the order written, a later property replacing an
/// earlier one in place (so the text has each property once).
struct CSSDeclarations {
    private var declarations: [(property: String, value: String)] = []

    var isEmpty: Bool { declarations.isEmpty }

    mutating func add(_ property: String, _ value: String) {
        if let i = declarations.firstIndex(where: { $0.property == property }) {
            declarations.remove(at: i)
        }
        declarations.append((property, value))
    }

    var text: String { declarations.map { "\($0.property): \($0.value)" }.joined(separator: "; ") }
}
