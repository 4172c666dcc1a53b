import CLua
import CLuaShim
import Foundation
import DesignTokens
import StyleCore

/// How to evaluate a script.
public struct EvaluationOptions {
    public var limits: Limits
    /// The theme `themes { … }` returns; nil for the script's `default`.
    public var theme: String?
    /// The folders of stdlib modules (`require "base"`), searched in order after the script's folder.
    public var stdlibPaths: [String]
    /// The kinds scripts see; scripts may add their own for the evaluation.
    public var schema: Schema
    /// Where `print` goes, prefixed with `file:line`.
    public var log: (String) -> Void
    /// Lint's mode: an API error does not stop the script. It is kept in `Evaluation.diagnostics`
    /// and the call yields a poisoned value that absorbs whatever the script does with it, so
    /// later errors are found too. Lua's own errors (syntax, runtime, limits) still stop it.
    public var collectsDiagnostics: Bool
    /// The traits the script reads from `traits` (SPEC §6.2), and the tree is styled for.
    public var traits: Traits = .default

    public init(limits: Limits = .default, theme: String? = nil, stdlibPaths: [String] = [],
                schema: Schema = .standard, collectsDiagnostics: Bool = false, log: @escaping (String) -> Void = { _ in }) {
        self.limits = limits
        self.theme = theme
        self.stdlibPaths = stdlibPaths
        self.schema = schema
        self.collectsDiagnostics = collectsDiagnostics
        self.log = log
    }
}

/// What a script made: its stylesheet, the tree it returned, and what it loaded.
///
/// It keeps the Lua state alive, because function styles and `mver` functions run when the
/// stylesheet is applied: keep it as long as you apply its stylesheet (applied after it is
/// released, they give a `runtime-error` diagnostic). Not thread-safe: use it on one thread at a time.
public final class Evaluation {
    public let stylesheet: Stylesheet
    /// The root view the script returned, if it returned one.
    public var root: View? { stylesheet.root }
    /// The schema with any kinds the script declared.
    public internal(set) var schema: Schema
    /// Every file the evaluation loaded: the entry script first, then modules.
    public internal(set) var files: [String] = []
    /// Theme names the script declared, and the one chosen.
    public internal(set) var themeNames: [String] = []
    public internal(set) var activeTheme: String?
    /// What the script's chunk returned when it is not a view (a module's table), as a kind of value.
    public internal(set) var returnedTypeName: String = "nil"
    /// Whether the script read its `traits` table (a name or `pairs`): its result then holds
    /// for `options.traits` only, and styling for other traits needs a new evaluation.
    public internal(set) var readsTraits = false
    /// What a collecting evaluation recorded instead of stopping (see
    /// `EvaluationOptions.collectsDiagnostics`), in the order found; empty otherwise.
    public internal(set) var diagnostics: [Diagnostic] = []
    /// Warnings the script's evaluation gave (`rgb-scale`): it ran, but a designer would want
    /// to know. A collecting evaluation also has them in `diagnostics`.
    public internal(set) var warnings: [Diagnostic] = []
    /// The function styles and mver functions the script made, with the kinds they were
    /// composed into, for `probe()`; filled only when collecting.
    var probeTargets = ProbeTargets()
    /// The compositions a collecting evaluation made, for lint's dead-write check.
    var compositions: [Composition] = []

    let vm: LuaVM
    public let options: EvaluationOptions
    var scriptFolder: String = "."
    /// Modules loaded in this evaluation, by resolved path: registry refs of their results.
    var moduleResults: [String: Int32] = [:]
    var loadingModules: [String] = []
    /// The name each module was required by, by the file name its locations use.
    var moduleNames: [String: String] = [:]
    /// What each script line binds a style to, once looked at (`LineBindings`).
    var lineBindings = LineBindings()
    /// Constructor keys, resolved once per kind and key.
    let constructorKeys = ConstructorKeys()
    /// The lists a constructor gathers its keys and children in, kept between calls so that
    /// building a view does not grow two new arrays (a constructor running inside another
    /// takes empty ones).
    @exclusivity(unchecked) var constructorKeyList: [(key: ConstructorKeys.Key, line: Int, column: Int, value: Int32)] = []
    @exclusivity(unchecked) var constructorChildList: [(position: Int, view: View?)] = []
    /// Class lists, split once per string.
    let classLists = ClassLists()
    /// The key paths a function style's proxy reached (`v.alpha`, `v.layer.cornerRadius`),
    /// resolved once per kind, prefix and name (`proxyKeyPath`). The kind is held, so the
    /// identity in the key names it while the entry lives.
    @exclusivity(unchecked) var proxyKeyPaths: [ProxyMember: (kind: Kind, path: StyleKeyPath)] = [:]
    /// The metatables of kinds and views, found once (`LuaVM.metatable(_:)`).
    @exclusivity(unchecked) private(set) var kindMetatable: Metatable!
    @exclusivity(unchecked) private(set) var viewMetatable: Metatable!
    var themesDeclared = false
    /// The design-token sets `tokens "…"` loaded, in the order first loaded.
    public internal(set) var designTokens: [TokenSet] = []
    /// The active theme's tokens that are values (`themes {}`), by name.
    public internal(set) var themeTokens: [ThemeToken] = []
    /// The loaded token sets by their files' resolved paths.
    var tokenTrees: [String: TokenTree] = [:]
    /// The last numbers and strings read from tokens (`pushTokenScalar`).
    var tokenReads: [TokenRead] = []
    /// Whether the script read a token: until it does, writes look for no token.
    var tokensInUse = false

