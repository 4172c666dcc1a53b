import Foundation
import StyleCore

/// One token as a file declares it, before its aliases are followed.
public struct TokenDefinition: Sendable {
    /// `["color", "accent"]`; a group's `$root` token keeps `$root` as its last name.
    public var path: [String]
    /// `color.accent`, as aliases and scripts name it.
    public var name: String { path.joined(separator: ".") }
    /// The `$type` it has, its own or its nearest group's; nil when neither gives one (an
    /// alias then takes its target's).
    public var type: TokenType?
    /// Where the `$type` that applies was written.
    public var typeLocation: SourceLocation?
    /// `$value`, or for a `{"$ref": "#/…"}` token the reference itself.
    public var value: PositionedJSON
    /// The token's name in its file: what provenance and definition point at.
    public var location: SourceLocation
    public var description: String?
    /// `$deprecated`: nil when not deprecated; an empty string when deprecated without a note.
    public var deprecated: String?
    /// The file's root, for `$ref` pointers written in it.
    public var document: PositionedJSON
    /// Whether a `$type` was written but named no type (reported there; no second error).
    var hasInvalidType = false
}

/// A group's `$extends`, kept until every file's tokens are known.
struct GroupExtension {
    var group: [String]
    var target: String
    var location: SourceLocation
}

/// Reads one DTCG document into its tokens: groups, inherited `$type`, `$description`,
/// `$deprecated`, `$root`; the `$extends` of groups are collected for `TokenSet`.
struct TokenFileReader {
    let file: String
    let document: PositionedJSON
    var tokens: [TokenDefinition] = []
    var extensions: [GroupExtension] = []
    var groups: Set<[String]> = []
    var groupDescriptions: [[String]: String] = [:]
    var groupTypes: [[String]: TokenType] = [:]
    var errors: [LocatedTokenError] = []

    init(file: String, document: PositionedJSON) {
        self.file = file
        self.document = document
    }

    func location(_ p: PositionedJSON.Position) -> SourceLocation {
        SourceLocation(file: file, line: p.line, column: p.column)
    }

    mutating func read() {
        guard let members = document.members else {
            errors.append(.init(.notAnObject(got: document.kindName), at: location(document.position)))
            return
        }
        readGroup(members, path: [], type: nil, typeLocation: nil, deprecated: nil)
    }

