import Dispatch
import Foundation
import Synchronization
import StyleCore

/// A running watch's parts and which thread touches which. The reloader (views, Lua states)
/// and `onReload` are a `WatchCore` that lives in a `WatchHome`: on the main actor for a
/// main-actor watch, or behind a mutex that only the watch's queue takes. The file watcher has
/// its own queue and only tells the home that files changed; `stop()` may come from anywhere.
/// Every part is Sendable by the compiler's own check.
final class WatchSession: Sendable {
    private let home: any WatchHome
    /// The script's path, as the reloader names it.
    private let file: String
    private let flags = Mutex(Flags())
    private struct Flags {
        var stopped = false
        /// Changes reported by the files and not yet taken by the home ("" for "anything may
        /// have changed"); nil when none wait.
        var incoming: Set<String>?
    }
    /// Set once, in `init`, before the session is shared.
    private let source = Mutex<(any WatchSource)?>(nil)
    /// Turns an event's file names into the ones the host should see (a remote watch's cache
    /// paths into the paths of the bundle).
    private let naming: (@Sendable (String) -> String)?
    let events: AsyncStream<ReloadEvent>
    private let continuation: AsyncStream<ReloadEvent>.Continuation

    /// How long a file that is empty or missing right after a change is given to get its
    /// content back before it is evaluated as it is (REFERENCE, "Watch").
    static let gracePeriod: Double = 1.0
    /// How often the file is looked at again meanwhile.
    static let graceInterval: DispatchTimeInterval = .milliseconds(25)
    /// How long a change of new files alone waits for more (less than one interval: one wait).
    static let newFileWait: Double = 0.02

    /// A session of the files on this machine.
    convenience init(home: any WatchHome, file: String) {
        self.init(home: home, file: file, naming: nil) { session in
            FileWatcher { [weak session] changed in session?.filesChanged(changed) }
        }
    }

    /// A session whose changes come from the source `makeSource` returns, given the session to
    /// report to (hold it weakly); `naming` renames the files events name.
    init(home: any WatchHome, file: String, naming: (@Sendable (String) -> String)?,
         makeSource: (WatchSession) -> any WatchSource) {
        self.home = home
        self.file = file
        self.naming = naming
        (events, continuation) = AsyncStream.makeStream(of: ReloadEvent.self, bufferingPolicy: .bufferingNewest(64))
        let made = makeSource(self)
        source.withLock { $0 = made }
    }

    private var files: any WatchSource { source.withLock { $0! } }

    var pollingReason: String? { files.pollingReason }

    /// Starts watching the script's folder, then loads it for the first time (a remote
    /// session: once its first sources have come).
    func start() {
        guard files.start(watching: file) else { return }
        home.async { core in self.deliver(core.reloader.reload(), core) }
    }

    func stop() {
        flags.withLock { $0.stopped = true }
        files.stop()
        continuation.finish()
    }

    /// Runs `update` in the home (it writes the files and returns the paths it changed), then
    /// reloads: always when `force`, else when a file the latest evaluation read has changed.
    /// Not through the grace period: what a server sent is complete, not an editor's half-save.
    func sourcesChanged(force: Bool, _ update: @escaping @Sendable (WatchCore) -> Set<String>?) {
        home.async { core in
            guard !self.isStopped, let changed = update(core) else { return }
            self.deliver(force ? core.reloader.reload() : core.reloader.reloadIfChanged(changed), core)
        }
    }

    /// Reports a failure that is not the script's (a server that cannot be reached) as a
    /// `.failed` event; the tree keeps its last good styles.
    func report(_ diagnostics: [Diagnostic]) {
        home.async { core in
            guard !self.isStopped else { return }
            self.deliver(.failed(milliseconds: 0, diagnostics: diagnostics), core)
        }
    }

    /// Runs `body` with the core after the work queued so far.
    func withCore(_ body: @escaping @Sendable (WatchCore) -> Void) { home.async(body) }

    func setTheme(_ name: String?) {
        home.async { core in
            guard !self.isStopped else { return }
            core.reloader.theme = name
            self.deliver(core.reloader.reload(), core)
        }
    }

    func setTraits(_ traits: Traits) {
        home.async { core in
            guard !self.isStopped else { return }
            self.deliver(core.reloader.setTraits(traits), core)
        }
    }

    func setState(_ state: ControlState?, ofViewAt reference: String) {
        home.async { core in
            guard !self.isStopped else { return }
            self.deliver(core.reloader.setState(state, ofViewAt: reference), core)
        }
    }

