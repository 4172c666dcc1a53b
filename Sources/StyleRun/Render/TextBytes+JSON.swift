import StyleCore

/// JSON spelled straight into a `TextBytes`, byte for byte as `JSONValue.serialized(.pretty)`
/// writes it: what `TreeJSONRenderer` streams a tree with, without a `JSONValue` or a `String`
/// per view.
///
///     var out = TextBytes()
///     out.append(json: .insets(Insets(all: 8)), level: 0)
///     out.string    // {\n  "top": 8,\n  "left": 8,\n  "bottom": 8,\n  "right": 8\n}
extension TextBytes {
    /// `JSONValue.indentation(level)`: two spaces a level, at most `JSONValue.maximumIndentation` levels.
    mutating func append(indentation level: Int) {
        let spaces: StaticString = "                                                                                                                                "
        let count = 2 * min(max(level, 0), JSONValue.maximumIndentation)
        append(UnsafeBufferPointer(start: spaces.utf8Start, count: min(count, spaces.utf8CodeUnitCount)))
    }

    /// `JSONValue.quote(s)`: `"` and `\` escaped, control characters as `\n`, `\t`, `\r`, `\b`,
    /// `\f` or `\u00XX`; every other byte, non-ASCII included, as it is.
    mutating func append(jsonString s: String) {
        append(byte: UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var run = 0  // the start of the bytes not yet copied
            for i in bytes.indices {
                let b = bytes[i]
                guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
                append(UnsafeBufferPointer(rebasing: bytes[run..<i]))
                run = i + 1
                switch b {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case UInt8(ascii: "\n"): append("\\n")
                case UInt8(ascii: "\r"): append("\\r")
                case UInt8(ascii: "\t"): append("\\t")
                case 0x08: append("\\b")
                case 0x0C: append("\\f")
                default:
                    let hexDigits: StaticString = "0123456789abcdef"
                    append("\\u00")
                    append(byte: hexDigits.utf8Start[Int(b >> 4)])
                    append(byte: hexDigits.utf8Start[Int(b & 0xF)])
                }
            }
            append(UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        append(byte: UInt8(ascii: "\""))
    }

    /// `JSONValue.format(number:)`: integral values without a fraction, others as Swift prints a
    /// `Double`, `null` for NaN and infinities.
    mutating func append(jsonNumber x: Double) {
        guard x.isFinite else { return append("null") }
        append(number: x)
    }

    /// `"#RRGGBBAA"` (`Color.hex`, with the quotes).
    mutating func append(jsonHex c: Color) {
        let b = c.bytes
        let digits: StaticString = "0123456789ABCDEF"
        append("\"#")
        for v in [b.red, b.green, b.blue, b.alpha] {
            append(byte: digits.utf8Start[v >> 4])
            append(byte: digits.utf8Start[v & 15])
        }
        append(byte: UInt8(ascii: "\""))
    }

    /// `value.json.serialized(.pretty, level: level)`: the value as it appears `level`
    /// containers deep in a pretty document (its objects' members one level further in).
    mutating func append(json value: Value, level: Int) {
        switch value {
        case .number(let x): append(jsonNumber: x)
        case .int(let i): append(jsonNumber: Double(i))
        case .bool(let b): b ? append("true") : append("false")
        case .string(let s), .enumCase(let s): append(jsonString: s)
        case .color(let c): append(jsonHex: c)
        case .dynamicColor(let c):
            if let name = c.name {
                member("\"name\": ", first: true, level: level)
                append(jsonString: name)
            }
            member("\"light\": ", first: c.name == nil, level: level)
            append(jsonHex: c.light)
            member("\"dark\": ", level: level)
            append(jsonHex: c.dark)
            member("\"highContrastLight\": ", level: level)
            append(jsonHex: c[.highContrastLight])
            member("\"highContrastDark\": ", level: level)
            append(jsonHex: c[.highContrastDark])
            closeObject(level: level)
        case .insets(let i):
            member("\"top\": ", first: true, level: level)
            append(jsonNumber: i.top)
            member("\"left\": ", level: level)
            append(jsonNumber: i.left)
            member("\"bottom\": ", level: level)
            append(jsonNumber: i.bottom)
            member("\"right\": ", level: level)
            append(jsonNumber: i.right)
            closeObject(level: level)
        case .size(let s):
            member("\"width\": ", first: true, level: level)
            append(jsonNumber: s.width)
            member("\"height\": ", level: level)
            append(jsonNumber: s.height)
            closeObject(level: level)
        case .font(let f):
            member("\"name\": ", first: true, level: level)
            append(jsonString: f.name)
            member("\"size\": ", level: level)
            append(jsonNumber: f.size)
            member("\"weight\": ", level: level)
            append(jsonString: f.weight.rawValue)
            member("\"italic\": ", level: level)
            f.italic ? append("true") : append("false")
            member("\"smallCaps\": ", level: level)
            f.smallCaps ? append("true") : append("false")
            if let style = f.textStyle {
                member("\"textStyle\": ", level: level)
                append(jsonString: style.rawValue)
            }
            closeObject(level: level)
        case .image(.named(let name)):
            member("\"name\": ", first: true, level: level)
            append(jsonString: name)
            closeObject(level: level)
        case .image(.color(let c)):
            member("\"color\": ", first: true, level: level)
            append(jsonHex: c)
            closeObject(level: level)
        case .null:
            append("null")
        }
    }

    /// The start of a member of an object `level` deep: `{` before the first, `,` between, then
    /// a new line, the member's indentation and its quoted key with `: ` (`key`).
    private mutating func member(_ key: StaticString, first: Bool = false, level: Int) {
        first ? append("{\n") : append(",\n")
        append(indentation: level + 1)
        append(key)
    }

    /// The end of a non-empty object `level` deep.
    private mutating func closeObject(level: Int) {
        append(byte: UInt8(ascii: "\n"))
        append(indentation: level)
        append(byte: UInt8(ascii: "}"))
    }
}
