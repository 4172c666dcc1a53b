import StyleRun

/// Which CSS property stands for each stylerun property the workload sets: one CSS property per
/// stylerun property (so the cascade keeps the same winners), of the same kind of value: colors
/// to colors, numbers to lengths or opacity, fonts to `font`, insets to a four-sided box,
/// enumerations and booleans to keyword properties. A property not listed stops the benchmark,
/// so a new property in the workload gets its equivalent chosen, not guessed.
extension BlinkPage {
    struct Equivalent: Sendable {
        var property: String
        var value: @Sendable (Value) -> String?
    }

    static let equivalents: [String: Equivalent] = [
        "backgroundColor": Equivalent(property: "background-color", value: color),
        "tintColor": Equivalent(property: "accent-color", value: color),
        "textColor": Equivalent(property: "color", value: color),
        "titleColor": Equivalent(property: "color", value: color),
        "font": Equivalent(property: "font", value: font),
        "titleLabel.font": Equivalent(property: "font", value: font),
        "alpha": Equivalent(property: "opacity", value: number),
        "width": Equivalent(property: "width", value: length),
        "height": Equivalent(property: "height", value: length),
        "spacing": Equivalent(property: "gap", value: length),
        "layer.cornerRadius": Equivalent(property: "border-radius", value: length),
        "layer.borderWidth": Equivalent(property: "border-width", value: length),
        "layoutMargins": Equivalent(property: "padding", value: box),
        "contentEdgeInsets": Equivalent(property: "margin", value: box),
        "imageEdgeInsets": Equivalent(property: "scroll-margin", value: box),
        "numberOfLines": Equivalent(property: "-webkit-line-clamp") { v in
            guard case .int(let n) = v else { return nil }
            return n == 0 ? "none" : String(n)
        },
        "clipsToBounds": Equivalent(property: "overflow-x", value: keyword(true: "hidden", false: "visible")),
        "layer.masksToBounds": Equivalent(property: "overflow-y", value: keyword(true: "hidden", false: "visible")),
        "translatesAutoresizingMaskIntoConstraints":
            Equivalent(property: "position", value: keyword(true: "static", false: "relative")),
        "adjustsFontSizeToFitWidth": Equivalent(property: "font-size-adjust", value: keyword(true: "from-font", false: "none")),
        "axis": Equivalent(property: "flex-direction", value: keyword(["horizontal": "row", "vertical": "column"])),
        "alignment": Equivalent(property: "align-items", value: keyword([
            "fill": "stretch", "leading": "flex-start", "top": "flex-start", "firstBaseline": "baseline",
            "center": "center", "trailing": "flex-end", "bottom": "flex-end", "lastBaseline": "last baseline",
        ])),
        "distribution": Equivalent(property: "justify-content", value: keyword([
            "fill": "normal", "fillEqually": "stretch", "fillProportionally": "normal",
            "equalSpacing": "space-between", "equalCentering": "space-around",
        ])),
        "lineBreakMode": Equivalent(property: "text-overflow", value: keyword([
            "byWordWrapping": "clip", "byCharWrapping": "clip", "byClipping": "clip",
            "byTruncatingHead": "ellipsis", "byTruncatingTail": "ellipsis", "byTruncatingMiddle": "ellipsis",
        ])),
        "contentMode": Equivalent(property: "object-fit", value: keyword([
            "scaleToFill": "fill", "scaleAspectFit": "contain", "scaleAspectFill": "cover", "center": "none",
            "top": "none", "bottom": "none", "left": "none", "right": "none",
        ])),
        "borderStyle": Equivalent(property: "border-style", value: keyword([
            "none": "none", "line": "solid", "bezel": "inset", "roundedRect": "solid",
        ])),
        "keyboardType": Equivalent(property: "text-transform", value: { v in
            guard case .enumCase(let c) = v else { return nil }
            return ["emailAddress", "URL"].contains(c) ? "lowercase" : "none"
        }),
        "placeholder": Equivalent(property: "content", value: { v in
            guard case .string(let s) = v else { return nil }
            return string(s)
        }),
    ]

    /// The declarations of one style's operations, in order.
    static func declarations(_ ops: [Workload.Op]) -> [(String, String)] {
        ops.map { op in
            switch op {
            case .set(_, let path, let value, _):
                guard let equivalent = equivalents[path] else { fail("no CSS property stands for \(path)") }
                guard let css = equivalent.value(value) else { fail("no CSS value for \(path) = \(value)") }
                return (equivalent.property, css)
            case .setField(_, let path, let field, let x):
                // One side of an inset box: the box shorthand's longhand.
                guard let equivalent = equivalents[path], ["padding", "margin", "scroll-margin"].contains(equivalent.property) else {
                    fail("no CSS property stands for \(path).\(field)")
                }
                return (equivalent.property + "-" + field, px(x))
            case .resizeFont(let size):
                return ("font-size", px(size))
            case .alphaFunction(let alpha):
                return ("opacity", Workload.formatted(alpha))
            }
        }
    }

    static func px(_ x: Double) -> String { Workload.formatted(x) + "px" }

    static func color(_ v: Value) -> String? {
        if case .color(let c) = v { return c.hex }
        return nil
    }

    static func number(_ v: Value) -> String? {
        if case .number(let x) = v { return Workload.formatted(x) }
        return nil
    }

    static func length(_ v: Value) -> String? {
        if case .number(let x) = v { return px(x) }
        return nil
    }

    static func box(_ v: Value) -> String? {
        guard case .insets(let i) = v else { return nil }
        return [i.top, i.right, i.bottom, i.left].map(px).joined(separator: " ")
    }

    static func font(_ v: Value) -> String? {
        guard case .font(let f) = v else { return nil }
        let family = f.name == "system" ? "system-ui" : string(f.name)
        return (f.italic ? "italic " : "") + (f.smallCaps ? "small-caps " : "") + "\(f.weight.openTypeWeight) \(px(f.size)) \(family)"
    }

    static func keyword(true yes: String, false no: String) -> @Sendable (Value) -> String? {
        { v in
            guard case .bool(let b) = v else { return nil }
            return b ? yes : no
        }
    }

    static func keyword(_ cases: [String: String]) -> @Sendable (Value) -> String? {
        { v in
            guard case .enumCase(let c) = v else { return nil }
            return cases[c]
        }
    }

    /// A CSS string.
    static func string(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