    /// A main-actor watch's state change, at once: the event is reported before this returns.
    @MainActor
    func setState(_ state: ControlState?, of view: View) -> ReloadEvent? {
        guard let home = home as? MainActorWatchHome else {
            preconditionFailure("This WatchHandle's watch runs on its own queue; set a view's state there with perform(_:)")
        }
        guard !isStopped else {
            view.stateOverride = state
            return nil
        }
        let event = home.core.reloader.setState(state, of: view)
        deliver(event, home.core)
        return event
    }

    func perform(_ body: @escaping @Sendable (Reloader) -> Void) {
        home.async { core in body(core.reloader) }
    }

    /// The reloader of a main-actor watch; main-actor API of the handle is for those only.
    @MainActor
    var mainActorReloader: Reloader {
        guard let home = home as? MainActorWatchHome else {
            preconditionFailure("This WatchHandle's watch runs on its own queue; use perform(_:) to reach its stylesheet and tree")
        }
        return home.core.reloader
    }

    private var isStopped: Bool { flags.withLock { $0.stopped } }

    /// After the file watcher has reported every earlier change, and the home has handled it
    /// (`filesChanged` queues its reload before this queues `body`).
    /// A save in its grace period is not handled yet: `body` then waits for its reload.
    func whenIdle(_ body: @escaping @Sendable () -> Void) {
        files.whenSettled { [home] in
            home.async { core in
                if core.graceStart != nil { core.graceWaiters.append(body) } else { body() }
            }
        }
    }

    private func filesChanged(_ changed: Set<String>) {
        // Changes that come while the home is busy (a reload running) wait together: the
        // next reload takes them all, so saves faster than reloads cost one reload, not one each.
        let schedule: Bool = flags.withLock { f in
            let first = f.incoming == nil
            f.incoming = (f.incoming ?? []).union(changed.isEmpty ? [""] : changed)
            return first
        }
        guard schedule else { return }
        home.async { core in
            let changed = self.flags.withLock { f -> Set<String> in
                defer { f.incoming = nil }
                return f.incoming ?? []
            }
            guard !self.isStopped else { return }
            core.graceChanged.formUnion(changed)
            guard core.graceStart == nil else { return }  // a wait is running; it reloads with these
            self.reloadAfterGrace(core)
        }
    }

    /// Reloads now, unless a watched file that had content is empty or missing and the grace
    /// period has not run out: then looks again shortly.
    private func reloadAfterGrace(_ core: WatchCore) {
        guard !isStopped else { return }
        let now = DispatchTime.now()
        let start = core.graceStart ?? now
        let waited = Double(now.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let changed = core.graceChanged.contains("") ? Set<String>() : core.graceChanged
        // A new file alone waits one interval, so that the rename of a save by temporary file
        // joins it: reloading at the file would evaluate the failing script once more first.
        if waited < Self.gracePeriod && core.reloader.isBetweenWrites(changed)
            || waited < Self.newFileWait && core.reloader.onlyNewFilesChanged(changed) {
            core.graceStart = start
            home.async(after: Self.graceInterval) { core in self.reloadAfterGrace(core) }
            return
        }
        core.graceStart = nil
        core.graceChanged = []
        deliver(core.reloader.reloadIfChanged(changed), core)
        let waiters = core.graceWaiters
        core.graceWaiters = []
        waiters.forEach { $0() }
    }

    /// Follows the files the latest evaluation loaded, then reports.
    private func deliver(_ event: ReloadEvent?, _ core: WatchCore) {
        defer { core.reloader.releaseReplaced() }  // once the event is out
        guard var event, !isStopped else { return }
        if let naming { event = event.renamingFiles(naming) }
        files.watch(core.reloader.watched, newFilesEndingIn: core.reloader.isFailing ? ".lua" : nil)
        core.onReload(event, core.reloader)
        continuation.yield(event)
    }
}

/// What a watch changes as it reloads: the reloader (views, Lua states), the host's callback
/// and the grace period's state. Never shared: it lives in its `WatchHome`, which hands it to
/// one piece of work at a time.
final class WatchCore {
    let reloader: Reloader
    let onReload: (ReloadEvent, Reloader) -> Void
    /// While a saved file is empty or missing (an editor between truncating or deleting it
    /// and writing it again): when the wait began and the paths changed meanwhile.
    var graceStart: DispatchTime?
    var graceChanged: Set<String> = []
    /// `whenIdle` callers waiting for the grace period to end.
    var graceWaiters: [@Sendable () -> Void] = []

    /// A remote watch's private folder of the latest sources; nil for a watch of files.
    let cache: SourceCache?

    init(reloader: Reloader, cache: SourceCache? = nil, onReload: @escaping (ReloadEvent, Reloader) -> Void) {
        self.reloader = reloader
        self.cache = cache
        self.onReload = onReload
    }
}
