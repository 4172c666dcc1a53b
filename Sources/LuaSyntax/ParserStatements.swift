/// Statements, in the order of `lparser.c`: each function checks what Lua checks, when Lua
/// checks it, because the first error found must be the one `luac` reports.
extension Parser {
    /// Lua's `statement`. A label may append the `;` and labels that follow it, since Lua reads
    /// those before it checks the label for repetition.
    mutating func statement(into statements: inout [Statement]) throws(SyntaxError) {
        let line = lexer.line
        let start = current.range.start
        try enterLevel()
        switch current.kind {
        case .semicolon:
            try advance()
            statements.append(.empty(range(from: start)))
        case .if:
            statements.append(try ifStatement(line: line))
        case .while:
            try advance()
            let condition = try expression()
            scopes.enterBlock(isLoop: true)
            try expect(.do)
            let body = try scopedBlock()
            try expect(.end, closing: .while, openedAt: line)
            try leaveBlock()
            statements.append(.while(condition: condition, body: body, range: range(from: start)))
        case .do:
            try advance()
            let body = try scopedBlock()
            try expect(.end, closing: .do, openedAt: line)
            statements.append(.do(body: body, range: range(from: start)))
        case .for:
            statements.append(try forStatement(line: line))
        case .repeat:
            scopes.enterBlock(isLoop: true)
            scopes.enterBlock(isLoop: false)
            try advance()
            let body = try block()
            try expect(.until, closing: .repeat, openedAt: line)
            let condition = try expression()
            try leaveBlock()
            try leaveBlock()
            statements.append(.repeat(body: body, condition: condition, range: range(from: start)))
        case .function:
            statements.append(try functionStatement(line: line))
        case .local:
            try advance()
            if current.kind == .function {
                let keywordStart = current.range.start
                try advance()
                statements.append(try localFunction(start: start, keywordStart: keywordStart))
            } else {
                statements.append(try localStatement(start: start))
            }
        case .doubleColon:
            try advance()
            let name = try identifier()
            try label(name, line: line, start: start, into: &statements)
        case .return:
            try advance()
            var values: [LuaExpression] = []
            if !blockFollows(withUntil: true) && current.kind != .semicolon {
                values = try expressionList()
            }
            let statementRange = range(from: start)
            _ = try test(.semicolon)
            statements.append(.return(values: values, range: statementRange))
        case .break:
            let breakRange = current.range
            scopes.newGoto(Scopes.breakLabel, line: line, range: breakRange)
            try advance()
            statements.append(.break(breakRange))
        case .goto:
            try advance()
            let gotoLine = lexer.line
            let name = try identifier()
            let statementRange = range(from: start)
            if scopes.findLabel(name.text) == nil {
                scopes.newGoto(name.text, line: gotoLine, range: statementRange)
            }
            statements.append(.goto(label: name, range: statementRange))
        default:
            statements.append(try expressionStatement(start: start))
        }
        depth -= 1
    }

    @inline(never)
    private mutating func label(_ name: Identifier, line: Int, start: SourceLocation,
                                into statements: inout [Statement]) throws(SyntaxError) {
        try expect(.doubleColon)
        statements.append(.label(name, range: range(from: start)))
        while current.kind == .semicolon || current.kind == .doubleColon {
            try statement(into: &statements)
        }
        if let existing = scopes.findLabel(name.text) {
            throw semanticError(.labelAlreadyDefined(name: name.text, line: existing.line), at: name.range)
        }
        if let problem = scopes.newLabel(name.text, line: line, isLast: blockFollows(withUntil: false)) {
            throw scopeError(problem)
        }
    }

    @inline(never)
    private mutating func ifStatement(line: Int) throws(SyntaxError) -> Statement {
        let start = current.range.start
        var clauses: [IfStatement.Clause] = []
        repeat {
            let clauseStart = current.range.start
            try advance()
            let condition = try expression()
            try expect(.then)
            let body = try scopedBlock()
            clauses.append(IfStatement.Clause(condition: condition, body: body, range: range(from: clauseStart)))
        } while current.kind == .elseif
        var elseBody: Block?
        if try test(.else) {
            elseBody = try scopedBlock()
        }
        try expect(.end, closing: .if, openedAt: line)
        return .if(IfStatement(clauses: clauses, elseBody: elseBody, range: range(from: start)))
    }

    @inline(never)
    private mutating func forStatement(line: Int) throws(SyntaxError) -> Statement {
        let start = current.range.start
        scopes.enterBlock(isLoop: true)
        try advance()
        let name = try identifier()
        let statement: Statement
        switch current.kind {
        case .assign:
            for _ in 0..<3 { try declare(nil) }
            let variable = LocalName(variable: try declare(name, role: .forLoop)!, name: name, attribute: nil)
            try advance()
            let first = try expression()
            try expect(.comma)
            let limit = try expression()
            let step = try test(.comma) ? try expression() : nil
            activate(3)
            let body = try forBody(variableCount: 1)
            try expect(.end, closing: .for, openedAt: line)
            statement = .numericFor(NumericForStatement(variable: variable, start: first, limit: limit, step: step,
                                                        body: body, range: range(from: start)))
        case .comma, .in:
            for _ in 0..<4 { try declare(nil) }
            var names = [LocalName(variable: try declare(name, role: .forLoop)!, name: name, attribute: nil)]
            while try test(.comma) {
                let next = try identifier()
                names.append(LocalName(variable: try declare(next, role: .forLoop)!, name: next, attribute: nil))
            }
            try expect(.in)
            let values = try expressionList()
            activate(4)
            let body = try forBody(variableCount: names.count)
            try expect(.end, closing: .for, openedAt: line)
            statement = .genericFor(GenericForStatement(variables: names, values: values, body: body,
                                                        range: range(from: start)))
        default:
            throw error(.assignOrInExpected)
        }
        try leaveBlock()
        return statement
    }

