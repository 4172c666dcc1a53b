import CLua
import Foundation
import CLuaShim
import StyleCore

/// One Lua state with its budget, the Swift functions it may call, and the objects its userdata
/// own. Confined to the thread that made it.
///
/// Every call from Swift into Lua goes through `protectedCall`, and every Swift function Lua
/// calls goes through the C trampoline, which raises a thrown `ScriptError` after Swift returns:
/// `lua_error`'s longjmp never crosses a Swift frame.
final class LuaVM {
    let L: OpaquePointer
    private let budget: UnsafeMutablePointer<srlua_Budget>
    private var functions: [(LuaVM) throws(ScriptError) -> Int32] = []
    /// The text of every loaded chunk, by display name, for columns and carets.
    private var texts: [String: String] = [:]
    /// `texts` split into lines, each chunk on first use: splitting every chunk as it loaded
    /// was a third of evaluating a stylesheet, and most evaluations never need a line.
    private var splitLines: [String: [Substring]] = [:]
    /// `texts` as bytes with line starts, each chunk on first use.
    private var chunkTexts: [String: ChunkText] = [:]
    /// The last chunk name made from Lua's source string at `pointer` (see `chunkName`).
    private var lastSource: (pointer: UnsafePointer<CChar>?, raw: String, name: String) = (nil, "", "")
    let limits: Limits

    init?(limits: Limits) {
        self.limits = limits
        budget = .allocate(capacity: 1)
        budget.initialize(to: srlua_Budget())
        budget.pointee.memoryLimit = limits.memory > 0 ? size_t(limits.memory) : 0
        budget.pointee.instructionLimit = limits.instructions
        budget.pointee.hookInterval = 1000
        budget.pointee.hostSlack = 64 << 20
        budget.pointee.sourceLimit = size_t(SourceFile.maximumSize)
        budget.pointee.deadline = limits.seconds > 0 ? srlua_now() + limits.seconds : 0
        budget.pointee.dispatch = luaDispatch
        guard let state = srlua_newstate(budget) else {
            budget.deallocate()
            return nil
        }
        L = state
        budget.pointee.host = Unmanaged.passUnretained(self).toOpaque()
        srlua_sethook(L)
    }

    /// Starts a fresh budget of time and instructions (an evaluation, or applying its styles later).
    func resetBudget() {
        budget.pointee.instructions = 0
        budget.pointee.tripped = 0
        budget.pointee.tripLine = 0
        budget.pointee.deadline = limits.seconds > 0 ? srlua_now() + limits.seconds : 0
        srlua_sethook(L)
    }

    deinit {
        lua_close(L)
        releasePendingObjects()
        free(budget.pointee.released)
        budget.deallocate()
    }

    // MARK: Swift functions callable from Lua

    /// Registers a Swift function and returns the id trampolines dispatch with.
    func register(_ body: @escaping (LuaVM) throws(ScriptError) -> Int32) -> Int32 {
        functions.append(body)
        return Int32(functions.count - 1)
    }

    /// Pushes a Lua function that runs `body`.
    func pushFunction(_ body: @escaping (LuaVM) throws(ScriptError) -> Int32) {
        srlua_pushfunction(L, register(body))  // stack: fn
    }

    /// When set, a thrown `ScriptError` is offered here before it is raised; a non-nil result
    /// is returned to Lua as the function's result count instead (lint's collecting mode).
    var recover: ((ScriptError) -> Int32?)?

    fileprivate func dispatch(_ id: Int32) -> Int32 {
        releasePendingObjects()
        do {
            return try functions[Int(id)](self)
        } catch {
            if let results = recover?(error) { return results }
            pushError(error)
            return SRLUA_RAISE
        }
    }

    // MARK: Swift objects in userdata

    /// Pushes a userdata owning `object` with the metatable `name`.
    func pushObject(_ object: AnyObject, metatable name: String) {
        let pointer = Unmanaged.passRetained(object).toOpaque()
        // `withCString` keeps a short name on the stack; passing the String would copy it to
        // the heap at every call (every view a screen builds pushes and reads objects).
        name.withCString { srlua_pushobject(L, pointer, $0) }
    }

    /// The object behind the userdata at `index` if it has metatable `name` and type `T`.
    func object<T: AnyObject>(at index: Int32, metatable name: String, as type: T.Type = T.self) -> T? {
        guard let p = name.withCString({ srlua_toobject(L, index, $0) }) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue() as? T
    }

