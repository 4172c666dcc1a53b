/// Expressions, function bodies and table constructors, following `lparser.c`.
///
/// The functions on the recursive path are kept out of line: inlined into one another, they
/// made frames of several KiB per nesting level; apart, Lua's 200 levels fit a small stack.
extension Parser {
    /// Binding power of unary operators, between `*` and `^` (Lua's UNARY_PRIORITY).
    static let unaryPrecedence = 12

    mutating func expression() throws(SyntaxError) -> LuaExpression {
        try subexpression(limit: 0)
    }

    mutating func expressionList() throws(SyntaxError) -> [LuaExpression] {
        var values = [try expression()]
        while try test(.comma) {
            values.append(try expression())
        }
        return values
    }

    /// Lua's `subexpr`: precedence climbing where an operator binds while its left priority
    /// exceeds `limit`, and its right operand is read with its right priority, which is lower
    /// for the right-associative `..` and `^`.
    mutating func subexpression(limit: Int) throws(SyntaxError) -> LuaExpression {
        try enterLevel()
        let start = current.range.start
        let outerHeight = chainHeight
        chainHeight = 0
        var left: LuaExpression
        if let op = unaryOperator(current.kind) {
            let operatorRange = current.range
            try advance()
            let operand = try subexpression(limit: Parser.unaryPrecedence)
            left = .unary(UnaryExpression(op: op, operatorRange: operatorRange, operand: operand,
                                          range: range(from: start)))
        } else {
            left = try simpleExpression()
        }
        // A left-associative chain (`1 + 1 + 1 …`) deepens the tree by one per operator without
        // recursing here, so Lua's level count does not see it: its height is counted apart.
        var height = chainHeight
        while let op = binaryOperator(current.kind), op.precedence.left > limit {
            let operatorRange = current.range
            try advance()
            chainHeight = 0
            let right = try subexpression(limit: op.precedence.right)
            height = try growChain(max(height, chainHeight) + 1)
            left = .binary(BinaryExpression(op: op, operatorRange: operatorRange, lhs: left, rhs: right,
                                            range: range(from: start)))
        }
        chainHeight = max(outerHeight, height)
        depth -= 1
        return left
    }

    private func unaryOperator(_ kind: TokenKind) -> UnaryExpression.Operator? {
        switch kind {
        case .not: return .not
        case .minus: return .negate
        case .tilde: return .bitwiseNot
        case .hash: return .length
        default: return nil
        }
    }

    private func binaryOperator(_ kind: TokenKind) -> BinaryExpression.Operator? {
        switch kind {
        case .plus: return .add
        case .minus: return .subtract
        case .star: return .multiply
        case .percent: return .modulo
        case .caret: return .power
        case .slash: return .divide
        case .floorDivide: return .floorDivide
        case .ampersand: return .bitwiseAnd
        case .pipe: return .bitwiseOr
        case .tilde: return .bitwiseXor
        case .shiftLeft: return .shiftLeft
        case .shiftRight: return .shiftRight
        case .concat: return .concat
        case .notEqual: return .notEqual
        case .equal: return .equal
        case .less: return .less
        case .lessEqual: return .lessEqual
        case .greater: return .greater
        case .greaterEqual: return .greaterEqual
        case .and: return .and
        case .or: return .or
        default: return nil
        }
    }

    @inline(never)
    private mutating func simpleExpression() throws(SyntaxError) -> LuaExpression {
        let token = current
        let value: LuaExpression
        switch token.kind {
        case .integer, .float: value = .number(token.number, range: token.range)
        case .string: value = .string(StringLiteral(bytes: token.bytes, range: token.range))
        case .nil: value = .nil(token.range)
        case .true: value = .true(token.range)
        case .false: value = .false(token.range)
        case .dots:
            guard scopes.function.isVararg else { throw error(.varargOutsideVarargFunction) }
            value = .vararg(token.range)
        case .leftBrace:
            return .table(try tableConstructor())
        case .function:
            try advance()
            return .function(try functionBody(start: token.range.start, line: lexer.line, methodName: nil))
        default:
            return try suffixedExpression()
        }
        try advance()
        return value
    }

    /// Lua's `primaryexp`: a name or a parenthesized expression.
    @inline(never)
    private mutating func primaryExpression() throws(SyntaxError) -> LuaExpression {
        switch current.kind {
        case .leftParen:
            let line = lexer.line
            let start = current.range.start
            brackets.push(.leftParen, line: start.line)
            try advance()
            let inner = try expression()
            try expect(.rightParen, closing: .leftParen, openedAt: line)
            brackets.pop()
            return .parenthesized(inner, range: range(from: start))
        case .name:
            return .name(try resolve(try identifier()))
        default:
            throw error(.unexpectedSymbol)
        }
    }

