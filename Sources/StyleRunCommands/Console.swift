import Foundation
#if canImport(Glibc)
import Glibc
#endif
import StyleCore
import StyleRun

/// Where a command writes: standard output and error, and the colors each supports.
///
///     console.out("StackView#root\n")
///     console.error("stylerun: cannot write 'out.json': the disk is full.")
///
/// The library writes nothing itself; every byte a command prints goes through here. Every
/// write is checked: the first failure on standard output or error is kept (`writeFailure`),
/// and `CommandTable` turns it into a message and a non-zero exit, so output is never lost
/// behind an exit status of 0.
public struct Console: Sendable {
    /// Colors for standard output (1) or error (2).
    public var terminal: @Sendable (Int32) -> Terminal
    private let failures = WriteFailures()

    /// The process's own standard output and error, with colors as they detect.
    public static let standard = Console(terminal: { Terminal.detect(fileDescriptor: $0) })

    public init(terminal: @escaping @Sendable (Int32) -> Terminal) {
        self.terminal = terminal
    }

    /// The first write to standard output or error that failed, if one did.
    public var writeFailure: OutputFailure? { failures.first }

    /// Writes `text` to standard output as it is.
    public func out(_ text: String) {
        out(Data(text.utf8))
    }

    /// Writes bytes to standard output as they are.
    public func out(_ data: Data) {
        if let code = OutputFile.write(data, to: STDOUT_FILENO) { failures.record(OutputFailure(stream: .standardOutput, errno: code)) }
    }

    /// Writes `text` to standard error, ending it with a newline.
    public func error(_ text: String) {
        error(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Writes bytes to standard error as they are.
    public func error(_ data: Data) {
        if let code = OutputFile.write(data, to: STDERR_FILENO) { failures.record(OutputFailure(stream: .standardError, errno: code)) }
    }

    /// Writes `text` to the file `output`, or to standard output when it is nil; returns the status.
    /// A file that cannot be written is a sentence on standard error and status 1.
    public func write(_ text: String, to output: String?) -> Int32 {
        write(Data(text.utf8), to: output)
    }

    /// Writes bytes to the file `output`, or to standard output when it is nil; returns the status.
    public func write(_ data: Data, to output: String?) -> Int32 {
        guard let output else {
            out(data)
            return ExitStatus.success
        }
        do throws(OutputFile.Failure) {
            try OutputFile.replace(output, with: data)
            return ExitStatus.success
        } catch {
            self.error("stylerun: \(error.message)")
            return ExitStatus.failure
        }
    }

    /// Writes what `produce` hands to its argument, piece by piece as it comes, to the file
    /// `output` (replaced as `write(_:to:)` replaces it: a regular file appears whole or not at
    /// all) or to standard output; returns the status. After a failed write the rest is dropped
    /// and the failure is reported as `write(_:to:)` reports it. When `produce` throws, a file
    /// being replaced is left as it was (standard output keeps what was written) and the error
    /// is passed on.
    ///
    ///     let status = try console.write(to: output) { emit throws(DiagnosticList) in
    ///         try renderer.write(root) { emit($0) }
    ///     }
    public func write<E: Error>(to output: String?,
                                _ produce: (_ emit: (UnsafeBufferPointer<UInt8>) -> Void) throws(E) -> Void) throws(E) -> Int32 {
        guard let output else {
            var failed = false
            try produce { bytes in
                guard !failed else { return }
                if let code = OutputFile.write(UnsafeRawBufferPointer(bytes), to: STDOUT_FILENO) {
                    failures.record(OutputFailure(stream: .standardOutput, errno: code))
                    failed = true
                }
            }
            return ExitStatus.success
        }
        let writer: OutputFile.Writer
        do throws(OutputFile.Failure) {
            writer = try OutputFile.Writer(output)
        } catch {
            self.error("stylerun: \(error.message)")
            return ExitStatus.failure
        }
        var failure: OutputFile.Failure?
        try produce { bytes in
            guard failure == nil else { return }
            do throws(OutputFile.Failure) { try writer.write(UnsafeRawBufferPointer(bytes)) } catch { failure = error }
        }
        do throws(OutputFile.Failure) {
            if let failure { throw failure }
            try writer.finish()
            return ExitStatus.success
        } catch {
            self.error("stylerun: \(error.message)")
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

    /// Makes sure descriptors 0, 1 and 2 are open before anything else opens a file: a program
    /// started with standard output closed (`stylerun app.lua >&-`) would otherwise get
    /// descriptor 1 for the next file it opens, and print into it. A closed one is opened on
    /// /dev/null for reading only, so that writing to it fails (and is reported) as it would
    /// have on the closed descriptor.
    public static func reserveStandardDescriptors() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0, opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
    }
}

/// A failed write to standard output or error.
public struct OutputFailure: Sendable, Equatable {
    public enum Stream: String, Sendable { case standardOutput = "standard output", standardError = "standard error" }
    public var stream: Stream
    public var errno: Int32

    /// `cannot write to standard output: it is closed.`
    public var message: String {
        "cannot write to \(stream.rawValue): \(OutputFile.reason(errno))."
    }
}

/// The first write failure of a console, shared by its copies.
private final class WriteFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var failure: OutputFailure?

    var first: OutputFailure? { lock.withLock { failure } }

    func record(_ f: OutputFailure) {
        lock.withLock { if failure == nil { failure = f } }
    }
}
