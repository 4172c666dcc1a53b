import StyleRun
import LuaSyntax
import StyleCore

/// Colours written in a script, for swatches, the picker and hover: `color "#hex"`, `rgb(…)`
/// and `white(…)` with literal numbers, the named colours, and hex strings where a colour goes.
enum ColorLiterals {
    struct Occurrence {
        var range: Range<Int>
        var color: Color
    }

    static func all(in index: DocumentIndex) -> [Occurrence] {
        var found: [Occurrence] = []
        var covered: [Range<Int>] = []
        SyntaxWalker.walk(index.chunk) { event in
            guard case .expression(let e) = event, let color = color(of: e) else { return }
            let range = e.range.offsets
            guard !covered.contains(where: { $0.contains(range.lowerBound) }) else { return }
            covered.append(range)
            found.append(Occurrence(range: range, color: color))
        }
        return found
    }

    /// The colour an expression stands for without running anything, or nil.
    static func color(of expression: LuaExpression) -> Color? {
        switch expression {
        case .string(let s):
            return s.text.hasPrefix("#") ? Color(hex: s.text) : nil
        case .call(let call):
            let numbers = call.arguments.compactMap(number)
            switch APIName.global(call.callee) {
            case "color"?:
                if case .string(let s)? = call.arguments.first, call.arguments.count == 1 { return Color(hex: s.text) }
            case "rgb"?:
                guard numbers.count == call.arguments.count, (3...4).contains(numbers.count) else { return nil }
                return Color(red: numbers[0] / 255, green: numbers[1] / 255, blue: numbers[2] / 255, alpha: numbers.count == 4 ? numbers[3] : 1)
            case "white"?:
                guard numbers.count == call.arguments.count, (1...2).contains(numbers.count) else { return nil }
                return Color(red: numbers[0], green: numbers[0], blue: numbers[0], alpha: numbers.count == 2 ? numbers[1] : 1)
            default:
                return nil
            }
            return nil
        case .index(let index):
            guard APIName.chain(.index(index))?.first == "color", case .field(let name) = index.key else { return nil }
            return Color.named[name.text]  // the values the bindings give `color.NAME`
        default:
            return nil
        }
    }

