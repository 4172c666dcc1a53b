import StyleCore

/// What each standard kind draws inside its element, and the text styles of labels, buttons and
/// fields: the companion of `HTMLRenderer.swift`.
extension HTMLRenderer {
    func labelContent(_ view: View, _ style: inout CSSDeclarations) -> String {
        textStyle(view, &style)
        if case .int(let lines)? = view["numberOfLines"] {
            lineStyle(lines: lines, breakMode: view["lineBreakMode"], &style)
        }
        guard case .string(let text)? = view["text"] else { return "" }
        return HTMLRenderer.escaped(text)
    }

    func buttonContent(_ view: View, _ style: inout CSSDeclarations) -> String {
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
    func imagePart(_ image: Image, _ part: inout CSSDeclarations) -> String {
        switch image {
        case .color(let c):
            part.add("background-image", fill(c))
            return "<span data-part=\"image\" style=\"\(HTMLRenderer.escaped(part.text))\"></span>"
        case .named(let name):
            if let url = imageURL(name) {
                part.add("object-fit", "contain")
                return "<img data-part=\"image\" src=\"\(HTMLRenderer.escaped(url))\" alt=\"\(HTMLRenderer.escaped(name))\" style=\"\(HTMLRenderer.escaped(part.text))\">"
            }
            part.add("background-image", fill(HTMLRenderer.placeholderFill))
            return "<span data-part=\"image\" title=\"\(HTMLRenderer.escaped(name))\" style=\"\(HTMLRenderer.escaped(part.text))\"></span>"
        }
    }

    func textFieldContent(_ view: View, _ style: inout CSSDeclarations) -> String {
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
        // UIKit centres a field's one line vertically in whatever height it is given.
        style.add("display", "flex")
        style.add("align-items", "center")
        if case .enumCase(let a)? = view["textAlignment"], a == "center" || a == "right" {
            style.add("justify-content", a == "center" ? "center" : "flex-end")
        }
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

    func imageContent(_ view: View, _ style: inout CSSDeclarations) -> String {
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
            if let url = imageURL(name) {
                style.add("overflow", "hidden")
                let fit = HTMLRenderer.objectFit(view["contentMode"])
                return "<img data-part=\"image\" src=\"\(HTMLRenderer.escaped(url))\" alt=\"\(HTMLRenderer.escaped(name))\" "
                    + "style=\"display: block; width: 100%; height: 100%; object-fit: \(fit)\">"
            }
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
    func textStyle(_ view: View, _ style: inout CSSDeclarations) {
        if case .font(let f)? = view["font"] { fontStyle(f, &style) }
        if case .color(let c)? = view["textColor"] { style.add("color", css(c)) }
        if case .enumCase(let a)? = view["textAlignment"], a != "natural" {
            style.add("text-align", a == "justified" ? "justify" : a)
        }
    }

    func fontStyle(_ f: Font, _ style: inout CSSDeclarations) {
        var family = systemFamily
        var weight = f.weight, italic = f.italic
        if f.name != "system" {
            // A PostScript name is a family and a face: "Lato-BoldItalic" is Lato at 700, italic.
            let face = HTMLRenderer.face(ofPostScriptName: f.name)
            weight = face.weight ?? weight
            italic = italic || face.italic
            let names = face.family == f.name ? [f.name] : [f.name, face.family]
            family = names.map { "\"\(HTMLRenderer.cssString($0))\"" }.joined(separator: ", ") + ", " + family
        }
        style.add("font-family", family)
        style.add("font-size", px(f.size))
        style.add("font-weight", String(weight.openTypeWeight))
        if italic { style.add("font-style", "italic") }
        if f.smallCaps { style.add("font-variant", "small-caps") }
    }

    /// CSS's `object-fit` for a `contentMode`.
    static func objectFit(_ mode: Value?) -> String {
        switch mode {
        case .enumCase("scaleAspectFit")?: "contain"
        case .enumCase("scaleAspectFill")?: "cover"
        case .enumCase("scaleToFill")?, nil: "fill"
        default: "none"
        }
    }

    /// `numberOfLines` and `lineBreakMode`: one line, clamped lines, or as many as it takes.
    func lineStyle(lines: Int, breakMode: Value?, _ style: inout CSSDeclarations) {
        let truncates = breakMode != .enumCase("byWordWrapping") && breakMode != .enumCase("byCharWrapping")
            && breakMode != .enumCase("byClipping")
        if breakMode == .enumCase("byCharWrapping") {
            style.add("overflow-wrap", "anywhere")
        } else if lines != 1 {
            // A word wider than the line breaks between characters, as a label wraps it (and as
            // the layout measured it): the browser's default lets it run past the frame.
            style.add("overflow-wrap", "break-word")
        }
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

    /// The family, weight and slant a PostScript name spells (`Lato-Bold`, `Avenir-HeavyOblique`,
    /// `HelveticaNeue-UltraLightItalic`); the weight is nil when the name does not say.
    ///
    ///     HTMLRenderer.face(ofPostScriptName: "Lato-Bold")    // ("Lato", .bold, false)
    static func face(ofPostScriptName name: String) -> (family: String, weight: Font.Weight?, italic: Bool) {
        guard let dash = name.lastIndex(of: "-") else { return (name, nil, false) }
        var style = name[name.index(after: dash)...].lowercased()
        var italic = false
        for slant in ["italic", "oblique", "it"] where style.hasSuffix(slant) {
            style.removeLast(slant.count)
            italic = true
            break
        }
        let weights: [(String, Font.Weight)] = [
            ("ultralight", .ultraLight), ("extralight", .ultraLight), ("hairline", .ultraLight), ("thin", .thin),
            ("light", .light), ("book", .regular), ("regular", .regular), ("roman", .regular), ("", .regular),
            ("medium", .medium), ("semibold", .semibold), ("demibold", .semibold), ("demi", .semibold),
            ("bold", .bold), ("extrabold", .heavy), ("ultrabold", .heavy), ("heavy", .heavy), ("black", .black),
        ]
        guard let weight = weights.first(where: { $0.0 == style })?.1 else { return (name, nil, false) }
        return (String(name[..<dash]), style.isEmpty && !italic ? nil : weight, italic)
    }


}
