import StyleCore

/// The styled tree as one self-contained HTML5 page that looks like the screen (REFERENCE §2.1).
/// (Over 400 lines: one function per kind's content, and the CSS and escaping helpers only this
/// page uses, kept beside it.)
///
///     let page = HTMLRenderer().render(root, title: "subscribe.lua")
///     // <!DOCTYPE html> … <div data-kind="Button" id="subscribe" class="primary" role="button"
///     //   style="border-radius: 6px; …">See subscription options</div> …
///
/// Each view is a `<div>` with `data-kind` (its kind), `id` (when it has one) and `class` (its
/// classes, when it has any), styled inline from its applied values: a `StackView` is a flexbox,
/// a `Label` text, a `Button` a centred title, a `TextField` an input box with its text or
/// placeholder, an `ImageView` a box filled with its image's color or labelled with its name.
/// Kinds declared by hosts and scripts render as their nearest standard super-kind. The screen
/// is 375 points wide, one CSS pixel per point. The page has no scripts and loads nothing.
///
/// What CSS cannot show is left out: `adjustsFontSizeToFitWidth`, `keyboardType`,
/// `contentMode` (images are placeholders), and where UIKit truncates the head or the middle
/// of a line the page truncates its tail.
public struct HTMLRenderer: Sendable {
    /// A renderer.
    ///
    ///     HTMLRenderer().render(root, title: "app.lua")
    public init() {}

    /// The whole page: the document, its style sheet, and the root view inside a screen frame.
    ///
    ///     let html = HTMLRenderer().render(root, title: "subscribe.lua")
    ///     html.contains(#"id="subscribe""#)    // true
    ///
    /// - Parameters:
    ///   - root: the styled root view.
    ///   - title: the page's title, usually the script's file name; escaped.
    /// - Returns: the HTML text, ending in a newline.
    public func render(_ root: View, title: String) -> String {
        var body = ""
        write(root, parent: nil, depth: 1, to: &body)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLRenderer.escaped(title))</title>
            <style>
            \(HTMLRenderer.pageStyleSheet)
            </style>
            </head>
            <body>
            <main data-stylerun="screen">
            \(body)</main>
            </body>
            </html>

