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
