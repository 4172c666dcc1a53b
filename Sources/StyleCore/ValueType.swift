/// The type of a property, as the schema declares it.
public indirect enum ValueType: Hashable, Sendable, CustomStringConvertible {
    case number
    case int
    case bool
    case string
    case color
    case font
    case insets
    case size
    case image
    case enumeration(EnumType)
    case optional(ValueType)

    /// The type without its optional wrapper.
    public var wrapped: ValueType {
        if case .optional(let t) = self { return t.wrapped }
        return self
    }

    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// How the type is written in the schema, in `kind()` declarations and in messages.
    public var description: String {
        switch self {
        case .number: "Number"
        case .int: "Int"
        case .bool: "Bool"
        case .string: "String"
        case .color: "Color"
        case .font: "Font"
        case .insets: "Insets"
        case .size: "Size"
        case .image: "Image"
        case .enumeration(let e): e.name
        case .optional(let t): "\(t)?"
        }
    }

    /// The named fields of a compound value that a key path may continue into
    /// (`View.layoutMargins.bottom`), each a `Number`.
    public var fieldNames: [String] {
        switch wrapped {
        case .insets: Insets.fieldNames
        case .size: Size.fieldNames
        default: []
        }
    }

    /// The value a non-optional property holds when its declaration gives none.
    public var zeroValue: Value {
        switch self {
        case .number: .number(0)
        case .int: .int(0)
        case .bool: .bool(false)
        case .string: .string("")
        case .color: .color(.black)
        case .font: .font(.system(17))
        case .insets: .insets(.zero)
        case .size: .size(.zero)
        case .image: .image(.named(""))
        case .enumeration(let e): .enumCase(e.cases[0])
        case .optional: .null
        }
    }

    /// Parses a type as written in `kind("GradientView", View, { fromColor = "Color?" })`.
    /// Enums are written as their cases: `"left|center|right"`.
    public init?(parsing text: String) {
        var t = Substring(text).trimmingCharacters(in: " ")
        var optional = false
        if t.hasSuffix("?") { optional = true; t.removeLast() }
        let base: ValueType
        switch t {
        case "Number": base = .number
        case "Int": base = .int
        case "Bool": base = .bool
        case "String": base = .string
        case "Color": base = .color
        case "Font": base = .font
        case "Insets": base = .insets
        case "Size": base = .size
        case "Image": base = .image
        default:
            let cases = t.split(separator: "|").map { String($0).trimmingCharacters(in: " ") }
            guard cases.count >= 2, cases.allSatisfy(\.isIdentifier) else { return nil }
            base = .enumeration(EnumType(name: cases.joined(separator: "|"), cases: cases))
        }
        self = optional ? .optional(base) : base
    }

    /// Type names `kind()` accepts, for messages.
    public static let spelledNames = ["Number", "Int", "Bool", "String", "Color", "Font", "Insets", "Size", "Image"]
}

/// A fixed set of case names (`StackView.axis`: `horizontal`, `vertical`).
public struct EnumType: Hashable, Sendable {
    public let name: String
    public let cases: [String]

    public init(name: String, cases: [String]) {
        precondition(!cases.isEmpty, "An enum type needs at least one case")
        self.name = name
        self.cases = cases
    }
}

/// A closed range a number must lie in (`alpha` 0…1, radii ≥ 0).
public struct NumberRange: Hashable, Sendable, CustomStringConvertible {
    public let lower: Double?
    public let upper: Double?

    public init(lower: Double? = nil, upper: Double? = nil) {
        self.lower = lower
        self.upper = upper
    }

    public static let nonNegative = NumberRange(lower: 0)
    public static let unit = NumberRange(lower: 0, upper: 1)

    public func contains(_ x: Double) -> Bool {
        if let l = lower, x < l { return false }
        if let u = upper, x > u { return false }
        return true
    }

    public var description: String {
        switch (lower, upper) {
        case let (l?, u?): "\(formatNumber(l))…\(formatNumber(u))"
        case let (l?, nil): "≥ \(formatNumber(l))"
        case let (nil, u?): "≤ \(formatNumber(u))"
        case (nil, nil): "any number"
        }
    }
}

/// Prints a number the way designers write it: `16`, not `16.0`; `0.85` stays `0.85`.
public func formatNumber(_ x: Double) -> String {
    if x.isFinite, x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return String(x)
}

extension StringProtocol {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }

    /// A Lua/Swift identifier: a letter or `_`, then letters, digits or `_`.
    var isIdentifier: Bool {
        guard let first = first, first == "_" || (first.isASCII && first.isLetter) else { return false }
        return allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }
}
