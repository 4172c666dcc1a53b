import StyleRun
import LuaSyntax
import StyleCore

/// A named member of a script's value: a theme token, a module's export, a table field.
struct Member {
    enum Role { case token, function, style, value }

    var name: String
    /// The file it is defined in and the byte range of its name there.
    var file: String
    var range: Range<Int>
    var doc: String
    /// The value as written (per theme for a token: `bright: color "#FF0000" · dark: …`).
    var detail: String
    var role: Role
    /// The value's expression and the file's index, for what a style member sets.
    var value: LuaExpression? = nil
    var index: DocumentIndex? = nil
}

/// The members a local or module exposes, read from the syntax tree: `local theme = themes {…}`
/// gives its tokens; `local base = require "base"` the module's exports; a table its fields.
struct MemberResolver {
    let workspace: Workspace

    /// The members of local `variable` of `index` (a file at `path`).
    func members(ofLocal variable: VariableID, in index: DocumentIndex, path: String, depth: Int = 0) -> [Member] {
        guard depth < 4, let value = index.initializers[variable] else { return [] }
        var found = members(of: value, in: index, path: path, depth: depth)
        // `local M = {}` then `M.x = …` and `function M.f() end` at the top level.
        for statement in index.chunk.body.statements {
            switch statement {
            case .assignment(let assignment):
                for (i, target) in assignment.targets.enumerated() {
                    guard case .index(let target) = target, case .field(let field) = target.key,
                          case .name(let base) = target.base, base.binding == .local(variable) else { continue }
                    let value = i < assignment.values.count ? assignment.values[i] : nil
                    found.append(member(field, value: value, statement: assignment.range, in: index, path: path))
                }
            case .function(let function):
                guard function.base.binding == .local(variable), function.fields.count == 1, function.method == nil else { continue }
                let params = function.function.parameters.map(\.name.text).joined(separator: ", ")
                var m = member(function.fields[0], value: nil, statement: function.range, in: index, path: path)
                m.detail = "function \(function.base.name.text).\(function.fields[0].text)(\(params))"
                m.role = .function
                found.append(m)
            default:
                continue
            }
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0.name).inserted }
    }

    /// The members of an expression: a table's fields, a theme's tokens, a module's exports.
    func members(of expression: LuaExpression, in index: DocumentIndex, path: String, depth: Int) -> [Member] {
        switch expression {
        case .table(let table):
            return table.fields.compactMap { field in
                guard case .named(let key, let value) = field else { return nil }
                return member(key, value: value, statement: key.range.extended(to: value.range), in: index, path: path)
            }
        case .call(let call):
            let callee = APIName.global(call.callee)
            if callee == "themes", case .table(let table)? = call.arguments.first {
                return tokens(table, in: index, path: path)
            }
            if callee == "require", case .string(let module)? = call.arguments.first {
                return moduleMembers(module.text, from: path, depth: depth)
            }
            return []
        case .name(let name):
            guard case .local(let id) = name.binding else { return [] }
            return members(ofLocal: id, in: index, path: path, depth: depth + 1)
        case .parenthesized(let inner, _):
            return members(of: inner, in: index, path: path, depth: depth)
        default:
            return []
        }
    }

    /// What `require "name"` returns, from a script at `path`.
    func moduleMembers(_ name: String, from path: String, depth: Int = 0) -> [Member] {
        guard depth < 4, let file = workspace.modulePath(name, from: path), let module = workspace.index(ofFile: file),
              case .return(let values, _)? = module.chunk.body.statements.last, let value = values.first else { return [] }
        return members(of: value, in: module, path: file, depth: depth + 1)
    }

    /// Tokens of `themes { default = "…", name = { token = value } … }`: each token once, defined
    /// in the default theme (else the first), with its value in every theme.
    private func tokens(_ table: TableConstructor, in index: DocumentIndex, path: String) -> [Member] {
        var defaultName: String?
        var themes: [(name: String, fields: [(Identifier, LuaExpression)])] = []
        for field in table.fields {
            guard case .named(let key, let value) = field else { continue }
            if key.text == "default", case .string(let s) = value { defaultName = s.text; continue }
            guard case .table(let tokens) = value else { continue }
            themes.append((key.text, tokens.fields.compactMap {
                if case .named(let k, let v) = $0 { return (k, v) } else { return nil }
            }))
        }
        guard let home = themes.first(where: { $0.name == defaultName }) ?? themes.first else { return [] }
        return home.fields.map { key, _ in
            let values = themes.compactMap { theme in
                theme.fields.first { $0.0.text == key.text }.map { "\(theme.name): \(index.text($0.1.range))" }
            }
            return Member(name: key.text, file: path, range: key.range.offsets, doc: index.docComment(above: key.range.start.line),
                          detail: values.joined(separator: " · "), role: .token)
        }
    }

    private func member(_ key: Identifier, value: LuaExpression?, statement: SourceRange, in index: DocumentIndex, path: String) -> Member {
        var role = Member.Role.value
        // On one line: a value written over several lines reads as it would in a signature.
        var detail = value.map { index.text($0.range).split(whereSeparator: \.isWhitespace).joined(separator: " ") } ?? ""
        if let value {
            switch value {
            case .function(let body):
                role = .function
                detail = "function(\(body.parameters.map(\.name.text).joined(separator: ", ")))"
            case .call(let call) where ["mut", "mver", "concat", "style"].contains(APIName.global(call.callee) ?? ""):
                role = .style
            case .binary(let b) where b.op == .concat:
                role = .style
            default:
                break
            }
        }
        if detail.count > 120 { detail = String(detail.prefix(117)) + "…" }
        return Member(name: key.text, file: path, range: key.range.offsets, doc: index.docComment(above: statement.start.line),
                      detail: detail, role: role, value: value, index: index)
    }
}
