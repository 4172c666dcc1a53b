/// A parsed Lua file: its statements, every local variable it declares, and its comments.
///
/// Names are resolved while parsing, exactly as `luac` resolves them, so each
/// `NameExpression` already knows whether it is a local, an upvalue or a global.
///
/// ```swift
/// let chunk = try LuaParser.parse(source: Array("local x = 1 print(x)".utf8))
/// chunk.variables[0].name.text  // "x"
/// ```
public struct Chunk: Sendable {
    public var body: Block
    /// Every variable the chunk declares, indexed by `VariableID`.
    public var variables: [Variable]
    public var comments: [Comment]
    public var range: SourceRange

    public subscript(id: VariableID) -> Variable { variables[id.index] }
}

/// An identifier as written: a variable, field, method or label name.
public struct Identifier: Hashable, Sendable {
    public var text: String
    public var range: SourceRange
}

/// A position in `Chunk.variables`.
public struct VariableID: Hashable, Sendable {
    public var index: Int
}

/// A declared local variable.
public struct Variable: Hashable, Sendable {
    public enum Role: Hashable, Sendable {
        case local, localFunction, parameter, forLoop
        /// The `self` of a method `function a:b() end`; its `name` is the method's name.
        case implicitSelf
    }

    public var name: Identifier
    public var role: Role
    public var attribute: LocalAttribute.Kind?
    /// The last variable of a `<const>` list whose value `luac` folds at compile time.
    public var isCompileTimeConstant: Bool
}

/// `<const>` or `<close>` after a local's name.
public struct LocalAttribute: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case const, close }
    public var kind: Kind
    /// From `<` to `>`.
    public var range: SourceRange
}

/// A name in a declaration list: `local a <const>, b`, parameters, `for k, v in`.
public struct LocalName: Hashable, Sendable {
    public var variable: VariableID
    public var name: Identifier
    public var attribute: LocalAttribute?
}

/// What a name refers to.
public enum Binding: Hashable, Sendable {
    /// A local of the function the name is used in.
    case local(VariableID)
    /// A local of an enclosing function.
    case upvalue(VariableID)
    /// A field of `_ENV`; `environment` is the local `_ENV` in scope, nil for the chunk's own.
    case global(environment: VariableID?)
    /// The name `_ENV` itself when it is the chunk's own environment, not a declared local.
    case environment
}

/// A sequence of statements; a block's locals go out of scope at its end.
public struct Block: Sendable {
    public var statements: [Statement]
    /// From the first statement to the last; empty at the token after the block if it has none.
    public var range: SourceRange
}

// MARK: - Statements

public indirect enum Statement: Sendable {
    case local(LocalStatement)
    case localFunction(LocalFunctionStatement)
    case function(FunctionStatement)
    case assignment(AssignmentStatement)
    /// A call used as a statement; the expression is `.call` or `.methodCall`.
    case call(LuaExpression)
    case `do`(body: Block, range: SourceRange)
    case `while`(condition: LuaExpression, body: Block, range: SourceRange)
    case `repeat`(body: Block, condition: LuaExpression, range: SourceRange)
    case `if`(IfStatement)
    case numericFor(NumericForStatement)
    case genericFor(GenericForStatement)
    case `return`(values: [LuaExpression], range: SourceRange)
    case `break`(SourceRange)
    case goto(label: Identifier, range: SourceRange)
    case label(Identifier, range: SourceRange)
    /// A lone `;`.
    case empty(SourceRange)

    public var range: SourceRange {
        switch self {
        case .local(let s): return s.range
        case .localFunction(let s): return s.range
        case .function(let s): return s.range
        case .assignment(let s): return s.range
        case .call(let e): return e.range
        case .do(_, let r), .while(_, _, let r), .repeat(_, _, let r), .return(_, let r): return r
        case .if(let s): return s.range
        case .numericFor(let s): return s.range
        case .genericFor(let s): return s.range
        case .break(let r), .goto(_, let r), .label(_, let r), .empty(let r): return r
        }
    }
}

public struct LocalStatement: Sendable {
    public var names: [LocalName]
    public var values: [LuaExpression]
    public var range: SourceRange
}

public struct LocalFunctionStatement: Sendable {
    public var name: LocalName
    public var function: FunctionBody
    public var range: SourceRange
}

/// `function a.b.c:m() end`: `base` is `a`, `fields` are `b` and `c`, `method` is `m`.
public struct FunctionStatement: Sendable {
    public var base: NameExpression
    public var fields: [Identifier]
    public var method: Identifier?
    public var function: FunctionBody
    public var range: SourceRange
}

public struct AssignmentStatement: Sendable {
    /// Each a `.name` or `.index`.
    public var targets: [LuaExpression]
    public var values: [LuaExpression]
    public var range: SourceRange
}

public struct IfStatement: Sendable {
    public struct Clause: Sendable {
        public var condition: LuaExpression
        public var body: Block
        /// From `if`/`elseif` to the end of the body.
        public var range: SourceRange
    }

    public var clauses: [Clause]
    public var elseBody: Block?
    public var range: SourceRange
}

public struct NumericForStatement: Sendable {
    public var variable: LocalName
    public var start: LuaExpression
    public var limit: LuaExpression
    public var step: LuaExpression?
    public var body: Block
    public var range: SourceRange
}

