import Foundation
import StylePreview
import StyleRun

/// `stylerun serve FOLDER`: publishes the folder's `.lua` files to Swift hosts on the network
/// (`Runtime.watch(url:file:…)`), live on every save, until Ctrl-C or SIGTERM, then exits 0.
///
/// The first line of standard output is `Serving FOLDER (N files) at http://127.0.0.1:PORT/`
/// (flushed at once, so a program reading the pipe can connect). Files left out (too large,
/// not UTF-8, a name a host cannot use) are listed on standard error whenever that list changes.
public enum ServeCommand: Command {
    /// The port used when `--port` is not given: the preview's, plus one.
    public static let defaultPort = 7481

    public static let spec = ArgumentParser.Command(
        name: "serve", summary: "Publish a folder's style sources to Swift hosts on the network, live on every save.",
        arguments: [.required("FOLDER")],
        options: [Options.port.option, Options.host.option, .help])

    enum Options {
        static let port = OptionKey<Int?>.count("port", placeholder: "N",
                                                help: "The port to listen on (default \(defaultPort); 0 picks a free one).")
        static let host = OptionKey<String?>.text("host", placeholder: "H",
                                                  help: "The address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for every network).")
    }

    public static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
        let folder = arguments.arguments[0]
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            console.error("stylerun: There is no folder '\(folder)'.")
            return ExitStatus.usage
        }
        guard isFolder.boolValue else {
            console.error("stylerun: '\(folder)' is a file; serve the folder that holds it (stylerun serve \(Self.parent(of: folder))).")
            return ExitStatus.usage
        }
        let port = arguments[Options.port] ?? defaultPort
        guard port <= 65535 else {
            console.error("stylerun: --port must be between 0 and 65535, not \(port).")
            return ExitStatus.usage
        }
        let server: StyleSourceServer
        do throws(HTTPServer.StartError) {
            server = try StyleSourceServer(folder: folder, host: arguments[Options.host] ?? "127.0.0.1", port: port) { skipped in
                for line in skipped { console.error("stylerun: not served: \(line).") }
            }
        } catch {
            let hint = arguments[Options.port] == nil ? " Choose another with --port N, or --port 0 for any free one." : ""
            console.error("stylerun: \(error.message).\(hint)")
            return ExitStatus.failure
        }
        return Interruption.wait {
            server.start()
            let count = server.bundle.paths.count
            console.out("Serving \(folder) (\(count) file\(count == 1 ? "" : "s")) at \(server.url)\n")
            return server
        }
    }

    private static func parent(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }
}

extension StyleSourceServer: Stoppable {}
