import Foundation
import StyleCore
import StyleLayout
import StyleRun

/// `stylerun FILE.lua`: evaluates a script, styles the tree it returns, and prints it (as a
/// tree, JSON or an HTML page), or explains which contribution won each property.
///
/// Untrusted by default: the script runs in a child process (`IsolatedRun`) whose crash or
/// operating-system limit becomes a diagnostic; `--no-isolation` runs it here.
public enum RunCommand: Command {
    /// What `--format` prints.
    enum Format: String, CaseIterable, Sendable {
        case tree, json, html
    }

    enum Options {
        static let format = OptionKey<Format?>.choice("format", help: "Output format (default tree).")
        static let output = OptionKey<String?>.text("output", short: "o", placeholder: "OUT", help: "Write the output to OUT instead of standard output.")
        static let explain = OptionKey<String?>.text("explain", placeholder: "SELECTOR",
                                                     help: "Show, for each matching view, which contribution won each property.")
        static let all = OptionKey<Bool>.flag("all", help: "Print every property, not only those that differ from the defaults.")
        static let version = OptionKey<Bool>.flag("version", standsAlone: true, help: "Show the version.")
        static let noIsolation = OptionKey<Bool>.flag(
            "no-isolation", help: "Evaluate in this process instead of a child process: faster, for scripts you trust.")
    }

    public static let spec = ArgumentParser.Command(
        summary: "Evaluate a style script, style the tree it returns, and print it.",
        arguments: [.required("FILE.lua")],
        options: [
            CommonOptions.theme.option, Options.format.option, Options.output.option, Options.explain.option,
            Options.all.option, .help, Options.version.option, Options.noIsolation.option,
        ] + StateOptions.options + LayoutArguments.options + LimitOptions.options)

    /// The version `--version` prints.
    public static let version = "0.1.0"

