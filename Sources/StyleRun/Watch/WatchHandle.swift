import Dispatch
import Foundation
import StyleCore

extension Runtime {
    /// Watches a stylesheet on the main actor: reloads run on the main queue, and `onReload` and
    /// the binder's setters are called there, so they may touch the host's main-actor state.
    ///
    ///     @MainActor final class Screen {
    ///         var handle: WatchHandle?
    ///         func start() {
    ///             handle = runtime.watch(file: "styles/app.lua", tree: root, binder: binder) { event in
    ///                 self.status = event.isSuccess ? "styled" : "\(event.diagnostics.count) errors"
    ///             }
    ///         }
    ///     }
    ///
    /// The first event is the initial load; it lists every value the first application set
    /// (against the kinds' defaults). After that, each save of the script or of any file its
    /// latest evaluation loaded reloads: a fresh evaluation, the new styles applied from the
    /// kinds' defaults, and a `.reloaded` event with what changed; or `.failed` with the
    /// diagnostics while the tree keeps its last good styles. A save that leaves every file's
    /// content as it was does nothing, and a burst of saves ends in one reload.
    ///
    /// - Parameters:
    ///   - path: the script, as diagnostics should name it.
    ///   - tree: the host's tree to style (it belongs to the main actor); nil to style the tree
    ///     the script returns.
    ///   - theme: the theme to choose from the script's `themes { … }`; nil for its default.
    ///   - binder: receives each reload's changes (before `onReload` is called).
    ///   - onReload: called with each event, on the main actor.
    /// - Returns: the handle that keeps the watch alive: watching stops at `stop()` or when the
    ///   handle is released. `handle.events` yields the same events as an `AsyncStream`.
    @MainActor
    public func watch(file path: String, tree: View? = nil, theme: String? = nil, binder: StyleBinder? = nil,
                      onReload: @escaping @MainActor (ReloadEvent) -> Void) -> WatchHandle {
        start(file: path, tree: tree, theme: theme, binder: binder, queue: .main, isMainActor: true) { event in
            MainActor.assumeIsolated { onReload(event) }
        }
    }

    /// Watches a stylesheet from a serial queue: reloads run on `queue`, and `onReload` is
    /// called there.
    ///
    ///     let handle = runtime.watch(file: "styles/app.lua", tree: root, queue: queue) { event in
    ///         log.record(event)     // a @Sendable closure: it captures only Sendable state
    ///     }
    ///
    /// Reloading writes the tree's views, so `tree` belongs to `queue` from now on: touch it
    /// only there (`queue.sync { root[Label.text] }`). The compiler cannot check this rule, which
    /// is why the main-actor overload and the actor pattern of docs/SWIFT.md are preferred. The
    /// watch uses a copy of this runtime's schema, limits, stdlib paths and log; `print` reaches
    /// `log` on `queue`. Events are as for the main-actor overload.
    public func watch(file path: String, tree: View? = nil, theme: String? = nil, queue: DispatchQueue,
                      onReload: @escaping @Sendable (ReloadEvent) -> Void) -> WatchHandle {
        start(file: path, tree: tree, theme: theme, binder: nil, queue: queue, isMainActor: false, onReload: onReload)
    }

    /// Watches a stylesheet and reports through `handle.events` only.
    ///
    ///     let handle = runtime.watch(file: "styles/app.lua")
    ///     for await event in handle.events { print(event.json.serialized(.line)) }
    ///
    /// Reloads run on `queue` (a private serial one when nil), which owns `tree` from now on.
    public func watch(file path: String, tree: View? = nil, theme: String? = nil, queue: DispatchQueue? = nil) -> WatchHandle {
        start(file: path, tree: tree, theme: theme, binder: nil, queue: queue ?? DispatchQueue(label: "stylerun.watch"),
              isMainActor: false) { _ in }
    }

