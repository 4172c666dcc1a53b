import Dispatch
import Foundation
import Synchronization
import StyleCore

/// Where a watch's core lives, and the one way to reach it: work handed to `async` runs with
/// the core, one piece at a time, in the order given.
protocol WatchHome: Sendable {
    func async(after delay: DispatchTimeInterval?, _ body: @escaping @Sendable (WatchCore) -> Void)
}

extension WatchHome {
    func async(_ body: @escaping @Sendable (WatchCore) -> Void) { async(after: nil, body) }
}

/// A main-actor watch's home: the core is isolated to the main actor, so the handle's
/// main-actor API reads it directly, and work reaches it on the main queue.
final class MainActorWatchHome: WatchHome {
    @MainActor let core: WatchCore

    @MainActor init(_ core: WatchCore) { self.core = core }

    func async(after delay: DispatchTimeInterval?, _ body: @escaping @Sendable (WatchCore) -> Void) {
        let work: @Sendable () -> Void = { MainActor.assumeIsolated { body(self.core) } }
        if let delay { DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: work) } else { DispatchQueue.main.async(execute: work) }
    }
}

/// A queue watch's home: the core behind a mutex that only work on `queue` takes (so it is
/// never waited for); the host's tree belongs to `queue` as the watch's documentation says.
final class QueueWatchHome: WatchHome {
    private let queue: DispatchQueue
    private let core: Mutex<WatchCore>

    init(queue: DispatchQueue, _ core: sending WatchCore) {
        self.queue = queue
        self.core = Mutex(core)
    }

    func async(after delay: DispatchTimeInterval?, _ body: @escaping @Sendable (WatchCore) -> Void) {
        let work: @Sendable () -> Void = { self.core.withLock { body($0) } }
        if let delay { queue.asyncAfter(deadline: .now() + delay, execute: work) } else { queue.async(execute: work) }
    }
}
