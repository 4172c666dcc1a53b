/// Values as a designer reads them: what the tree, `--explain`, `watch` and snapshots print,
/// and what a value prints as in Swift (`print(value)`, `"\(change)"`).
///
///     Value.color(Color(hex: "#974DFF")!).description                 // #974DFF
///     Value.font(.system(15, .bold)).description                       // system 15 bold
///     Value.insets(Insets(vertical: 8, horizontal: 16)).description    // 8, 16, 8, 16
///
/// Colors are `#RRGGBB`, or `#RRGGBBAA` when not opaque (`Color.displayHex`); dynamic colours
/// their name (or `dynamic`) and all four variants; fonts name, size, then weight (unless
/// regular), the text style they follow and traits; insets top, left, bottom, right; sizes `16×9`;
/// images `image "logo"` or `image(#974DFF)`; strings quoted; enums bare; `nil` for no value.
extension Value: CustomStringConvertible {
    public var description: String {
        switch self {
        case .number(let x): formatNumber(x)
        case .int(let i): String(i)
        case .bool(let b): b ? "true" : "false"
        case .string(let s): Value.quoted(s)
        case .enumCase(let c): c
        case .color(let c): c.displayHex
        case .dynamicColor(let c): c.description
        case .font(let f): f.description
        case .insets(let i): i.description
        case .size(let s): s.description
        case .image(let image): image.description
        case .null: "nil"
        }
    }

    /// A double-quoted string with quotes, backslashes and control characters escaped, so that
    /// a value with a newline stays on its line.
    public static func quoted(_ s: String) -> String {
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

extension Color: CustomStringConvertible {
    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var description: String { displayHex }
}

extension Font: CustomStringConvertible {
    /// `system 17`, `system 15 bold`, `system 17 body`, `Avenir-Heavy 16 italic small-caps`.
    public var description: String {
        var parts = [name, formatNumber(size)]
        if weight != .regular { parts.append(weight.rawValue) }
        if let textStyle { parts.append(textStyle.rawValue) }
        if italic { parts.append("italic") }
        if smallCaps { parts.append("small-caps") }
        return parts.joined(separator: " ")
    }
}

extension DynamicColor: CustomStringConvertible {
    /// `label(light #000000, dark #FFFFFF, highContrastLight #000000, highContrastDark #FFFFFF)`,
    /// or `dynamic(…)` for a script's own: every variant a view may take, a missing
    /// high-contrast one shown as the normal one it falls back to.
    public var description: String {
        (name ?? "dynamic") + "(" + variantsText + ")"
    }

    /// `light #000000, dark #FFFFFF, highContrastLight #000000, highContrastDark #FFFFFF`.
    public var variantsText: String {
        Variant.allCases.map { "\($0.rawValue) \(self[$0].displayHex)" }.joined(separator: ", ")
    }
}

extension Insets: CustomStringConvertible {
    /// Top, left, bottom, right: `8, 16, 8, 16`.
    public var description: String { [top, left, bottom, right].map(formatNumber).joined(separator: ", ") }
}

extension Size: CustomStringConvertible {
    /// `16×9`.
    public var description: String { "\(formatNumber(width))×\(formatNumber(height))" }
}

extension Image: CustomStringConvertible {
    /// `image "logo"`, or `image(#974DFF)` for an image of one colour.
    public var description: String {
        switch self {
        case .named(let name): "image \(Value.quoted(name))"
        case .color(let c): "image(\(c.displayHex))"
        }
    }
}