    /// Releases objects whose userdata Lua collected (queued by the C `__gc`).
    func releasePendingObjects() {
        let b = budget
        while b.pointee.releasedCount > 0 {
            b.pointee.releasedCount -= 1
            let p = b.pointee.released[Int(b.pointee.releasedCount)]
            if let p { Unmanaged<AnyObject>.fromOpaque(p).release() }
        }
    }

    // MARK: Calling Lua

    /// Loads a text chunk; a syntax error becomes a diagnostic.
    func load(source: String, chunk: String) throws(ScriptError) {
        texts[chunk] = source
        splitLines[chunk] = nil
        chunkTexts[chunk] = nil
        let status = source.utf8CString.withUnsafeBufferPointer { buffer in
            srlua_loadtext(L, buffer.baseAddress, buffer.count - 1, "@" + chunk)
        }
        guard status == LUA_OK else { throw popError(status: status) }  // stack: chunk
    }

    /// The source lines of a loaded chunk, or nil for a chunk not loaded.
    func lines(of chunk: String) -> [Substring]? {
        if let lines = splitLines[chunk] { return lines }
        guard let text = texts[chunk] else { return nil }
        // Split on bytes: splitting Characters ran grapheme breaking over the whole chunk,
        // 23,000 instructions a line (300 ms for a 13,000-line screen script).
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
        splitLines[chunk] = lines
        return lines
    }

    /// The text of a loaded chunk as bytes and line starts, or nil for a chunk not loaded.
    func text(of chunk: String) -> ChunkText? {
        if let text = chunkTexts[chunk] { return text }
        guard let source = texts[chunk] else { return nil }
        let text = ChunkText(source)
        chunkTexts[chunk] = text
        return text
    }

    /// Calls the function below `nargs` arguments, protected; errors come back as `ScriptError`.
    func protectedCall(nargs: Int32, nresults: Int32) throws(ScriptError) {
        let status = srlua_pcall(L, nargs, nresults)
        releasePendingObjects()
        guard status == LUA_OK else { throw popError(status: status) }
        if budget.pointee.tripped != 0 {
            // The script caught the limit with pcall and carried on; it still failed.
            throw limitError(message: nil)
        }
    }

    /// Pops the error object left by a failed call and makes it a `ScriptError`.
    private func popError(status: Int32) -> ScriptError {
        defer { srlua_pop(L, 1) }
        if let carried = object(at: -1, metatable: ErrorObject.metatable, as: ErrorObject.self) {
            return carried.error
        }
        if budget.pointee.tripped != 0 || status == LUA_ERRMEM {
            if budget.pointee.tripped == 0 { budget.pointee.tripped = 3 }
            return limitError(message: string(at: -1))
        }
        let text = string(at: -1) ?? "(error object is a \(typeName(at: -1)) value)"
        let code: Diagnostic.Code = status == LUA_ERRSYNTAX ? .syntaxError : .runtimeError
        return ScriptError(diagnostic: namingLimit(diagnostic(fromLuaMessage: text, code: code)))
    }

    /// Lua's own limits (its stack, the nesting of C calls and of the parser) and the shim's
    /// pattern limit, as limit diagnostics that say the limit, its value and where.
    private func namingLimit(_ d: Diagnostic) -> Diagnostic {
        var d = d
        if d.message.hasPrefix("C stack overflow") || d.message.contains("too many C levels") {
            // LUAI_MAXCCALLS (llimits.h, not exported): nested calls, parentheses, tables, functions.
            d.code = .limitExceeded
            d.message = "The script nests too deeply, past the nesting limit of 200 levels of calls, parentheses, tables or functions (C stack overflow)."
            if d.line == 1, d.column == 1, let line = deepestNesting(in: d.file) { d.line = line; d.endLine = line }
        } else if d.message.hasPrefix("Stack overflow") {
            d.code = .limitExceeded
            d.message = "The script went past the Lua stack limit of \(LUAI_MAXSTACK) slots (stack overflow); look for a recursion that never ends."
        } else if d.message.contains("past the pattern limit") || d.message.contains("past the source size limit") {
            d.code = .limitExceeded
        }
        return d
    }