    private mutating func readGroup(_ members: [PositionedJSON.Member], path: [String], type: TokenType?,
                                    typeLocation: SourceLocation?, deprecated: String?) {
        var type = type, typeLocation = typeLocation, deprecated = deprecated
        groups.insert(path)
        for m in members where m.key.hasPrefix("$") {
            switch m.key {
            case "$type":
                if let t = readType(m.value) { type = t; typeLocation = location(m.value.position); groupTypes[path] = t }
            case "$deprecated":
                deprecated = readDeprecated(m.value, inherited: deprecated)
            case "$description":
                if let d = m.value.string { groupDescriptions[path] = d }
            case "$extends":
                if let target = m.value.string {
                    extensions.append(.init(group: path, target: target, location: location(m.value.position)))
                } else {
                    errors.append(.init(.wrongShape(token: path.joined(separator: "."), type: "group", expected: "an $extends string like \"{button}\"", got: m.value.kindName), at: location(m.value.position)))
                }
            case "$ref":
                // A group's `$ref` to another group is `$extends` in JSON Schema's spelling.
                if let pointer = m.value.string, pointer.hasPrefix("#/") {
                    let target = pointer.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false)
                        .map { JSONPointer.unescape(String($0)) }.joined(separator: ".")
                    extensions.append(.init(group: path, target: "{\(target)}", location: location(m.value.position)))
                }
            case "$root":
                if let child = m.value.members {
                    readEntry(child, value: m.value, name: m.key, keyPosition: m.keyPosition, path: path, type: type, typeLocation: typeLocation, deprecated: deprecated)
                }
            default:
                break  // $schema, $extensions and tools' own keys are not tokens.
            }
        }
        for m in members where !m.key.hasPrefix("$") {
            guard !m.key.contains("{"), !m.key.contains("}"), !m.key.contains(".") else {
                errors.append(.init(.badName(m.key), at: location(m.keyPosition)))
                continue
            }
            guard let child = m.value.members else {
                let where_ = (path + [m.key]).joined(separator: ".")
                errors.append(.init(.wrongShape(token: where_, type: "group or token", expected: "an object with \"$value\" (a token) or of tokens (a group)", got: m.value.kindName), at: location(m.value.position)))
                continue
            }
            readEntry(child, value: m.value, name: m.key, keyPosition: m.keyPosition, path: path, type: type, typeLocation: typeLocation, deprecated: deprecated)
        }
    }

    private mutating func readEntry(_ child: [PositionedJSON.Member], value: PositionedJSON, name: String, keyPosition: PositionedJSON.Position,
                                    path: [String], type: TokenType?, typeLocation: SourceLocation?, deprecated: String?) {
        let childPath = path + [name]
        let tokenValue = child.first { $0.key == "$value" }?.value
        let reference = child.first { $0.key == "$ref" }
        let isToken = tokenValue != nil || (reference != nil && !child.contains { !$0.key.hasPrefix("$") })
        guard isToken else {
            readGroup(child, path: childPath, type: type, typeLocation: typeLocation, deprecated: deprecated)
            return
        }
        if child.contains(where: { !$0.key.hasPrefix("$") }) {
            errors.append(.init(.valueAndGroup(token: childPath.joined(separator: ".")), at: location(keyPosition)))
        }
        var def = TokenDefinition(path: childPath, type: type, typeLocation: typeLocation,
                                  value: tokenValue ?? PositionedJSON(.object([reference!]), at: value.position),
                                  location: location(keyPosition), description: nil, deprecated: deprecated, document: document)
        for m in child {
            switch m.key {
            case "$type":
                if let t = readType(m.value) { def.type = t; def.typeLocation = location(m.value.position) } else { def.hasInvalidType = true }
            case "$description": def.description = m.value.string
            case "$deprecated": def.deprecated = readDeprecated(m.value, inherited: deprecated)
            default: break
            }
        }
        tokens.append(def)
    }

    private mutating func readType(_ v: PositionedJSON) -> TokenType? {
        guard let name = v.string else {
            errors.append(.init(.unknownType(v.kindName, suggestion: nil), at: location(v.position)))
            return nil
        }
        guard let t = TokenType(rawValue: name) else {
            errors.append(.init(.unknownType(name, suggestion: Suggestion.closest(to: name, among: TokenType.allCases.map(\.rawValue))), at: location(v.position)))
            return nil
        }
        return t
    }

    private func readDeprecated(_ v: PositionedJSON, inherited: String?) -> String? {
        switch v.content {
        case .bool(true): ""
        case .bool(false): nil
        case .string(let s): s
        default: inherited
        }
    }
}

/// RFC 6901 pointers inside one document (`#/colors/blue/$value/components/0`).
enum JSONPointer {
    static func unescape(_ segment: String) -> String {
        segment.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// The segments of `#/a/b`, or nil when it is no pointer into this document.
    static func segments(_ pointer: String) -> [String]? {
        guard pointer == "#" || pointer.hasPrefix("#/") else { return nil }
        if pointer == "#" || pointer == "#/" { return [] }
        return pointer.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map { unescape(String($0)) }
    }

    /// Follows `segments` from `root`, or says which segment is missing.
    static func follow(_ segments: [String], in root: PositionedJSON) -> Result<PositionedJSON, PointerFailure> {
        var node = root
        for (i, s) in segments.enumerated() {
            switch node.content {
            case .object(let members):
                guard let m = members.first(where: { $0.key == s }) else {
                    return .failure(PointerFailure(reason: "'\(s)' is not in \(i == 0 ? "the document" : "'/" + segments[..<i].joined(separator: "/") + "'")"))
                }
                node = m.value
            case .array(let elements):
                guard let k = Int(s), k >= 0, k < elements.count else {
                    return .failure(PointerFailure(reason: "'\(s)' is no index of the array at '/\(segments[..<i].joined(separator: "/"))' (it has \(elements.count) elements)"))
                }
                node = elements[k]
            default:
                return .failure(PointerFailure(reason: "'/\(segments[..<i].joined(separator: "/"))' is \(node.kindName), which has no '\(s)'"))
            }
        }
        return .success(node)
    }
}

/// Why a pointer does not resolve, in a message's words.
struct PointerFailure: Error {
    let reason: String
}
