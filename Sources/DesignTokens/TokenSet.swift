import Foundation
import StyleCore

/// A step of an alias chain: a token passed through, and where it is declared.
public struct AliasStep: Hashable, Sendable, CustomStringConvertible {
    public let token: String
    public let location: SourceLocation
    public init(token: String, location: SourceLocation) { self.token = token; self.location = location }
    /// `{palette.red.500} (palette.tokens.json:3)`.
    public var description: String { "{\(token)} (\(location))" }
}

/// A token with its value known: what it is, and the aliases it went through to get there.
public struct ResolvedToken: Sendable {
    public let definition: TokenDefinition
    public let value: TokenValue
    /// The tokens its value came through, nearest first (empty for a token with its own value).
    public let chain: [AliasStep]
    public var name: String { definition.name }
}

/// The tokens of one or more DTCG files, merged in order (a later file's token of the same
/// name replaces the earlier one, as a resolver set's sources do), with every alias followed.
///
///     let set = TokenSet(files: [("brand.tokens.json", text)])
///     set.errors                       // [] when the files are sound
///     set.tokens["color.accent"]?.value  // .color(…)
///
/// Loading never throws: every problem is collected in `errors` (and `warnings`), each at its
/// file's `line:col`, and the tokens that could be resolved are kept.
public final class TokenSet: @unchecked Sendable {
    public let files: [String]
    /// Every token by dotted name, in the order the files declare them (`names`).
    public private(set) var tokens: [String: ResolvedToken] = [:]
    public private(set) var names: [String] = []
    public private(set) var definitions: [String: TokenDefinition] = [:]
    /// Every group's dotted name (the root group is "").
    public private(set) var groups: Set<String> = []
    public private(set) var groupDescriptions: [String: String] = [:]
    /// Each group's own `$type`, for the groups that extend it.
    private var groupTypes: [String: TokenType] = [:]
    public private(set) var errors: [LocatedTokenError] = []
    public private(set) var warnings: [LocatedTokenError] = []

    public convenience init(files: [(name: String, text: String)]) {
        var documents: [(String, PositionedJSON)] = []
        var errors: [LocatedTokenError] = []
        for (name, text) in files {
            do throws(PositionedJSONError) {
                documents.append((name, try PositionedJSON(parsing: text)))
            } catch {
                errors.append(.init(.invalidJSON(error.message), at: SourceLocation(file: name, line: error.position.line, column: error.position.column)))
            }
        }
        self.init(documents: documents, files: files.map(\.name), errors: errors)
    }

    /// Tokens from parsed documents (a resolver's inline sources among them).
    public init(documents: [(file: String, document: PositionedJSON)], files: [String]? = nil, errors: [LocatedTokenError] = []) {
        self.files = files ?? documents.map(\.file)
        self.errors = errors
        var extensions: [GroupExtension] = []
        for (file, document) in documents {
            var reader = TokenFileReader(file: file, document: document)
            reader.read()
            definitions.reserveCapacity(definitions.count + reader.tokens.count)
            self.errors += reader.errors
            for def in reader.tokens {
                let name = def.name
                if definitions.updateValue(def, forKey: name) == nil { names.append(name) }
            }
            for g in reader.groups { groups.insert(g.joined(separator: ".")) }
            for (g, d) in reader.groupDescriptions { groupDescriptions[g.joined(separator: ".")] = d }
            for (g, t) in reader.groupTypes { groupTypes[g.joined(separator: ".")] = t }
            extensions += reader.extensions
        }
        applyExtensions(extensions)
        var resolver = AliasResolver(set: self)
        resolver.done.reserveCapacity(names.count)
        for name in names { _ = resolver.resolve(name) }
        tokens = resolver.done
        self.errors += resolver.errors
        self.warnings += resolver.warnings
    }

    /// `$extends`: a group inherits its target's tokens, its own of the same name replacing
    /// theirs whole. Targets are applied first, so a chain of extensions inherits through.
    private func applyExtensions(_ extensions: [GroupExtension]) {
        var done = Set<String>()
        func apply(_ ext: GroupExtension, visiting: [String]) {
            let group = ext.group.joined(separator: ".")
            guard !done.contains(group) else { return }
            let target = String(ext.target.trimmingCharacters(in: .whitespaces).dropFirst().dropLast())
            guard ext.target.hasPrefix("{"), ext.target.hasSuffix("}"), groups.contains(target) else {
                let near = Suggestion.closest(to: target, among: groups.filter { !$0.isEmpty })
                errors.append(.init(.badExtends(group: group, target: ext.target, suggestion: near), at: ext.location))
                done.insert(group)
                return
            }
            if visiting.contains(target) || target == group {
                errors.append(.init(.extendsCycle(visiting + [group, target]), at: ext.location))
                done.insert(group)
                return
            }
            if let inner = extensions.first(where: { $0.group.joined(separator: ".") == target }) {
                apply(inner, visiting: visiting + [group])
            }
            done.insert(group)
            let prefix = target + "."
            // The extending group's own tokens take the inherited group's type where they give none.
            let ownPrefix = group.isEmpty ? "" : group + "."
            for name in names where name.hasPrefix(ownPrefix) && definitions[name]!.type == nil {
                let inherited = definitions[prefix + name.dropFirst(ownPrefix.count)]
                definitions[name]!.type = inherited?.type ?? groupTypes[target]
                definitions[name]!.typeLocation = inherited?.typeLocation
            }
            for name in names where name.hasPrefix(prefix) {
                let rest = String(name.dropFirst(prefix.count))
                let inherited = group.isEmpty ? rest : group + "." + rest
                guard definitions[inherited] == nil else { continue }
                var copy = definitions[name]!
                copy.path = ext.group + rest.split(separator: ".").map(String.init)
                definitions[inherited] = copy
                names.append(inherited)
            }
            for g in groups where g.hasPrefix(prefix) {
                groups.insert(group + "." + g.dropFirst(prefix.count))
            }
        }
        for ext in extensions { apply(ext, visiting: []) }
    }

    /// The token names closest to a misspelled one.
    public func suggestion(for name: String) -> String? {
        Suggestion.closest(to: name, among: definitions.keys)
    }
}
