/// A JSON value whose objects keep their keys in the order they were built.
///
/// The machine-readable outputs of REFERENCE §3 are parsed by tools and compared by tests, so the
/// key order, number spelling and escaping must not depend on a dictionary's hash seed or a
/// platform's serializer. Object literals keep source order:
///
///     let view: JSONValue = ["kind": "Button", "id": .null, "classes": ["primary"]]
///     view.serialized()    // {"kind": "Button", "id": null, "classes": ["primary"]}
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A finite number; a non-finite one serializes as `null`, since JSON has no spelling for it.
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in order; keys are expected to be unique.
    case object([(key: String, value: JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The member named `key` of an object, or nil (also for a non-object).
    ///
    ///     json["properties"]?["titleColor"]    // .string("#FFFFFFFF")
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The element at `index` of an array, or nil when out of bounds or not an array.
    ///
    ///     json["children"]?[0]?["kind"]    // .string("Label")
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The keys of an object in order; empty for anything else.
    ///
    ///     json.keys    // ["kind", "id", "classes", "properties", "children"]
    public var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.key)
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }
}

// MARK: - Serializing

extension JSONValue {
    /// How `serialized(_:)` lays a value out.
    public enum Layout: Sendable {
        /// One line, with a space after `:` and `,` as REFERENCE §3 writes its examples
        /// (`{"event": "reload", "ok": true}`); for one-object-per-line streams.
        case line
        /// Two-space indentation, one member or element per line; empty containers stay `{}`
        /// and `[]`. No trailing newline.
        case pretty
    }

    /// The JSON text of this value.
    ///
    ///     JSONValue.array([16, 0.85, "é"]).serialized()    // [16, 0.85, "é"]
    ///     JSONValue.object([("a", [])]).serialized(.pretty)  // {\n  "a": []\n}
    ///
    /// Numbers are printed as `JSONValue.format(number:)` does; strings are escaped as
    /// `JSONValue.quote(_:)` does.
    public func serialized(_ layout: Layout = .line) -> String {
        serialized(layout, level: 0)
    }

    /// The JSON text of this value as it appears `level` containers deep in a pretty document.
    public func serialized(_ layout: Layout, level: Int) -> String {
        var out: [UInt8] = []
        write(to: &out, layout: layout, depth: level)
        return String(decoding: out, as: UTF8.self)
    }

    /// Indentation stops growing at this many levels, so that deeply nested output stays linear
    /// in size (a 10,000-deep tree would otherwise be mostly spaces).
    public static let maximumIndentation = 64

    /// The pretty layout's indentation for `level` containers deep.
    public static func indentation(_ level: Int) -> String {
        String(repeating: "  ", count: min(level, maximumIndentation))
    }

    /// Writes the value's UTF-8 to `out`: bytes appended to one buffer, with no string made for
    /// each member (a child's findings, tens of thousands of objects, are written this way).
    private func write(to out: inout [UInt8], layout: Layout, depth: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let x): out.append(contentsOf: JSONValue.format(number: x).utf8)
        case .string(let s): JSONValue.appendQuoted(s, to: &out)
        case .array(let elements):
            writeContainer(elements, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), to: &out, layout: layout, depth: depth) { e, out in
                e.write(to: &out, layout: layout, depth: depth + 1)
            }
        case .object(let members):
            writeContainer(members, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), to: &out, layout: layout, depth: depth) { m, out in
                JSONValue.appendQuoted(m.key, to: &out)
                out.append(UInt8(ascii: ":"))
                out.append(UInt8(ascii: " "))
                m.value.write(to: &out, layout: layout, depth: depth + 1)
            }
        }
    }

    private func writeContainer<Element>(_ items: [Element], open: UInt8, close: UInt8, to out: inout [UInt8],
                                         layout: Layout, depth: Int, item: (Element, inout [UInt8]) -> Void) {
        out.append(open)
        guard !items.isEmpty else { out.append(close); return }
        switch layout {
        case .line:
            for (i, e) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")); out.append(UInt8(ascii: " ")) }
                item(e, &out)
            }
        case .pretty:
            for (i, e) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "\n"))
                Self.indent(depth + 1, to: &out)
                item(e, &out)
            }
            out.append(UInt8(ascii: "\n"))
            Self.indent(depth, to: &out)
        }
        out.append(close)
    }

    private static func indent(_ level: Int, to out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * min(level, maximumIndentation)))
    }

    /// A number as JSON: integral values without a fraction (`16`), others in the shortest form
    /// that reads back to the same double (`0.85`); `null` for NaN and infinities.
    ///
    ///     JSONValue.format(number: 16)      // "16"
    ///     JSONValue.format(number: 0.85)    // "0.85"
    public static func format(number x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        // Swift's description is the shortest round-trip form; its exponent form (`1e-07`,
        // `1e+20`) is valid JSON.
        return String(x)
    }

    /// A string as a JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`,
    /// `\r`, `\b`, `\f` or `\u00XX`; everything else, non-ASCII included, as it is.
    ///
    ///     JSONValue.quote("a\"b\u{1}é")    // "a\"b\u0001é" (with the quotes)
    public static func quote(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 2)
        appendQuoted(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `quote(_:)`'s bytes, appended to `out`. Byte by byte over the UTF-8: only ASCII is ever
    /// escaped, so every other byte (a multi-byte scalar's included) is copied as it is, a run
    /// of bytes that need no escape at once.
    static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var run = 0
            for i in 0..<bytes.count {
                let byte = bytes[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                run = i + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "\n"): out.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): out.append(UInt8(ascii: "r"))
                case UInt8(ascii: "\t"): out.append(UInt8(ascii: "t"))
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                default:
                    out.append(contentsOf: "u00".utf8)
                    out.append(hexDigit(byte >> 4))
                    out.append(hexDigit(byte & 0xF))
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ v: UInt8) -> UInt8 {
        v < 10 ? UInt8(ascii: "0") + v : UInt8(ascii: "a") + v - 10
    }
}
