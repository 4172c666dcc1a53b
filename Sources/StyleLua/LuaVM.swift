import CLua
import Foundation
import CLuaShim
import StyleCore

/// One Lua state with its budget. Confined to the thread that made it.
///
/// The bridge is split by job, one file each:
/// - here, the state's lifecycle, its budget, and reading the stack (Lua → Swift);
/// - `FunctionRegistry.swift`: Swift functions Lua calls, through the C trampoline;
/// - `ObjectBoxing.swift`: Swift objects owned by userdata;
/// - `ProtectedCall.swift`: loading and calling, and failures as `ScriptError`s;
/// - `LuaMessages.swift`: Lua's `file:line: message` text as located diagnostics.
///
/// The bindings sit on top, one file per family (`StyleBindings`, `ValueBindings`,
/// `TreeBindings`, `CascadeBindings`, `Modules`), and their mistakes are `BindingError` cases.
/// `mut(Button.titleLabel.font, f)` runs: the trampoline (`FunctionRegistry`) → the `mut`
/// global (`StyleBindings.installStyleBindings`) → `pathArgument` (a `KeyPathObject` made by
/// indexing the kind) → `untypedValue`/`checkedValue` (`LuaValues`) → `Style.mut` (StyleCore),
/// a value pushed back as a `StyleObject` (`ObjectBoxing`); the slot is written later by the
/// cascade (`Cascade`, which applies each style through a `StyleApplication`).
///
/// Every call from Swift into Lua goes through `protectedCall`, and every Swift function Lua
/// calls goes through the C trampoline, which raises a thrown `ScriptError` after Swift returns:
/// `lua_error`'s longjmp never crosses a Swift frame.
final class LuaVM {
    let L: OpaquePointer
    let budget: UnsafeMutablePointer<srlua_Budget>
    var functions: [(LuaVM) throws(ScriptError) -> Int32] = []
    /// The text of every loaded chunk, by display name, for columns and carets.
    var texts: [String: String] = [:]
    /// `texts` split into lines, each chunk on first use: splitting every chunk as it loaded
    /// was a third of evaluating a stylesheet, and most evaluations never need a line.
    var splitLines: [String: [Substring]] = [:]
    /// `texts` as bytes with line starts, each chunk on first use.
    var chunkTexts: [String: ChunkText] = [:]
    /// The chunk text asked for last: every view a screen builds asks for its own chunk's,
    /// by the same name, and hashing the name each time cost more than the search.
    var lastText: (chunk: String, text: ChunkText)?
    /// The last chunk name made from Lua's source string at `pointer` (see `chunkName`).
    /// Kept as three properties, not a tuple: reading a tuple of a class copies it whole.
    var lastSourcePointer: UnsafePointer<CChar>?
    var lastSourceRaw: ContiguousArray<CChar> = [0]
    var lastSourceName = ""
    let limits: Limits
    /// When set, a thrown `ScriptError` is offered here before it is raised; a non-nil result
    /// is returned to Lua as the function's result count instead (lint's collecting mode).
    var recover: ((ScriptError) -> Int32?)?

    init?(limits: Limits) {
        self.limits = limits
        budget = .allocate(capacity: 1)
        budget.initialize(to: srlua_Budget())
        budget.pointee.memoryLimit = limits.memory > 0 ? size_t(limits.memory) : 0
        budget.pointee.instructionLimit = limits.instructions
        budget.pointee.hookInterval = 1000
        budget.pointee.hostSlack = 64 << 20
        budget.pointee.sourceLimit = size_t(limits.scriptBytes)
        budget.pointee.printLimit = size_t(max(limits.printedBytes, 0))
        budget.pointee.seconds = limits.seconds > 0 ? limits.seconds : 0
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
        budget.pointee.tripped = .noLimit
        budget.pointee.refused = .noLimit
        budget.pointee.tripLine = 0
        budget.pointee.deadline = limits.seconds > 0 ? srlua_now() + limits.seconds : 0
        srlua_sethook(L)
    }

    deinit {
        srlua_close(L)
        releasePendingObjects()
        free(budget.pointee.released)
        budget.deallocate()
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
