/// The kind of a Lua 5.4 token.
///
/// Every byte that starts no other token is a token of its own (`.otherByte`): like `luac`,
/// the lexer accepts it and the parser reports it as an "unexpected symbol".
public enum TokenKind: UInt8, Sendable, CaseIterable {
    // Reserved words, in the order of Lua's `luaX_tokens`.
    case `and`, `break`, `do`, `else`, `elseif`, `end`, `false`, `for`, `function`, `goto`, `if`
    case `in`, `local`, `nil`, `not`, `or`, `repeat`, `return`, `then`, `true`, `until`, `while`
    // Symbols of two or three bytes.
    case floorDivide, concat, dots, equal, greaterEqual, lessEqual, notEqual
    case shiftLeft, shiftRight, doubleColon
    // Symbols of one byte.
    case plus, minus, star, slash, percent, caret, hash, ampersand, tilde, pipe
    case less, greater, assign, leftParen, rightParen, leftBrace, rightBrace
    case leftBracket, rightBracket, semicolon, colon, comma, dot
    // Tokens with a value.
    case name, string, integer, float
    case endOfFile
    case otherByte

    /// The text `luac` uses for the token in "X expected" messages: `'end'`, `'='`, `<name>`.
    public var luacName: String {
        switch self {
        case .name: return "<name>"
        case .string: return "<string>"
        case .integer: return "<integer>"
        case .float: return "<number>"
        case .endOfFile: return "<eof>"
        case .otherByte: return "<byte>"
        default: return "'\(spelling)'"
        }
    }

    /// The source text of a keyword or symbol; empty for tokens with a value.
    public var spelling: String {
        if self.rawValue <= TokenKind.while.rawValue { return String(describing: self) }
        switch self {
        case .floorDivide: return "//"
        case .concat: return ".."
        case .dots: return "..."
        case .equal: return "=="
        case .greaterEqual: return ">="
        case .lessEqual: return "<="
        case .notEqual: return "~="
        case .shiftLeft: return "<<"
        case .shiftRight: return ">>"
        case .doubleColon: return "::"
        case .plus: return "+"
        case .minus: return "-"
        case .star: return "*"
        case .slash: return "/"
        case .percent: return "%"
        case .caret: return "^"
        case .hash: return "#"
        case .ampersand: return "&"
        case .tilde: return "~"
        case .pipe: return "|"
        case .less: return "<"
        case .greater: return ">"
        case .assign: return "="
        case .leftParen: return "("
        case .rightParen: return ")"
        case .leftBrace: return "{"
        case .rightBrace: return "}"
        case .leftBracket: return "["
        case .rightBracket: return "]"
        case .semicolon: return ";"
        case .colon: return ":"
        case .comma: return ","
        case .dot: return "."
        default: return ""
        }
    }

    /// Whether the token is one of Lua's 22 reserved words.
    public var isKeyword: Bool { rawValue <= TokenKind.while.rawValue }
}

/// One token of Lua source, with its exact range.
///
/// Values are decoded as Lua would: a name's text, a string's bytes after escapes (Lua
/// strings are byte strings and need not be UTF-8), a numeral's integer or float.
public struct Token: Sendable {
    public var kind: TokenKind
    public var range: SourceRange
    /// The identifier, for `.name`.
    public var name: String = ""
    /// The decoded bytes, for `.string`.
    public var bytes: [UInt8] = []
    /// The value, for `.integer` and `.float`.
    public var number: NumberValue = .integer(0)
    /// The byte itself, for `.otherByte`.
    public var byte: UInt8 = 0

    public init(kind: TokenKind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// The value of a Lua numeral: Lua 5.4 keeps integers and floats apart.
public enum NumberValue: Hashable, Sendable {
    case integer(Int64)
    case float(Double)
}

/// A comment, kept so tools can read directives such as `-- stylerun: ignore`.
public struct Comment: Hashable, Sendable {
    /// From the leading `--` through the last byte of the comment (a long comment's `]]`).
    public var range: SourceRange
    /// Whether it is a long comment `--[[ … ]]`.
    public var isLong: Bool
}
