import Foundation
@_exported import StyleCore
// A host reads the token sets a script loaded (`LoadedStylesheet.designTokens`).
@_exported import DesignTokens
import StyleLua
import StyleRunStdlib

/// The entry point for Swift hosts: kinds, limits, and loading stylesheets.
///
///     let runtime = Runtime()
///     try runtime.register("GradientView", superKind: Schema.view, properties: [
///         .value("fromColor", .optional(.color)), .value("toColor", .optional(.color)),
///     ])
///     let sheet = try runtime.load(file: "styles/app.lua")
///     try sheet.apply(to: rootView)
///     rootView[View.backgroundColor]   // Color?
///
/// Not `Sendable`, like `View` and `LoadedStylesheet`: a runtime, the stylesheets it loads and
/// the trees they style belong to one isolation domain. On the main actor that is the usual
/// case; elsewhere, keep them inside one actor and let only values (`Sendable`: diagnostics,
/// `TreeSnapshot`, `PropertyExplanation`, `PropertyChange`, JSON) leave it (docs/SWIFT.md).
public final class Runtime {
    /// The kinds scripts see: the standard ones plus those registered here.
    public private(set) var schema: Schema
    /// Per evaluation: wall clock, memory, instructions.
    public var limits: Limits
    /// The stdlib folders `require` searches, in order, after the script's folder.
    public var stdlibPaths: [String]
    /// Receives the script's `print` output, prefixed with `file:line:`, on the thread that
    /// evaluates (a watch's queue for watched stylesheets).
    public var log: @Sendable (String) -> Void
    /// The traits scripts are evaluated with (their `traits` table) and their trees styled for
    /// (SPEC §6.2); a loaded stylesheet can style for others (`LoadedStylesheet.traits`).
    public var traits: Traits = .default
    /// `SELECTOR=STATE[+STATE…]` assignments (`--state`) given, in order, to the tree a script
    /// returns before it is styled, at every load of a watch too (`LoadedStylesheet.applyStates`).
    public var states: [String] = []

    public init(schema: Schema = .standard, limits: Limits = .default, stdlibPaths: [String] = Runtime.defaultStdlibPaths,
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.schema = schema
        self.limits = limits
        self.stdlibPaths = stdlibPaths
        self.log = log
    }

    /// What a runtime is set up with, as a value: what a watch copies so that it evaluates on
    /// its own queue with a runtime of its own.
    struct Settings: Sendable {
        let schema: Schema
        let limits: Limits
        let stdlibPaths: [String]
        let log: @Sendable (String) -> Void
        let traits: Traits
        let states: [String]
    }

    var settings: Settings {
        Settings(schema: schema, limits: limits, stdlibPaths: stdlibPaths, log: log, traits: traits, states: states)
    }

    /// A runtime set up as `settings` say.
    convenience init(copying settings: Settings) {
        self.init(schema: settings.schema, limits: settings.limits, stdlibPaths: settings.stdlibPaths, log: settings.log)
        traits = settings.traits
        states = settings.states
    }

    /// Registers a host kind under `superKind`; scripts see it as a global.
    @discardableResult
    public func register(_ name: String, superKind: Kind, doc: String = "",
                         properties: [PropertyDeclaration]) throws(Schema.RegistrationError) -> Kind {
        try schema.register(name, superKind: superKind, doc: doc, properties: properties)
    }

    /// Evaluates a script file into a stylesheet (and the tree it returns, if any).
    /// - Throws: `DiagnosticList` with the script's errors.
    public func load(file path: String, theme: String? = nil) throws(DiagnosticList) -> LoadedStylesheet {
        let start = ContinuousClock.now
        return LoadedStylesheet(try Evaluation.evaluate(file: path, options: options(theme: theme)), start: start)
    }

    /// Evaluates script text; `name` is the file name diagnostics show, `folder` where `require` looks.
    public func load(source: String, name: String = "<string>", folder: String = ".", theme: String? = nil) throws(DiagnosticList) -> LoadedStylesheet {
        let start = ContinuousClock.now
        return LoadedStylesheet(try Evaluation.evaluate(source: source, chunk: name, folder: folder, options: options(theme: theme)), start: start)
    }