            """
    }

    /// The page's own rules. They select only `data-` attributes, so a view's classes and ids
    /// can never collide with them; everything about a view itself is inline.
    static let pageStyleSheet = """
        html { background: rgba(242, 242, 247, 1); }
        body { margin: 0; padding: 24px; display: flex; justify-content: center; }
        [data-stylerun="screen"] { width: 375px; min-height: 200px; background: rgba(255, 255, 255, 1);
          color: rgba(0, 0, 0, 1); font-family: \(systemFontFamily); font-size: 17px;
          border-radius: 12px; box-shadow: 0 2px 12px rgba(0, 0, 0, 0.15); overflow: hidden; }
        [data-kind] { box-sizing: border-box; position: relative; min-width: 0; }
        [data-part="image"] { display: inline-block; width: 1em; height: 1em; flex: none; }
        """

    static let systemFontFamily = #"-apple-system, system-ui, BlinkMacSystemFont, "Helvetica Neue", sans-serif"#

    // MARK: Views

    private func write(_ view: View, parent: View?, depth: Int, to out: inout String) {
        let indent = String(repeating: "  ", count: depth)
        var style = CSSDeclarations()
        var attributes = [("data-kind", view.kind.name)]
        if let id = view.id { attributes.append(("id", id)) }
        if !view.classes.isEmpty { attributes.append(("class", view.classes.joined(separator: " "))) }

        let family = Family(view.kind)
        if let parent, Family(parent.kind) == .stack { arrangedStyle(view, in: parent, &style) }
        var content = ""
        switch family {
        case .label: content = labelContent(view, &style)
        case .button:
            attributes.append(("role", "button"))
            if view["isEnabled"] == .bool(false) { attributes.append(("aria-disabled", "true")) }
            content = buttonContent(view, &style)
        case .textField: content = textFieldContent(view, &style)
        case .imageView: content = imageContent(view, &style)
        case .stack: stackStyle(view, &style)
        case .view: break
        }
        // After the kind's look, so that what the script set (a field's border, a background)
        // replaces the kind's own drawing.
        layerAndViewStyle(view, &style)
        if view["isHidden"] == .bool(true) { style.add("display", "none") }
        if !style.isEmpty { attributes.append(("style", style.text)) }

        out += indent + "<div"
        for (name, value) in attributes { out += " \(name)=\"\(HTMLRenderer.escaped(value))\"" }
        out += ">" + content
        if view.children.isEmpty {
            out += "</div>\n"
            return
        }
        out += "\n"
        for child in view.children { write(child, parent: view, depth: depth + 1, to: &out) }
        out += indent + "</div>\n"
    }

    /// The standard kind whose look a view takes.
    private enum Family {
        case view, label, button, textField, imageView, stack

        init(_ kind: Kind) {
            self = if kind.isA(Schema.label) { .label }
                else if kind.isA(Schema.button) { .button }
                else if kind.isA(Schema.textField) { .textField }
                else if kind.isA(Schema.imageView) { .imageView }
                else if kind.isA(Schema.stackView) { .stack }
                else { .view }
        }
    }

    /// What every view has: background, opacity, size, clipping, corners, border and shadow.
    private func layerAndViewStyle(_ view: View, _ style: inout CSSDeclarations) {
        if case .color(let c)? = view["backgroundColor"] { style.add("background-color", css(c)) }
        if case .number(let a)? = view["alpha"], a != 1 { style.add("opacity", css(a)) }
        if case .number(let w)? = view["width"] { style.add("width", px(w)); style.add("flex-shrink", "0") }
        if case .number(let h)? = view["height"] { style.add("height", px(h)); style.add("flex-shrink", "0") }
        if case .number(let r)? = view["aspectRatio"] { style.add("aspect-ratio", css(r)) }
        if view["clipsToBounds"] == .bool(true) || view["layer.masksToBounds"] == .bool(true) {
            style.add("overflow", "hidden")
        }
        if case .number(let r)? = view["layer.cornerRadius"], r > 0 { style.add("border-radius", px(r)) }
        if case .number(let w)? = view["layer.borderWidth"], w > 0 {
            // A layer's border is drawn inside its bounds, as `box-sizing: border-box` draws it.
            style.add("border", "\(px(w)) solid \(css(color(view["layer.borderColor"]) ?? .black))")
        }
        if case .number(let opacity)? = view["layer.shadowOpacity"], opacity > 0 {
            let base = color(view["layer.shadowColor"]) ?? .black
            var offset = Size.zero
            if case .size(let s)? = view["layer.shadowOffset"] { offset = s }
            var radius = 0.0
            if case .number(let r)? = view["layer.shadowRadius"] { radius = r }
            // Core Animation's radius is about half of CSS's blur length for the same spread.
            style.add("box-shadow", "\(px(offset.width)) \(px(offset.height)) \(px(radius * 2)) "
                + css(base.withAlpha(base.alpha * opacity)))
        }
    }

    /// How an arranged view sizes along its stack's axis (`distribution`).
    private func arrangedStyle(_ view: View, in stack: View, _ style: inout CSSDeclarations) {
        switch stack["distribution"] {
        case .enumCase("fillEqually")?: style.add("flex", "1 1 0")
        case .enumCase("fillProportionally")?: style.add("flex", "1 1 auto")
        default: break
        }
    }

    private func stackStyle(_ view: View, _ style: inout CSSDeclarations) {
        style.add("display", "flex")
        style.add("flex-direction", view["axis"] == .enumCase("vertical") ? "column" : "row")
        if case .number(let s)? = view["spacing"], s > 0 { style.add("gap", px(s)) }
        let alignment: String = switch view["alignment"] {
        case .enumCase("leading")?, .enumCase("top")?: "flex-start"
        case .enumCase("center")?: "center"
        case .enumCase("trailing")?, .enumCase("bottom")?: "flex-end"
        case .enumCase("firstBaseline")?: "first baseline"
        case .enumCase("lastBaseline")?: "last baseline"
        default: "stretch"
        }
        style.add("align-items", alignment)
        switch view["distribution"] {
        case .enumCase("equalSpacing")?: style.add("justify-content", "space-between")
        case .enumCase("equalCentering")?: style.add("justify-content", "space-around")
        default: break
        }
        if view["isLayoutMarginsRelativeArrangement"] == .bool(true), case .insets(let m)? = view["layoutMargins"] {
            style.add("padding", padding(m))
        }
    }

    private func labelContent(_ view: View, _ style: inout CSSDeclarations) -> String {
        textStyle(view, &style)
        if case .int(let lines)? = view["numberOfLines"] {
            lineStyle(lines: lines, breakMode: view["lineBreakMode"], &style)
        }
        guard case .string(let text)? = view["text"] else { return "" }
        return HTMLRenderer.escaped(text)
    }

    private func buttonContent(_ view: View, _ style: inout CSSDeclarations) -> String {
        style.add("display", "flex")
        style.add("align-items", "center")
        style.add("justify-content", "center")
        style.add("gap", "4px")
        style.add("white-space", "nowrap")
        style.add("cursor", "default")
        if case .font(let f)? = view["titleLabel.font"] { fontStyle(f, &style) }
        // A system button's title is its tint color (UIKit's default blue) unless it has its own.
        var title = color(view["titleColor"]) ?? color(view["tintColor"])
            ?? Color(red: 0, green: 122.0 / 255, blue: 1)
        if view["isEnabled"] == .bool(false) { title = title.withAlpha(title.alpha * 0.35) }
        style.add("color", css(title))
        switch view["backgroundImage"] {
        case .image(.color(let c))?: style.add("background-image", fill(c))
        case .image(.named)?: style.add("background-image", fill(HTMLRenderer.placeholderFill))
        default: break
        }
        if case .insets(let i)? = view["contentEdgeInsets"], i != .zero { style.add("padding", padding(i)) }

        var content = ""
        if case .image(let image)? = view["image"] {
            var part = CSSDeclarations()
            if case .insets(let i)? = view["imageEdgeInsets"], i != .zero { part.add("margin", padding(i)) }
            content += imagePart(image, &part)
        }
        if case .string(let text)? = view["title"] {
            var part = CSSDeclarations()
            if case .insets(let i)? = view["titleEdgeInsets"], i != .zero { part.add("margin", padding(i)) }
            content += part.isEmpty ? HTMLRenderer.escaped(text)
                : "<span data-part=\"title\" style=\"\(HTMLRenderer.escaped(part.text))\">\(HTMLRenderer.escaped(text))</span>"
        }
        return content
    }

    /// A button's small image: filled with its color, or a placeholder labelled by its name.
    private func imagePart(_ image: Image, _ part: inout CSSDeclarations) -> String {
        switch image {
        case .color(let c):
            part.add("background-image", fill(c))
            return "<span data-part=\"image\" style=\"\(HTMLRenderer.escaped(part.text))\"></span>"
        case .named(let name):
            part.add("background-image", fill(HTMLRenderer.placeholderFill))
            return "<span data-part=\"image\" title=\"\(HTMLRenderer.escaped(name))\" style=\"\(HTMLRenderer.escaped(part.text))\"></span>"
        }
    }

    private func textFieldContent(_ view: View, _ style: inout CSSDeclarations) -> String {
        switch view["borderStyle"] {
        case .enumCase("line")?: style.add("border", "1px solid \(css(.black))")
        case .enumCase("bezel")?:
            style.add("border", "1px solid \(css(Color(red: 0.56, green: 0.56, blue: 0.58)))")
            style.add("box-shadow", "inset 0 1px 2px \(css(Color.black.withAlpha(0.2)))")
            style.add("padding", "4px 7px")
        case .enumCase("roundedRect")?:
            style.add("border", "1px solid \(css(Color(red: 0.78, green: 0.78, blue: 0.8)))")
            style.add("border-radius", "5px")
            style.add("background-color", css(.white))
            style.add("padding", "4px 7px")
        default: break
        }
        textStyle(view, &style)
        style.add("white-space", "pre")
        style.add("overflow", "hidden")
        if case .string(let text)? = view["text"], !text.isEmpty {
            let shown = view["isSecureTextEntry"] == .bool(true) ? String(repeating: "•", count: text.count) : text
            return HTMLRenderer.escaped(shown)
        }
        if case .string(let placeholder)? = view["placeholder"], !placeholder.isEmpty {
            let color = css(Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.3))
            return "<span data-part=\"placeholder\" style=\"color: \(color)\">\(HTMLRenderer.escaped(placeholder))</span>"
        }
        // An empty inline block keeps an empty field one line tall, as UIKit sizes it.
        return "<span data-part=\"text\" style=\"display: inline-block\"></span>"
    }

    private func imageContent(_ view: View, _ style: inout CSSDeclarations) -> String {
        guard case .image(let image)? = view["image"] else { return "" }
        if view["width"] == .null, view["height"] == .null, view["aspectRatio"] == .null {
            // The real image's size is unknown: a placeholder the size of a toolbar icon.
            style.add("min-width", "44px")
            style.add("min-height", "44px")
        }
        switch image {
        case .color(let c):
            style.add("background-image", fill(c))
            return ""
        case .named(let name):
            style.add("background-image", fill(HTMLRenderer.placeholderFill))
            style.add("display", "flex")
            style.add("align-items", "center")
            style.add("justify-content", "center")
            style.add("overflow", "hidden")
            style.add("font-size", "11px")
            style.add("color", css(Color(red: 0.56, green: 0.56, blue: 0.58)))
            return HTMLRenderer.escaped(name)
        }
    }

    // MARK: Text

    /// `font`, `textColor` and `textAlignment` of a label or field.
    private func textStyle(_ view: View, _ style: inout CSSDeclarations) {
        if case .font(let f)? = view["font"] { fontStyle(f, &style) }
        if case .color(let c)? = view["textColor"] { style.add("color", css(c)) }
        if case .enumCase(let a)? = view["textAlignment"], a != "natural" {
            style.add("text-align", a == "justified" ? "justify" : a)
        }
    }

    private func fontStyle(_ f: Font, _ style: inout CSSDeclarations) {
        let family = f.name == "system" ? HTMLRenderer.systemFontFamily
            : "\"\(HTMLRenderer.cssString(f.name))\", \(HTMLRenderer.systemFontFamily)"
        style.add("font-family", family)
        style.add("font-size", px(f.size))
        style.add("font-weight", String(HTMLRenderer.cssWeight(f.weight)))
        if f.italic { style.add("font-style", "italic") }
        if f.smallCaps { style.add("font-variant", "small-caps") }
    }

    /// `numberOfLines` and `lineBreakMode`: one line, clamped lines, or as many as it takes.
    private func lineStyle(lines: Int, breakMode: Value?, _ style: inout CSSDeclarations) {
        let truncates = breakMode != .enumCase("byWordWrapping") && breakMode != .enumCase("byCharWrapping")
            && breakMode != .enumCase("byClipping")
        if breakMode == .enumCase("byCharWrapping") { style.add("overflow-wrap", "anywhere") }
        switch lines {
        case 1:
            style.add("white-space", "pre")
            style.add("overflow", "hidden")
            style.add("text-overflow", truncates ? "ellipsis" : "clip")
        case 0:
            style.add("white-space", "pre-wrap")
        default:
            style.add("white-space", "pre-wrap")
            style.add("display", "-webkit-box")
            style.add("-webkit-box-orient", "vertical")
            style.add("-webkit-line-clamp", String(lines))
            style.add("line-clamp", String(lines))
            style.add("overflow", "hidden")
        }
    }

    static func cssWeight(_ weight: Font.Weight) -> Int {
        switch weight {
        case .ultraLight: 100
        case .thin: 200
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }

    // MARK: CSS values

    /// The fill of a named image the page cannot load: iOS's light gray.
    static let placeholderFill = Color(red: 229.0 / 255, green: 229.0 / 255, blue: 234.0 / 255)

    /// `rgba(151, 77, 255, 1)`: channels rounded to bytes, alpha to three decimals.
    ///
    ///     HTMLRenderer.css(Color.black.withAlpha(0.6))    // rgba(0, 0, 0, 0.6)
    static func css(_ c: Color) -> String {
        func byte(_ x: Double) -> String { String(Int((min(max(x, 0), 1) * 255).rounded())) }
        return "rgba(\(byte(c.red)), \(byte(c.green)), \(byte(c.blue)), \(css(min(max(c.alpha, 0), 1))))"
    }

    /// A number in CSS: at most three decimals, never an exponent.
    static func css(_ x: Double) -> String {
        let rounded = (x * 1000).rounded() / 1000
        return formatNumber(rounded == 0 ? 0 : rounded)
    }

    private func css(_ c: Color) -> String { HTMLRenderer.css(c) }
    private func css(_ x: Double) -> String { HTMLRenderer.css(x) }
    private func px(_ x: Double) -> String { x == 0 ? "0" : css(x) + "px" }
    private func padding(_ i: Insets) -> String { [i.top, i.right, i.bottom, i.left].map(px).joined(separator: " ") }
    /// A solid color as an image layer, so that it sits over `background-color` as UIKit draws it.
    private func fill(_ c: Color) -> String { "linear-gradient(\(css(c)), \(css(c)))" }
    private func color(_ value: Value?) -> Color? {
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
private struct CSSDeclarations {
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
