/// Why a value cannot go where it was put. Rendered to text in one place, `message(for:)`.
public enum ValueError: Error, Hashable, Sendable {
    case typeMismatch(expected: ValueType, got: String)
    case invalidEnumCase(String, EnumType)
    case outOfRange(Double, NumberRange)
    case notFinite(Double)
    case notAnInteger(Double)
    case badHexColor(String)

    public var code: Diagnostic.Code {
        switch self {
        case .typeMismatch, .notAnInteger, .badHexColor: .typeMismatch
        case .invalidEnumCase: .invalidEnum
        case .outOfRange, .notFinite: .outOfRange
        }
    }

    /// The sentence for a value put at `target` (e.g. `StackView.axis`).
    public func message(for target: String) -> String {
        switch self {
        case .typeMismatch(let expected, let got):
            return "'\(target)' expects \(expected.wrapped)\(expected.isOptional ? " or nil" : ""), got \(got)."
        case .invalidEnumCase(let v, let e):
            return "The value '\(v)' is invalid for '\(target)'; use \(ValueError.list(e.cases))."
                + Suggestion.sentence(Suggestion.closest(to: v, among: e.cases))
        case .outOfRange(let x, let r):
            return "The value \(formatNumber(x)) is out of range for '\(target)' (\(r))."
        case .notFinite(let x):
            return "'\(target)' expects a finite number, got \(x.isNaN ? "NaN (0/0)" : x > 0 ? "infinity" : "-infinity")."
        case .notAnInteger(let x):
            return "'\(target)' expects an Int, got \(formatNumber(x))."
        case .badHexColor(let s):
            return "'\(s)' is not a color for '\(target)'; write '#RGB', '#RRGGBB' or '#RRGGBBAA'." + Suggestion.sentence(suggestions.first)
        }
    }

    /// The enum case closest to a misspelled one.
    public var suggestions: [String] {
        if case .invalidEnumCase(let v, let e) = self, let s = Suggestion.closest(to: v, among: e.cases) {
            return [s]
        }
        // `"purple"` for a Color: UIKit's named colour of that name.
        if case .badHexColor(let text) = self, let name = Suggestion.closest(to: text, among: Color.namedColors.map(\.name)) {
            return ["color.\(name)"]
        }
        return []
    }

    /// `'a', 'b' or 'c'`.
    static func list(_ cases: [String]) -> String {
        let quoted = cases.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}

extension ValueType {
    /// Checks `value` against this type and range, applying the only coercions REFERENCE §1.2 allows
    /// (a hex string for a Color, a string for an Image; an integral Number for an Int, a case
    /// name for an enum). Tables for Insets and Size are converted by the bridge before this.
    public func check(_ value: Value, range: NumberRange? = nil) -> Result<Value, ValueError> {
        switch (self, value) {
        case (.optional, .null):
            return .success(.null)
        case (.optional(let t), _):
            // Keep the optional in the expectation so the message says "Color or nil".
            let checked = t.check(value, range: range)
            if case .failure(.typeMismatch(_, let got)) = checked {
                return .failure(.typeMismatch(expected: self, got: got))
            }
            return checked
        case (.number, .number(let x)):
            guard x.isFinite else { return .failure(.notFinite(x)) }
            if let r = range, !r.contains(x) { return .failure(.outOfRange(x, r)) }
            return .success(value)
        case (.number, .int(let i)):
            return check(.number(Double(i)), range: range)
        case (.int, .int(let i)):
            if let r = range, !r.contains(Double(i)) { return .failure(.outOfRange(Double(i), r)) }
            return .success(value)
        case (.int, .number(let x)):
            guard x.isFinite else { return .failure(.notFinite(x)) }
            guard x == x.rounded(), abs(x) < 9e15 else { return .failure(.notAnInteger(x)) }
            return check(.int(Int(x)), range: range)
        case (.bool, .bool), (.string, .string), (.font, .font), (.insets, .insets), (.size, .size),
             (.image, .image), (.color, .color), (.color, .dynamicColor):
            return .success(value)
        case (.color, .string(let s)):
            guard let c = Color(hex: s) else { return .failure(.badHexColor(s)) }
            return .success(.color(c))
        case (.image, .string(let s)):
            return .success(.image(.named(s)))
        case (.enumeration(let e), .string(let s)), (.enumeration(let e), .enumCase(let s)):
            guard e.cases.contains(s) else { return .failure(.invalidEnumCase(s, e)) }
            return .success(.enumCase(s))
        default:
            return .failure(.typeMismatch(expected: self, got: value.typeName))
        }
    }
}

extension Property {
    /// Checks a value for this property (type and range).
    public func check(_ value: Value) -> Result<Value, ValueError> { type.check(value, range: range) }
}
