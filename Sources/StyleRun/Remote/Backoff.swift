import Foundation

/// How long a remote watch waits before it tries the server again: `initial` seconds, doubling
/// after each failure up to `maximum`, and back to `initial` once a connection delivers sources.
///
///     var backoff = Backoff()
///     backoff.next()    // 0.1
///     backoff.next()    // 0.2 … 0.4, 0.8, 1.6, 3.2, then 5 each time
///     backoff.reset()   // a good connection: the next wait is 0.1 again
struct Backoff: Sendable, Equatable {
    var initial: Double = 0.1
    var maximum: Double = 5
    private var failures = 0

    init(initial: Double = 0.1, maximum: Double = 5) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The wait before the next attempt, counting one more failure.
    mutating func next() -> Double {
        defer { failures += 1 }
        return min(maximum, initial * pow(2, Double(min(failures, 60))))
    }

    mutating func reset() { failures = 0 }
}

/// What a remote watch waits on between attempts: the system's clock, or a test's.
///
/// The watch's thread calls `pause` and `stop()` may come from any other thread, so a pause
/// must end early when `signal` is stopped.
protocol RetryClock: Sendable {
    func pause(_ seconds: Double, unless signal: StopSignal)
}

/// Waits for real, ending early when the watch stops.
struct SystemRetryClock: RetryClock {
    func pause(_ seconds: Double, unless signal: StopSignal) { signal.wait(seconds) }
}

/// A flag that a thread waiting on it notices at once.
final class StopSignal: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var stopped = false

    var isStopped: Bool { condition.withLock { stopped } }

    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    /// Waits up to `seconds`; returns early once stopped.
    func wait(_ seconds: Double) {
        condition.withLock {
            let deadline = Date(timeIntervalSinceNow: seconds)
            while !stopped, condition.wait(until: deadline) {}
        }
    }
}
