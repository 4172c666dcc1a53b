import StyleCore

/// Writes tokens as a DTCG 2025.10 document: groups from the dotted names, every token with
/// its `$type` and its resolved `$value` (so that the file stands alone), its description and
/// deprecation. Reading the output back gives the same values.
public enum DTCGWriter {
    public static func document(_ tokens: [ExportedToken]) -> String {
        // A tree of groups, in first-seen order.
        final class Node {
            var order: [String] = []
            var children: [String: Node] = [:]
            var token: ExportedToken?
        }
        let root = Node()
        for t in tokens {
            var node = root
            for part in t.name.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
                if node.children[part] == nil { node.children[part] = Node(); node.order.append(part) }
                node = node.children[part]!
            }
            node.token = t
        }
        func write(_ node: Node, indent: String) -> String {
            var members: [String] = []
            if let t = node.token {
                members.append("\(indent)  \"$type\": \(quote(t.value.type.rawValue))")
                members.append("\(indent)  \"$value\": \(value(t.value))")
                if let d = t.description { members.append("\(indent)  \"$description\": \(quote(d))") }
                if let d = t.deprecated { members.append("\(indent)  \"$deprecated\": \(d.isEmpty ? "true" : quote(d))") }
            }
            for key in node.order {
                members.append("\(indent)  \(quote(key)): \(write(node.children[key]!, indent: indent + "  "))")
            }
            return members.isEmpty ? "{}" : "{\n" + members.joined(separator: ",\n") + "\n\(indent)}"
        }
        return write(root, indent: "") + "\n"
    }

    /// A value as the document writes it after `"$value":`.
    public static func valueText(_ v: TokenValue) -> String { value(v) }

    static func value(_ v: TokenValue) -> String {
        switch v {
        case .color(let c, let written): return color(c, written)
        case .dimension(let d): return dimension(d)
        case .number(let x): return number(x)
        case .fontFamily(let f): return f.count == 1 ? quote(f[0]) : "[" + f.map(quote).joined(separator: ", ") + "]"
        case .fontWeight(let w): return number(w)
        case .duration(let d): return "{\"value\": \(number(d.value)), \"unit\": \(quote(d.unit.rawValue))}"
        case .cubicBezier(let xs): return "[" + xs.map(number).joined(separator: ", ") + "]"
        case .strokeStyle(let s): return stroke(s)
        case .border(let b):
            return "{\"color\": \(color(b.color, nil)), \"width\": \(dimension(b.width)), \"style\": \(stroke(b.style))}"
        case .transition(let t):
            return "{\"duration\": \(value(.duration(t.duration))), \"delay\": \(value(.duration(t.delay))), \"timingFunction\": \(value(.cubicBezier(t.timingFunction)))}"
        case .shadow(let layers, let isList):
            let items = layers.map(shadow)
            return isList ? "[" + items.joined(separator: ", ") + "]" : items[0]
        case .gradient(let stops):
            return "[" + stops.map { "{\"color\": \(color($0.color, nil)), \"position\": \(number($0.position))}" }.joined(separator: ", ") + "]"
        case .typography(let t):
            var parts = ["\"fontFamily\": \(value(.fontFamily(t.fontFamily)))", "\"fontSize\": \(dimension(t.fontSize))",
                         "\"fontWeight\": \(number(t.fontWeight))"]
            if let ls = t.letterSpacing { parts.append("\"letterSpacing\": \(dimension(ls))") }
            if let lh = t.lineHeight { parts.append("\"lineHeight\": \(number(lh))") }
            return "{" + parts.joined(separator: ", ") + "}"
        }
    }

    /// In the space the token was written in when known (so that it reads back the same), with
    /// the sRGB hex the format asks for as a fallback.
    static func color(_ c: Color, _ written: ColorWritten?) -> String {
        let w = written ?? ColorWritten(space: "srgb", components: [c.red, c.green, c.blue], alpha: c.alpha)
        let components = w.components.map { $0.map(number) ?? "\"none\"" }.joined(separator: ", ")
        let b = c.bytes
        let hex = "#" + [b.red, b.green, b.blue].map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        var text = "{\"colorSpace\": \(quote(w.space)), \"components\": [\(components)]"
        if w.alpha != 1 { text += ", \"alpha\": \(number(w.alpha))" }
        return text + ", \"hex\": \(quote(hex))}"
    }

    static func dimension(_ d: Dimension) -> String { "{\"value\": \(number(d.value)), \"unit\": \(quote(d.unit.rawValue))}" }

    static func stroke(_ s: StrokeStyleValue) -> String {
        switch s {
        case .keyword(let k): quote(k)
        case .dashes(let dashes, let cap): "{\"dashArray\": [" + dashes.map(dimension).joined(separator: ", ") + "], \"lineCap\": \(quote(cap))}"
        }
    }

    static func shadow(_ s: ShadowValue) -> String {
        var text = "{\"color\": \(color(s.color, nil)), \"offsetX\": \(dimension(s.offsetX)), \"offsetY\": \(dimension(s.offsetY)), \"blur\": \(dimension(s.blur)), \"spread\": \(dimension(s.spread))"
        if s.inset { text += ", \"inset\": true" }
        return text + "}"
    }

    /// A number that reads back as the same `Double`: integers without a fraction, others in
    /// Swift's shortest round-tripping form.
    static func number(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension String {
    func leftPadded(to n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
