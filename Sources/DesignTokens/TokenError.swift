import StyleCore

/// What can be wrong in a design-token file, as data: each case is rendered as a diagnostic
/// at the JSON's own `file:line:col` by `diagnostic`.
public enum TokenError: Error, Equatable, Sendable {
    case invalidJSON(String)
    case notAnObject(got: String)
    case unknownType(String, suggestion: String?)
    case missingType(token: String)
    case wrongShape(token: String, type: String, expected: String, got: String)
    case unknownAlias(String, in: String, suggestion: String?)
    case aliasToGroup(String, in: String)
    case circularAlias([String])
    case badPointer(String, reason: String)
    case valueAndGroup(token: String)
    case badExtends(group: String, target: String, suggestion: String?)
    case extendsCycle([String])
    case typeMismatch(alias: String, token: String, expected: String, got: String)
    case unsupportedColorSpace(String, supported: [String])
    case badComponents(space: String, expected: Int, got: Int)
    case outOfRange(token: String, field: String, value: Double, range: String)
    case unknownFontWeight(String, suggestion: String?)
    case unknownUnit(String, type: String, allowed: [String])
    case deprecatedUse(token: String, note: String?)
    case badName(String)
    case unknownField(token: String, type: String, field: String, suggestion: String?)
    case missingField(token: String, type: String, field: String)
    case unknownColorSpace(String, suggestion: String?)
    /// An alias to a token that has an error of its own (reported there, not again here).
    case brokenTarget(String)
    /// A resolver document's mistakes.
    case resolver(String)

    public var code: Diagnostic.Code {
        switch self {
        case .invalidJSON, .notAnObject: "invalid-json"
        case .unknownType, .missingType: "unknown-token-type"
        case .unknownAlias, .aliasToGroup, .badPointer, .badExtends: "unknown-alias"
        case .circularAlias, .extendsCycle: "circular-alias"
        case .deprecatedUse: "deprecated-token"
        case .resolver: "token-resolver"
        default: "token-value"
        }
    }

    public var severity: Diagnostic.Severity {
        if case .deprecatedUse = self { return .warning }
        return .error
    }

    public var message: String {
        switch self {
        case .invalidJSON(let m): return "The token file is not valid JSON: \(m)"
        case .notAnObject(let got): return "A token file holds a JSON object of groups and tokens, not \(got)."
        case .unknownType(let t, let s):
            return "Unknown token type '\(t)'." + (s.map { " Did you mean '\($0)'?" } ?? " The types are \(TokenType.allCases.map(\.rawValue).joined(separator: ", ")).")
        case .missingType(let token):
            return "The token '\(token)' has no $type, and no group above it gives one; add \"$type\" to it or to its group."
        case .wrongShape(let token, let type, let expected, let got):
            return "The \(type) token '\(token)' needs \(expected); got \(got)."
        case .unknownAlias(let alias, let token, let s):
            return "The alias '{\(alias)}' in '\(token)' names no token." + (s.map { " Did you mean '{\($0)}'?" } ?? "")
        case .aliasToGroup(let alias, let token):
            return "The alias '{\(alias)}' in '\(token)' names a group, not a token; name one of its tokens (or its '$root')."
        case .circularAlias(let cycle):
            return "Circular alias: " + cycle.joined(separator: " → ") + "; a token cannot stand for itself."
        case .badPointer(let p, let reason): return "The $ref '\(p)' does not resolve: \(reason)."
        case .valueAndGroup(let token):
            return "'\(token)' has a $value and also child tokens or groups; a token cannot be a group (use '$root' for a group's own value)."
        case .badExtends(let g, let target, let s):
            return "The group '\(g)' extends '\(target)', which is no group." + (s.map { " Did you mean '{\($0)}'?" } ?? "")
        case .extendsCycle(let cycle): return "Circular $extends: " + cycle.joined(separator: " → ") + "."
        case .typeMismatch(let alias, let token, let expected, let got):
            return "The alias '{\(alias)}' in '\(token)' is a \(got) token where a \(expected) is expected."
        case .unsupportedColorSpace(let s, let supported):
            return "The colour space '\(s)' is not supported; use one of \(supported.joined(separator: ", "))."
        case .badComponents(let space, let expected, let got):
            return "A '\(space)' colour has \(expected) components; got \(got)."
        case .outOfRange(let token, let field, let v, let range):
            return "The \(field) of '\(token)' is \(formatNumber(v)), outside \(range)."
        case .unknownFontWeight(let w, let s):
            return "Unknown font weight '\(w)'." + (s.map { " Did you mean '\($0)'?" } ?? " Use a number from 1 to 1000 or a name such as 'bold'.")
        case .unknownUnit(let u, let type, let allowed):
            return "The unit '\(u)' is not a \(type) unit; use \(allowed.map { "'\($0)'" }.joined(separator: " or "))."
        case .deprecatedUse(let token, let note):
            return "The token '\(token)' is deprecated" + (note.map { ": \($0)" } ?? ".")
        case .brokenTarget(let t): return "The alias '{\(t)}' names a token that has errors of its own."
        case .unknownField(let token, let type, let field, let s):
            return "The \(type) token '\(token)' has no field '\(field)'." + (s.map { " Did you mean '\($0)'?" } ?? "")
        case .missingField(let token, let type, let field):
            return "The \(type) token '\(token)' needs '\(field)'."
        case .unknownColorSpace(let s, let near):
            return "Unknown colour space '\(s)'." + (near.map { " Did you mean '\($0)'?" } ?? " Use one of \(ColorSpaces.supported.joined(separator: ", ")).")
        case .badName(let n): return "The name '\(n)' cannot name a token or group: names cannot start with '$' or contain '{', '}' or '.'."
        case .resolver(let m): return m
        }
    }

    public var suggestions: [String] {
        switch self {
        case .unknownType(_, let s?), .unknownFontWeight(_, let s?), .unknownField(_, _, _, let s?), .unknownColorSpace(_, let s?): [s]
        case .unknownAlias(_, _, let s?), .badExtends(_, _, let s?): ["{\(s)}"]
        default: []
        }
    }
}

/// A token error where it happened.
public struct LocatedTokenError: Error, Equatable, Sendable, CustomStringConvertible {
    public let error: TokenError
    public let location: SourceLocation

    public init(_ error: TokenError, at location: SourceLocation) {
        self.error = error
        self.location = location
    }

    public var diagnostic: Diagnostic {
        Diagnostic(error.code, error.message, at: location, severity: error.severity, suggestions: error.suggestions)
    }

    public var description: String { diagnostic.description }
}

/// Numbers as messages print them: `12`, not `12.0`.
func formatNumber(_ x: Double) -> String {
    x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
}