    private func options(theme: String?) -> EvaluationOptions {
        var options = EvaluationOptions(limits: limits, theme: theme, stdlibPaths: stdlibPaths, schema: schema, log: log)
        options.traits = traits
        return options
    }

    /// The folders of `$STYLERUN_STDLIB` (separated by `:`) when set; else the stdlib shipped
    /// as the package's resource bundle beside the program, which every executable that
    /// depends on the package has; else a `stdlib/` folder beside or above the executable.
    ///
    ///     Runtime.defaultStdlibPaths    // [".build/debug/stylerun_StyleRunStdlib.resources"]
    public static var defaultStdlibPaths: [String] {
        // getenv rather than ProcessInfo's dictionary of the whole environment, at every start.
        if let value = getenv("STYLERUN_STDLIB"), value.pointee != 0 {
            return String(cString: value).split(separator: ":").map(String.init)
        }
        if let bundled = StdlibResources.folder { return [bundled] }
        let fm = FileManager.default
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = dir.appendingPathComponent("stdlib")
            if fm.fileExists(atPath: candidate.appendingPathComponent("base.lua").path) { return [candidate.path] }
            dir.deleteLastPathComponent()
        }
        return []
    }
}

/// A stylesheet a script made, ready to apply to trees. It keeps the script's Lua state for its
/// function styles, so keep it as long as you apply it.
///
/// Not `Sendable`: the Lua state runs on one thread at a time; keep it with its runtime and trees.
public final class LoadedStylesheet {
    let evaluation: Evaluation
    /// When the evaluation began: the script's own tree is styled within the same time limit.
    let start: ContinuousClock.Instant

    init(_ evaluation: Evaluation, start: ContinuousClock.Instant = .now) {
        self.evaluation = evaluation
        self.start = start
    }

    /// The evaluation's limits, which bound styling too.
    public var limits: Limits { evaluation.options.limits }

    public var stylesheet: Stylesheet { evaluation.stylesheet }
    /// What its cascades keep between them; freed with it, unless shared (`share(_:)`).
    private var ownEngine: StyleEngine?

    /// The engine this stylesheet's cascades use, having adopted it.
    ///
    /// When the lines its engine records at moved since this stylesheet last used it (a
    /// stylesheet that replaced it was restyled after an edit that moved lines,
    /// `restyle(_:after:lines:)`), its own rules would be found at the lines they moved to:
    /// it styles with an engine of its own from then on.
    package var engine: StyleEngine {
        if let own = ownEngine, let seen = lineEpoch, seen.isOutdated(by: own.lineEpoch) { ownEngine = nil }
        let engine = ownEngine ?? StyleEngine(stylesheet, traits: traits)
        ownEngine = engine
        engine.adopt(stylesheet)
        engine.traits = traits
        lineEpoch = engine.lineEpoch
        return engine
    }
    /// The lines its engine's locations were at when this stylesheet last used it.
    private var lineEpoch: StyleEngine.LineEpoch?

    /// The traits trees are styled for: at first those the script was evaluated with (what its
    /// `traits` table read). Styling for others needs no new evaluation, as `when` keeps its
    /// parts; only a script that read `traits` would have been evaluated otherwise.
    ///
    ///     sheet.traits.colorScheme = .dark
    ///     try sheet.apply(to: root)
    public lazy var traits: Traits = evaluation.options.traits

    /// Gives the controls of `root`'s tree the states `assignments` name (`#subscribe=highlighted`),
    /// in order, selectors read against this stylesheet's schema.
    /// - Throws: the first assignment that cannot be read, or matches no control, as a
    ///   diagnostic of `--state` (column of the offending text).
    public func applyStates(_ assignments: [String], to root: View) throws(DiagnosticList) {
        for text in assignments {
            do throws(StateAssignment.Failure) {
                try StateAssignment.parse(text, schema: schema).apply(to: root)
            } catch {
                throw DiagnosticList([Diagnostic(error.code, error.message, at: SourceLocation(file: "--state", line: 1, column: error.column),
                                                 suggestions: error.suggestions)])
            }
        }
    }

    /// Styles with `engine` from now on: a reload's stylesheet shares the watch's, so that its
    /// rule index and provenance table carry over from the stylesheet it replaces. Each
    /// styling adopts this stylesheet again, should another have been adopted since.
    package func share(_ engine: StyleEngine) {
        ownEngine = engine
    }

