import LuaSyntax
import StyleRun

/// `textDocument/documentSymbol`: the rules, appearances, themes, declared kinds and top-level
/// styles of a script, as an outline.
extension Features {
    func documentSymbols(_ doc: TextDocument, index: DocumentIndex?) -> JSONValue {
        guard let index else { return [] }
        var symbols: [JSONValue] = []
        func symbol(_ name: String, detail: String, kind: Int, range: SourceRange, selection: SourceRange, children: [JSONValue] = []) -> JSONValue {
            var members: [(key: String, value: JSONValue)] = [
                ("name", .string(name)), ("detail", .string(detail)), ("kind", .number(Double(kind))),
                ("range", doc.range(range.offsets).json), ("selectionRange", doc.range(selection.offsets).json),
            ]
            if !children.isEmpty { members.append(("children", .array(children))) }
            return .object(members)
        }
        func fromCall(_ call: CallExpression, statement: SourceRange) -> JSONValue? {
            switch APIName.global(call.callee) {
            case "rule"?:
                guard case .string(let s)? = call.arguments.first else { return nil }
                return symbol("rule \"\(s.text)\"", detail: "rule", kind: 5, range: statement, selection: s.range)
            case "appearance"?:
                guard let kind = call.arguments.first.flatMap(APIName.global) else { return nil }
                return symbol("appearance(\(kind))", detail: "appearance", kind: 5, range: statement, selection: call.callee.range)
            case "kind"?:
                guard case .string(let s)? = call.arguments.first else { return nil }
                return symbol(s.text, detail: "kind", kind: 11, range: statement, selection: s.range)
            default:
                return nil
            }
        }
        for statement in index.chunk.body.statements {
            switch statement {
            case .call(.call(let call)):
                if let s = fromCall(call, statement: statement.range) { symbols.append(s) }
            case .local(let local):
                for (i, name) in local.names.enumerated() where i < local.values.count {
                    let value = local.values[i]
                    if case .call(let call) = value, APIName.global(call.callee) == "themes", case .table(let table)? = call.arguments.first {
                        symbols.append(symbol(name.name.text, detail: "themes", kind: 3, range: statement.range, selection: name.name.range,
                                              children: themeSymbols(table, symbol: symbol)))
                    } else if case .call(let call) = value, let s = fromCall(call, statement: statement.range) {
                        symbols.append(s)
                    } else if isStyle(value) {
                        symbols.append(symbol(name.name.text, detail: "style", kind: 13, range: statement.range, selection: name.name.range))
                    }
                }
            case .localFunction(let local):
                symbols.append(symbol(local.name.name.text, detail: "function", kind: 12, range: statement.range, selection: local.name.name.range))
            case .assignment(let assignment):
                for (i, target) in assignment.targets.enumerated() where i < assignment.values.count && isStyle(assignment.values[i]) {
                    symbols.append(symbol(index.text(target.range), detail: "style", kind: 13, range: statement.range, selection: target.range))
                }
            case .function(let function):
                let name = ([function.base.name.text] + function.fields.map(\.text)).joined(separator: ".")
                symbols.append(symbol(name, detail: "function", kind: 12, range: statement.range, selection: function.base.name.range))
            default:
                continue
            }
        }
        return .array(symbols)
    }

    private func themeSymbols(_ table: TableConstructor,
                              symbol: (String, String, Int, SourceRange, SourceRange, [JSONValue]) -> JSONValue) -> [JSONValue] {
        table.fields.compactMap { field in
            guard case .named(let key, .table(let tokens)) = field else { return nil }
            let children = tokens.fields.compactMap { token -> JSONValue? in
                guard case .named(let name, let value) = token else { return nil }
                return symbol(name.text, "token", 14, name.range.extended(to: value.range), name.range, [])
            }
            return symbol(key.text, "theme", 3, key.range.extended(to: tokens.range), key.range, children)
        }
    }

    private func isStyle(_ e: LuaExpression) -> Bool {
        switch e {
        case .call(let call): ["mut", "mver", "concat", "style"].contains(APIName.global(call.callee) ?? "")
        case .binary(let b): b.op == .concat && (isStyle(b.lhs) || isStyle(b.rhs))
        default: false
        }
    }
}
