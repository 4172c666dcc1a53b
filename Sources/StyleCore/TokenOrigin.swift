/// The token a value was read from, and the aliases its value came through: what provenance
/// says after the rule (`from token color.danger (brand.tokens.json:14) ← {palette.red.500}
/// (palette.tokens.json:3)`).
///
/// It travels with the style operation that wrote the value (in its `SourceLocation`), so the
/// cascade records it at no cost of its own: a view's provenance refers to the operation's
/// location, as before.
public final class TokenOrigin: Hashable, Sendable, CustomStringConvertible {
    public struct Step: Hashable, Sendable {
        public let token: String
        public let location: SourceLocation
        public init(token: String, location: SourceLocation) { self.token = token; self.location = location }
    }

    /// The token's dotted name (`color.danger`).
    public let token: String
    /// Where the token is declared: its name in a `.tokens.json` file, or its key in `themes {}`.
    public let location: SourceLocation
    /// The theme a `themes {}` token belongs to; nil for a design-token file's token.
    public let theme: String?
    /// The tokens its value came through, nearest first.
    public let chain: [Step]

    public init(token: String, location: SourceLocation, theme: String? = nil, chain: [Step] = []) {
        self.token = token
        self.location = location
        self.theme = theme
        self.chain = chain
    }

    /// `token color.danger (brand.tokens.json:14) ← {palette.red.500} (palette.tokens.json:3)`;
    /// a theme's token says its theme: `token accent of theme "dark" (app.lua:4)`.
    public var description: String {
        var text = "token \(token)" + (theme.map { " of theme \"\($0)\"" } ?? "") + " (\(location))"
        for step in chain { text += " ← {\(step.token)} (\(step.location))" }
        return text
    }

    public static func == (a: TokenOrigin, b: TokenOrigin) -> Bool {
        a === b || (a.token == b.token && a.location == b.location && a.theme == b.theme && a.chain == b.chain)
    }

    public func hash(into h: inout Hasher) {
        h.combine(token)
        h.combine(location)
    }
}