    /// Lua's `suffixedexp`: a primary expression followed by fields, indexes and calls.
    @inline(never)
    mutating func suffixedExpression() throws(SyntaxError) -> LuaExpression {
        let line = lexer.line
        let start = current.range.start
        let outerHeight = chainHeight
        chainHeight = 0
        var value = try primaryExpression()
        // Each suffix (`f()()`, `a.b.c`) deepens the tree by one, as an operator chain does.
        var height = chainHeight
        defer { chainHeight = max(outerHeight, height) }
        while true {
            height = max(height, chainHeight)  // with the previous suffix's arguments
            chainHeight = 0
            if [.dot, .leftBracket, .colon, .leftParen, .string, .leftBrace].contains(current.kind) {
                height = try growChain(height + 1)
            }
            switch current.kind {
            case .dot:
                try advance()
                let field = try identifier()
                value = .index(IndexExpression(base: value, key: .field(field), range: range(from: start)))
            case .leftBracket:
                brackets.push(.leftBracket, line: current.range.start.line)
                try advance()
                let key = try expression()
                try expect(.rightBracket)
                brackets.pop()
                value = .index(IndexExpression(base: value, key: .expression(key), range: range(from: start)))
            case .colon:
                try advance()
                let method = try identifier()
                let (arguments, style) = try callArguments(line: line)
                value = .methodCall(MethodCallExpression(receiver: value, method: method, arguments: arguments,
                                                         argumentStyle: style, range: range(from: start)))
            case .leftParen, .string, .leftBrace:
                let (arguments, style) = try callArguments(line: line)
                value = .call(CallExpression(callee: value, arguments: arguments, argumentStyle: style,
                                             range: range(from: start)))
            default:
                return value
            }
        }
    }

    /// Lua's `funcargs`; `line` is where the whole suffixed expression began, which is the
    /// line Lua names in "(to close '(' at line N)".
    @inline(never)
    private mutating func callArguments(line: Int) throws(SyntaxError) -> ([LuaExpression], ArgumentStyle) {
        switch current.kind {
        case .leftParen:
            brackets.push(.leftParen, line: current.range.start.line)
            try advance()
            let arguments = current.kind == .rightParen ? [] : try expressionList()
            try expect(.rightParen, closing: .leftParen, openedAt: line)
            brackets.pop()
            return (arguments, .parenthesized)
        case .leftBrace:
            return ([.table(try tableConstructor())], .table)
        case .string:
            let argument = LuaExpression.string(StringLiteral(bytes: current.bytes, range: current.range))
            try advance()
            return ([argument], .string)
        default:
            throw error(.functionArgumentsExpected)
        }
    }

    @inline(never)
    private mutating func tableConstructor() throws(SyntaxError) -> TableConstructor {
        let line = lexer.line
        let start = current.range.start
        brackets.push(.leftBrace, line: start.line)
        try expect(.leftBrace)
        var fields: [TableConstructor.Field] = []
        while current.kind != .rightBrace {
            fields.append(try tableField())
            guard current.kind == .comma || current.kind == .semicolon else { break }
            try advance()
        }
        try expect(.rightBrace, closing: .leftBrace, openedAt: line)
        brackets.pop()
        return TableConstructor(fields: fields, range: range(from: start))
    }

    @inline(never)
    private mutating func tableField() throws(SyntaxError) -> TableConstructor.Field {
        switch current.kind {
        case .name where try peek().kind == .assign:
            let name = try identifier()
            try expect(.assign)
            return .named(name, try expression())
        case .leftBracket:
            let start = current.range.start
            brackets.push(.leftBracket, line: start.line)
            try advance()
            let key = try expression()
            try expect(.rightBracket)
            brackets.pop()
            try expect(.assign)
            let value = try expression()
            return .keyed(key: key, value: value, range: range(from: start))
        default:
            return .positional(try expression())
        }
    }

    /// Lua's `body`: parameters and statements of a function opened at `line`.
    @inline(never)
    mutating func functionBody(start: SourceLocation, line: Int, methodName: Identifier?) throws(SyntaxError) -> FunctionBody {
        scopes.openFunction(line: line, isVararg: false)
        var parameters: [LocalName] = []
        if let methodName {
            let selfName = Identifier(text: "self", range: methodName.range)
            parameters.append(LocalName(variable: try declare(selfName, role: .implicitSelf)!, name: selfName,
                                        attribute: nil))
            activate(1)
        }
        // `function CommonStyle(` inside a bracket left open: a function statement, not an
        // anonymous function.
        guard current.kind == .leftParen else {
            throw error(.expected(.leftParen), startsStatement: methodName == nil && current.kind == .name)
        }
        try advance()
        let outerBrackets = brackets.enterFunction()
        var isVararg = false
        if current.kind != .rightParen {
            var count = 0
            while true {
                switch current.kind {
                case .name:
                    let name = try identifier()
                    parameters.append(LocalName(variable: try declare(name, role: .parameter)!, name: name,
                                                attribute: nil))
                    count += 1
                case .dots:
                    try advance()
                    isVararg = true
                default:
                    throw error(.nameOrVarargExpected)
                }
                if isVararg || current.kind != .comma { break }
                try advance()
            }
            activate(count)
        }
        scopes.function.isVararg = isVararg
        try expect(.rightParen)
        let body = try block()
        try expect(.end, closing: .function, openedAt: line)
        brackets.leaveFunction(outerBrackets)
        let bodyRange = range(from: start)
        if let problem = scopes.closeFunction() { throw scopeError(problem) }
        return FunctionBody(parameters: parameters, isVararg: isVararg, body: body, range: bodyRange)
    }
}