    /// The first line where brackets nest past Lua's limit, for a parser overflow Lua gives no
    /// line for. Strings and comments are not told apart: it is a pointer, not a parse.
    private func deepestNesting(in chunk: String) -> Int? {
        guard let lines = lines(of: chunk) else { return nil }
        var depth = 0
        for (number, line) in lines.enumerated() {
            for c in line.utf8 {
                if c == UInt8(ascii: "(") || c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { depth += 1 }
                if c == UInt8(ascii: ")") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]") { depth -= 1 }
                if depth >= 190 { return number + 1 }
            }
        }
        return nil
    }

    private func limitError(message: String?) -> ScriptError {
        let located = message.map { diagnostic(fromLuaMessage: $0, code: .limitExceeded) }
        var location = located?.location ?? SourceLocation(file: texts.keys.sorted().first ?? "<script>", line: 1)
        // A pcall may have caught the limit where it tripped; the first line is the one to show.
        if budget.pointee.tripLine > 0 { location.line = Int(budget.pointee.tripLine) }
        let text: String
        switch budget.pointee.tripped {
        case 1: text = "The script ran past its instruction limit of \(limits.instructions) instructions."
        case 2: text = "The script ran past its time limit of \(formatNumber(limits.seconds)) second\(limits.seconds == 1 ? "" : "s")."
        default: text = "The script went past its memory limit of \(limits.memory >> 20) MiB."
        }
        return ScriptError(diagnostic: Diagnostic(.limitExceeded, text, at: location))
    }

    /// Splits Lua's `file:line: message` into a located diagnostic.
    func diagnostic(fromLuaMessage text: String, code: Diagnostic.Code) -> Diagnostic {
        for chunk in texts.keys.sorted(by: { $0.count > $1.count }) {
            for prefix in [chunk + ":", shortSource(chunk) + ":"] where text.hasPrefix(prefix) {
                let rest = text.dropFirst(prefix.count)
                let digits = rest.prefix(while: \.isNumber)
                guard let line = Int(digits), rest.dropFirst(digits.count).hasPrefix(":") else { continue }
                var message = String(rest.dropFirst(digits.count + 1).drop(while: { $0 == " " }))
                var column = 1
                var length = 0
                if code == .syntaxError {
                    (message, column) = describeSyntaxError(message, line: line, chunk: chunk)
                    length = Self.nearToken(in: message)?.count ?? 0
                } else if let name = Self.quotedName(in: message) {
                    // "attempt to index a nil value (local 'x')": point at x.
                    if let c = self.column(of: name, line: line, in: chunk) { column = c; length = name.count }
                }
                return Diagnostic(code, sentence(message), at: SourceLocation(file: chunk, line: line, column: column), length: length)
            }
        }
        let file = texts.keys.sorted().first ?? "<script>"
        return Diagnostic(code, sentence(text), at: SourceLocation(file: file, line: 1))
    }

    /// The token a syntax error is `near` (`')' expected near 'x'` → `x`); nil at the end of input.
    static func nearToken(in message: String) -> String? {
        guard let near = message.range(of: " near ", options: .backwards) else { return nil }
        var token = String(message[near.upperBound...])
        if token.hasPrefix("'"), token.hasSuffix("'"), token.count >= 2 { token = String(token.dropFirst().dropLast()) }
        return token == "<eof>" ? nil : token
    }

    /// The variable a Lua runtime message names: `(local 'x')`, `(global 'x')`, `(field 'x')`…
    static func quotedName(in message: String) -> String? {
        for kind in ["(local '", "(global '", "(field '", "(upvalue '", "(method '", "(constant '"] {
            guard let start = message.range(of: kind) else { continue }
            let rest = message[start.upperBound...]
            guard let end = rest.firstIndex(of: "'") else { continue }
            return String(rest[..<end])
        }
        return nil
    }

    /// Lua's `chunkid` shortening of long `@` names (`...tail`), so messages map back to files.
    private func shortSource(_ chunk: String) -> String {
        let max = Int(LUA_IDSIZE) - 1
        guard chunk.utf8.count > max else { return chunk }
        return "..." + String(decoding: chunk.utf8.suffix(max - 3), as: UTF8.self)
    }

    /// Points a syntax error's column at the token Lua names (`near 'x'`), else column 1.
    private func describeSyntaxError(_ message: String, line: Int, chunk: String) -> (String, Int) {
        if let lines = lines(of: chunk), let exact = SyntaxPosition.firstError(in: lines.joined(separator: "\n")), exact.line == line {
            return (message, exact.column)
        }
        guard let token = Self.nearToken(in: message) else { return (message, 1) }
        return (message, column(of: token, line: line, in: chunk, wholeWord: false) ?? 1)
    }

    /// The 1-based column (in characters) of `needle` on a line of a loaded chunk.
    func column(of needle: String, line: Int, in chunk: String, wholeWord: Bool = true) -> Int? {
        text(of: chunk)?.column(of: needle, line: line, wholeWord: wholeWord)
    }

    /// The location of the Lua code running at `level` (1: the caller of the current C function).
    func location(level: Int32 = 1) -> SourceLocation {
        var source: UnsafePointer<CChar>?
        var lv = level
        // C functions (level with no line) are skipped up to the nearest Lua line.
        while lv < level + 8 {
            let line = srlua_currentline(L, lv, &source)
            if line > 0, let source {
                return SourceLocation(file: chunkName(source), line: Int(line))
            }
            if line == 0 && source == nil { break }
            lv += 1
        }
        return SourceLocation(file: texts.keys.sorted().first ?? "<script>", line: 1)
    }

    /// A chunk's display name from Lua's source string (`@app.lua` → `app.lua`). Lua keeps
    /// one string per chunk, so the last one is remembered by address: every view a screen
    /// builds asks for it.
    private func chunkName(_ source: UnsafePointer<CChar>) -> String {
        if source == lastSource.pointer, strcmp(source, lastSource.raw) == 0 { return lastSource.name }
        let raw = String(cString: source)
        var name = raw
        if name.hasPrefix("@") || name.hasPrefix("=") { name.removeFirst() }
        lastSource = (source, raw, name)
        return name
    }

    /// Pops the function on top and returns where it was defined, when it is a Lua function.
    func definitionLine() -> SourceLocation? {
        var source: UnsafePointer<CChar>?
        let line = srlua_definedline(L, &source)
        guard line > 0, let source else { return nil }
        var name = String(cString: source)
        if name.hasPrefix("@") || name.hasPrefix("=") { name.removeFirst() }
        return SourceLocation(file: name, line: Int(line))
    }

    /// A location with the column of `token` on that line, when it can be found.
    func location(level: Int32 = 1, pointingAt tokens: [String]) -> SourceLocation {
        var loc = location(level: level)
        for t in tokens {
            if let c = column(of: t, line: loc.line, in: loc.file, wholeWord: t.first.map { $0.isLetter || $0 == "_" } ?? false) {
                loc.column = c
                break
            }
        }
        return loc
    }

    /// Lua's messages as sentences, like stylerun's own: a capital first letter and a full stop.
    private func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        var s = first.isLowercase ? first.uppercased() + message.dropFirst() : message
        if let last = s.last, !".?!".contains(last) { s += "." }
        return s
    }

    // MARK: Errors into Lua

    private func pushError(_ error: ScriptError) {
        pushObject(ErrorObject(error), metatable: ErrorObject.metatable)
    }

    // MARK: Reading the stack (Lua → Swift)

    func type(at index: Int32) -> Int32 { lua_type(L, index) }

    func typeName(at index: Int32) -> String {
        if let name = objectTypeName(index) { return name }
        return String(cString: lua_typename(L, lua_type(L, index)))
    }

    /// A Lua string at `index` (numbers are not converted), or nil.
    func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let p = srlua_tostring(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: length), as: UTF8.self)
    }

    func number(at index: Int32) -> Double? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        return srlua_tonumber(L, index, nil)
    }

    func isInteger(at index: Int32) -> Bool { lua_isinteger(L, index) != 0 }

    var top: Int32 { lua_gettop(L) }

    /// Registered by the bindings: how a userdata's type reads in messages ("KeyPath", "Style").
    var objectTypeName: (Int32) -> String? = { _ in nil }
}

/// A script failure on its way through Lua: raised as a userdata so that it keeps its
/// diagnostic (code, column, suggestions) through the script's own `pcall`s.
final class ErrorObject {
    static let metatable = "stylerun.error"
    let error: ScriptError
    init(_ error: ScriptError) { self.error = error }
}

/// An error a Swift binding throws at the script; rendered to Lua as its message.
struct ScriptError: Error {
    var diagnostic: Diagnostic
}

/// The C trampolines' entry into Swift.
private let luaDispatch: srlua_Dispatch = { state, id in
    let budget = srlua_budget(state)!
    let vm = Unmanaged<LuaVM>.fromOpaque(budget.pointee.host).takeUnretainedValue()
    return vm.dispatch(id)
}
