import Dispatch
import Foundation
import StyleCore

/// `stylerun watch FILE.lua`: prints each reload until Ctrl-C.
///
///     let runtime = Runtime(log: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
///     exit(WatchCommand(file: "app.lua", theme: nil, json: true, runtime: runtime).run())
///
/// With `json`, each event is one line of SPEC §4.1 on standard output, diagnostics included.
/// Otherwise the changes and reload times go to standard output, and diagnostics, with their
/// source line and caret, to standard error. Each event is written (unbuffered) as soon as it
/// happens, so a program reading a pipe sees it at once. SIGINT and SIGTERM end the watch with
/// status 0.
public struct WatchCommand {
    /// The script, as the user named it.
    public var file: String
    /// The theme from the script's `themes { … }`; nil for its default.
    public var theme: String?
    /// One JSON event per line instead of text.
    public var json: Bool
    /// Limits, stdlib and log for every evaluation.
    public var runtime: Runtime

    /// The command for `file`.
    ///
    ///     WatchCommand(file: "app.lua", theme: "dark", json: false, runtime: Runtime())
    public init(file: String, theme: String?, json: Bool, runtime: Runtime) {
        self.file = file
        self.theme = theme
        self.json = json
        self.runtime = runtime
    }

    /// Watches until SIGINT or SIGTERM, then returns the exit status (0).
    ///
    ///     exit(command.run())
    public func run() -> Int32 {
        let interrupted = DispatchSemaphore(value: 0)
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { interrupted.signal() }
            source.resume()
            return source
        }
        let printer = EventPrinter(json: json)
        let handle = runtime.watch(file: file, theme: theme) { printer.print($0) }
        interrupted.wait()
        handle.stop()
        signals.forEach { $0.cancel() }
        return 0
    }
}

/// Writes events as they come; used only on the watch's serial queue.
private final class EventPrinter {
    private let json: Bool
    private let renderer = ReloadEventRenderer(terminal: .detect(fileDescriptor: 1))
    private let diagnostics = DiagnosticRenderer(terminal: .detect(fileDescriptor: 2)) {
        try? String(contentsOfFile: $0, encoding: .utf8)
    }
    private var isInitial = true

    init(json: Bool) { self.json = json }

    func print(_ event: ReloadEvent) {
        defer { isInitial = false }
        if json {
            FileHandle.standardOutput.write(Data((event.json.serialized(.line) + "\n").utf8))
            return
        }
        if case .failed(_, let list) = event {
            FileHandle.standardError.write(Data(diagnostics.render(list).utf8))
        }
        FileHandle.standardOutput.write(Data(renderer.render(event, isInitial: isInitial).utf8))
    }
}
