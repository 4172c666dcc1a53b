import DesignTokens
import StyleCore
import StyleLua

/// Every token a script defines, per theme: the design-token files it loads (`tokens "…"`)
/// and its `themes {}` values, each resolved. What `stylerun tokens` writes and asks.
///
///     let catalog = try TokenCatalog(file: "app.lua", runtime: Runtime())
///     catalog.themes.map(\.name)    // ["dark", "light"], or [nil] for a script without themes
public struct TokenCatalog {
    public struct Theme {
        /// nil for a script without themes.
        public let name: String?
        public let tokens: [ExportedToken]
        /// The names a `themes {}` entry gives (the rest come from token files).
        public let themeTokenNames: Set<String>
        /// The stylesheet as loaded in this theme, for usage questions.
        public let sheet: LoadedStylesheet
    }

    public let themes: [Theme]
    /// `themes {}` values the format has no type for (insets, sizes, images, booleans).
    public let untyped: [ThemeToken]

    /// Loads the script once per theme (`theme` alone when given).
    public init(file: String, runtime: Runtime, theme: String? = nil) throws(DiagnosticList) {
        let first = try runtime.load(file: file, theme: theme)
        var names: [String?] = [first.activeTheme]
        if theme == nil, !first.themeNames.isEmpty { names = first.themeNames }
        var themes: [Theme] = []
        var untyped: [ThemeToken] = []
        for name in names {
            let sheet = name == first.activeTheme ? first : try runtime.load(file: file, theme: name)
            var byName: [String: ExportedToken] = [:]
            var order: [String] = []
            for set in sheet.designTokens {
                for t in ExportedToken.all(of: set) {
                    if byName[t.name] == nil { order.append(t.name) }
                    byName[t.name] = t
                }
            }
            var fromThemes = Set<String>()
            for t in sheet.themeTokens {
                guard let value = ExportedToken.typed(t.value) else {
                    if name == names.first { untyped.append(t) }
                    continue
                }
                if byName[t.name] == nil { order.append(t.name) }
                byName[t.name] = ExportedToken(name: t.name, value: value, location: t.location)
                fromThemes.insert(t.name)
            }
            themes.append(Theme(name: name, tokens: order.map { byName[$0]! }, themeTokenNames: fromThemes, sheet: sheet))
        }
        self.themes = themes
        self.untyped = untyped
    }

    /// One use of a token: the view, the property, and what set it.
    public struct Use: Hashable {
        public let theme: String?
        public let view: String
        public let property: String
        public let origin: String
        public let location: SourceLocation
        /// Whether the value won (false: a later contribution overrode it).
        public let won: Bool
    }

    /// The views and properties whose values came from `token` (itself, or through an alias
    /// of it), in every theme, the winning value's first.
    public func uses(of token: String) throws(DiagnosticList) -> [Use] {
        var out: [Use] = []
        try forEachContribution { theme, view, property, c, won in
            guard let t = c.location?.token, t.token == token || t.chain.contains(where: { $0.token == token }) else { return }
            out.append(Use(theme: theme, view: view, property: property, origin: c.origin.description, location: c.location!, won: won))
        }
        return out
    }

    /// The tokens no view's value came from, directly or through an alias, in any theme.
    public func unusedTokens() throws(DiagnosticList) -> [ExportedToken] {
        var used = Set<String>()
        try forEachContribution { _, _, _, c, _ in
            guard let t = c.location?.token else { return }
            used.insert(t.token)
            for step in t.chain { used.insert(step.token) }
        }
        var seen = Set<String>()
        return themes.flatMap(\.tokens).filter { !used.contains($0.name) && seen.insert($0.name).inserted }
    }

    private func forEachContribution(_ body: (String?, String, String, Contribution, Bool) -> Void) throws(DiagnosticList) {
        for theme in themes {
            let root = try theme.sheet.applyToOwnTree(recordingProvenance: true)
            var views: [View] = []
            root.forEachInTree { views.append($0) }
            let references = TreeReferences(root)
            for (i, view) in views.enumerated() {
                for e in explain(view) {
                    body(theme.name, references.reference(at: i), e.property.path, e.winner, true)
                    for c in e.overridden { body(theme.name, references.reference(at: i), e.property.path, c, false) }
                }
            }
        }
    }
}
