import LuaSyntax
import StyleCore
import StyleLua

/// The walk of the static pass: follows values through locals, statement by statement, and
/// hands calls of the stylerun API to the checks that know them.
///
/// Every function body is walked where it is written, with its parameters unknown, so that
/// code that never runs is checked too. Plain functions composed into styles are walked again
/// afterwards with their view parameter bound to the kind they were composed into.
final class StaticAnalysis {
    let source: LintSource
    var schema: Schema
    let facts: FileFacts
    let extraGlobals: Set<String>
    /// The stdlib's modules, for `require "base"` and its members.
    let stdlib: StdlibModules
    private(set) var diagnostics: [Diagnostic] = []

    var globals: [String: StaticValue]
    var locals: [VariableID: StaticValue] = [:]
    var functions: [FunctionKey: FunctionBody] = [:]
    /// The kinds each plain function was composed into, in the order found.
    var functionUses: [FunctionKey: [Kind]] = [:]
    private var checkedUses: Set<FunctionUse> = []

    private struct FunctionUse: Hashable {
        var function: FunctionKey
        var kind: ObjectIdentifier
    }

    init(source: LintSource, chunk: Chunk, schema: Schema, globals extra: Set<String>, stdlib: StdlibModules = StdlibModules()) {
        self.source = source
        self.stdlib = stdlib
        self.schema = schema
        self.facts = FileFacts(chunk)
        self.extraGlobals = extra
        var globals = StaticGlobals.predefined(schema: schema)
        // A name the file assigns is the file's own from then on.
        for name in facts.assignedGlobals.keys { globals[name] = .unknown }
        self.globals = globals
    }

    /// Walks the chunk, then every function composed into a style against its kinds.
    func run(_ chunk: Chunk) {
        block(chunk.body)
        while let (key, kind) = nextFunctionUse() {
            checkedUses.insert(FunctionUse(function: key, kind: ObjectIdentifier(kind)))
            guard let body = functions[key], let view = body.parameters.first,
                  !facts.reassignedLocals.contains(view.variable) else { continue }
            locals[view.variable] = .proxy(ViewProxy(kind: kind, prefix: []))
            block(body.body)
            locals[view.variable] = nil
        }
    }

    /// The next (function, kind) to check: only the most specific kinds a function was composed
    /// into, since checking against a super-kind finds nothing more.
    private func nextFunctionUse() -> (FunctionKey, Kind)? {
        for key in functionUses.keys.sorted() {
            let kinds = functionUses[key]!
            for kind in kinds where !kinds.contains(where: { $0 !== kind && $0.isA(kind) }) {
                if !checkedUses.contains(FunctionUse(function: key, kind: ObjectIdentifier(kind))) { return (key, kind) }
            }
        }
        return nil
    }

    func useFunction(_ key: FunctionKey, as kind: Kind) {
        if !(functionUses[key] ?? []).contains(where: { $0 === kind }) { functionUses[key, default: []].append(kind) }
    }

    /// Records that a style's functions run on views of `kind` (or its sub-kinds).
    func use(_ value: StaticValue, on kind: Kind) {
        switch value {
        case .function(let key): useFunction(key, as: kind)
        case .style(let style):
            guard style.kind.map({ kind.isA($0) }) ?? true else { return }
            if !style.whens.isEmpty {
                checkWhens(style.whens, in: [(Condition.StateContext(mayBeControl: schema.mayBeControl(kind)), kind)], place: "on \(kind.name)")
            }
            for key in style.functions { useFunction(key, as: kind) }
            for pending in style.pendingPaths { _ = resolvePending(pending, in: kind) }
        default: break
        }
    }

    func report(_ misuse: APIMisuse, at range: SourceRange) {
        report(misuse.code, misuse.message, at: range, severity: misuse.severity, suggestions: misuse.suggestion.map { [$0] } ?? [])
    }

    func report(_ code: Diagnostic.Code, _ message: String, at range: SourceRange,
                severity: Diagnostic.Severity = .error, suggestions: [String] = []) {
        diagnostics.append(source.diagnostic(code, message, at: range, severity: severity, suggestions: suggestions))
    }

    // MARK: Statements

    func block(_ block: Block) {
        for statement in block.statements { self.statement(statement) }
    }