    private static func number(_ e: LuaExpression) -> Double? {
        switch e {
        case .number(.integer(let i), _): Double(i)
        case .number(.float(let x), _): x
        case .binary(let b) where b.op == .divide:
            number(b.lhs).flatMap { l in number(b.rhs).flatMap { r in r == 0 ? nil : l / r } }
        default: nil
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque, as the tree writes it.
    static func hex(_ c: Color) -> String { c.displayHex }
}

extension Features {
    /// `textDocument/documentColor`.
    func documentColors(_ doc: TextDocument, index: DocumentIndex?) -> JSONValue {
        guard let index else { return [] }
        return .array(ColorLiterals.all(in: index).map { o in
            ["range": doc.range(o.range).json,
             "color": ["red": .number(o.color.red), "green": .number(o.color.green),
                       "blue": .number(o.color.blue), "alpha": .number(o.color.alpha)]]
        })
    }

    /// `textDocument/colorPresentation`: the picked colour written the way the original was, then the other ways.
    func colorPresentations(_ doc: TextDocument, color json: JSONValue?, range: LSPRange) -> JSONValue {
        func component(_ key: String) -> Double? {
            if case .number(let x)? = json?[key], x.isFinite { return min(max(x, 0), 1) }
            return nil
        }
        guard let r = component("red"), let g = component("green"), let b = component("blue") else { return [] }
        let c = Color(red: r, green: g, blue: b, alpha: component("alpha") ?? 1)
        let range = doc.clamped(range)
        let original = doc.text(doc.offsets(of: range))
        let hex = ColorLiterals.hex(c)
        let bytes = c.bytes
        let alpha = c.alpha < 1 ? ", \(Color.alphaText(c.alpha))" : ""
        var labels = ["color \"\(hex)\"", "rgb(\(bytes.red), \(bytes.green), \(bytes.blue)\(alpha))"]
        if original.hasPrefix("\"") || original.hasPrefix("'") { labels.insert("\"\(hex)\"", at: 0) }
        if original.hasPrefix("rgb") { labels.swapAt(0, labels.count - 1) }
        if r == g, g == b { labels.append("white(\(formatNumber((r * 1000).rounded() / 1000))\(alpha))") }
        if original.hasPrefix("white"), r == g, g == b { labels.insert(labels.removeLast(), at: 0) }
        return .array(labels.map { ["label": .string($0), "textEdit": ["range": range.json, "newText": .string($0)]] })
    }
}

/// Dynamic colours written in a script, for hover: UIKit's semantic colours (`color.label`),
/// `color.dynamic { … }` whose variants are literal colours, and either with `:withAlpha(n)`.
enum DynamicColorLiterals {
    struct Occurrence {
        var range: Range<Int>
        var color: DynamicColor
    }

    /// The innermost dynamic colour written around `offset`, if any.
    static func at(_ offset: Int, in index: DocumentIndex) -> Occurrence? {
        var found: Occurrence?
        SyntaxWalker.walk(index.chunk) { event in
            guard case .expression(let e) = event, e.range.offsets.contains(offset), let color = color(of: e) else { return }
            // The walk goes outside in: a later match lies inside an earlier one.
            found = Occurrence(range: e.range.offsets, color: color)
        }
        return found
    }

    /// The dynamic colour an expression stands for without running anything, or nil.
    static func color(of expression: LuaExpression) -> DynamicColor? {
        switch expression {
        case .index(let index):
            guard APIName.chain(.index(index)).map({ $0.count == 2 && $0[0] == "color" }) == true,
                  case .field(let name) = index.key else { return nil }
            return DynamicColor.semantic[name.text]  // the values the bindings give `color.NAME`
        case .call(let call):
            guard APIName.chain(call.callee) == ["color", "dynamic"], call.arguments.count == 1,
                  case .table(let table) = call.arguments[0] else { return nil }
            var given: [DynamicColor.Variant: Color] = [:]
            for field in table.fields {
                guard case .named(let name, let value) = field, let variant = DynamicColor.Variant(rawValue: name.text),
                      let c = ColorLiterals.color(of: value) else { return nil }
                given[variant] = c
            }
            guard let light = given[.light], let dark = given[.dark] else { return nil }
            return DynamicColor(light: light, dark: dark, highContrastLight: given[.highContrastLight], highContrastDark: given[.highContrastDark])
        case .methodCall(let call):
            guard call.method.text == "withAlpha", call.arguments.count == 1, let base = color(of: call.receiver) else { return nil }
            let alpha: Double
            switch call.arguments[0] {
            case .number(.integer(let i), _): alpha = Double(i)
            case .number(.float(let x), _): alpha = x
            default: return nil
            }
            guard (0...1).contains(alpha) else { return nil }
            return base.map { $0.withAlpha(alpha) }
        case .parenthesized(let inner, _):
            return color(of: inner)
        default:
            return nil
        }
    }

    /// The hover of a dynamic colour: its four values, each a swatch's hex.
    ///
    ///     Dynamic colour `label`, resolved by the colour scheme and contrast
    ///
    ///     - light `#000000`
    ///     - dark `#FFFFFF`
    ///     …
    static func hoverText(_ c: DynamicColor) -> String {
        var text = "Dynamic colour" + (c.name.map { " `\($0)`" } ?? "") + ", resolved by the colour scheme and contrast\n\n"
        text += DynamicColor.Variant.allCases.map { v in
            let fallback = c[given: v] == nil ? " (no \(v.rawValue): \(v.colorScheme.rawValue)'s)" : ""
            return "- \(v.rawValue) `\(c[v].displayHex)`\(fallback)"
        }.joined(separator: "\n")
        return text
    }
}
