/// The bookkeeping `luac` does while it parses: functions, blocks, locals, labels and pending
/// gotos, kept in the same shape as `lparser.c` (`FuncState`, `BlockCnt`, `Dyndata`) so that
/// names resolve and goto/break/const errors appear exactly where `luac` reports them.
struct Scopes {
    enum VariableKind: Equatable {
        case regular, const, close, compileTimeConstant
        /// Lua's hidden `(for state)` variables: never found by name, but counted in limits.
        case hidden
    }

    struct DeclaredVariable {
        var name: String
        var id: VariableID?
        var kind: VariableKind
    }

    struct Upvalue {
        var name: String
        /// Nil for the chunk's own `_ENV`.
        var variable: VariableID?
    }

    struct Function {
        /// Lua's `linedefined`: 0 for the main chunk.
        var line: Int
        var isVararg: Bool
        var firstVariable: Int
        /// Lua's `nactvar`: how many of the function's declared variables are in scope.
        var activeCount = 0
        var firstLabel: Int
        var upvalues: [Upvalue] = []
    }

    struct BlockScope {
        var activeCount: Int
        var isLoop: Bool
        var firstLabel: Int
        var firstGoto: Int
        var isFunctionBody: Bool
    }

    struct Label {
        var name: String
        var line: Int
        var activeCount: Int
    }

    struct PendingGoto {
        var name: String
        var line: Int
        var activeCount: Int
        var range: SourceRange
        /// Resolved gotos stay in place until their function closes, so indices stay valid.
        var isResolved = false
    }

    /// Lua's `dyd->actvar`: the declared variables of every open function, innermost last.
    var declared: [DeclaredVariable] = []
    var functions: [Function] = []
    var blocks: [BlockScope] = []
    var labels: [Label] = []
    var gotos: [PendingGoto] = []
    /// Indices into `labels` and into `gotos` (unresolved ones) by name, ascending: Lua scans
    /// whole lists here, which is quadratic in files with thousands of labels.
    private var labelsByName: [String: [Int]] = [:]
    private var pendingGotosByName: [String: [Int]] = [:]

    /// A `break` is a goto to this label, which every loop defines at its end, as in Lua 5.4.
    static let breakLabel = "break"
    static let maximumLocals = 200
    static let maximumUpvalues = 255

    var function: Function {
        get { functions[functions.count - 1] }
        set { functions[functions.count - 1] = newValue }
    }

    func activeVariable(at level: Int) -> DeclaredVariable { declared[function.firstVariable + level] }

    mutating func enterBlock(isLoop: Bool, isFunctionBody: Bool = false) {
        blocks.append(BlockScope(activeCount: function.activeCount, isLoop: isLoop, firstLabel: labels.count,
                                 firstGoto: gotos.count, isFunctionBody: isFunctionBody))
    }

    mutating func openFunction(line: Int, isVararg: Bool) {
        functions.append(Function(line: line, isVararg: isVararg, firstVariable: declared.count,
                                  firstLabel: labels.count))
        enterBlock(isLoop: false, isFunctionBody: true)
    }

    /// A goto error found while labels are resolved; returned rather than thrown so that the
    /// parser, which knows the lexer's position, builds the error.
    enum Problem {
        case jumpIntoScope(PendingGoto, local: String)
        case undefined(PendingGoto)
    }

    /// Lua's `leaveblock`: drops the block's locals and labels, resolves its breaks, and hands
    /// its pending gotos to the enclosing block, or reports the first one if there is none.
    mutating func leaveBlock() -> Problem? {
        let block = blocks.removeLast()
        declared.removeSubrange((function.firstVariable + block.activeCount)...)
        function.activeCount = block.activeCount
        if block.isLoop, let problem = newLabel(Scopes.breakLabel, line: 0, isLast: false, in: block) {
            return problem
        }
        while labels.count > block.firstLabel {
            let label = labels.removeLast()
            labelsByName[label.name]?.removeLast()
        }
        if block.isFunctionBody {
            if let first = gotos[block.firstGoto...].first(where: { !$0.isResolved }) { return .undefined(first) }
            gotos.removeSubrange(block.firstGoto...)
            return nil
        }
        for index in block.firstGoto..<gotos.count where !gotos[index].isResolved {
            gotos[index].activeCount = block.activeCount
        }
        return nil
    }

    mutating func closeFunction() -> Problem? {
        let problem = leaveBlock()
        functions.removeLast()
        return problem
    }

    /// Lua's `createlabel`: a label at the end of its block counts as outside its locals.
    /// It resolves the block's pending gotos of that name, in order, as Lua's `solvegotos`.
    mutating func newLabel(_ name: String, line: Int, isLast: Bool, in block: BlockScope? = nil) -> Problem? {
        let block = block ?? blocks[blocks.count - 1]
        let level = isLast ? block.activeCount : function.activeCount
        labelsByName[name, default: []].append(labels.count)
        labels.append(Label(name: name, line: line, activeCount: level))
        guard let pending = pendingGotosByName[name], let last = pending.last, last >= block.firstGoto else {
            return nil
        }
        var first = pending.count - 1
        while first > 0, pending[first - 1] >= block.firstGoto { first -= 1 }
        for index in pending[first...] where gotos[index].activeCount < level {
            return .jumpIntoScope(gotos[index], local: activeVariable(at: gotos[index].activeCount).name)
        }
        for index in pending[first...] { gotos[index].isResolved = true }
        pendingGotosByName[name]?.removeSubrange(first...)
        return nil
    }

    /// Lua's `findlabel`: the labels visible in the current function.
    func findLabel(_ name: String) -> Label? {
        guard let index = labelsByName[name]?.last, index >= function.firstLabel else { return nil }
        return labels[index]
    }

    mutating func newGoto(_ name: String, line: Int, range: SourceRange) {
        pendingGotosByName[name, default: []].append(gotos.count)
        gotos.append(PendingGoto(name: name, line: line, activeCount: function.activeCount, range: range))
    }

    // MARK: Names

    enum Lookup {
        case variable(DeclaredVariable, functionIndex: Int)
        case upvalue(Upvalue)
        case global
    }

    enum LookupFailure: Error {
        case tooManyUpvalues(functionLine: Int)
    }

    /// Lua's `singlevaraux`: finds `name` in the function at `functionIndex` or its enclosing
    /// ones, creating the upvalues `luac` would create on the way (compile-time constants are
    /// folded, never captured).
    mutating func lookup(_ name: String, functionIndex: Int) throws(LookupFailure) -> Lookup {
        let scope = functions[functionIndex]
        var index = scope.firstVariable + scope.activeCount - 1
        while index >= scope.firstVariable {
            if declared[index].name == name { return .variable(declared[index], functionIndex: functionIndex) }
            index -= 1
        }
        if let upvalue = scope.upvalues.first(where: { $0.name == name }) { return .upvalue(upvalue) }
        guard functionIndex > 0 else { return .global }
        let outer = try lookup(name, functionIndex: functionIndex - 1)
        let captured: Upvalue
        switch outer {
        case .variable(let variable, _) where variable.kind != .compileTimeConstant:
            captured = Upvalue(name: name, variable: variable.id)
        case .upvalue(let upvalue):
            captured = upvalue
        default:
            return outer
        }
        guard scope.upvalues.count + 1 <= Scopes.maximumUpvalues else {
            throw .tooManyUpvalues(functionLine: scope.line)
        }
        functions[functionIndex].upvalues.append(captured)
        return .upvalue(captured)
    }
}