    private func statement(_ statement: Statement) {
        switch statement {
        case .local(let local):
            let values = local.values.map { evaluate($0) }
            for (i, name) in local.names.enumerated() {
                let reassigned = facts.reassignedLocals.contains(name.variable)
                locals[name.variable] = i < values.count && !reassigned ? values[i] : .unknown
            }
        case .localFunction(let local):
            let key = FunctionKey(offset: local.function.range.start.offset)
            locals[local.name.variable] = facts.reassignedLocals.contains(local.name.variable) ? .unknown : .function(key)
            function(local.function)
        case .function(let statement):
            if statement.fields.isEmpty && statement.method == nil {
                let value = function(statement.function)
                if case .global = statement.base.binding { defineGlobal(statement.base.name.text, value) }
            } else {
                _ = evaluate(.name(statement.base))
                function(statement.function)
            }
        case .assignment(let assignment):
            let values = assignment.values.map { evaluate($0) }
            for (i, target) in assignment.targets.enumerated() {
                assign(target, value: i < values.count ? values[i] : .unknown,
                       expression: i < assignment.values.count ? assignment.values[i] : nil)
            }
        case .call(let call):
            _ = evaluate(call)
        case .do(let body, _):
            block(body)
        case .while(let condition, let body, _):
            _ = evaluate(condition)
            block(body)
        case .repeat(let body, let condition, _):
            block(body)
            _ = evaluate(condition)
        case .if(let statement):
            for clause in statement.clauses {
                _ = evaluate(clause.condition)
                block(clause.body)
            }
            if let body = statement.elseBody { block(body) }
        case .numericFor(let loop):
            _ = evaluate(loop.start)
            _ = evaluate(loop.limit)
            if let step = loop.step { _ = evaluate(step) }
            locals[loop.variable.variable] = .unknown
            block(loop.body)
        case .genericFor(let loop):
            loop.values.forEach { _ = evaluate($0) }
            for name in loop.variables { locals[name.variable] = .unknown }
            block(loop.body)
        case .return(let values, _):
            values.forEach { _ = evaluate($0) }
        case .break, .goto, .label, .empty:
            break
        }
    }

    private func assign(_ target: LuaExpression, value: StaticValue, expression: LuaExpression?) {
        switch target {
        case .name(let name):
            if case .global(nil) = name.binding { defineGlobal(name.name.text, value) }
        case .index(let index):
            let base = evaluate(index.base)
            switch index.key {
            case .field(let field):
                if case .proxy(let proxy) = base, let expression {
                    writeProxy(proxy, MemberName(field), value: value, expression: expression)
                }
            case .expression(let key):
                _ = evaluate(key)
            }
        default:
            _ = evaluate(target)
        }
    }

    /// A global assigned exactly once keeps the value; others stay unknown.
    private func defineGlobal(_ name: String, _ value: StaticValue) {
        if facts.assignedGlobals[name] == 1 { globals[name] = value }
    }

    @discardableResult
    private func function(_ body: FunctionBody) -> StaticValue {
        let key = FunctionKey(offset: body.range.start.offset)
        functions[key] = body
        for parameter in body.parameters where locals[parameter.variable] == nil { locals[parameter.variable] = .unknown }
        block(body.body)
        return .function(key)
    }

    // MARK: Expressions

