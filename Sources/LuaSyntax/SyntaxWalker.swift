/// One step of a walk over a chunk, in source order.
///
/// Besides nodes, a walk reports when variables enter and leave scope, at the points where Lua
/// makes them visible: after the initializers of a `local` statement, before the body of a
/// `local function`, at the start of a function for its parameters, at the start of a loop
/// body for its control variables. A checker that needs scopes (unused variables,
/// shadowing) keeps a stack from these events instead of re-deriving Lua's rules.
public enum SyntaxEvent {
    case statement(Statement)
    case expression(LuaExpression)
    /// A variable comes into scope.
    case declare(LocalName)
    /// The block where the variable was declared ends.
    case endScope(VariableID)
    case enterFunction(FunctionBody)
    case leaveFunction(FunctionBody)
}

/// Walks a chunk depth first, reporting every node and every change of scope.
///
/// ```swift
/// SyntaxWalker.walk(chunk) { event in
///     if case .expression(.name(let name)) = event, case .global = name.binding {
///         print("global \(name.name.text) at \(name.name.range.start)")
///     }
/// }
/// ```
/// The walk recurses as deep as the tree, which the parser limits to Lua's 200 levels.
public struct SyntaxWalker {
    private let visit: (SyntaxEvent) -> Void

    private init(visit: @escaping (SyntaxEvent) -> Void) {
        self.visit = visit
    }

    public static func walk(_ chunk: Chunk, _ visit: @escaping (SyntaxEvent) -> Void) {
        SyntaxWalker(visit: visit).block(chunk.body, declaring: [])
    }

    public static func walk(_ expression: LuaExpression, _ visit: @escaping (SyntaxEvent) -> Void) {
        SyntaxWalker(visit: visit).expression(expression)
    }

    /// A block, with `names` coming into scope at its start; the names declared inside end
    /// with it. `after` runs inside the scope, for a `repeat` loop's condition.
    private func block(_ block: Block, declaring names: [LocalName], after: (() -> Void)? = nil) {
        var scope: [VariableID] = []
        for name in names {
            visit(.declare(name))
            scope.append(name.variable)
        }
        for statement in block.statements {
            self.statement(statement, scope: &scope)
        }
        after?()
        for variable in scope.reversed() {
            visit(.endScope(variable))
        }
    }

    private func statement(_ statement: Statement, scope: inout [VariableID]) {
        visit(.statement(statement))
        switch statement {
        case .local(let local):
            local.values.forEach(expression)
            for name in local.names {
                visit(.declare(name))
                scope.append(name.variable)
            }
        case .localFunction(let local):
            visit(.declare(local.name))
            scope.append(local.name.variable)
            function(local.function)
        case .function(let function):
            expression(.name(function.base))
            self.function(function.function)
        case .assignment(let assignment):
            assignment.targets.forEach(expression)
            assignment.values.forEach(expression)
        case .call(let call):
            expression(call)
        case .do(let body, _):
            block(body, declaring: [])
        case .while(let condition, let body, _):
            expression(condition)
            block(body, declaring: [])
        case .repeat(let body, let condition, _):
            block(body, declaring: []) { self.expression(condition) }
        case .if(let ifStatement):
            for clause in ifStatement.clauses {
                expression(clause.condition)
                block(clause.body, declaring: [])
            }
            if let elseBody = ifStatement.elseBody { block(elseBody, declaring: []) }
        case .numericFor(let loop):
            expression(loop.start)
            expression(loop.limit)
            if let step = loop.step { expression(step) }
            block(loop.body, declaring: [loop.variable])
        case .genericFor(let loop):
            loop.values.forEach(expression)
            block(loop.body, declaring: loop.variables)
        case .return(let values, _):
            values.forEach(expression)
        case .break, .goto, .label, .empty:
            break
        }
    }

    private func function(_ function: FunctionBody) {
        visit(.enterFunction(function))
        block(function.body, declaring: function.parameters)
        visit(.leaveFunction(function))
    }

    private func expression(_ expression: LuaExpression) {
        visit(.expression(expression))
        switch expression {
        case .nil, .true, .false, .vararg, .number, .string, .name:
            break
        case .function(let body):
            function(body)
        case .table(let table):
            for field in table.fields {
                switch field {
                case .positional(let value): self.expression(value)
                case .named(_, let value): self.expression(value)
                case .keyed(let key, let value, _):
                    self.expression(key)
                    self.expression(value)
                }
            }
        case .index(let index):
            self.expression(index.base)
            if case .expression(let key) = index.key { self.expression(key) }
        case .call(let call):
            self.expression(call.callee)
            call.arguments.forEach(self.expression)
        case .methodCall(let call):
            self.expression(call.receiver)
            call.arguments.forEach(self.expression)
        case .parenthesized(let inner, _):
            self.expression(inner)
        case .unary(let unary):
            self.expression(unary.operand)
        case .binary(let binary):
            self.expression(binary.lhs)
            self.expression(binary.rhs)
        }
    }
}
