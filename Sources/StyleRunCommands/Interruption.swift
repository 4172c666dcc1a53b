import Dispatch
import Foundation
import StyleRun

/// Waiting for Ctrl-C or SIGTERM: how long-running commands (watch, preview, lsp) end.
enum Interruption {
    /// Starts the work that `start` returns a handle to, waits for SIGINT or SIGTERM, stops it
    /// and returns 0. The signals are ignored by default only while waiting.
    static func wait<Handle: Stoppable>(_ start: () -> Handle) -> Int32 {
        let interrupted = DispatchSemaphore(value: 0)
        let numbers = [SIGINT, SIGTERM]
        let sources = numbers.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { interrupted.signal() }
            source.resume()
            return source
        }
        let handle = start()
        interrupted.wait()
        handle.stop()
        sources.forEach { $0.cancel() }
        numbers.forEach { signal($0, SIG_DFL) }
        return ExitStatus.success
    }
}

/// Something started that can be stopped.
protocol Stoppable {
    func stop()
}

extension WatchHandle: Stoppable {}
