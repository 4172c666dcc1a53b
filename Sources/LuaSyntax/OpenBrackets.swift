/// The brackets the parser is inside, so that a syntax error can say which one was left open.
///
/// `luac` names an opener only when it is at the closing check (`'}' expected (to close '{' at
/// line 12)`). A bracket left open is usually noticed later, inside the next statement, where
/// Lua's message points away from the mistake:
///
/// ```lua
/// local Card = {                  -- line 12: never closed
/// function CommonStyle(v)         -- luac: '(' expected near 'CommonStyle'
/// ```
///
/// A statement can never start inside a bracket, so an error at a token that only starts (or
/// ends) a statement, on a line after the innermost open bracket, is that bracket's: the parser
/// reports it as Lua reports an unclosed `function` (`UnclosedBracket`).
struct OpenBrackets {
    private var open: [UnclosedBracket] = []
    /// Brackets below this count belong to an enclosing function: a function body's statements
    /// are not inside them.
    private var floor = 0

    mutating func push(_ opener: TokenKind, line: Int) {
        open.append(UnclosedBracket(opener: opener, line: line))
    }

    mutating func pop() {
        open.removeLast()
    }

    /// Starts a function body; returns what `leaveFunction` restores.
    mutating func enterFunction() -> Int {
        defer { floor = open.count }
        return floor
    }

    mutating func leaveFunction(_ saved: Int) {
        floor = saved
    }

    /// The bracket an error at `token` most likely comes from: the innermost bracket of the
    /// function being parsed, opened on an earlier line, when the token starts a statement.
    /// The end of the file met where a field, an argument or the closer was due is the open
    /// bracket's, on its own line too (`Label { text = "a" },` as a file's last line: `luac`'s
    /// `unexpected symbol near <eof>`); another error there (`f:bolded` with no call) is not.
    func unclosed(at token: Token, startsStatement: Bool, reason: SyntaxError.Reason) -> UnclosedBracket? {
        guard open.count > floor, let innermost = open.last else { return nil }
        if token.kind == .endOfFile {
            switch reason {
            case .unexpectedSymbol: return innermost
            case .expected(let kind) where kind == innermost.closer: return innermost
            default: return nil
            }
        }
        guard innermost.line < token.range.start.line else { return nil }
        guard startsStatement || Self.onlyInStatements(token.kind) else { return nil }
        return innermost
    }

    /// Tokens that begin or end a statement and have no place in an expression.
    private static func onlyInStatements(_ kind: TokenKind) -> Bool {
        switch kind {
        case .local, .return, .if, .for, .while, .repeat, .do, .goto, .break, .end, .else, .elseif, .until, .doubleColon:
            return true
        default:
            return false
        }
    }
}

/// A bracket that a syntax error shows was left open: which one, and the line it opened on.
public struct UnclosedBracket: Hashable, Sendable {
    /// `.leftBrace`, `.leftParen` or `.leftBracket`.
    public let opener: TokenKind
    public let line: Int

    /// The token that closes it.
    public var closer: TokenKind {
        switch opener {
        case .leftBrace: return .rightBrace
        case .leftParen: return .rightParen
        default: return .rightBracket
        }
    }
}