    /// Takes `previous`'s tree as this stylesheet's own when the script built its tree as the
    /// last evaluation built `previous`'s (`TreeInputs.same`: the same kinds, places, ids,
    /// classes, own styles and literals, at the same lines). A reload that edited rules, a
    /// theme or tokens, not views, then restyles the tree it styled last, and its restyle
    /// reaches only the views a change reaches, as a host tree's does; the new evaluation's
    /// own tree is let go. The tree keeps what it holds: its values until the restyle, and
    /// the states given to its controls (`View.stateOverride`, which the comparison ignores).
    /// Returns whether it did; nothing changes when it did not.
    ///
    ///     let next = try runtime.load(file: "screen.lua")
    ///     next.adoptTree(of: last)                       // true after a rule edit
    ///     let restyle = try next.restyle(next.root!, after: lastStyled)
    @discardableResult
    public func adoptTree(of previous: LoadedStylesheet) -> Bool {
        guard let new = root, let old = previous.root, new !== old, new.parent == nil, old.parent == nil,
              TreeInputs.same(new, as: old) else { return false }
        evaluation.stylesheet.root = old
        return true
    }
    /// The tree the script returned, if any (not yet styled).
    public var root: View? { evaluation.root }
    /// The schema with the script's own kinds.
    public var schema: Schema { evaluation.schema }
    /// The files the evaluation read: the script, then its modules.
    public var files: [String] { evaluation.files }
    public var themeNames: [String] { evaluation.themeNames }
    public var activeTheme: String? { evaluation.activeTheme }
    /// Whether the script read its `traits` table: then it holds for the traits it was
    /// evaluated with only, and styling for others needs a new evaluation (`when` needs none).
    public var readsTraits: Bool { evaluation.readsTraits }
    /// The design-token files the script loaded (`tokens "…"`), each set as loaded.
    public var designTokens: [TokenSet] { evaluation.designTokens }
    /// The active theme's tokens that are values.
    public var themeTokens: [ThemeToken] { evaluation.themeTokens }

    /// Warnings of the evaluation (`rgb-scale`) and of the last `apply` (`overridden-literal`):
    /// the tree was styled, but a designer would want to know.
    public var warnings: [Diagnostic] { evaluation.warnings + applyWarnings }
    var applyWarnings: [Diagnostic] = []

    /// Styles `root` and its descendants: from the kinds' defaults, through appearance, rules,
    /// the views' own styles and literals. On error the tree is left exactly as it was.
    /// Warnings do not stop it; they are kept in `warnings`. Styling gets the time limit again
    /// from when it starts, and the memory limit for the provenance it records; running out is a
    /// `limit-exceeded` error naming the limit.
    /// - Throws: `DiagnosticList` with every error found (and the warnings beside them).
    public func apply(to root: View, recordingProvenance: Bool = true) throws(DiagnosticList) {
        try apply(to: root, recordingProvenance: recordingProvenance, budget: CascadeBudget(seconds: limits.seconds, memory: limits.memory))
    }

    private func apply(to root: View, recordingProvenance: Bool, budget: CascadeBudget) throws(DiagnosticList) {
        // Function styles and mver functions run Lua within the same deadline as the cascade.
        evaluation.prepareForApplication(within: budget.remainingSeconds)
        let diagnostics = Cascade(engine).apply(to: root, recordingProvenance: recordingProvenance, budget: budget)
        if diagnostics.contains(where: { $0.severity == .error }) { throw DiagnosticList(diagnostics) }
        applyWarnings = diagnostics
    }

    /// Styles `root`, then gives the objects attached to `binder` what changed, and, when it
    /// has setters per state (`StyleBinder.bindStates`), every control's value in each state.
    ///
    ///     let changes = try sheet.apply(to: root, binder: binder)   // HostLabel.textColor set
    ///
    /// - Returns: the applied values that differ from before, each with its view's identity.
    /// - Throws: `DiagnosticList`; the tree is left as it was and nothing is delivered.
    @discardableResult
    public func apply(to root: View, binder: StyleBinder?, recordingProvenance: Bool = true) throws(DiagnosticList) -> [PropertyChange] {
        let before = TreeSnapshot(root)
        try apply(to: root, recordingProvenance: recordingProvenance)
        let changes = TreeSnapshot(root).changes(since: before)
        binder?.deliver(changes)
        if let binder, binder.bindsStates { binder.deliverStates(stateValues(of: root, recordingProvenance: false, since: .now), in: root) }
        return changes
    }

