/// The first error in a Lua source, as `luac` would report it.
///
/// The reason is data; `message` renders it in one place, with the same words as `luac 5.4`
/// (`'=' expected near 'x'`), so a user who knows Lua's messages recognizes ours.
///
/// ```swift
/// do {
///     _ = try LuaParser.parse(source: Array("local = 1".utf8), chunkName: "app.lua")
/// } catch {
///     print(error)  // app.lua:1:7: <name> expected near '='
/// }
/// ```
public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Hashable, Sendable {
        // Lexical.
        case unfinishedString
        case unfinishedLongString(startLine: Int)
        case unfinishedLongComment(startLine: Int)
        case invalidLongStringDelimiter
        case malformedNumber
        case invalidEscapeSequence
        case hexadecimalDigitExpected
        case missingBrace(Character)
        case utf8ValueTooLarge
        case decimalEscapeTooLarge
        // Grammar.
        case expected(TokenKind)
        case expectedToClose(TokenKind, opener: TokenKind, line: Int)
        case unexpectedSymbol
        case syntaxError
        case functionArgumentsExpected
        case nameOrVarargExpected
        case assignOrInExpected
        case varargOutsideVarargFunction
        // Checks `luac` makes while it compiles.
        case assignmentToConstant(name: String)
        case unknownAttribute(name: String)
        case multipleToBeClosed
        case labelAlreadyDefined(name: String, line: Int)
        case undefinedLabel(name: String, line: Int)
        case breakOutsideLoop(line: Int)
        case jumpIntoScope(label: String, line: Int, local: String)
        case tooMany(what: String, limit: Int, functionLine: Int)
        case tooDeeplyNested
        /// More chained operators or suffixes than the parser allows (not a `luac` limit).
        case chainTooLong(limit: Int)
    }

    /// The fields live in one shared box: the parser's recursive functions reserve room for
    /// a thrown error in every frame, and a single reference keeps those frames small.
    private final class Storage: Sendable {
        let reason: Reason
        let chunkName: String
        let range: SourceRange
        let near: String?
        let luacLine: Int
        let unclosed: UnclosedBracket?

        init(reason: Reason, chunkName: String, range: SourceRange, near: String?, luacLine: Int, unclosed: UnclosedBracket?) {
            self.reason = reason
            self.chunkName = chunkName
            self.range = range
            self.near = near
            self.luacLine = luacLine
            self.unclosed = unclosed
        }
    }

    private let storage: Storage

    public init(reason: Reason, chunkName: String, range: SourceRange, near: String?, luacLine: Int,
                unclosed: UnclosedBracket? = nil) {
        storage = Storage(reason: reason, chunkName: chunkName, range: range, near: near, luacLine: luacLine, unclosed: unclosed)
    }

    public var reason: Reason { storage.reason }
    /// The name of the source, as given to the parser (usually its path).
    public var chunkName: String { storage.chunkName }
    /// Where the error is: the offending token, escape, name or statement.
    public var range: SourceRange { storage.range }
    /// `luac`'s rendering of the offending token (`'x'`, `<eof>`), nil when it names none.
    public var near: String? { storage.near }
    /// The line `luac` prints. It differs from `range.start.line` where `luac` only notices
    /// the error later: an undefined label at the end of its function, a token that spans
    /// lines. Kept so that messages can be compared with `luac` byte for byte.
    public var luacLine: Int { storage.luacLine }
    /// The bracket the error most likely comes from, left open on an earlier line (see
    /// `OpenBrackets`); nil when the error is not one an open bracket explains.
    public var unclosed: UnclosedBracket? { storage.unclosed }

    public static func == (lhs: SyntaxError, rhs: SyntaxError) -> Bool {
        lhs.reason == rhs.reason && lhs.chunkName == rhs.chunkName && lhs.range == rhs.range
            && lhs.near == rhs.near && lhs.luacLine == rhs.luacLine && lhs.unclosed == rhs.unclosed
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(reason)
        hasher.combine(range)
    }

    public var line: Int { range.start.line }
    public var column: Int { range.start.column }

    /// The message without location, worded as `luac` words it.
    public var message: String {
        let text = Self.text(of: reason)
        guard let near else { return text }
        return "\(text) near \(near)"
    }

    /// The message a designer is shown: `message`, except where a bracket left open explains
    /// the error, which then names that bracket as `luac` names an unclosed `function`:
    /// `'}' expected (to close '{' at line 12) near 'CommonStyle'` rather than `luac`'s
    /// `'(' expected near 'CommonStyle'`.
    public var displayMessage: String {
        guard let unclosed else { return message }
        let text = Self.text(of: .expectedToClose(unclosed.closer, opener: unclosed.opener, line: unclosed.line))
        guard let near else { return text }
        return "\(text) near \(near)"
    }

    /// `chunk:line:column: message`, the house format of diagnostics.
    public var description: String { "\(chunkName):\(line):\(column): \(message)" }

    /// `chunk:line: message`, exactly what `luac -p` prints after its program name.
    public var luacDescription: String {
        if case .tooDeeplyNested = reason { return message }
        return "\(chunkName):\(luacLine): \(message)"
    }

    private static func text(of reason: Reason) -> String {
        switch reason {
        case .unfinishedString: return "unfinished string"
        case .unfinishedLongString(let line): return "unfinished long string (starting at line \(line))"
        case .unfinishedLongComment(let line): return "unfinished long comment (starting at line \(line))"
        case .invalidLongStringDelimiter: return "invalid long string delimiter"
        case .malformedNumber: return "malformed number"
        case .invalidEscapeSequence: return "invalid escape sequence"
        case .hexadecimalDigitExpected: return "hexadecimal digit expected"
        case .missingBrace(let brace): return "missing '\(brace)'"
        case .utf8ValueTooLarge: return "UTF-8 value too large"
        case .decimalEscapeTooLarge: return "decimal escape too large"
        case .expected(let kind): return "\(kind.luacName) expected"
        case .expectedToClose(let kind, let opener, let line):
            return "\(kind.luacName) expected (to close \(opener.luacName) at line \(line))"
        case .unexpectedSymbol: return "unexpected symbol"
        case .syntaxError: return "syntax error"
        case .functionArgumentsExpected: return "function arguments expected"
        case .nameOrVarargExpected: return "<name> or '...' expected"
        case .assignOrInExpected: return "'=' or 'in' expected"
        case .varargOutsideVarargFunction: return "cannot use '...' outside a vararg function"
        case .assignmentToConstant(let name): return "attempt to assign to const variable '\(name)'"
        case .unknownAttribute(let name): return "unknown attribute '\(name)'"
        case .multipleToBeClosed: return "multiple to-be-closed variables in local list"
        case .labelAlreadyDefined(let name, let line): return "label '\(name)' already defined on line \(line)"
        case .undefinedLabel(let name, let line): return "no visible label '\(name)' for <goto> at line \(line)"
        case .breakOutsideLoop(let line): return "break outside loop at line \(line)"
        case .jumpIntoScope(let label, let line, let local):
            return "<goto \(label)> at line \(line) jumps into the scope of local '\(local)'"
        case .tooMany(let what, let limit, let functionLine):
            let place = functionLine == 0 ? "main function" : "function at line \(functionLine)"
            return "too many \(what) (limit is \(limit)) in \(place)"
        case .tooDeeplyNested: return "C stack overflow"
        case .chainTooLong(let limit): return "expression too deeply nested (more than \(limit) chained operators, calls or fields)"
        }
    }
}
