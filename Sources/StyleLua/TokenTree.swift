import CLua
import CLuaShim
import DesignTokens
import StyleCore

/// A loaded token set as Lua reaches it: each group's children, each token's origin, and the
/// tables already made (a group is one table however often it is read).
final class TokenTree {
    let set: TokenSet
    /// Each group's direct children's names, in the files' order.
    let children: [String: [String]]
    var groupRefs: [String: Int32] = [:]
    /// The first token of each colour (as its `#RRGGBBAA` bytes), for lint's suggestion of a
    /// token over a literal.
    let colorTokens: [String: String]
    private var origins: [String: TokenOrigin] = [:]

    /// A `colorScheme` resolver's dark context, whose colours make the light ones dynamic.
    let dark: TokenSet?

    init(_ set: TokenSet, dark: TokenSet? = nil) {
        self.set = set
        self.dark = dark
        var children: [String: [String]] = [:]
        var seen = Set<String>()
        for name in set.names where set.tokens[name] != nil {
            // Each dotted prefix of the name is a child of the one before it, listed once.
            var parent = ""
            for part in name.split(separator: ".", omittingEmptySubsequences: false) {
                let full = parent.isEmpty ? String(part) : parent + "." + part
                if seen.insert(full).inserted { children[parent, default: []].append(String(part)) }
                parent = full
            }
        }
        self.children = children
        var colors: [String: String] = [:]
        for name in set.names {
            if case .color(let c, _)? = set.tokens[name]?.value, colors[c.hex] == nil { colors[c.hex] = name }
        }
        colorTokens = colors
    }

    func origin(of token: ResolvedToken) -> TokenOrigin {
        if let o = origins[token.name] { return o }
        let o = TokenOrigin(token: token.name, location: token.definition.location,
                            chain: token.chain.map { TokenOrigin.Step(token: $0.token, location: $0.location) })
        origins[token.name] = o
        return o
    }
}
