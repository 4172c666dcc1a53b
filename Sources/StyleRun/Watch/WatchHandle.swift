import Dispatch
import Foundation
import StyleCore

extension Runtime {
    /// Watches a stylesheet and everything it loads, re-applying it on every save.
    ///
    ///     let handle = runtime.watch(file: "styles/app.lua", tree: rootView, queue: .main) { event in
    ///         if case .failed(_, let diagnostics) = event { show(diagnostics) }
    ///     }
    ///     …
    ///     handle.setTheme("dark")
    ///     handle.stop()
    ///
    /// The first event is the initial load. After that, each save of the script or of any file
    /// its latest evaluation loaded (modules, the stdlib) reloads: a fresh evaluation, the new
    /// styles applied from the kinds' defaults, and a `.reloaded` event with the properties that
    /// changed; or, when the script fails, a `.failed` event with its diagnostics while the tree
    /// keeps its last good styles. A save that leaves every file's content as it was does
    /// nothing, and a burst of saves ends in one reload of the final content.
    ///
    /// Threading: reloads run on `queue`, and `onReload` is called there. Reloading writes the
    /// tree's views, so touch `tree` only on `queue`: pass `.main` when the tree belongs to the
    /// main thread (reloads then run on it, a few milliseconds each). Without a queue, a private
    /// serial one is used. The script's `print` reaches `log` on the same queue. The watch uses a
    /// copy of this runtime's schema, limits, stdlib path and log; later changes to the runtime
    /// do not affect it.
    ///
    /// - Parameters:
    ///   - path: the script, as diagnostics should name it.
    ///   - tree: the host's tree to style; nil to style the tree the script returns.
    ///   - theme: the theme to choose from the script's `themes { … }`; nil for its default.
    ///   - queue: a serial queue for reloads and callbacks.
    ///   - onReload: called with each event, on `queue`.
    /// - Returns: the handle that keeps the watch alive: watching stops at `stop()` or when the
    ///   handle is released.
    public func watch(file path: String, tree: View? = nil, theme: String? = nil, queue: DispatchQueue? = nil,
                      onReload: @escaping (ReloadEvent) -> Void) -> WatchHandle {
        let copy = Runtime(schema: schema, limits: limits, stdlibPath: stdlibPath, log: log)
        let session = WatchSession(reloader: Reloader(runtime: copy, file: path, theme: theme, tree: tree),
                                   queue: queue ?? DispatchQueue(label: "stylerun.watch"),
                                   onReload: { event, _ in onReload(event) })
        session.start()
        return WatchHandle(session)
    }

    /// Watches a script that builds its own tree, handing each event the styled tree and the
    /// script's themes: what a live preview draws.
    ///
    ///     let handle = runtime.watch(file: "app.lua") { event, watched in
    ///         if let root = watched.root { show(HTMLRenderer().renderScreen(root)) }
    ///         themePicker.items = watched.themeNames
    ///     }
    ///
    /// The same watch as `watch(file:tree:theme:queue:onReload:)` with no host tree; after a
    /// failed reload `watched` still holds the last good tree. Read the tree only on `queue`,
    /// inside the callback or in work queued after it.
    public func watch(file path: String, theme: String? = nil, queue: DispatchQueue? = nil,
                      onStyled: @escaping (ReloadEvent, WatchedTree) -> Void) -> WatchHandle {
        let copy = Runtime(schema: schema, limits: limits, stdlibPath: stdlibPath, log: log)
        let reloader = Reloader(runtime: copy, file: path, theme: theme, tree: nil)
        let session = WatchSession(reloader: reloader, queue: queue ?? DispatchQueue(label: "stylerun.watch"),
                                   onReload: { event, r in
                                       onStyled(event, WatchedTree(root: r.tree, themeNames: r.themeNames, activeTheme: r.activeTheme))
                                   })
        session.start()
        return WatchHandle(session)
    }
}

/// What a watch has styled, given with each event of `Runtime.watch(file:theme:queue:onStyled:)`.
public struct WatchedTree {
    /// The script's latest good tree, styled with provenance; nil until the script first loads.
    public let root: View?
    /// The themes the latest good evaluation declared (`themes { … }`), sorted; empty when none.
    public let themeNames: [String]
    /// The theme that evaluation used, or nil when the script declares no themes.
    public let activeTheme: String?
}

/// A running watch: stop it, or switch its theme.
///
///     let handle = runtime.watch(file: "app.lua", tree: root) { print($0.json.serialized()) }
///     handle.setTheme("dark")    // re-applies like a reload, with its own event
///     handle.stop()
///
/// Sendable: call it from any thread. Watching also stops when the handle is released.
public final class WatchHandle: Sendable {
    private let session: WatchSession

    init(_ session: WatchSession) { self.session = session }

    deinit { session.stop() }

    /// Stops watching. No reload starts after this returns (one already running finishes, and
    /// its event is dropped unless it was already being delivered).
    ///
    ///     handle.stop()
    public func stop() { session.stop() }