    public static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
        if arguments[Options.version] {
            console.out("stylerun \(version)\n")
            return ExitStatus.success
        }
        guard let path = arguments.arguments.first else {
            console.error("stylerun: give a script to run.")
            return ExitStatus.usage
        }
        let json = arguments[Options.format] == .json
        if let problem = LimitOptions.check(arguments) ?? LayoutArguments.check(arguments) {
            console.error("stylerun: \(problem)")
            return ExitStatus.usage
        }
        if let failure = ScriptPath.check(path, limits: LimitOptions.limits(arguments)) {
            return console.report([failure], json: json, status: ScriptPath.status(failure))
        }
        if let output = arguments[Options.output], OutputFile.isSameFile(output, path) {
            console.error("stylerun: -o '\(output)' is the script itself; refusing to overwrite it. Choose another output file.")
            return ExitStatus.usage
        }
        let runtime = Runtime(log: { console.error($0) })
        LimitOptions.apply(arguments, to: runtime)
        switch StateOptions.traits(arguments) {
        case .success(let traits): runtime.traits = traits
        case .failure(let problem): return console.report([problem], json: json, status: ExitStatus.usage)
        }
        if !IsolatedRun.isChild, !arguments[Options.noIsolation] {
            return runIsolated(arguments, path: path, runtime: runtime, json: json, console: console)
        }
        return runHere(arguments, path: path, runtime: runtime, json: json, console: console)
    }

    /// Evaluates, styles and prints in this process.
    static func runHere(_ arguments: ParsedArguments, path: String, runtime: Runtime, json: Bool, console: Console) -> Int32 {
        ProcessHeap.prepare(forScriptAt: path, memoryLimit: runtime.limits.memory)
        do throws(DiagnosticList) {
            let sheet = try runtime.load(file: path, theme: arguments[CommonOptions.theme])
            // The process exits after this command: releasing a 10,000-view tree and its Lua
            // state object by object was a tenth of the run, work the exit does for nothing.
            _ = Unmanaged.passRetained(sheet)
            if let root = sheet.root, let problem = StateOptions.applyStates(arguments, sheet: sheet, to: root) {
                return console.report([problem], json: json, status: ExitStatus.usage)
            }
            // Only explain reads provenance; the tree, JSON and HTML show applied values.
            let root = try sheet.applyToOwnTree(recordingProvenance: arguments[Options.explain] != nil)
            if !sheet.warnings.isEmpty { _ = console.report(sheet.warnings, json: false) }
            // The other states' values of the controls (SPEC §6.1); an error styling one of them
            // is the script's, though the tree in its current states is fine.
            let states = sheet.stateValues(of: root, recordingProvenance: arguments[Options.explain] != nil)
            if !states.diagnostics.isEmpty { throw DiagnosticList(states.diagnostics) }
            var frames: LayoutFrames?
            if let width = LayoutArguments.width(arguments) {
                let layout = sheet.layout(root, width: width)
                frames = layout.frames
                let warnings = sheet.layoutWarnings(layout)
                if !warnings.isEmpty { _ = console.report(warnings, json: false) }
                try sheet.checkTimeLimit(while: "laying out")
            }
            let output = arguments[Options.output]
            let terminal = output == nil ? console.terminal(1) : .plain
            if let selector = arguments[Options.explain] {
                let views = try sheet.views(matching: selector, in: root)
                if views.isEmpty {
                    console.error("stylerun: \(sheet.noMatchMessage(for: selector, in: root))")
                    return ExitStatus.failure
                }
                var renderer = ExplainRenderer(terminal: terminal)
                renderer.ruleNotes = sheet.stylesheet.ruleNotes()
                renderer.states = states
                let skipped = sheet.stylesheet.skippedRules(for:)
                let text = json ? renderer.renderJSON(views, skipped: skipped) : renderer.render(views, skipped: skipped)
                try sheet.checkTimeLimit(while: "printing")
                return console.write(text, to: output)
            }
            let text: Data
            switch arguments[Options.format] ?? .tree {
            case .json:
                // Like the tree's text: streamed in pieces, the time limit checked at each.
                let renderer = TreeJSONRenderer(all: arguments[Options.all], states: states, frames: frames)
                return try console.write(to: output) { emit throws(DiagnosticList) in
                    try renderer.write(root) { piece throws(DiagnosticList) in
                        try sheet.checkTimeLimit(while: "printing")
                        emit(piece)
                    }
                    try sheet.checkTimeLimit(while: "printing")
                }
            case .html:
                // The page draws computed frames, as the preview does: at --width, else 375.
                var renderer = HTMLRenderer()
                renderer.traits = sheet.traits  // the screen and page colours of --trait colorScheme, contrast
                renderer.frames = frames ?? sheet.layout(root, width: LayoutArguments.width(arguments) ?? LayoutOptions.defaultWidth).frames
                text = Data(renderer.render(root, title: URL(fileURLWithPath: path).lastPathComponent).utf8)
            case .tree:
                // The tree's text goes out in pieces as it is written, never held whole (a
                // screen's is megabytes of fresh pages); the time limit is checked at each piece.
                let renderer = TreeTextRenderer(all: arguments[Options.all], terminal: terminal, states: states, frames: frames)
                return try console.write(to: output) { emit throws(DiagnosticList) in
                    try renderer.write(root) { piece throws(DiagnosticList) in
                        try sheet.checkTimeLimit(while: "printing")
                        emit(piece)
                    }
                    try sheet.checkTimeLimit(while: "printing")
                }
            }
            // `--timeout` bounds the whole run: evaluating, styling and printing.
            try sheet.checkTimeLimit(while: "printing")
            return console.write(text, to: output)
        } catch {
            return console.report(error.diagnostics, json: json)
        }
    }

    /// The same command in a child process, whose output is passed on; a crash, kill or
    /// operating-system limit there is a diagnostic for the file.
    static func runIsolated(_ arguments: ParsedArguments, path: String, runtime: Runtime, json: Bool, console: Console) -> Int32 {
        let terminals = [1, 2].filter { isatty(Int32($0)) == 1 }.map(String.init).joined(separator: ",")
        let run: IsolatedRun
        do throws(ChildProcess.SpawnError) {
            // A copy of this process evaluates, as the child `stylerun __child` would: with this
            // process's colors, writing to the pipes it is given.
            let out = console.terminal(1), err = console.terminal(2)
            let forked = try IsolatedRun.runForked(limits: runtime.limits) {
                let child = Console(terminal: { $0 == 1 ? out : err })
                runtime.log = { child.error($0) }
                let status = runHere(arguments, path: path, runtime: runtime, json: json, console: child)
                return CommandTable.finish(status, console: child, program: "stylerun")
            }
            if let forked {
                run = forked
            } else {
                run = try IsolatedRun.run(arguments: arguments.original, limits: runtime.limits,
                                          environment: [IsolatedRun.parentTerminalsVariable: terminals])
            }
        } catch {
            console.error("stylerun: cannot start the evaluator process: \(error). Use --no-isolation to evaluate in this process.")
            return ExitStatus.failure
        }
        console.out(run.outcome.stdout)
        // A child that did not end on its own may have left a runtime's crash report (a trap's
        // "Fatal error") on standard error: the diagnostic below replaces it.
        guard let failure = run.failure(file: path) else {
            console.error(run.outcome.stderr)
            if case .exited(let status) = run.outcome.termination { return status }
            return ExitStatus.failure
        }
        return console.report([failure], json: json)
    }
}

/// The checks on a script's path that come before evaluating it.
enum ScriptPath {
    /// A diagnostic when `path` does not exist, is a folder or cannot be opened (a loop of
    /// symbolic links), else nil; other unusable files are found when the script is read.
    static func check(_ path: String, limits: Limits = .default) -> Diagnostic? {
        var isDirectory: ObjCBool = false
        guard !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) || isDirectory.boolValue else { return nil }
        do throws(Diagnostic) {
            _ = try SourceFile.read(path, limits: limits)
            return nil
        } catch {
            return error
        }
    }
}

extension ScriptPath {
    /// A diagnostic when the file at `path` cannot be read as a script, else nil.
    static func checkReadable(_ path: String, limits: Limits = .default) -> Diagnostic? {
        do throws(Diagnostic) {
            _ = try SourceFile.read(path, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    /// The exit status for a path's failure, one rule by cause: a path that names nothing is
    /// the command line's mistake (2); one that names something that is not a readable script
    /// (a folder, FIFO, device, loop of symbolic links, unreadable file) is the input's (1).
    static func status(_ failure: Diagnostic) -> Int32 {
        failure.code == .fileNotFound ? ExitStatus.usage : ExitStatus.failure
    }
}
