/// Parses Lua 5.4 into a `Chunk`, accepting and rejecting exactly what `luac5.4 -p` does.
///
/// ```swift
/// let chunk = try LuaParser.parse(source: Array(text.utf8), chunkName: "styles/app.lua")
/// for statement in chunk.body.statements { print(statement.range) }
/// ```
public enum LuaParser {
    /// Parses a whole file.
    ///
    /// - Parameters:
    ///   - source: the file's bytes (Lua source is bytes; names and keywords are ASCII).
    ///   - chunkName: the name used in errors, usually the path.
    ///   - skipsFirstLineComment: skip a UTF-8 byte order mark and a first line starting with
    ///     `#`, as `lua` and `luac` do for files; pass false for text given as a string to `load`.
    /// - Returns: the syntax tree, with every name resolved.
    /// - Throws: the first error, as `luac` reports it.
    public static func parse(source: [UInt8], chunkName: String = "?",
                             skipsFirstLineComment: Bool = true) throws(SyntaxError) -> Chunk {
        let result: Result<Chunk, SyntaxError> = source.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(source: buffer, chunkName: chunkName, skipsFirstLineComment: skipsFirstLineComment)
            do throws(SyntaxError) {
                let first = try lexer.next()
                var parser = Parser(lexer: lexer, current: first)
                return .success(try parser.chunk())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses source held in a `String`.
    public static func parse(_ source: String, chunkName: String = "?",
                             skipsFirstLineComment: Bool = true) throws(SyntaxError) -> Chunk {
        try parse(source: Array(source.utf8), chunkName: chunkName, skipsFirstLineComment: skipsFirstLineComment)
    }
}

/// The recursive-descent parser, one method per function of Lua's `lparser.c`, in its order of
/// checks, so the first error found is the one `luac` finds.
struct Parser {
    var lexer: Lexer
    var current: Token
    var lookahead: Token?
    var previousEnd: SourceLocation
    /// Lua's C-call count while parsing: `statement` and `subexpr` each add a level.
    var depth = 0
    var scopes = Scopes()
    var variables: [Variable] = []
    /// The brackets being parsed, for errors that a bracket left open causes.
    var brackets = OpenBrackets()

    /// `luac` fails when its count reaches LUAI_MAXCCALLS (200); it starts at 1 when `luac`
    /// calls the parser, so 199 nested levels are one too many (measured against luac 5.4.4).
    static let maximumDepth = 199

    init(lexer: Lexer, current: Token) {
        self.lexer = lexer
        self.current = current
        previousEnd = current.range.start
    }

    // MARK: Tokens

    @inline(never)
    mutating func advance() throws(SyntaxError) {
        previousEnd = current.range.end
        if let next = lookahead {
            current = next
            lookahead = nil
        } else {
            current = try lexer.next()
        }
    }

    mutating func peek() throws(SyntaxError) -> Token {
        if let lookahead { return lookahead }
        let next = try lexer.next()
        lookahead = next
        return next
    }

    mutating func test(_ kind: TokenKind) throws(SyntaxError) -> Bool {
        guard current.kind == kind else { return false }
        try advance()
        return true
    }

    @inline(never)
    mutating func expect(_ kind: TokenKind) throws(SyntaxError) {
        guard current.kind == kind else { throw error(.expected(kind)) }
        try advance()
    }

    /// Lua's `check_match`: names the opening token when it is on another line.
    @inline(never)
    mutating func expect(_ kind: TokenKind, closing opener: TokenKind, openedAt line: Int) throws(SyntaxError) {
        guard current.kind == kind else {
            if line == lexer.line { throw error(.expected(kind)) }
            throw error(.expectedToClose(kind, opener: opener, line: line))
        }
        try advance()
    }

    @inline(never)
    mutating func identifier() throws(SyntaxError) -> Identifier {
        guard current.kind == .name else { throw error(.expected(.name)) }
        let name = Identifier(text: current.name, range: current.range)
        try advance()
        return name
    }

    /// The height, in chained operators and suffixes, of what the innermost expression being
    /// parsed holds so far: the largest of its parts' (see `subexpression`).
    var chainHeight = 0

    /// Chains of operators and suffixes nest the tree without recursing in the parser, so Lua's
    /// level count misses them; this bounds the height they add (`luac` accepts any length),
    /// so that every walk over a tree stays within a small stack.
    static let maximumChainHeight = 1000

    /// Checks a chain's new height against `maximumChainHeight` and returns it.
    mutating func growChain(_ height: Int) throws(SyntaxError) -> Int {
        if height > Parser.maximumChainHeight {
            throw SyntaxError(reason: .chainTooLong(limit: Parser.maximumChainHeight), chunkName: lexer.chunkName,
                              range: current.range, near: nil, luacLine: lexer.line)
        }
        return height
    }

    mutating func enterLevel() throws(SyntaxError) {
        depth += 1
        if depth >= Parser.maximumDepth {
            throw SyntaxError(reason: .tooDeeplyNested, chunkName: lexer.chunkName, range: current.range, near: nil,
                              luacLine: lexer.line)
        }
    }

    func blockFollows(withUntil: Bool) -> Bool {
        switch current.kind {
        case .else, .elseif, .end, .endOfFile: return true
        case .until: return withUntil
        default: return false
        }
    }

    func range(from start: SourceLocation) -> SourceRange {
        SourceRange(start: start, end: Swift.max(start, previousEnd))
    }

    // MARK: Errors

    /// A syntax error at the current token, "near" it; `startsStatement` when the token is the
    /// name of a function statement (`function CommonStyle(` inside a table left open).
    @inline(never)
    func error(_ reason: SyntaxError.Reason, startsStatement: Bool = false) -> SyntaxError {
        SyntaxError(reason: reason, chunkName: lexer.chunkName, range: current.range, near: nearText(current),
                    luacLine: lexer.line, unclosed: brackets.unclosed(at: current, startsStatement: startsStatement, reason: reason))
    }

    /// One of the checks `luac` makes while compiling; its message names no token.
    @inline(never)
    func semanticError(_ reason: SyntaxError.Reason, at range: SourceRange) -> SyntaxError {
        SyntaxError(reason: reason, chunkName: lexer.chunkName, range: range, near: nil, luacLine: lexer.line)
    }

    @inline(never)
    func scopeError(_ problem: Scopes.Problem) -> SyntaxError {
        switch problem {
        case .jumpIntoScope(let pending, let local):
            return semanticError(.jumpIntoScope(label: pending.name, line: pending.line, local: local), at: pending.range)
        case .undefined(let pending):
            if pending.name == Scopes.breakLabel {
                return semanticError(.breakOutsideLoop(line: pending.line), at: pending.range)
            }
            return semanticError(.undefinedLabel(name: pending.name, line: pending.line), at: pending.range)
        }
    }

    /// The token as `luac` quotes it: a name, string or numeral as read, others by spelling.
    /// A NUL byte is token number 0 inside Lua, which its `lexerror` takes for "no token".
    func nearText(_ token: Token) -> String? {
        switch token.kind {
        case .otherByte where token.byte == 0: return nil
        case .name: return LuaText.quoted(token.name.utf8)
        case .integer, .float: return LuaText.quoted(lexer.source[token.range.offsets])
        case .endOfFile: return "<eof>"
        case .otherByte: return LuaText.quotedByte(token.byte)
        case .string:
            let first = lexer.source[token.range.start.offset]
            guard first == UInt8(ascii: "[") else { return LuaText.quoted([first] + token.bytes + [first]) }
            var level = 0
            while lexer.source[token.range.start.offset + 1 + level] == UInt8(ascii: "=") { level += 1 }
            let equals = [UInt8](repeating: UInt8(ascii: "="), count: level)
            let open = [UInt8(ascii: "[")] + equals + [UInt8(ascii: "[")]
            let close = [UInt8(ascii: "]")] + equals + [UInt8(ascii: "]")]
            return LuaText.quoted(open + token.bytes + close)
        default: return token.kind.luacName
        }
    }

    // MARK: Chunk and blocks

    mutating func chunk() throws(SyntaxError) -> Chunk {
        let start = current.range.start
        scopes.openFunction(line: 0, isVararg: true)
        scopes.functions[0].upvalues.append(Scopes.Upvalue(name: "_ENV", variable: nil))
        let body = try block()
        try expect(.endOfFile)
        if let problem = scopes.closeFunction() { throw scopeError(problem) }
        let end = current.range.end
        return Chunk(body: body, variables: variables, comments: lexer.comments,
                     range: SourceRange(start: SourceLocation(line: 1, column: 1, offset: 0), end: Swift.max(start, end)))
    }

    /// Lua's `statlist`: statements until a block ends; `return` must be last.
    mutating func block() throws(SyntaxError) -> Block {
        let start = current.range.start
        var statements: [Statement] = []
        while !blockFollows(withUntil: true) {
            if current.kind == .return {
                try statement(into: &statements)
                break
            }
            try statement(into: &statements)
        }
        guard let first = statements.first, let last = statements.last else {
            return Block(statements: [], range: SourceRange(start: start, end: start))
        }
        return Block(statements: statements, range: first.range.extended(to: last.range))
    }

    /// Lua's `block`: a statement list in a scope of its own.
    mutating func scopedBlock(isLoop: Bool = false) throws(SyntaxError) -> Block {
        scopes.enterBlock(isLoop: isLoop)
        let body = try block()
        if let problem = scopes.leaveBlock() { throw scopeError(problem) }
        return body
    }

    mutating func leaveBlock() throws(SyntaxError) {
        if let problem = scopes.leaveBlock() { throw scopeError(problem) }
    }

    // MARK: Variables

    /// Lua's `new_localvar`: declares a variable not yet in scope, counting Lua's limit.
    @discardableResult
    @inline(never)
    mutating func declare(_ name: Identifier?, role: Variable.Role = .local,
                          kind: Scopes.VariableKind = .regular) throws(SyntaxError) -> VariableID? {
        let count = scopes.declared.count + 1 - scopes.function.firstVariable
        if count > Scopes.maximumLocals {
            throw error(.tooMany(what: "local variables", limit: Scopes.maximumLocals, functionLine: scopes.function.line))
        }
        guard let name else {
            scopes.declared.append(Scopes.DeclaredVariable(name: "(for state)", id: nil, kind: .hidden))
            return nil
        }
        let id = VariableID(index: variables.count)
        variables.append(Variable(name: name, role: role, attribute: nil, isCompileTimeConstant: false))
        scopes.declared.append(Scopes.DeclaredVariable(name: name.text, id: id, kind: kind))
        return id
    }

    /// Lua's `adjustlocalvars`: brings the last `count` declared variables into scope.
    mutating func activate(_ count: Int) {
        scopes.function.activeCount += count
    }

    /// Lua's `singlevar`, after the name has been read.
    @inline(never)
    mutating func resolve(_ name: Identifier) throws(SyntaxError) -> NameExpression {
        do {
            let top = scopes.functions.count - 1
            switch try scopes.lookup(name.text, functionIndex: top) {
            case .variable(let variable, let functionIndex):
                guard let id = variable.id else { break }
                return NameExpression(name: name, binding: functionIndex == top ? .local(id) : .upvalue(id))
            case .upvalue(let upvalue):
                guard let id = upvalue.variable else { return NameExpression(name: name, binding: .environment) }
                return NameExpression(name: name, binding: .upvalue(id))
            case .global:
                break
            }
            switch try scopes.lookup("_ENV", functionIndex: top) {
            case .variable(let variable, _): return NameExpression(name: name, binding: .global(environment: variable.id))
            case .upvalue(let upvalue): return NameExpression(name: name, binding: .global(environment: upvalue.variable))
            case .global: return NameExpression(name: name, binding: .global(environment: nil))
            }
        } catch {
            switch error {
            case .tooManyUpvalues(let line):
                throw self.error(.tooMany(what: "upvalues", limit: Scopes.maximumUpvalues, functionLine: line))
            }
        }
    }

    /// Lua's `check_readonly`: `<const>` and `<close>` variables cannot be assigned.
    func checkAssignable(_ target: LuaExpression) throws(SyntaxError) {
        guard case .name(let name) = target else { return }
        switch name.binding {
        case .local(let id), .upvalue(let id):
            if variables[id.index].attribute != nil {
                throw semanticError(.assignmentToConstant(name: name.name.text), at: name.name.range)
            }
        case .global, .environment:
            return
        }
    }
}
