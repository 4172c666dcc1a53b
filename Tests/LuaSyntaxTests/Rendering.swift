import LuaSyntax

/// Writes an expression fully parenthesized, so tests can state grouping plainly.
func render(_ expression: LuaExpression) -> String {
    switch expression {
    case .nil: return "nil"
    case .true: return "true"
    case .false: return "false"
    case .vararg: return "..."
    case .number(.integer(let value), _): return String(value)
    case .number(.float(let value), _): return String(value)
    case .string(let literal): return "'" + literal.text + "'"
    case .function: return "function"
    case .table(let table): return "{" + table.fields.map(render).joined(separator: ", ") + "}"
    case .name(let name): return name.name.text
    case .index(let index):
        switch index.key {
        case .field(let name): return render(index.base) + "." + name.text
        case .expression(let key): return render(index.base) + "[" + render(key) + "]"
        }
    case .call(let call): return render(call.callee) + "(" + call.arguments.map(render).joined(separator: ", ") + ")"
    case .methodCall(let call):
        return render(call.receiver) + ":" + call.method.text + "(" + call.arguments.map(render).joined(separator: ", ") + ")"
    case .parenthesized(let inner, _): return "<" + render(inner) + ">"
    case .unary(let unary): return "(" + unary.op.rawValue + " " + render(unary.operand) + ")"
    case .binary(let binary): return "(" + render(binary.lhs) + " " + binary.op.rawValue + " " + render(binary.rhs) + ")"
    }
}

func render(_ field: TableConstructor.Field) -> String {
    switch field {
    case .positional(let value): return render(value)
    case .named(let name, let value): return name.text + " = " + render(value)
    case .keyed(let key, let value, _): return "[" + render(key) + "] = " + render(value)
    }
}

/// The single expression of `return <source>`.
func parseExpression(_ source: String) throws -> LuaExpression {
    let chunk = try LuaParser.parse("return " + source)
    guard case .return(let values, _) = chunk.body.statements.last, let value = values.first else {
        fatalError("not an expression: \(source)")
    }
    return value
}
