import LuaSyntax
import StyleCore

/// Fonts that follow Dynamic Type, written in a script, for hover: `font.preferred "body"`
/// and `f:scaled("body")`, with the size they take at each content size (companion to
/// `Hover.swift`).
enum DynamicTypeFonts {
    struct Occurrence {
        var range: Range<Int>
        var style: Font.TextStyle
        /// The size at `large`: the style's own for `font.preferred`, a literal receiver's for
        /// `:scaled`, nil when the receiver's size is not written as a number.
        var sizeAtLarge: Double?
    }

    /// The innermost preferred or scaled font written around `offset`, if any.
    static func at(_ offset: Int, in index: DocumentIndex) -> Occurrence? {
        var found: Occurrence?
        SyntaxWalker.walk(index.chunk) { event in
            guard case .expression(let e) = event, e.range.offsets.contains(offset), let o = occurrence(e) else { return }
            found = o
        }
        return found
    }

    private static func occurrence(_ e: LuaExpression) -> Occurrence? {
        switch e {
        case .call(let call):
            guard APIName.chain(call.callee) == ["font", "preferred"], call.arguments.count == 1,
                  case .string(let s) = call.arguments[0], let style = Font.TextStyle(rawValue: s.text) else { return nil }
            return Occurrence(range: e.range.offsets, style: style, sizeAtLarge: style.size)
        case .methodCall(let call):
            guard call.method.text == "scaled", call.arguments.count == 1, case .string(let s) = call.arguments[0],
                  let style = Font.TextStyle(rawValue: s.text) else { return nil }
            return Occurrence(range: e.range.offsets, style: style, sizeAtLarge: literalSize(of: call.receiver))
        default:
            return nil
        }
    }

    /// `font.system(20 …)`, `font.named("Lato", 20)`, `font.preferred "body"`: the size written.
    private static func literalSize(of e: LuaExpression) -> Double? {
        guard case .call(let call) = e, let chain = APIName.chain(call.callee) else { return nil }
        func number(_ e: LuaExpression?) -> Double? {
            switch e {
            case .number(.integer(let i), _)?: Double(i)
            case .number(.float(let x), _)?: x
            default: nil
            }
        }
        switch chain {
        case ["font", "system"]: return number(call.arguments.first)
        case ["font", "named"]: return call.arguments.count == 2 ? number(call.arguments[1]) : nil
        case ["font", "preferred"]:
            if case .string(let s)? = call.arguments.first { return Font.TextStyle(rawValue: s.text)?.size }
            return nil
        default: return nil
        }
    }

    /// `Text style \`body\`: follows Dynamic Type` and a table of the size at every content size.
    static func hoverText(_ o: Occurrence) -> String {
        let base = o.sizeAtLarge ?? o.style.size
        var text = "Text style `\(o.style.rawValue)`: follows Dynamic Type"
        text += o.sizeAtLarge == nil ? " (sizes for a font of the style's own size, \(formatNumber(o.style.size)) at large)\n\n"
                                     : ", \(formatNumber(base)) at large\n\n"
        text += "| content size | size |\n|---|---|\n"
        for size in ContentSize.allCases {
            let scaled = DynamicType.scaled(base, by: o.style, at: size)
            text += "| \(size.rawValue)\(size == .large ? " (default)" : "") | \(formatNumber(scaled)) |\n"
        }
        return text
    }
}
