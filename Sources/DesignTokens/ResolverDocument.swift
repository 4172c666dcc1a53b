import Foundation
import StyleCore

/// A DTCG Resolver Module 2025.10 document (`*.resolver.json`): sets of token sources, and
/// modifiers whose contexts choose more sources, in a resolution order.
///
/// stylerun maps a modifier's contexts to themes (`--theme dark` picks the `dark` context):
/// the first modifier of the resolution order is the theme modifier; any other takes its
/// `default` context.
public struct ResolverDocument: Sendable {
    /// Where a set's or context's tokens come from.
    public enum Source: Sendable {
        /// `{"$ref": "base/colors.tokens.json"}`, relative to the resolver's folder.
        case file(String, at: SourceLocation)
        /// Tokens written in the resolver itself.
        case inline(PositionedJSON)
    }

    public struct Modifier: Sendable {
        public var name: String
        public var contexts: [(name: String, sources: [Source])]
        public var defaultContext: String?
        public var location: SourceLocation
    }

    public enum Step: Sendable {
        case set(String)
        case modifier(String)
    }

    public let file: String
    public var name: String?
    public var sets: [String: [Source]] = [:]
    public var modifiers: [Modifier] = []
    public var order: [Step] = []
    public var errors: [LocatedTokenError] = []
    public var warnings: [LocatedTokenError] = []

    /// The modifier whose contexts are the themes: the first in the resolution order.
    public var themeModifier: Modifier? {
        for step in order { if case .modifier(let m) = step { return modifiers.first { $0.name == m } } }
        return nil
    }

    /// Reads the document; every mistake is collected at its `line:col`.
    public init(file: String, text: String) {
        self.file = file
        let root: PositionedJSON
        do throws(PositionedJSONError) {
            root = try PositionedJSON(parsing: text)
        } catch {
            errors.append(.init(.invalidJSON(error.message), at: at(error.position)))
            return
        }
        guard root.members != nil else {
            errors.append(.init(.resolver("A resolver document is a JSON object with version, sets, modifiers and resolutionOrder; got \(root.kindName)."), at: at(root.position)))
            return
        }
        name = root["name"]?.string
        if let v = root["version"] {
            if v.string != "2025.10" { errors.append(.init(.resolver("The resolver's version must be \"2025.10\"; got \(Self.describe(v))."), at: at(v.position))) }
        } else {
            errors.append(.init(.resolver("The resolver has no \"version\"; add \"version\": \"2025.10\"."), at: at(root.position)))
        }
        for m in root["sets"]?.members ?? [] {
            guard let sources = m.value["sources"]?.array else {
                errors.append(.init(.resolver("The set '\(m.key)' needs a \"sources\" array."), at: at(m.value.position)))
                continue
            }
            sets[m.key] = readSources(sources, in: "set '\(m.key)'")
        }
        for m in root["modifiers"]?.members ?? [] {
            guard let contexts = m.value["contexts"]?.members, !contexts.isEmpty else {
                errors.append(.init(.resolver("The modifier '\(m.key)' needs a \"contexts\" object with at least one context."), at: at(m.value.position)))
                continue
            }
            if contexts.count == 1 {
                warnings.append(.init(.resolver("The modifier '\(m.key)' has one context; a set says the same."), at: at(m.keyPosition)))
            }
            var modifier = Modifier(name: m.key, contexts: [], defaultContext: m.value["default"]?.string, location: at(m.keyPosition))
            for c in contexts {
                guard let list = c.value.array else {
                    errors.append(.init(.resolver("The context '\(c.key)' of '\(m.key)' needs an array of sources."), at: at(c.value.position)))
                    continue
                }
                modifier.contexts.append((c.key, readSources(list, in: "modifier '\(m.key)'")))
            }
            if let d = m.value["default"], let name = d.string, !contexts.contains(where: { $0.key == name }) {
                let near = Suggestion.closest(to: name, among: contexts.map(\.key))
                errors.append(.init(.resolver("The default '\(name)' of '\(m.key)' is not one of its contexts (\(contexts.map(\.key).joined(separator: ", ")))." + (near.map { " Did you mean '\($0)'?" } ?? "")), at: at(d.position)))
            }
            modifiers.append(modifier)
        }
        guard let order = root["resolutionOrder"]?.array else {
            errors.append(.init(.resolver("The resolver has no \"resolutionOrder\" array."), at: at(root.position)))
            return
        }
        for item in order {
            guard let ref = item["$ref"]?.string else {
                errors.append(.init(.resolver("Each step of resolutionOrder is {\"$ref\": \"#/sets/…\"} or {\"$ref\": \"#/modifiers/…\"}."), at: at(item.position)))
                continue
            }
            if ref.hasPrefix("#/sets/"), sets[String(ref.dropFirst(7))] != nil {
                self.order.append(.set(String(ref.dropFirst(7))))
            } else if ref.hasPrefix("#/modifiers/"), modifiers.contains(where: { $0.name == ref.dropFirst(12) }) {
                self.order.append(.modifier(String(ref.dropFirst(12))))
            } else {
                let names = sets.keys.map { "#/sets/\($0)" } + modifiers.map { "#/modifiers/\($0.name)" }
                let near = Suggestion.closest(to: ref, among: names)
                errors.append(.init(.resolver("The step '\(ref)' names no set or modifier." + (near.map { " Did you mean '\($0)'?" } ?? "")), at: at(item.position)))
            }
        }
        let mods = self.order.compactMap { if case .modifier(let m) = $0 { m } else { nil } }
        if mods.count > 1 {
            for m in mods.dropFirst() {
                let modifier = modifiers.first { $0.name == m }!
                warnings.append(.init(.resolver("Only the first modifier ('\(mods[0])') chooses the theme; '\(m)' takes its default context '\(modifier.defaultContext ?? modifier.contexts.first?.name ?? "")'."), at: modifier.location))
            }
        }
    }