    init(options: EvaluationOptions) throws(ScriptError) {
        self.options = options
        self.schema = options.schema
        self.stylesheet = Stylesheet()
        guard let vm = LuaVM(limits: options.limits) else {
            throw ScriptError(diagnostic: Diagnostic(BindingError.noLuaState, at: .host))
        }
        self.vm = vm
        vm.objectTypeName = { [unowned self] index in self.objectTypeName(at: index) }
        Sandbox.install(in: vm)
        installBindings()
        kindMetatable = vm.metatable(KindObject.metatable)
        viewMetatable = vm.metatable(ViewObject.metatable)
    }

    /// Evaluates the script at `path` (as the user wrote it; diagnostics use it).
    public static func evaluate(file path: String, options: EvaluationOptions = .init()) throws(DiagnosticList) -> Evaluation {
        let source: String
        do {
            source = try SourceFile.read(path, limits: options.limits)
        } catch {
            throw DiagnosticList([error])
        }
        return try evaluate(source: source, chunk: path, folder: (path as NSString).deletingLastPathComponent, options: options)
    }

    /// Evaluates script text; `chunk` names it in diagnostics, `folder` is where `require` looks first.
    public static func evaluate(source: String, chunk: String = "<string>", folder: String = ".",
                                options: EvaluationOptions = .init()) throws(DiagnosticList) -> Evaluation {
        let evaluation: Evaluation
        do {
            evaluation = try Evaluation(options: options)
        } catch {
            throw DiagnosticList([error.diagnostic])
        }
        evaluation.scriptFolder = folder.isEmpty ? "." : folder
        do {
            try evaluation.run(source: source, chunk: chunk)
            return evaluation
        } catch {
            // A collecting evaluation keeps what it found before the error that stopped it.
            throw DiagnosticList(evaluation.diagnostics + evaluation.stopping(error))
        }
    }

    /// Gives the script's function styles a fresh time and instruction budget; call before each
    /// application of the stylesheet (the Lua state outlives the evaluation's own budget).
    public func prepareForApplication() {
        vm.resetBudget()
    }

    /// As `prepareForApplication()`, with only `seconds` left of the time limit (what the
    /// evaluation did not use, when styling shares the limit with it); the limit's message
    /// still names the whole limit.
    public func prepareForApplication(within seconds: Double) {
        vm.resetBudget()
        if vm.budget.pointee.deadline > 0 { vm.budget.pointee.deadline = srlua_now() + max(seconds, 0) }
    }

    private func run(source: String, chunk: String) throws(ScriptError) {
        files.append(chunk)
        let L = vm.L
        try vm.load(source: SourceFile.withoutFirstLineComment(source), chunk: chunk)
        try vm.protectedCall(nargs: 0, nresults: 1)  // stack: result
        defer { srlua_pop(L, 1) }
        if let view = vm.object(at: -1, metatable: ViewObject.metatable, as: View.self) {
            stylesheet.root = view
            returnedTypeName = "view"
        } else {
            returnedTypeName = vm.typeName(at: -1)
        }
        if let theme = options.theme, !themesDeclared {
            throw ScriptError(diagnostic: Diagnostic(BindingError.themeWithoutThemes(theme), at: SourceLocation(file: chunk, line: 1)))
        }
    }

    // MARK: Failing with a diagnostic at the script's current line

    /// `error` at the calling Lua line, its column at the first of `tokens` found there.
    func failure(_ error: BindingError, pointingAt tokens: [String] = []) -> ScriptError {
        ScriptError(diagnostic: Diagnostic(error, at: vm.location(level: 1, pointingAt: tokens), length: tokens.first?.count ?? 0))
    }

    /// `bad argument #2 to 'mut' (Color expected, got number)`, in sentence form.
    func badArgument(_ function: String, _ position: Int, expected: String, index: Int32) -> ScriptError {
        failure(.badArgument(function: function, position: position, expected: expected, got: vm.typeName(at: index)),
                pointingAt: [function])
    }

    private func objectTypeName(at index: Int32) -> String? {
        guard vm.type(at: index) == LUA_TUSERDATA else { return nil }
        if let v = vm.object(at: index, metatable: ValueObject.metatable, as: ValueObject.self) { return v.value.typeName }
        if vm.object(at: index, metatable: KindObject.metatable, as: KindObject.self) != nil { return "Kind" }
        if vm.object(at: index, metatable: KeyPathObject.metatable, as: KeyPathObject.self) != nil { return "KeyPath" }
        if vm.object(at: index, metatable: StyleObject.metatable, as: StyleObject.self) != nil { return "Style" }
        if let v = vm.object(at: index, metatable: ViewObject.metatable, as: View.self) { return "view \(v.kind.name)" }
        if vm.object(at: index, metatable: ProxyObject.metatable, as: ProxyObject.self) != nil { return "view proxy" }
        return nil
    }

    // MARK: Globals

    func setGlobal(_ name: String) {
        srlua_getglobals(vm.L)  // stack: value, G
        srlua_insert(vm.L, -2)  // stack: G, value
        lua_setfield(vm.L, -2, name)
        srlua_pop(vm.L, 1)
    }

    func setGlobalFunction(_ name: String, _ body: @escaping (Evaluation) throws(ScriptError) -> Int32) {
        vm.pushFunction { [unowned self] _ throws(ScriptError) in
            try self.checkArity(name)
            return try body(self)
        }
        setGlobal(name)
    }

    /// Names visible as globals, for did-you-mean on undefined ones.
    func globalNames() -> [String] {
        var names: [String] = []
        let L = vm.L
        srlua_getglobals(L)  // stack: G
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {  // stack: G, key, value
            if let k = vm.string(at: -2) { names.append(k) }
            srlua_pop(L, 1)
        }
        srlua_pop(L, 1)
        return names
    }
}

/// A token of the active theme that is a value (a colour, number, font…), and where it is.
public struct ThemeToken: Sendable {
    public let name: String
    public let value: Value
    public let location: SourceLocation
}
