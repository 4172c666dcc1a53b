import StyleCore

/// The typed Swift keys of the standard kinds, generated from the schema: the source of
/// `Sources/StyleCore/StandardKeys.swift`, so that a property's name and type are written once.
///
///     print(SwiftKeys().render())
///
/// For each view kind: a namespace with one `PropertyKey` per member (inherited ones too, so
/// `Label.alpha` works like Lua's `Label.alpha`), sub-objects as key groups
/// (`Button.titleLabel.font`), a `Kind` shorthand (`.label`), and a Swift enum per enum type.
public struct SwiftKeys: Sendable {
    public var schema: Schema

    public init(schema: Schema = .standard) { self.schema = schema }

    public func render() -> String {
        var out = """
        // Generated from the schema by `SwiftKeys` (Sources/StyleRun/Render/SwiftKeys.swift); do not
        // edit. Regenerate with `SNAPSHOT_RECORD=1 swift test --filter SwiftKeysTests` after changing
        // `StandardKinds.swift`: a test fails while this file is stale.

        """
        out += "\nextension Kind {\n"
        for kind in schema.viewKinds {
            out += "    /// `Schema.\(Self.lowerFirst(kind.name))`: \(kind.doc)\n"
            out += "    public static var \(Self.lowerFirst(kind.name)): Kind { Schema.\(Self.lowerFirst(kind.name)) }\n"
        }
        out += "}\n"
        for e in enums() {
            out += "\n/// The cases of `\(e.name)` properties.\n"
            out += "public enum \(e.name): String, CaseIterable, StyleEnum {\n"
            out += "    case " + e.cases.map(Self.identifier).joined(separator: ", ") + "\n"
            out += "}\n"
        }
        for kind in schema.viewKinds {
            out += "\n/// The typed keys of `\(kind.name)`: \(kind.doc)\n"
            out += kind.name == "View" ? "extension View {\n" : "public enum \(kind.name) {\n"
            for (name, member) in Self.members(of: kind) {
                out += member.doc.isEmpty ? "" : "    /// \(member.doc)\n"
                out += "    public static let \(name) = \(member.expression(prefix: "\"", kindName: kind.name))\n"
            }
            out += "}\n"
        }
        for nested in nestedKinds() {
            out += "\n/// The keys of a `\(nested.name)` sub-object, from its owner (`View.layer.cornerRadius`).\n"
            out += "public struct \(nested.name)Keys: Sendable {\n"
            out += "    let prefix: String\n    let kind: String\n\n"
            out += "    init(prefix: String, kind: String) {\n        self.prefix = prefix\n        self.kind = kind\n    }\n"
            for (name, member) in Self.members(of: nested) {
                out += member.doc.isEmpty ? "\n" : "\n    /// \(member.doc)\n"
                out += "    public var \(name): \(member.typeName) { \(member.expression(prefix: "prefix + \"", kindName: nil)) }\n"
            }
            out += "}\n"
        }
        return out
    }

    /// One member of a kind as Swift sees it.
    private struct Member {
        let name: String
        let doc: String
        /// A property's type, or a nested kind.
        let shape: PropertyDeclaration.Shape

        var typeName: String {
            switch shape {
            case .value(let type, _, _): "PropertyKey<\(SwiftKeys.swiftType(type))>"
            case .nested(let kind): "\(kind.name)Keys"
            }
        }

        /// The initializer: `PropertyKey<Color?>("backgroundColor", kind: "View")`; `prefix` opens
        /// the path's string, and a nil `kindName` uses the group's `kind`.
        func expression(prefix: String, kindName: String?) -> String {
            let kind = kindName.map { "\"\($0)\"" } ?? "kind"
            switch shape {
            case .value:
                return "\(typeName)(\(prefix)\(name)\", kind: \(kind))"
            case .nested(let nested):
                return "\(nested.name)Keys(prefix: \(prefix)\(name).\", kind: \(kind))"
            }
        }
    }

    /// Every top-level member, super-kinds' first, in declaration order.
    private static func members(of kind: Kind) -> [(String, Member)] {
        kind.lineage.reversed().flatMap { k in
            k.declarations.map { ($0.name, Member(name: $0.name, doc: $0.doc, shape: $0.shape)) }
        }
    }

    /// The kinds that appear as sub-objects, in schema order.
    private func nestedKinds() -> [Kind] {
        var seen: [Kind] = []
        func visit(_ kind: Kind) {
            for (_, member) in Self.members(of: kind) {
                guard case .nested(let nested) = member.shape, !seen.contains(nested) else { continue }
                seen.append(nested)
                visit(nested)
            }
        }
        schema.viewKinds.forEach(visit)
        return seen
    }

    /// The enum types of every property, each once, in schema order.
    private func enums() -> [EnumType] {
        var seen: [EnumType] = []
        func visit(_ kind: Kind) {
            for d in kind.declarations {
                switch d.shape {
                case .value(let type, _, _):
                    if case .enumeration(let e) = type.wrapped, !seen.contains(e) { seen.append(e) }
                case .nested(let nested): visit(nested)
                }
            }
        }
        schema.viewKinds.forEach(visit)
        return seen
    }

    static func swiftType(_ type: ValueType) -> String {
        switch type {
        case .number: "Double"
        case .int: "Int"
        case .bool: "Bool"
        case .string: "String"
        case .color: "Color"
        case .font: "Font"
        case .insets: "Insets"
        case .size: "Size"
        case .image: "Image"
        case .enumeration(let e): e.name
        case .optional(let t): swiftType(t) + "?"
        }
    }

    private static let keywords: Set<String> = ["default", "case", "switch", "in", "is", "as", "return", "class", "struct",
                                                 "enum", "func", "let", "var", "if", "else", "for", "while", "do", "self"]

    private static func identifier(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

    private static func lowerFirst(_ s: String) -> String {
        // `TextField` → `textField`, `ImageView` → `imageView`; the schema's own statics are named so.
        s.prefix(1).lowercased() + s.dropFirst()
    }
}
