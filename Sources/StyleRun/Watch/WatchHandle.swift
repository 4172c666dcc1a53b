import Dispatch
import Foundation
import Synchronization
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
        let reloader = Reloader(runtime: Runtime(copying: settings), file: path, theme: theme, tree: tree)
        reloader.binder = binder
        let core = WatchCore(reloader: reloader) { event, _ in MainActor.assumeIsolated { onReload(event) } }
        return start(WatchSession(home: MainActorWatchHome(core), file: path))
    }

    /// Watches a stylesheet from a serial queue: reloads run on `queue`, and `onReload` is
    /// called there.
    ///
    ///     let handle = runtime.watch(file: "styles/app.lua", tree: root, queue: queue) { event in
    ///         log.record(event)     // a @Sendable closure: it captures only Sendable state
    ///     }
    ///
    /// Reloading writes the tree's views, so `tree` belongs to `queue` from now on: touch it
    /// only there (`queue.sync { root[Label.text] }`, or `handle.perform { sheet, tree in … }`).
    /// The compiler cannot check this rule, which is why the main-actor overload and the actor
    /// pattern of docs/SWIFT.md are preferred. The watch uses a copy of this runtime's schema,
    /// limits, stdlib paths and log; `print` reaches `log` on `queue`. Events are as for the
    /// main-actor overload.
    public func watch(file path: String, tree: View? = nil, theme: String? = nil, queue: DispatchQueue,
                      onReload: @escaping @Sendable (ReloadEvent) -> Void) -> WatchHandle {
        let reloader = Reloader(runtime: Runtime(copying: settings), file: path, theme: theme, tree: Self.handOver(tree))
        let core = WatchCore(reloader: reloader) { event, _ in onReload(event) }
        return start(WatchSession(home: QueueWatchHome(queue: queue, core), file: path))
    }

    /// A queue watch that also lays the tree out at `layoutWidth` points after each good
    /// reload (REFERENCE §10): the events' changes then include each view whose frame moved, as
    /// the property `frame` with the old and new `x,y w×h` (every frame at the first load).
    ///
    ///     runtime.watch(file: "app.lua", queue: queue, layoutWidth: 375) { print($0.changes) }
    public func watch(file path: String, tree: View? = nil, theme: String? = nil, queue: DispatchQueue,
                      layoutWidth: Double?, onReload: @escaping @Sendable (ReloadEvent) -> Void) -> WatchHandle {
        let reloader = Reloader(runtime: Runtime(copying: settings), file: path, theme: theme, tree: Self.handOver(tree))
        reloader.layoutWidth = layoutWidth
        let core = WatchCore(reloader: reloader) { event, _ in onReload(event) }
        return start(WatchSession(home: QueueWatchHome(queue: queue, core), file: path))
    }

    /// Watches a stylesheet and reports through `handle.events` only.
    ///
    ///     let handle = runtime.watch(file: "styles/app.lua")
    ///     for await event in handle.events { print(event.json.serialized(.line)) }
    ///
    /// Reloads run on `queue` (a private serial one when nil), which owns `tree` from now on.
    public func watch(file path: String, tree: View? = nil, theme: String? = nil, queue: DispatchQueue? = nil) -> WatchHandle {
        let reloader = Reloader(runtime: Runtime(copying: settings), file: path, theme: theme, tree: Self.handOver(tree))
        let core = WatchCore(reloader: reloader) { _, _ in }
        return start(WatchSession(home: QueueWatchHome(queue: queue ?? DispatchQueue(label: "stylerun.watch"), core), file: path))
    }

    /// A host's tree as a queue watch takes it: from now on it belongs to the watch's queue,
    /// which is the promise the queue overloads ask of the host (their documentation says so)
    /// and the one place the watch takes that promise on trust. The tree stays the host's
    /// variable as well, for the host to read on that queue, which is why it cannot be a
    /// `sending` parameter; everything past this point is checked by the compiler.
    static func handOver(_ tree: View?) -> sending View? {
        nonisolated(unsafe) let handedOver = tree
        return handedOver
    }

    private func start(_ session: WatchSession) -> WatchHandle {
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
                      onStyled: sending @escaping (ReloadEvent, WatchedTree) -> Void) -> WatchHandle {
        let reloader = Reloader(runtime: Runtime(copying: settings), file: path, theme: theme, tree: nil)
        let core = WatchCore(reloader: reloader) { event, r in
            onStyled(event, WatchedTree(root: r.tree, themeNames: r.themeNames, activeTheme: r.activeTheme, stylesheet: r.stylesheet,
                                        traits: r.traits, stateOverrides: r.stateOverrides))
        }
        return start(WatchSession(home: QueueWatchHome(queue: queue ?? DispatchQueue(label: "stylerun.watch"), core), file: path))
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
    /// The latest good stylesheet, which styled `root` (for the other states' values).
    public let stylesheet: LoadedStylesheet?
    /// The traits the tree is styled for (`WatchHandle.setTraits`).
    public let traits: Traits
    /// The states given to controls by reference (`WatchHandle.setState`).
    public let stateOverrides: [String: ControlState]
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

    /// Styles for other traits from now on (SPEC §6.2), with one event: the tree is restyled
    /// with the current stylesheet, without evaluating the script again, unless the script
    /// read its `traits` table or is failing; later reloads evaluate and style with them.
    ///
    ///     handle.setTraits(Traits(colorScheme: .dark))
    public func setTraits(_ traits: Traits) { session.setTraits(traits) }

    /// Puts the control at `reference` (a view's reference, `#subscribe` or
    /// `StackView#root > Button[2]`) in `state`, in place of the state its tree gives it, or
    /// back in that one with nil; restyles with one event. The state stays through reloads,
    /// given to whichever control has that reference; a reference with no control is kept
    /// for when one appears.
    ///
    ///     handle.setState(.highlighted, ofViewAt: "#subscribe")   // pressed
    ///     handle.setState(nil, ofViewAt: "#subscribe")            // released
    public func setState(_ state: ControlState?, ofViewAt reference: String) { session.setState(state, ofViewAt: reference) }

    /// Puts `view`, a control of the host's tree, in `state` (nil: back in the one its tree
    /// gives it, from `isEnabled`, `isHighlighted`…), for a watch started on the main actor:
    /// restyles at once only what the state can change (the control, and its descendants
    /// when a rule looks at an ancestor's state) and reports it as an event, its changes
    /// delivered to the binder. The view keeps the state through reloads and trait changes.
    /// Before the first good load (or while the script fails) the state is only set, and the
    /// next good reload styles for it.
    ///
    ///     handle.setState(.highlighted, of: subscribe)   // touch down: restyled now
    ///     handle.setState(nil, of: subscribe)            // touch up
    ///
    /// - Returns: the event (also given to `onReload` and `events`), nil when nothing was styled.
    @MainActor @discardableResult
    public func setState(_ state: ControlState?, of view: View) -> ReloadEvent? {
        session.setState(state, of: view)
    }

    /// The latest stylesheet that was applied without error (nil until the first good load),
    /// for a watch started on the main actor.
    ///
    ///     let cell = View(.label, classes: ["tag"])
    ///     try handle.stylesheet?.apply(to: cell)
    @MainActor
    public var stylesheet: LoadedStylesheet? {
        session.mainActorReloader.stylesheet
    }

    /// The styled tree: the host's, or the latest good tree the script returned (nil before the
    /// first good load of a script's own tree), for a watch started on the main actor.
    ///
    ///     if let root = handle.tree { binder.attachTree(root) { mirror(for: $0) } }
    @MainActor
    public var tree: View? {
        session.mainActorReloader.tree
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
        try session.mainActorReloader.apply(to: view)
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
