import Foundation
import StyleRun

/// Waiting for Ctrl-C or SIGTERM: how long-running commands (watch, preview, lsp) end.
enum Interruption {
    /// Starts the work that `start` returns a handle to, waits for SIGINT or SIGTERM, stops it
    /// and returns 0. The signals are caught only while waiting.
    ///
    /// The handlers are in place before `start` runs, so a signal that comes right after the
    /// command announced itself is never lost (a dispatch signal source is registered
    /// asynchronously, and a signal in between was dropped). The handler only writes a byte to
    /// a pipe, which is async-signal-safe; this thread reads it.
    static func wait<Handle: Stoppable>(_ start: () -> Handle) -> Int32 {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { preconditionFailure("cannot create the interruption pipe: errno \(errno)") }
        interruptionWriteEnd = ends[1]
        let numbers = [SIGINT, SIGTERM]
        for number in numbers {
            signal(number) { _ in
                var byte: UInt8 = 1
                _ = Foundation.write(interruptionWriteEnd, &byte, 1)
            }
        }
        let handle = start()
        var byte: UInt8 = 0
        while Foundation.read(ends[0], &byte, 1) < 0, errno == EINTR {}
        handle.stop()
        numbers.forEach { signal($0, SIG_DFL) }
        close(ends[0])
        close(ends[1])
        return ExitStatus.success
    }
}

/// The pipe's write end for the signal handler, which can capture nothing; set before the
/// handlers are installed and only read after.
nonisolated(unsafe) private var interruptionWriteEnd: Int32 = -1

/// Something started that can be stopped.
protocol Stoppable {
    func stop()
}

extension WatchHandle: Stoppable {}
