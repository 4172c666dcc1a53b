import Foundation
import StyleLanguageServer
import StyleRun

/// `stylerun lsp`: the language server, speaking the Language Server Protocol over standard
/// input and output. Standard output carries protocol only; anything else goes to standard error.
public enum LSPCommand: Command {
    public static let spec = ArgumentParser.Command(
        name: "lsp", summary: "Run the language server (Language Server Protocol 3.17 over standard input and output).",
        arguments: [],
        options: [
            .flag("stdio", help: "Use standard input and output (the default and only transport)."),
            .help,
        ])

    public static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
        // A client that goes away must not end the server with SIGPIPE in the middle of a write.
        signal(SIGPIPE, SIG_IGN)
        // Written with write(2): FileHandle traps on a closed pipe, and a client that quits
        // without `exit` must end the server quietly, not with a crash.
        let server = LanguageServer(output: { data in
            data.withUnsafeBytes { buffer in
                var sent = 0
                while sent < buffer.count {
                    let n = write(1, buffer.baseAddress! + sent, buffer.count - sent)
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { return }
                    sent += n
                }
            }
        }, log: { console.error($0) })
        return server.run(input: FileHandle.standardInput)
    }
}
