/// Where one contribution to a property came from, in cascade order.
public enum Origin: Hashable, Sendable, CustomStringConvertible {
    /// The kind's declared default.
    case kindDefault
    /// `appearance(Kind, …)`.
    case appearance(kind: String)
    /// `rule(selector, …)`, with the selector as written.
    case rule(selector: String)
    /// The view's own style list (`style =` or `with`), 1-based position.
    case viewStyle(index: Int)
    /// A property given in the view's constructor.
    case literal

    public var description: String {
        switch self {
        case .kindDefault: "default"
        case .appearance(let k): "appearance(\(k))"
        case .rule(let s): "rule \"\(s)\""
        case .viewStyle(let i): "style #\(i)"
        case .literal: "literal"
        }
    }
}

/// One value written to a property: what, by which step, from which line.
public struct Contribution: Hashable, Sendable {
    public let value: Value
    public let origin: Origin
    /// The `mut`, `mver`, function line or literal that wrote it; nil for the kind's default.
    public let location: SourceLocation?
    /// Whether it transformed the value before it (`mver`) rather than replacing it.
    public let isTransform: Bool

    public init(value: Value, origin: Origin, location: SourceLocation?, isTransform: Bool = false) {
        self.value = value
        self.origin = origin
        self.location = location
        self.isTransform = isTransform
    }
}
