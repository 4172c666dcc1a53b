import Dispatch
import Foundation
import Synchronization
import StyleCore
import StyleRun

/// `stylerun watch FILE.lua`: prints each reload until Ctrl-C or SIGTERM, then exits 0.
///
/// With `--format json`, each event is one line of JSON on standard output, diagnostics
/// included. Otherwise the changes and reload times go to standard output, and diagnostics,
/// with their source line and caret, to standard error. Each event is written (unbuffered) as
/// soon as it happens, so a program reading a pipe sees it at once.
public enum WatchCommand: Command {
    /// What `--format` prints for each event.
    enum Format: String, CaseIterable, Sendable {
        case text, json
    }

    enum Options {
        static let format = OptionKey<Format?>.choice("format", help: "Output format: text, or one JSON event per line (default text).")
    }

    public static let spec = ArgumentParser.Command(
        name: "watch", summary: "Re-run a style script on every save of any file it loads, and print what changed.",
        arguments: [.required("FILE.lua")],
        options: [CommonOptions.theme.option, Options.format.option, .help] + StateOptions.options + LayoutArguments.options + LimitOptions.options)

    public static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
        let path = arguments.arguments[0]
        let json = arguments[Options.format] == .json
        if let problem = LimitOptions.check(arguments) ?? LayoutArguments.check(arguments) {
            console.error("stylerun: \(problem)")
            return ExitStatus.usage
        }
        // What the plain command refuses (a FIFO, a device, an unreadable file) is refused here
        // too, rather than watched for a change that would never make it readable.
        if let failure = ScriptPath.checkReadable(path, limits: LimitOptions.limits(arguments)) {
            return console.report([failure], json: json, status: ScriptPath.status(failure))
        }
        let runtime = Runtime(log: { console.error($0) })
        LimitOptions.apply(arguments, to: runtime)
        switch StateOptions.traits(arguments) {
        case .success(let traits): runtime.traits = traits
        case .failure(let problem): return console.report([problem], json: json, status: ExitStatus.usage)
        }
        runtime.states = arguments[StateOptions.state]
        let printer = EventPrinter(json: json, console: console)
        return Interruption.wait {
            let handle = runtime.watch(file: path, theme: arguments[CommonOptions.theme], queue: DispatchQueue(label: "stylerun.watch"),
                                       layoutWidth: LayoutArguments.width(arguments)) {
                printer.print($0)
            }
            if let reason = handle.pollingReason {
                console.error("stylerun watch: \(reason); watching by polling the folders ten times a second.")
            }
            return handle
        }
    }
}

/// Writes events as they come, from the watch's serial queue.
private final class EventPrinter: Sendable {
    private let json: Bool
    private let console: Console
    private let renderer: ReloadEventRenderer
    private let errorTerminal: Terminal
    /// Until the first good load: a failure then has no last good styles to keep, and the first
    /// good load, after any number of failures, lists what it styled as a first load does.
    private let isInitial = Mutex(true)

    init(json: Bool, console: Console) {
        self.json = json
        self.console = console
        self.renderer = ReloadEventRenderer(terminal: console.terminal(1))
        self.errorTerminal = console.terminal(2)
    }

    func print(_ event: ReloadEvent) {
        let isInitial = self.isInitial.withLock { first in
            defer { if case .reloaded = event { first = false } }
            return first
        }
        defer {
            // Output nobody can read any more (a closed pipe, a full disk): stop watching, as
            // Ctrl-C would; the command then reports the failed write and exits non-zero.
            if console.writeFailure != nil { kill(getpid(), SIGTERM) }
        }
        if json {
            console.out(event.json.serialized(.line) + "\n")
            return
        }
        if case .failed(_, let list) = event {
            console.error(DiagnosticRenderer(terminal: errorTerminal) { try? SourceFile.read($0) }.render(list))
        }
        console.out(renderer.render(event, isInitial: isInitial))
    }
}