    /// The sources, in resolution order, for the theme modifier's `context` (its default for nil).
    public func sources(theme context: String?) -> [Source] {
        var out: [Source] = []
        let themeName = themeModifier?.name
        for step in order {
            switch step {
            case .set(let s): out += sets[s] ?? []
            case .modifier(let m):
                guard let modifier = modifiers.first(where: { $0.name == m }) else { continue }
                let chosen = (m == themeName ? context : nil) ?? modifier.defaultContext ?? modifier.contexts.first?.name
                out += modifier.contexts.first { $0.name == chosen }?.sources ?? []
            }
        }
        return out
    }

    private mutating func readSources(_ list: [PositionedJSON], in owner: String) -> [Source] {
        var out: [Source] = []
        for item in list {
            if let members = item.members, members.count == 1, members[0].key == "$ref", let ref = members[0].value.string {
                if ref.hasPrefix("#/sets/") {
                    // A context may include a set: its sources, in place.
                    guard let set = sets[String(ref.dropFirst(7))] else {
                        errors.append(.init(.resolver("The source '\(ref)' of \(owner) names no set declared before it."), at: at(members[0].value.position)))
                        continue
                    }
                    out += set
                } else if ref.hasPrefix("#/modifiers/") {
                    errors.append(.init(.resolver("A source cannot be a modifier ('\(ref)' in \(owner)); only sets and files."), at: at(members[0].value.position)))
                } else if ref.hasPrefix("#") || ref.contains("://") || ref.hasPrefix("/") {
                    errors.append(.init(.resolver("The source '\(ref)' of \(owner) is not a file beside the resolver; name a .json file relative to it."), at: at(members[0].value.position)))
                } else {
                    out.append(.file(ref, at: at(members[0].value.position)))
                }
            } else if item.members != nil {
                out.append(.inline(item))
            } else {
                errors.append(.init(.resolver("A source is {\"$ref\": \"file.tokens.json\"} or an object of tokens; got \(Self.describe(item))."), at: at(item.position)))
            }
        }
        return out
    }

    private func at(_ p: PositionedJSON.Position) -> SourceLocation {
        SourceLocation(file: file, line: p.line, column: p.column)
    }

    private static func describe(_ json: PositionedJSON) -> String {
        if let s = json.string { return "\"\(s)\"" }
        return json.kindName
    }
}