    /// `apply(to:)`, restyling only the views whose inputs changed since `previous` (see
    /// `Cascade.restyle`): what a watch's reload runs. On error the tree is left as it was.
    ///
    ///     let first = try sheet.restyle(root, after: nil)
    ///     let next = try newSheet.restyle(root, after: first.styled)
    /// - Throws: `DiagnosticList` with every error found.
    public func restyle(_ root: View, after previous: StyledTree?, recordingProvenance: Bool = true) throws(DiagnosticList) -> Restyle {
        try restyle(root, after: previous, recordingProvenance: recordingProvenance, knownSameShape: nil)
    }

    /// `restyle(_:after:recordingProvenance:)` after an edit that moved lines of the script's
    /// files since `previous` was styled (`LineMap`; a rule added on a line of its own moves
    /// every line below it): a rule, style, literal or view that only moved is the same one,
    /// and the views keep their values and provenance, which names the lines they moved to.
    /// Give it to the first styling with this stylesheet: once an engine that styled
    /// `previous` took this stylesheet in, the map is not used and moved lines count as
    /// changes. The trees the stylesheet this one replaces styled name the new lines from then
    /// on; that stylesheet, used again, styles with an engine of its own (`engine`). A restyle
    /// that fails moves the lines back.
    ///
    ///     var lines = LineMap()
    ///     lines.add(file: "screen.lua", before: Array(oldText.utf8), after: Array(newText.utf8))
    ///     let next = try edited.restyle(root, after: first.styled, lines: lines)
    public func restyle(_ root: View, after previous: StyledTree?, lines: LineMap, recordingProvenance: Bool = true) throws(DiagnosticList) -> Restyle {
        try restyle(root, after: previous, recordingProvenance: recordingProvenance, knownSameShape: nil, lines: lines)
    }

    /// `restyle(_:after:recordingProvenance:)` when the caller has just asked
    /// `previous.hasSameShape(as: root)`; `changesAsTheViewsSawThem`: see `Cascade.restyle`;
    /// `lines`: see `restyle(_:after:lines:recordingProvenance:)`.
    package func restyle(_ root: View, after previous: StyledTree?, recordingProvenance: Bool = true,
                         knownSameShape: Bool?, changesAsTheViewsSawThem: Bool = false, lines: LineMap? = nil) throws(DiagnosticList) -> Restyle {
        let budget = CascadeBudget(seconds: limits.seconds, memory: limits.memory)
        evaluation.prepareForApplication(within: budget.remainingSeconds)
        // The engine moves what it styled before to the lines it moved to, before it takes in
        // this stylesheet's; an engine that took it in already cannot, and the map is not used.
        var moving: LineMap?
        var movedByEngine = false
        if let lines, !lines.isEmpty, let previous {
            if let ownEngine, ownEngine.adopt(stylesheet, movingLines: lines) {
                (moving, movedByEngine) = (lines, true)
                // This stylesheet's locations are entered at the new lines.
                lineEpoch = ownEngine.lineEpoch
            } else if ownEngine.map({ !$0.recordsProvenance(with: previous) }) ?? true {
                // An engine of this stylesheet's own: the restyle moves `previous`'s lines.
                moving = lines
            }
            // Else the engine took this stylesheet in already, into `previous`'s table: its
            // locations may have been taken for old ones, and the map is not used.
        }
        let engine = self.engine
        let result = Cascade(engine).restyle(root, after: previous, recordingProvenance: recordingProvenance, budget: budget,
                                             knownSameShape: knownSameShape, changesAsTheViewsSawThem: changesAsTheViewsSawThem,
                                             lines: moving)
        if !result.diagnostics.isEmpty {
            if movedByEngine { engine.takeBackMovedLines() }
            // Its locations were entered at lines moved back since: it styles with an engine of
            // its own from now on.
            if moving != nil { (ownEngine, lineEpoch) = (nil, nil) }
            throw DiagnosticList(result.diagnostics)
        }
        // The restyle may have moved `previous`'s table and taken it (an engine of its own).
        lineEpoch = engine.lineEpoch
        return result
    }