    func evaluate(_ expression: LuaExpression) -> StaticValue {
        switch expression {
        case .nil(let r): return .value(StaticLiteral(value: .null, isExact: true, range: r))
        case .true(let r): return .value(StaticLiteral(value: .bool(true), isExact: true, range: r))
        case .false(let r): return .value(StaticLiteral(value: .bool(false), isExact: true, range: r))
        case .number(.integer(let i), let r): return .value(StaticLiteral(value: .int(Int(i)), isExact: true, range: r))
        case .number(.float(let x), let r): return .value(StaticLiteral(value: .number(x), isExact: true, range: r))
        case .string(let s): return .value(StaticLiteral(value: .string(s.text), isExact: true, range: s.range))
        case .vararg: return .unknown
        case .function(let body): return function(body)
        case .table(let table):
            for field in table.fields {
                switch field {
                case .positional(let value), .named(_, let value): _ = evaluate(value)
                case .keyed(let key, let value, _): _ = evaluate(key); _ = evaluate(value)
                }
            }
            return .unknown
        case .name(let name):
            switch name.binding {
            case .local(let id), .upvalue(let id): return locals[id] ?? .unknown
            case .global(nil): return readGlobal(name.name)
            case .global, .environment: return .unknown
            }
        case .index(let index):
            let base = evaluate(index.base)
            switch index.key {
            case .field(let field): return member(of: base, MemberName(field))
            case .expression(let key):
                if case .value(let k) = evaluate(key), k.isExact, case .string(let name) = k.value {
                    return member(of: base, MemberName(text: name, range: k.range))
                }
                return .unknown
            }
        case .call(let call):
            return self.call(call)
        case .methodCall(let call):
            let receiver = evaluate(call.receiver)
            call.arguments.forEach { _ = evaluate($0) }
            return method(call.method.text, of: receiver, at: call.range, nameRange: call.method.range)
        case .parenthesized(let inner, _):
            return evaluate(inner)
        case .unary(let unary):
            let operand = evaluate(unary.operand)
            if unary.op == .negate, case .value(var literal) = operand, literal.isExact {
                switch literal.value {
                case .int(let i): literal.value = .int(-i)
                case .number(let x): literal.value = .number(-x)
                default: return .unknown
                }
                literal.range = unary.range
                return .value(literal)
            }
            return .unknown
        case .binary(let binary):
            if binary.op == .concat || binary.op == .add { return concatChain(binary) }
            let operands = [evaluate(binary.lhs), evaluate(binary.rhs)]
            if Self.arithmetic.contains(binary.op), let operand = operands.lazy.compactMap(Self.apiOperand).first {
                report(.badOperator(binary.op.rawValue, operand: operand), at: binary.operatorRange)
            }
            return .unknown
        }
    }

    private func readGlobal(_ name: Identifier) -> StaticValue {
        if let value = globals[name.text] { return value }
        if facts.declaredKinds.contains(name.text) || extraGlobals.contains(name.text) { return .unknown }
        let known = Set(globals.keys).union(facts.declaredKinds).union(extraGlobals)
        var hint = Suggestion.didYouMean(name.text, among: known.sorted())
        // `axis = vertical`: an enum case written bare.
        if hint.suggestion == nil, let quoted = schema.quotedEnumCase(name.text) { hint = (Suggestion.sentence(quoted), quoted) }
        report(.undefinedGlobal, "Undefined global '\(name.text)'.\(hint.text)", at: name.range,
               suggestions: hint.suggestion.map { [$0] } ?? [])
        return .unknown
    }

    static let arithmetic: Set<BinaryExpression.Operator> = [.subtract, .multiply, .modulo, .power, .divide, .floorDivide]

    /// What the runtime calls a style or value an operator was used on; nil for anything else.
    static func apiOperand(_ value: StaticValue) -> String? {
        switch value {
        case .style: return "a style"
        case .keyPath: return "a key path"
        case .function: return nil  // a plain function is a style only once composed
        case .value(let literal):
            switch literal.value {
            case .color: return "a Color"
            case .font: return "a Font"
            case .image: return "an Image"
            case .insets: return "Insets"
            case .size: return "a Size"
            default: return nil
            }
        default: return nil
        }
    }

    /// `a .. b .. c` and `a + b`: a style when any part is one (REFERENCE §1.4), of the kind of
    /// the whole chain. `+` on anything else is arithmetic, and on a value an error.
    private func concatChain(_ binary: BinaryExpression) -> StaticValue {
        var operands: [LuaExpression] = []
        var operators: [SourceRange] = []
        func flatten(_ e: LuaExpression) {
            if case .binary(let b) = e, b.op == .concat || b.op == .add {
                flatten(b.lhs)
                operators.append(b.operatorRange)
                flatten(b.rhs)
            } else {
                operands.append(e)
            }
        }
        flatten(.binary(binary))
        let values = operands.map { evaluate($0) }
        guard values.contains(where: { $0.style != nil }) else {
            if binary.op == .add, let operand = values.lazy.compactMap(Self.apiOperand).first {
                report(.badOperator("+", operand: operand), at: binary.operatorRange)
            }
            return .unknown
        }
        let parts = zip(values, operands).map { StylePart(value: $0, range: $1.range) }
        return compose(parts, explicit: nil, operators: [operators[0]] + operators)
    }
}