public struct GenericForStatement: Sendable {
    public var variables: [LocalName]
    public var values: [LuaExpression]
    public var body: Block
    public var range: SourceRange
}

// MARK: - Expressions

public indirect enum LuaExpression: Sendable {
    case `nil`(SourceRange)
    case `true`(SourceRange)
    case `false`(SourceRange)
    case vararg(SourceRange)
    case number(NumberValue, range: SourceRange)
    case string(StringLiteral)
    case function(FunctionBody)
    case table(TableConstructor)
    case name(NameExpression)
    case index(IndexExpression)
    case call(CallExpression)
    case methodCall(MethodCallExpression)
    /// `(e)`, which Lua keeps apart: it truncates a call to one value and is not assignable.
    case parenthesized(LuaExpression, range: SourceRange)
    case unary(UnaryExpression)
    case binary(BinaryExpression)

    public var range: SourceRange {
        switch self {
        case .nil(let r), .true(let r), .false(let r), .vararg(let r), .number(_, let r), .parenthesized(_, let r):
            return r
        case .string(let e): return e.range
        case .function(let e): return e.range
        case .table(let e): return e.range
        case .name(let e): return e.name.range
        case .index(let e): return e.range
        case .call(let e): return e.range
        case .methodCall(let e): return e.range
        case .unary(let e): return e.range
        case .binary(let e): return e.range
        }
    }
}

public struct StringLiteral: Hashable, Sendable {
    /// The bytes after escapes are decoded; Lua strings need not be UTF-8.
    public var bytes: [UInt8]
    /// Includes the quotes or long brackets.
    public var range: SourceRange

    /// The value as text, with invalid UTF-8 replaced by U+FFFD.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

public struct NameExpression: Hashable, Sendable {
    public var name: Identifier
    public var binding: Binding
}

public struct IndexExpression: Sendable {
    public enum Key: Sendable {
        /// `a.b`
        case field(Identifier)
        /// `a[e]`
        case expression(LuaExpression)
    }

    public var base: LuaExpression
    public var key: Key
    public var range: SourceRange
}

public enum ArgumentStyle: Hashable, Sendable {
    /// `f(a, b)`
    case parenthesized
    /// `f{...}`
    case table
    /// `f"..."` or `f[[...]]`
    case string
}

public struct CallExpression: Sendable {
    public var callee: LuaExpression
    public var arguments: [LuaExpression]
    public var argumentStyle: ArgumentStyle
    public var range: SourceRange
}

public struct MethodCallExpression: Sendable {
    public var receiver: LuaExpression
    public var method: Identifier
    public var arguments: [LuaExpression]
    public var argumentStyle: ArgumentStyle
    public var range: SourceRange
}

public struct FunctionBody: Sendable {
    /// `self` first for methods.
    public var parameters: [LocalName]
    public var isVararg: Bool
    public var body: Block
    /// From `function` (or, for `local function f`, from `function`) to `end`.
    public var range: SourceRange
}

public struct TableConstructor: Sendable {
    public enum Field: Sendable {
        /// `{ e }`
        case positional(LuaExpression)
        /// `{ name = e }`
        case named(Identifier, LuaExpression)
        /// `{ [k] = e }`; the range runs from `[` to the end of the value.
        case keyed(key: LuaExpression, value: LuaExpression, range: SourceRange)
    }

    public var fields: [Field]
    public var range: SourceRange
}

public struct UnaryExpression: Sendable {
    public enum Operator: String, Hashable, Sendable {
        case negate = "-", not = "not", length = "#", bitwiseNot = "~"
    }

    public var op: Operator
    public var operatorRange: SourceRange
    public var operand: LuaExpression
    public var range: SourceRange
}

public struct BinaryExpression: Sendable {
    public enum Operator: String, Hashable, Sendable, CaseIterable {
        case add = "+", subtract = "-", multiply = "*", modulo = "%", power = "^"
        case divide = "/", floorDivide = "//"
        case bitwiseAnd = "&", bitwiseOr = "|", bitwiseXor = "~", shiftLeft = "<<", shiftRight = ">>"
        case concat = ".."
        case equal = "==", less = "<", lessEqual = "<=", notEqual = "~=", greater = ">", greaterEqual = ">="
        case and, or

        /// Binding power on each side, from Lua's `priority` table; right > left means
        /// right associative (`..` and `^`).
        public var precedence: (left: Int, right: Int) {
            switch self {
            case .or: return (1, 1)
            case .and: return (2, 2)
            case .equal, .less, .lessEqual, .notEqual, .greater, .greaterEqual: return (3, 3)
            case .bitwiseOr: return (4, 4)
            case .bitwiseXor: return (5, 5)
            case .bitwiseAnd: return (6, 6)
            case .shiftLeft, .shiftRight: return (7, 7)
            case .concat: return (9, 8)
            case .add, .subtract: return (10, 10)
            case .multiply, .modulo, .divide, .floorDivide: return (11, 11)
            case .power: return (14, 13)
            }
        }
    }

    public var op: Operator
    public var operatorRange: SourceRange
    public var lhs: LuaExpression
    public var rhs: LuaExpression
    public var range: SourceRange
}
