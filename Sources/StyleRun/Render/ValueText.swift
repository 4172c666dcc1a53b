import StyleCore

extension Value {
    /// The value as a designer reads it in the terminal (tree, explain, watch).
    ///
    ///     Value.color(Color(hex: "#974DFF")!).displayText                 // #974DFF
    ///     Value.font(.system(15, .bold)).displayText                       // system 15 bold
    ///     Value.insets(Insets(vertical: 8, horizontal: 16)).displayText    // 8, 16, 8, 16
    ///
    /// Colors are `#RRGGBB`, or `#RRGGBBAA` when not opaque; fonts name, size, then weight
    /// (unless regular) and traits; insets top, left, bottom, right; sizes `16×9`; images
    /// `image "logo"` or `image(#974DFF)`; strings quoted; enums bare; `nil` for no value.
    public var displayText: String {
        switch self {
        case .number(let x): formatNumber(x)
        case .int(let i): String(i)
        case .bool(let b): b ? "true" : "false"
        case .string(let s): Value.quoted(s)
        case .enumCase(let c): c
        case .color(let c): c.displayHex
        case .font(let f): Value.displayFont(f)
        case .insets(let i): [i.top, i.left, i.bottom, i.right].map(formatNumber).joined(separator: ", ")
        case .size(let s): "\(formatNumber(s.width))×\(formatNumber(s.height))"
        case .image(.named(let name)): "image \(Value.quoted(name))"
        case .image(.color(let c)): "image(\(c.displayHex))"
        case .null: "nil"
        }
    }

    /// `displayText` with a swatch of the color before a color value when the terminal has colors.
    ///
    ///     Value.color(.white).styledText(Terminal(colors: true))    // "\u{1B}[38;2;255;255;255m██\u{1B}[0m #FFFFFF"
    public func styledText(_ terminal: Terminal) -> String {
        switch self {
        case .color(let c), .image(.color(let c)): terminal.swatch(c) + displayText
        default: displayText
        }
    }

    /// `system 17`, `system 15 bold`, `Avenir-Heavy 16 italic small-caps`.
    static func displayFont(_ f: Font) -> String {
        var parts = [f.name, formatNumber(f.size)]
        if f.weight != .regular { parts.append(f.weight.rawValue) }
        if f.italic { parts.append("italic") }
        if f.smallCaps { parts.append("small-caps") }
        return parts.joined(separator: " ")
    }

    /// A double-quoted string with quotes, backslashes and control characters escaped, so that
    /// a value with a newline stays on its line.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