    @inline(never)
    private mutating func forBody(variableCount: Int) throws(SyntaxError) -> Block {
        try expect(.do)
        scopes.enterBlock(isLoop: false)
        activate(variableCount)
        let body = try scopedBlock()
        try leaveBlock()
        return body
    }

    @inline(never)
    private mutating func functionStatement(line: Int) throws(SyntaxError) -> Statement {
        let start = current.range.start
        try advance()
        let base = try resolve(try identifier())
        var fields: [Identifier] = []
        var method: Identifier?
        while try test(.dot) {
            fields.append(try identifier())
        }
        if try test(.colon) {
            method = try identifier()
        }
        let function = try functionBody(start: start, line: line, methodName: method)
        if fields.isEmpty && method == nil {
            try checkAssignable(.name(base))
        }
        return .function(FunctionStatement(base: base, fields: fields, method: method, function: function,
                                           range: range(from: start)))
    }

    @inline(never)
    private mutating func localFunction(start: SourceLocation, keywordStart: SourceLocation) throws(SyntaxError) -> Statement {
        let name = try identifier()
        let variable = LocalName(variable: try declare(name, role: .localFunction)!, name: name, attribute: nil)
        activate(1)
        let function = try functionBody(start: keywordStart, line: lexer.line, methodName: nil)
        return .localFunction(LocalFunctionStatement(name: variable, function: function, range: range(from: start)))
    }

    @inline(never)
    private mutating func localStatement(start: SourceLocation) throws(SyntaxError) -> Statement {
        var names: [LocalName] = []
        var hasToBeClosed = false
        repeat {
            let name = try identifier()
            let id = try declare(name)!
            var attribute: LocalAttribute?
            if current.kind == .less {
                let attributeStart = current.range.start
                try advance()
                let attributeName = try identifier()
                try expect(.greater)
                guard let kind = LocalAttribute.Kind(rawValue: attributeName.text) else {
                    throw semanticError(.unknownAttribute(name: attributeName.text), at: attributeName.range)
                }
                attribute = LocalAttribute(kind: kind, range: range(from: attributeStart))
                variables[id.index].attribute = kind
                scopes.declared[scopes.declared.count - 1].kind = kind == .const ? .const : .close
                if kind == .close {
                    if hasToBeClosed { throw semanticError(.multipleToBeClosed, at: range(from: attributeStart)) }
                    hasToBeClosed = true
                }
            }
            names.append(LocalName(variable: id, name: name, attribute: attribute))
        } while try test(.comma)
        var values: [LuaExpression] = []
        if try test(.assign) {
            values = try expressionList()
        }
        if let last = names.last, values.count == names.count, last.attribute?.kind == .const,
           let value = values.last, isCompileTimeConstant(value) {
            variables[last.variable.index].isCompileTimeConstant = true
            scopes.declared[scopes.declared.count - 1].kind = .compileTimeConstant
        }
        activate(names.count)
        return .local(LocalStatement(names: names, values: values, range: range(from: start)))
    }

    /// Lua's `luaK_exp2const` for the expressions it folds without evaluating arithmetic;
    /// it only decides whether a `<const>` is captured as an upvalue, which counts toward
    /// Lua's 255-upvalue limit.
    private func isCompileTimeConstant(_ value: LuaExpression) -> Bool {
        switch value {
        case .nil, .true, .false, .string, .number: return true
        case .parenthesized(let inner, _): return isCompileTimeConstant(inner)
        case .name(let name):
            switch name.binding {
            case .local(let id), .upvalue(let id): return variables[id.index].isCompileTimeConstant
            case .global, .environment: return false
            }
        case .unary(let unary):
            switch (unary.op, unary.operand) {
            case (.not, let operand): return isCompileTimeConstant(operand)
            case (.negate, .number(.integer, _)): return true
            case (.negate, .number(.float(let value), _)): return value != 0 && !value.isNaN
            default: return false
            }
        default: return false
        }
    }

    /// Lua's `exprstat` and `restassign`: each extra target adds a level, as in Lua.
    @inline(never)
    private mutating func expressionStatement(start: SourceLocation) throws(SyntaxError) -> Statement {
        let first = try suffixedExpression()
        guard current.kind == .assign || current.kind == .comma else {
            switch first {
            case .call, .methodCall: return .call(first)
            default: throw error(.syntaxError)
            }
        }
        var targets = [first]
        let savedDepth = depth
        while true {
            switch targets[targets.count - 1] {
            case .name, .index: break
            default: throw error(.syntaxError)
            }
            try checkAssignable(targets[targets.count - 1])
            guard try test(.comma) else { break }
            targets.append(try suffixedExpression())
            try enterLevel()
        }
        try expect(.assign)
        let values = try expressionList()
        depth = savedDepth
        return .assignment(AssignmentStatement(targets: targets, values: values, range: range(from: start)))
    }
}
