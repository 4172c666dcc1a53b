import Foundation
import StyleLanguageServer
import StyleRun

/// `stylerun lsp`: the language server, speaking the Language Server Protocol over standard
/// input and output. Standard output carries protocol only; anything else goes to standard error.
public enum LSPCommand: Command {
    public static let spec = ArgumentParser.Command(
        name: "lsp", summary: "Run the language server (Language Server Protocol 3.17 over standard input and output).",
        arguments: [],
        options: [Options.stdio.option, .help])

    enum Options {
        /// Accepted as editors pass it; standard input and output is the only transport.
        static let stdio = OptionKey<Bool>.flag("stdio", help: "Use standard input and output (the default and only transport).")
    }

    public static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
        // A client that goes away must not end the server with SIGPIPE in the middle of a write.
        signal(SIGPIPE, SIG_IGN)
        // A closed document's memory goes back to the system (see ReleasedMemory).
        ReleasedMemory.mapLargeBlocksApart()
        let server = LanguageServer(output: { write($0, to: 1) }, log: { write(Data(($0 + "\n").utf8), to: 2) })
        return server.run(input: FileHandle.standardInput)
    }

    /// Writes all of `data` with write(2), retrying when a signal interrupts it. FileHandle traps
    /// on a closed pipe or an interrupted call; a client that quits without `exit`, or closes
    /// the server's standard error, must end the server quietly instead.
    private static func write(_ data: Data, to descriptor: Int32) {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var sent = 0
            while sent < buffer.count {
                let n = Foundation.write(descriptor, base + sent, buffer.count - sent)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                sent += n
            }
        }
    }
}
