import StyleCore

/// Lua language server definitions of stylerun (`stylerun types`), generated from the schema:
/// editors then complete kinds, key paths, properties and enum cases, and flag typos as you type.
///
///     try LuaDefinitions(schema: .standard).render().write(toFile: "stylerun.lua", atomically: true, encoding: .utf8)
///
/// For each kind `K` there are four classes: `K` (the view a style function receives, its
/// fields typed exactly), `KKeyPaths` (what indexing the global gives: `View.layer.cornerRadius`),
/// `KProps` (the table `K { … }` takes, where hex strings, image names and tables are accepted)
/// and `KKind` (the global itself: key paths, callable with props). Enums are string aliases.
/// The output depends only on the schema, so a shipped copy can be checked against it.
public struct LuaDefinitions: Sendable {
    public var schema: Schema

    public init(schema: Schema = .standard) { self.schema = schema }

    /// The whole definitions file.
    public func render() -> String {
        var out = Self.header
        out += aliases()
        out += LuaDefinitionsPrelude.values
        for kind in objectKinds() { out += objectClasses(kind) }
        for kind in schema.viewKinds { out += viewClasses(kind) }
        out += LuaDefinitionsPrelude.functions
        return out
    }

    static let header = """
        ---@meta stylerun
        -- Lua language server definitions of stylerun's API, generated from the schema by
        -- `stylerun types`. Do not edit: regenerate. Point your editor's Lua.workspace.library at
        -- this file's folder.


        """

    // MARK: Types

    /// The Lua type of a property as a view holds it (`Color?`, `Axis`, `number`).
    func luaType(_ type: ValueType) -> String {
        switch type {
        case .number: "number"
        case .int: "integer"
        case .bool: "boolean"
        case .string: "string"
        case .color: "Color"
        case .font: "Font"
        case .insets: "Insets"
        case .size: "Size"
        case .image: "Image"
        case .enumeration(let e): e.name.isLuaName ? e.name : Self.literals(e.cases)
        case .optional(let t): luaType(t) + "?"
        }
    }

    /// The Lua type a constructor or `mut` accepts: also the coercions of REFERENCE §1.2.
    func acceptedType(_ type: ValueType) -> String {
        switch type {
        case .color: "ColorLike"
        case .image: "ImageLike"
        case .insets: "InsetsLike"
        case .size: "SizeLike"
        case .optional(let t): acceptedType(t) + "?"
        default: luaType(type)
        }
    }

    static func literals(_ cases: [String]) -> String { cases.map { "\"\($0)\"" }.joined(separator: "|") }

    /// One alias per enum of the schema, in the order first declared.
    private func aliases() -> String {
        var seen = Set<String>()
        var out = ""
        for kind in schema.order {
            for p in kind.properties {
                guard case .enumeration(let e) = p.type.wrapped, e.name.isLuaName, seen.insert(e.name).inserted else { continue }
                out += "---@alias \(e.name) \(Self.literals(e.cases))\n"
            }
        }
        out += "---@alias FontWeight \(Self.literals(Font.Weight.allCases.map(\.rawValue)))\n"
        out += "---@alias TextStyle \(Self.literals(Font.TextStyle.allCases.map(\.rawValue)))\n\n"
        return out
    }

    // MARK: Kinds

    /// The sub-object kinds (`Layer`) the view kinds declare, in the order first met.
    private func objectKinds() -> [Kind] {
        var found: [Kind] = []
        for kind in schema.order {
            for d in kind.declarations {
                guard case .nested(let nested) = d.shape, !nested.isViewKind, !found.contains(nested) else { continue }
                found.append(nested)
            }
        }
        return found
    }

    /// A sub-object kind (`Layer`): its fields, key paths and constructor table.
    private func objectClasses(_ kind: Kind) -> String {
        var out = classLine(kind.name, doc: kind.doc)
        out += fieldLines(kind.declarations) + "\n"
        out += "---@class \(kind.name)KeyPaths\n" + keyPathLines(kind.declarations) + "\n"
        out += "---@class \(kind.name)Props\n" + propLines(kind.declarations) + "\n"
        return out
    }

    private func viewClasses(_ kind: Kind) -> String {
        let superName = kind.superKind?.name
        var out = classLine(kind.name + (superName.map { ": " + $0 } ?? ""), doc: kind.doc)
        if superName == nil {
            out += "---@field id string? The view's id, unique in its tree.\n"
            out += "---@field kind string The view's kind name.\n"
            out += "---@field classes string[] The view's class names.\n"
        }
        out += fieldLines(kind.declarations) + "\n"

        out += "---@class \(kind.name)KeyPaths" + (superName.map { ": \($0)KeyPaths" } ?? "") + "\n"
        out += keyPathLines(kind.declarations) + "\n"

        out += "---@class \(kind.name)Props" + (superName.map { ": \($0)Props" } ?? "") + "\n"
        if superName == nil {
            out += "---@field id string?\n---@field class (string|string[])?\n---@field style (StyleLike|StyleLike[])?\n"
            out += "---@field [integer] View\n"
        }
        out += propLines(kind.declarations) + "\n"

        out += "---@class \(kind.name)Kind: \(kind.name)KeyPaths, ViewKind\n"
        out += "---@overload fun(props: \(kind.name)Props): \(kind.name)\n"
        out += "\(kind.name) = {}\n\n"
        return out
    }

    /// Constructor fields: every property optional, with the coercions a literal may use.
    private func propLines(_ declarations: [PropertyDeclaration]) -> String {
        declarations.map { d in
            switch d.shape {
            case .value(let type, _, _): "---@field \(d.name) \(acceptedType(type.isOptional ? type : .optional(type)))\n"
            case .nested(let nested): "---@field \(d.name) \(nested.name)Props?\n"
            }
        }.joined()
    }

    private func classLine(_ name: String, doc: String) -> String {
        (doc.isEmpty ? "" : "---\(doc)\n") + "---@class \(name)\n"
    }

    private func fieldLines(_ declarations: [PropertyDeclaration]) -> String {
        declarations.map { d in
            switch d.shape {
            case .value(let type, _, let range):
                let note = [range.map { "(\($0))" }, d.doc.isEmpty ? nil : d.doc].compactMap { $0 }.joined(separator: " ")
                return "---@field \(d.name) \(luaType(type))" + (note.isEmpty ? "" : " " + note) + "\n"
            case .nested(let nested):
                return "---@field \(d.name) \(nested.name)" + (d.doc.isEmpty ? "" : " " + d.doc) + "\n"
            }
        }.joined()
    }

    /// Key path fields: a typed `KeyPath`, one with fields for insets and sizes, or a nested
    /// kind's key paths.
    private func keyPathLines(_ declarations: [PropertyDeclaration]) -> String {
        declarations.map { d in
            switch d.shape {
            case .value(let type, _, _):
                switch type.wrapped {
                case .insets: return "---@field \(d.name) InsetsKeyPath\n"
                case .size: return "---@field \(d.name) SizeKeyPath\n"
                default: return "---@field \(d.name) KeyPath<\(luaType(type))>\n"
                }
            case .nested(let nested):
                return "---@field \(d.name) \(nested.name)KeyPaths\n"
            }
        }.joined()
    }
}

extension String {
    /// A name LuaLS accepts as a class or alias (`Axis`, not `left|right`).
    fileprivate var isLuaName: Bool {
        guard let first, first == "_" || (first.isASCII && first.isLetter) else { return false }
        return allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }
}