    private func start(file path: String, tree: View?, theme: String?, binder: StyleBinder?, queue: DispatchQueue,
                       isMainActor: Bool, onReload: @escaping @Sendable (ReloadEvent) -> Void) -> WatchHandle {
        let copy = Runtime(schema: schema, limits: limits, stdlibPaths: stdlibPaths, log: log)
        let reloader = Reloader(runtime: copy, file: path, theme: theme, tree: tree)
        reloader.binder = binder
        let session = WatchSession(reloader: reloader, queue: queue, isMainActor: isMainActor) { event, _ in onReload(event) }
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
        let copy = Runtime(schema: schema, limits: limits, stdlibPaths: stdlibPaths, log: log)
        let reloader = Reloader(runtime: copy, file: path, theme: theme, tree: nil)
        let session = WatchSession(reloader: reloader, queue: queue ?? DispatchQueue(label: "stylerun.watch"), isMainActor: false,
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

/// A running watch: its events, its current stylesheet, a theme switch, and stop.
///
///     let handle = runtime.watch(file: "app.lua", tree: root) { print($0.json.serialized()) }
///     handle.setTheme("dark")          // re-applies like a reload, with its own event
///     try handle.apply(to: newCell)    // a view added later gets the current styles
///     handle.stop()
///
/// Sendable: stop, switch themes and read `events` from anywhere. What touches the tree or the
/// stylesheet (`stylesheet`, `apply(to:)`) is main-actor API, for watches started on the main
/// actor; a queue watch reaches them with `perform(_:)`. Watching also stops when the handle is
/// released.
public final class WatchHandle: Sendable {
    private let session: WatchSession

    init(_ session: WatchSession) { self.session = session }

    deinit { session.stop() }

    /// Every event, as it is reported: the initial load, then each reload. One consumer; it
    /// ends when the watch stops. Up to 64 events wait for a consumer that falls behind (the
    /// oldest are dropped first).
    ///
    ///     Task { for await event in handle.events { await screen.show(event) } }
    public var events: AsyncStream<ReloadEvent> { session.events }

    /// Stops watching. No reload starts after this returns (one already running finishes, and
    /// its event is dropped unless it was already being delivered); `events` ends.
    ///
    ///     handle.stop()
    public func stop() { session.stop() }

    /// Switches the theme and re-applies, like a reload: one event follows.
    ///
    ///     handle.setTheme("dark")
    ///     handle.setTheme(nil)    // back to the script's default theme
    public func setTheme(_ name: String?) { session.setTheme(name) }

    /// The latest stylesheet that was applied without error (nil until the first good load),
    /// for a watch started on the main actor.
    ///
    ///     let cell = View(.label, classes: ["tag"])
    ///     try handle.stylesheet?.apply(to: cell)
    @MainActor
    public var stylesheet: LoadedStylesheet? {
        session.requireMainQueue()
        return session.reloader.stylesheet
    }

    /// The styled tree: the host's, or the latest good tree the script returned (nil before the
    /// first good load of a script's own tree), for a watch started on the main actor.
    ///
    ///     if let root = handle.tree { binder.attachTree(root) { mirror(for: $0) } }
    @MainActor
    public var tree: View? {
        session.requireMainQueue()
        return session.reloader.tree
    }

    /// Styles a view added to the watched tree after the watch started (a new cell) with the
    /// current stylesheet, and delivers its changes to the binder; later reloads restyle it
    /// with the rest of the tree. Does nothing before the first good load.
    ///
    ///     root.addChild(cell)
    ///     try handle.apply(to: cell)
    ///
    /// - Returns: the values that changed on `view` and its descendants.
    /// - Throws: `DiagnosticList` when styling fails; `view` is left as it was.
    @MainActor @discardableResult
    public func apply(to view: View) throws(DiagnosticList) -> [PropertyChange] {
        session.requireMainQueue()
        return try session.reloader.apply(to: view)
    }

    /// Runs `body` on the watch's queue with the latest good stylesheet and the styled tree:
    /// how a queue watch reads or extends its tree.
    ///
    ///     handle.perform { sheet, tree in
    ///         guard let tree else { return }
    ///         let cell = View(.label)
    ///         tree.addChild(cell)
    ///         do { try sheet?.apply(to: cell) } catch { report(error) }
    ///     }
    public func perform(_ body: @escaping @Sendable (LoadedStylesheet?, View?) -> Void) {
        session.perform { reloader in body(reloader.stylesheet, reloader.tree) }
    }

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
/// `stop()` may come from anywhere. The compiler cannot see that a dispatch queue confines the
/// reloader, so this class is the one place that says so (`@unchecked Sendable`).
final class WatchSession: @unchecked Sendable {
    private let queue: DispatchQueue
    /// Whether `queue` is the main queue, given by the main-actor overload.
    private let isMainActor: Bool
    let reloader: Reloader
    private let onReload: (ReloadEvent, Reloader) -> Void
    private let lock = NSLock()
    private var stopped = false
    /// Changes reported by the files and not yet taken by the queue ("" for "anything may have
    /// changed"); nil when none wait. Behind `lock`.
    private var incoming: Set<String>?
    /// Set once, in `init`, before the session is shared.
    private var files: (any WatchSource)!
    /// Turns an event's file names into the ones the host should see (a remote watch's cache
    /// paths into the paths of the bundle).
    private let naming: (@Sendable (String) -> String)?
    let events: AsyncStream<ReloadEvent>
    private let continuation: AsyncStream<ReloadEvent>.Continuation
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

    /// A session of the files on this machine.
    convenience init(reloader: Reloader, queue: DispatchQueue, isMainActor: Bool, onReload: @escaping (ReloadEvent, Reloader) -> Void) {
        self.init(reloader: reloader, queue: queue, isMainActor: isMainActor, naming: nil, onReload: onReload) { session in
            FileWatcher { [weak session] changed in session?.filesChanged(changed) }
        }
    }

    /// A session whose changes come from the source `makeSource` returns, given the session to
    /// report to (hold it weakly); `naming` renames the files events name.
    init(reloader: Reloader, queue: DispatchQueue, isMainActor: Bool, naming: (@Sendable (String) -> String)?,
         onReload: @escaping (ReloadEvent, Reloader) -> Void, makeSource: (WatchSession) -> any WatchSource) {
        self.reloader = reloader
        self.queue = queue
        self.isMainActor = isMainActor
        self.naming = naming
        self.onReload = onReload
        (events, continuation) = AsyncStream.makeStream(of: ReloadEvent.self, bufferingPolicy: .bufferingNewest(64))
        files = makeSource(self)
    }

    var pollingReason: String? { files.pollingReason }

    /// Starts watching the script's folder, then loads it for the first time (a remote
    /// session: once its first sources have come).
    func start() {
        guard files.start(watching: reloader.file) else { return }
        queue.async { self.deliver(self.reloader.reload()) }
    }

    func stop() {
        lock.withLock { stopped = true }
        files.stop()
        continuation.finish()
    }

    /// Runs `update` on the queue (it writes the files and returns the paths it changed), then
    /// reloads: always when `force`, else when a file the latest evaluation read has changed.
    /// Not through the grace period: what a server sent is complete, not an editor's half-save.
    func sourcesChanged(force: Bool, _ update: @escaping @Sendable () -> Set<String>?) {
        queue.async {
            guard !self.isStopped, let changed = update() else { return }
            self.deliver(force ? self.reloader.reload() : self.reloader.reloadIfChanged(changed))
        }
    }

    /// Reports a failure that is not the script's (a server that cannot be reached) as a
    /// `.failed` event; the tree keeps its last good styles.
    func report(_ diagnostics: [Diagnostic]) {
        queue.async {
            guard !self.isStopped else { return }
            self.deliver(.failed(milliseconds: 0, diagnostics: diagnostics))
        }
    }

    /// Runs `body` on the queue after the work queued so far.
    func onQueue(_ body: @escaping @Sendable () -> Void) { queue.async(execute: body) }

    func setTheme(_ name: String?) {
        queue.async {
            guard !self.isStopped else { return }
            self.reloader.theme = name
            self.deliver(self.reloader.reload())
        }
    }

    func perform(_ body: @escaping @Sendable (Reloader) -> Void) {
        queue.async { body(self.reloader) }
    }

    /// Main-actor API of the handle is for watches whose queue is the main queue.
    func requireMainQueue() {
        precondition(isMainActor,
                     "This WatchHandle's watch runs on its own queue; use perform(_:) to reach its stylesheet and tree")
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
        // Changes that come while the queue is busy (a reload running) wait together: the
        // next reload takes them all, so saves faster than reloads cost one reload, not one each.
        let schedule: Bool = lock.withLock {
            let first = incoming == nil
            incoming = (incoming ?? []).union(changed.isEmpty ? [""] : changed)
            return first
        }
        guard schedule else { return }
        queue.async {
            let changed = self.lock.withLock { () -> Set<String> in
                defer { self.incoming = nil }
                return self.incoming ?? []
            }
            guard !self.isStopped else { return }
            self.graceChanged.formUnion(changed)
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
        guard var event, !isStopped else { return }
        if let naming { event = event.renamingFiles(naming) }
        files.watch(reloader.watched, newFilesEndingIn: reloader.isFailing ? ".lua" : nil)
        onReload(event, reloader)
        continuation.yield(event)
    }
}
