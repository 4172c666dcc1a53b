import Foundation
import StylePreview
import StyleRun

/// `stylerun preview FILE.lua`: serves the styled screen to a browser, live, until Ctrl-C or
/// SIGTERM, then exits 0.
///
/// The first line of standard output is `Previewing FILE at http://127.0.0.1:PORT/` (flushed at
/// once, so a program reading the pipe can connect); errors in the script show on the page,
/// not here. The browser is opened with `$BROWSER` or `xdg-open` (`open` on macOS) unless
/// `--no-open`; when none is there, the address is all there is.
public enum PreviewCommand: Command {
    /// The port used when `--port` is not given.
    public static let defaultPort = 7480

    public static let spec = ArgumentParser.Command(
        name: "preview", summary: "Serve the styled screen to a browser, live on every save, with an inspector.",
        arguments: [.required("FILE.lua")],
        options: [Options.theme.option, Options.port.option, Options.host.option, Options.noOpen.option, .help] + StateOptions.options
            + LimitOptions.options)

    enum Options {
        static let theme = OptionKey<String?>.text("theme", placeholder: "NAME",
                                                   help: "The theme to start with, from the script's themes { … }.")
        static let port = OptionKey<Int?>.count("port", placeholder: "N",
                                                help: "The port to listen on (default \(defaultPort); 0 picks a free one).")
        static let host = OptionKey<String?>.text("host", placeholder: "H",
                                                  help: "The address to listen on (default 127.0.0.1, this machine only).")
        static let noOpen = OptionKey<Bool>.flag("no-open", help: "Do not open a browser.")
    }

    public static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
        let path = arguments.arguments[0]
        if let failure = ScriptPath.check(path) {
            return console.report([failure], json: false, status: ExitStatus.usage)
        }
        let port = arguments[Options.port] ?? defaultPort
        guard port <= 65535 else {
            console.error("stylerun: --port must be between 0 and 65535, not \(port).")
            return ExitStatus.usage
        }
        let runtime = Runtime(log: { console.error($0) })
        LimitOptions.apply(arguments, to: runtime)
        switch StateOptions.traits(arguments) {
        case .success(let traits): runtime.traits = traits
        case .failure(let problem): return console.report([problem], json: false, status: ExitStatus.usage)
        }
        runtime.states = arguments[StateOptions.state]
        let preview: PreviewServer
        do throws(HTTPServer.StartError) {
            preview = try PreviewServer(file: path, runtime: runtime, theme: arguments[Options.theme],
                                        host: arguments[Options.host] ?? "127.0.0.1", port: port)
        } catch {
            let hint = arguments[Options.port] == nil ? " Choose another with --port N, or --port 0 for any free one." : ""
            console.error("stylerun: \(error.message).\(hint)")
            return ExitStatus.failure
        }
        // Announced once the signals are handled, so that a Ctrl-C right after the line still
        // ends with status 0; one write(2), nothing to flush.
        return Interruption.wait {
            preview.start()
            console.out("Previewing \(path) at \(preview.url)\n")
            if !arguments[Options.noOpen] { Browser.open(preview.url) }
            return preview
        }
    }
}

extension PreviewServer: Stoppable {}

/// Opening an address in the user's browser, where there is one to open.
enum Browser {
    /// Starts `$BROWSER`, else `xdg-open` (Linux) or `open` (macOS), detached, its output
    /// discarded; does nothing when there is none, and never fails the command.
    static func open(_ url: String) {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let browser = environment["BROWSER"], !browser.isEmpty { candidates.append(browser) }
        #if os(macOS)
        candidates.append("open")
        #else
        candidates.append("xdg-open")
        #endif
        let paths = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in candidates {
            let executable = name.hasPrefix("/") ? name : paths.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
            guard let executable, FileManager.default.isExecutableFile(atPath: executable) else { continue }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = [url]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
                return
            } catch {
                continue  // a browser that cannot start is the same as none: the address is printed
            }
        }
    }
}
