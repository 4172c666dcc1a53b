import CLua
import CLuaShim
import StyleCore

// Loading and calling Lua, protected. A failure comes back as a `ScriptError`, classified by
// its error object (a Swift binding's `ErrorObject`) or by the limit the shim reports
// (`srlua_failure`), never by reading the message; only the location is read from Lua's text.

/// An error a Swift binding throws at the script; rendered to Lua as its message.
struct ScriptError: Error {
    var diagnostic: Diagnostic
    /// Lua raised it in a function handed a poison: it follows from an error already reported.
    var raisedOnPoison = false
}

extension LuaVM {
    /// Loads a text chunk; a syntax error becomes a diagnostic.
    func load(source: String, chunk: String) throws(ScriptError) {
        texts[chunk] = source
        splitLines[chunk] = nil
        chunkTexts[chunk] = nil
        lastText = nil
        let status = loadCompiling(source: source, chunk: chunk)
        guard status == LUA_OK else { throw popError(status: status) }  // stack: chunk
    }

    /// Calls the function below `nargs` arguments, protected; errors come back as `ScriptError`.
    func protectedCall(nargs: Int32, nresults: Int32) throws(ScriptError) {
        let status = srlua_pcall(L, nargs, nresults)
        releasePendingObjects()
        guard status == LUA_OK else { throw popError(status: status) }
        if budget.pointee.tripped != .noLimit {
            // The script caught the limit with pcall and carried on; it still failed.
            throw limitError(budget.pointee.tripped, luaMessage: nil)
        }
    }

    /// Pops the error object left by a failed load or call and makes it a `ScriptError`.
    private func popError(status: Int32) -> ScriptError {
        defer { srlua_pop(L, 1) }  // stack: error
        if let carried = object(at: -1, metatable: ErrorObject.metatable, as: ErrorObject.self) {
            return carried.error
        }
        let limit = srlua_failure(L, status)
        if limit != .noLimit { return limitError(limit, luaMessage: message(at: -1)) }
        let text = message(at: -1) ?? "(error object is a \(typeName(at: -1)) value)"
        let code: Diagnostic.Code = status == LUA_ERRSYNTAX ? .syntaxError : .runtimeError
        return ScriptError(diagnostic: diagnostic(fromLuaMessage: text, code: code),
                           raisedOnPoison: status == LUA_ERRRUN && budget.pointee.raisedOnPoison != 0)
    }

    /// The diagnostic for a limit: where it tripped, and its sentence from the shim (the budget
    /// limits and Lua's overflows) or the refusal's own message (pattern and source size).
    private func limitError(_ limit: srlua_Limit, luaMessage: String?) -> ScriptError {
        var d = luaMessage.map { diagnostic(fromLuaMessage: $0, code: .limitExceeded) }
            ?? Diagnostic(.limitExceeded, "", at: SourceLocation(file: texts.keys.sorted().first ?? "<script>", line: 1))
        switch limit {
        case .instructionLimit, .timeLimit, .memoryLimit:
            // A pcall may have caught the limit where it tripped; the first line is the one to show.
            var location = d.location
            if budget.pointee.tripLine > 0 { location.line = Int(budget.pointee.tripLine) }
            d = Diagnostic(.limitExceeded, message(for: limit), at: location)
        case .nestingLimit:
            d.message = message(for: limit)
            // The parser's overflow has no line: point at the first bracket past the limit.
            if d.line == 1, d.column == 1, let line = deepestNesting(in: d.file) { d.line = line; d.endLine = line }
        case .stackLimit:
            d.message = message(for: limit)
        case .patternLimit, .sourceLimit, .noLimit:
            break
        }
        return ScriptError(diagnostic: d)
    }

    /// The most bytes of an error's text a diagnostic keeps: `error(s)` with a 50 MiB `s` is not
    /// a message anyone reads, and each view it fails on would hold a copy.
    static let maximumMessageBytes = 4096

    /// The error text at `index`, cut at `maximumMessageBytes` (on a character boundary) with
    /// the size of what was left out.
    private func message(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let p = srlua_tostring(L, index, &length) else { return nil }
        let limit = Self.maximumMessageBytes
        guard length > limit else { return String(decoding: UnsafeRawBufferPointer(start: p, count: length), as: UTF8.self) }
        var end = limit
        // Not inside a UTF-8 sequence: continuation bytes are 10xxxxxx.
        while end > 0, UInt8(bitPattern: p[end]) & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: end), as: UTF8.self) + "… (\(length - end) more bytes)"
    }

    /// The shim's sentence for a limit, with its value.
    private func message(for limit: srlua_Limit) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        srlua_limitmessage(budget, limit, &buffer, buffer.count)
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