    /// The values each control of `root`'s tree takes in its other states (SPEC §6.1), as this
    /// stylesheet styles them for `traits`; the tree is left as styled. Function styles run
    /// again for each state, within the time limit.
    ///
    ///     let states = sheet.stateValues(of: root)
    ///     TreeJSONRenderer(states: states).render(root)
    public func stateValues(of root: View, recordingProvenance: Bool = false) -> StateValues {
        stateValues(of: root, recordingProvenance: recordingProvenance, since: start)
    }

    /// `stateValues(of:)` with the time limit counted from `start` (a host's later styling
    /// counts from when it begins, not from the evaluation).
    func stateValues(of root: View, recordingProvenance: Bool, since start: ContinuousClock.Instant) -> StateValues {
        evaluation.prepareForApplication(within: CascadeBudget(seconds: limits.seconds, memory: limits.memory, start: start).remainingSeconds)
        return StateValues.compute(root, stylesheet: stylesheet, traits: traits, recordingProvenance: recordingProvenance)
    }

    /// Styles the tree the script returned and returns it.
    /// - Throws: `DiagnosticList` if the script returned no view, or styling failed.
    public func applyToOwnTree(recordingProvenance: Bool = true) throws(DiagnosticList) -> View {
        guard let root else {
            let file = files.first ?? "<script>"
            throw DiagnosticList([Diagnostic(.badReturn, "The script returned \(evaluation.returnedTypeName == "nil" ? "nothing" : "a \(evaluation.returnedTypeName)"); return the root view, e.g. return StackView { … }.", at: SourceLocation(file: file, line: lastLine(of: file)))])
        }
        // The script's own tree: evaluating and styling share one time limit.
        try apply(to: root, recordingProvenance: recordingProvenance,
                  budget: CascadeBudget(seconds: limits.seconds, memory: limits.memory, start: start))
        if let file = files.first { applyWarnings += stylesheet.unmatchedRuleWarnings(in: root, file: file) }
        return root
    }

    /// Throws the time limit's error when evaluating, styling and what came after (printing,
    /// `activity`) have together run past the time limit: the command line's `--timeout`
    /// covers the whole run.
    public func checkTimeLimit(while activity: String) throws(DiagnosticList) {
        let seconds = limits.seconds
        guard seconds > 0, seconds < 1e9, ContinuousClock.now > start.advanced(by: .nanoseconds(Int64(seconds * 1e9))) else { return }
        throw DiagnosticList([Diagnostic(.limitExceeded, "The script ran past its time limit of \(CascadeBudget.seconds(seconds)) while \(activity).",
                                         at: SourceLocation(file: files.first ?? "<script>", line: 1))])
    }

    /// The views of `root` matching a selector, in tree order.
    public func views(matching selector: String, in root: View) throws(DiagnosticList) -> [View] {
        let list: SelectorList
        do throws(SelectorError) {
            list = try SelectorList.parse(selector, schema: schema)
        } catch {
            throw DiagnosticList([Diagnostic(error.code, error.message, at: SourceLocation(file: "--explain", line: 1, column: error.offset + 1), suggestions: error.suggestions)])
        }
        var out: [View] = []
        root.forEachInTree { if list.matches($0) { out.append($0) } }
        return out
    }

    /// What `--explain` says when `selector` matches no view of `root`: the nearest ids,
    /// classes and kinds that exist, else all of them.
    ///
    ///     sheet.noMatchMessage(for: "#subscibe", in: root)
    ///     // "No view matches '#subscibe'. Did you mean '#subscribe'?"
    public func noMatchMessage(for selector: String, in root: View) -> String {
        if let near = SelectorNearMiss.suggestion(for: selector, in: root) {
            return "No view matches '\(selector)'." + Suggestion.sentence(near)
        }
        return "No view matches '\(selector)'; the tree has \(SelectorNearMiss.names(in: root))."
    }

    private func lastLine(of file: String) -> Int {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return 1 }
        return max(1, text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0))
    }
}

/// Reading script files with the checks and messages of REFERENCE §5 (missing, folder, binary, not UTF-8).
public typealias SourceFile = StyleLua.SourceFile

/// What one evaluation may spend (REFERENCE §1.11), the script size cap included.
public typealias Limits = StyleLua.Limits
