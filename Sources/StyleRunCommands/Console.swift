import Foundation
import StyleCore
import StyleRun

/// Where a command writes: standard output and error, and the colors each supports.
///
///     console.out("StackView#root\n")
///     console.error("stylerun: cannot write 'out.json': the disk is full.")
///
/// The library writes nothing itself; every byte a command prints goes through here.
public struct Console: Sendable {
    /// Colors for standard output (1) or error (2).
    public var terminal: @Sendable (Int32) -> Terminal

    /// The process's own standard output and error, with colors as they detect.
    public static let standard = Console(terminal: { Terminal.detect(fileDescriptor: $0) })

    public init(terminal: @escaping @Sendable (Int32) -> Terminal) {
        self.terminal = terminal
    }

    /// Writes `text` to standard output as it is.
    public func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes bytes to standard output as they are.
    public func out(_ data: Data) {
        FileHandle.standardOutput.write(data)
    }

    /// Writes `text` to standard error, ending it with a newline.
    public func error(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Writes bytes to standard error as they are.
    public func error(_ data: Data) {
        FileHandle.standardError.write(data)
    }

    /// Writes `text` to the file `output`, or to standard output when it is nil; returns the status.
    public func write(_ text: String, to output: String?) -> Int32 {
        guard let output else {
            out(text)
            return ExitStatus.success
        }
        do {
            // An existing device or pipe (`-o /dev/null`, `-o /dev/stdout`) is written in place:
            // an atomic write would rename a regular file over it.
            let type = (try? FileManager.default.attributesOfItem(atPath: output))?[.type] as? FileAttributeType
            if let type, type != .typeRegular, type != .typeDirectory {
                guard let handle = FileHandle(forWritingAtPath: output) else {
                    throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: output])
                }
                try handle.write(contentsOf: Data(text.utf8))
                try handle.close()
                return ExitStatus.success
            }
            try text.write(toFile: output, atomically: true, encoding: .utf8)
            return ExitStatus.success
        } catch {
            self.error("stylerun: cannot write '\(output)': \(error.localizedDescription)")
            return ExitStatus.failure
        }
    }

    /// Prints diagnostics where docs/REFERENCE.md puts them (JSON on standard output, text with
    /// source lines on standard error) and returns `status`.
    public func report(_ diagnostics: [Diagnostic], json: Bool, status: Int32 = ExitStatus.failure) -> Int32 {
        if json {
            let body = JSONValue.object([
                ("diagnostics", .array(diagnostics.map(\.json))),
                ("errors", .number(Double(diagnostics.filter { $0.severity == .error }.count))),
                ("warnings", .number(Double(diagnostics.filter { $0.severity == .warning }.count))),
            ])
            out(body.serialized(.pretty) + "\n")
        } else {
            let renderer = DiagnosticRenderer(terminal: terminal(2)) { try? SourceFile.read($0) }
            error(renderer.render(diagnostics))
        }
        return status
    }
}
