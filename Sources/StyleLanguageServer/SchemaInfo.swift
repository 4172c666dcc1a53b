import StyleCore
import StyleRun

/// What completion and hover say about the schema's kinds and properties, in one place.
struct SchemaInfo {
    let schema: Schema

    /// The members after a chain of names rooted at a kind (`Button.titleLabel.` → Label's),
    /// with the root kind; nil when the chain is not a key path.
    func members(after segments: [String]) -> (root: Kind, members: [(name: String, member: MemberInfo)])? {
        guard let first = segments.first, let root = schema.kind(named: first) else { return nil }
        if segments.count == 1 { return (root, kindMembers(root)) }
        guard case .success(let path) = StyleKeyPath.resolve(Array(segments.dropFirst()), in: root) else { return nil }
        switch path.target {
        case .object(_, let nested): return (root, kindMembers(nested))
        case .property(let p):
            return (root, p.type.fieldNames.map { ($0, .field(p, $0)) })
        case .field: return nil
        }
    }

    enum MemberInfo {
        case property(Property)
        case nested(Kind)
        case field(Property, String)
    }

    private func kindMembers(_ kind: Kind) -> [(name: String, member: MemberInfo)] {
        kind.members.map { name, member in
            switch member {
            case .property(let p): (name, .property(p))
            case .nested(_, let k): (name, .nested(k))
            }
        }.sorted { $0.name < $1.name }
    }

    /// The property at a key path written as names (`["StackView", "axis"]`).
    func property(_ segments: [String]) -> Property? {
        guard segments.count >= 2, let root = schema.kind(named: segments[0]),
              case .success(let path) = StyleKeyPath.resolve(Array(segments.dropFirst()), in: root) else { return nil }
        return path.property
    }

    /// `Color? · default nil · 0…1`.
    func summary(_ p: Property) -> String {
        var parts = [p.type.description, "default \(p.defaultValue.displayText)"]
        if let range = p.range { parts.append(range.description) }
        return parts.joined(separator: " · ")
    }

    /// The view kinds that have a property: the declaring kind and its sub-kinds.
    func kinds(having p: Property) -> [String] {
        schema.viewKinds.filter { $0.property(p.path) != nil && $0.isA(schema.kind(named: p.owner) ?? $0) }.map(\.name)
    }

    /// Markdown for a property: type, default, range, the kinds it exists on, its doc line.
    func markdown(_ p: Property, written name: String) -> String {
        var lines = ["**\(name)**: `\(p.type)`", "", "Default `\(p.defaultValue.displayText)`"]
        if let range = p.range { lines[2] += " · range \(range)" }
        if case .enumeration(let e) = p.type.wrapped { lines.append("Cases: " + e.cases.map { "`\($0)`" }.joined(separator: ", ")) }
        let owners = kinds(having: p)
        if !owners.isEmpty { lines.append("On " + owners.joined(separator: ", ")) }
        if !p.doc.isEmpty { lines += ["", p.doc] }
        return lines.joined(separator: "\n")
    }

    func markdown(_ kind: Kind) -> String {
        var lines = ["**\(kind.name)**" + (kind.superKind.map { ": \($0.name)" } ?? "") + " (view kind)"]
        if !kind.doc.isEmpty { lines += ["", kind.doc] }
        lines += ["", "\(kind.properties.count) properties; index it for key paths (`\(kind.name).…`), call it with a table to build a view."]
        return lines.joined(separator: "\n")
    }

    /// The enum cases a key path's property takes, when it is enum-typed.
    func enumCases(_ segments: [String]) -> (property: Property, cases: [String])? {
        guard let p = property(segments), case .enumeration(let e) = p.type.wrapped else { return nil }
        return (p, e.cases)
    }
}