    /// Switches the theme and re-applies, like a reload: one event follows.
    ///
    ///     handle.setTheme("dark")
    ///     handle.setTheme(nil)    // back to the script's default theme
    public func setTheme(_ name: String?) { session.setTheme(name) }

    /// Runs `body` on the watch's queue once every save made before this call has been handled:
    /// reloaded and reported, or found to change nothing. Internal, for tests that must know the
    /// watcher is idle rather than sleep.
    func whenIdle(_ body: @escaping @Sendable () -> Void) { session.whenIdle(body) }

    /// Why the files are polled (ten times a second) instead of watched through the kernel's
    /// notifications, when they are; nil otherwise. Polling notices saves a little later.
    ///
    ///     if let reason = handle.pollingReason { log("watching by polling: \(reason)") }
    public var pollingReason: String? { session.pollingReason }
}

/// The parts of a watch and the rules for which thread touches which.
///
/// The reloader (views, Lua states) and `onReload` belong to `queue`; the file watcher has its
/// own queue and only tells this one that files changed; `stopped` is behind a lock because
/// `stop()` may come from anywhere. That confinement is what the unchecked Sendable stands for.
final class WatchSession: @unchecked Sendable {
    private let queue: DispatchQueue
    private let reloader: Reloader
    private let onReload: (ReloadEvent, Reloader) -> Void
    private let lock = NSLock()
    private var stopped = false
    /// Set once, in `init`, before the session is shared.
    private var files: FileWatcher!
    /// While a saved file is empty or missing (an editor between truncating or deleting it
    /// and writing it again): when the wait began and the paths changed meanwhile. On `queue`.
    private var graceStart: DispatchTime?
    private var graceChanged: Set<String> = []
    /// `whenIdle` callers waiting for the grace period to end. On `queue`.
    private var graceWaiters: [@Sendable () -> Void] = []

    /// How long a file that is empty or missing right after a change is given to get its
    /// content back before it is evaluated as it is (REFERENCE, "Watch").
    static let gracePeriod: Double = 1.0
    /// How often the file is looked at again meanwhile.
    static let graceInterval: DispatchTimeInterval = .milliseconds(25)

    init(reloader: Reloader, queue: DispatchQueue, onReload: @escaping (ReloadEvent, Reloader) -> Void) {
        self.reloader = reloader
        self.queue = queue
        self.onReload = onReload
        files = FileWatcher { [weak self] changed in self?.filesChanged(changed) }
    }

    var pollingReason: String? { files.pollingReason }

    /// Starts watching the script's folder, then loads it for the first time.
    func start() {
        files.watch([reloader.file])
        queue.async { self.deliver(self.reloader.reload()) }
    }

    func stop() {
        lock.withLock { stopped = true }
        files.stop()
    }

    func setTheme(_ name: String?) {
        queue.async {
            guard !self.isStopped else { return }
            self.reloader.theme = name
            self.deliver(self.reloader.reload())
        }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// After the file watcher has reported every earlier change, and this queue has handled it
    /// (`filesChanged` queues its reload before this queues `body`).
    /// A save in its grace period is not handled yet: `body` then waits for its reload.
    func whenIdle(_ body: @escaping @Sendable () -> Void) {
        files.whenSettled { [queue] in
            queue.async {
                if self.graceStart != nil { self.graceWaiters.append(body) } else { body() }
            }
        }
    }

    private func filesChanged(_ changed: Set<String>) {
        queue.async {
            guard !self.isStopped else { return }
            self.graceChanged.formUnion(changed)
            if changed.isEmpty { self.graceChanged.insert("") }
            guard self.graceStart == nil else { return }  // a wait is running; it reloads with these
            self.reloadAfterGrace()
        }
    }

    /// Reloads now, unless a watched file that had content is empty or missing and the grace
    /// period has not run out: then looks again shortly.
    private func reloadAfterGrace() {
        guard !isStopped else { return }
        let now = DispatchTime.now()
        let start = graceStart ?? now
        let waited = Double(now.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let changed = graceChanged.contains("") ? Set<String>() : graceChanged
        if waited < Self.gracePeriod, reloader.isBetweenWrites(changed) {
            graceStart = start
            queue.asyncAfter(deadline: .now() + Self.graceInterval) { self.reloadAfterGrace() }
            return
        }
        graceStart = nil
        graceChanged = []
        deliver(reloader.reloadIfChanged(changed))
        let waiters = graceWaiters
        graceWaiters = []
        waiters.forEach { $0() }
    }

    /// Follows the files the latest evaluation loaded, then reports.
    private func deliver(_ event: ReloadEvent?) {
        defer { reloader.releaseReplaced() }  // once the event is out
        guard let event, !isStopped else { return }
        files.watch(reloader.watched, newFilesEndingIn: reloader.isFailing ? ".lua" : nil)
        onReload(event, reloader)
    }
}
