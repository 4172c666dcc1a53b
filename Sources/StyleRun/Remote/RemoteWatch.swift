import Dispatch
import Foundation
import Synchronization
import StyleCore

extension Runtime {
    /// Watches a stylesheet that `stylerun serve` publishes from another machine, on the main
    /// actor: what `watch(file:tree:theme:binder:onReload:)` does for a file on this one.
    ///
    ///     let url = URL(string: "http://192.168.1.20:7481/")!    // the address serve prints
    ///     handle = runtime.watch(url: url, file: "app.lua", tree: root, binder: binder) { event in
    ///         self.status = event.isSuccess ? "styled" : "\(event.diagnostics.count) errors"
    ///     }
    ///
    /// The watch keeps a connection to the server's event stream and receives every `.lua` file
    /// of the served folder with each change; it keeps them in a private cache folder and
    /// evaluates `file` there, so `require` finds the same modules as on the designer's disk (and
    /// the stdlib from this runtime's `stdlibPaths`). The first event is the first load, once
    /// the server has answered; each change the designer saves that alters a file the latest
    /// evaluation read reloads, with the events, binder delivery and last-good styles of a file
    /// watch. Events name files by their paths in the served folder (`app.lua`, `base/colors.lua`).
    ///
    /// A lost connection is tried again after 0.1 s, doubling to 5 s between attempts, and back
    /// to 0.1 s once the server answers again; a server restarted on the same address is picked
    /// up by itself, and when it serves what the tree already has, no event follows. Failures
    /// that are not the script's are `.failed` events with one diagnostic, while the tree keeps
    /// its styles: `remote-unreachable` when the server cannot be reached (once, until it has
    /// answered again), `remote-refused` when what answers is not `stylerun serve` (a web page,
    /// `stylerun preview`, a bundle naming a path outside its folder, an event over 32 MiB). The
    /// first good answer after such a failure reloads, so an event always follows it.
    ///
    /// - Parameters:
    ///   - url: the `http://` address `stylerun serve` prints (with the serving machine's address
    ///     or name in place of 127.0.0.1 when serving with `--host 0.0.0.0`).
    ///   - path: the script within the served folder, `/`-separated (`app.lua`, `screens/home.lua`).
    ///   - tree, theme, binder, onReload: as for `watch(file:tree:theme:binder:onReload:)`.
    /// - Returns: the handle that keeps the watch (and its connection) alive.
    @MainActor
    public func watch(url: URL, file path: String, tree: View? = nil, theme: String? = nil, binder: StyleBinder? = nil,
                      onReload: @escaping @MainActor (ReloadEvent) -> Void) -> WatchHandle {
        let (remote, cache) = RemotePlan.make(path: path)
        let reloader = Reloader(runtime: Runtime(copying: settings), file: remote.script, theme: theme, tree: tree)
        reloader.binder = binder
        let core = WatchCore(reloader: reloader, cache: cache) { event, _ in MainActor.assumeIsolated { onReload(event) } }
        return remote.start(url: url, home: MainActorWatchHome(core), configuration: .default)
    }

    /// Watches a stylesheet that `stylerun serve` publishes, from a serial queue: reloads run on
    /// `queue`, which owns `tree` from now on, and `onReload` is called there.
    ///
    ///     let handle = runtime.watch(url: url, file: "app.lua", tree: root, queue: queue) { event in
    ///         log.record(event)
    ///     }
    ///
    /// Events and reconnection are as for the main-actor overload.
    public func watch(url: URL, file path: String, tree: View? = nil, theme: String? = nil, queue: DispatchQueue,
                      onReload: @escaping @Sendable (ReloadEvent) -> Void) -> WatchHandle {
        watch(url: url, file: path, tree: tree, theme: theme, queue: queue, configuration: .default, onReload: onReload)
    }

    /// Watches a stylesheet that `stylerun serve` publishes and reports through `handle.events`
    /// only.
    ///
    ///     let handle = runtime.watch(url: url, file: "app.lua")
    ///     for await event in handle.events { print(event.json.serialized(.line)) }
    ///
    /// Reloads run on `queue` (a private serial one when nil), which owns `tree` from now on.
    public func watch(url: URL, file path: String, tree: View? = nil, theme: String? = nil, queue: DispatchQueue? = nil) -> WatchHandle {
        watch(url: url, file: path, tree: tree, theme: theme, queue: queue ?? DispatchQueue(label: "stylerun.watch"),
              configuration: .default) { _ in }
    }

    /// A remote watch from a queue; `configuration` shortens the timing for tests.
    func watch(url: URL, file path: String, tree: View?, theme: String?, queue: DispatchQueue,
               configuration: RemoteSource.Configuration,
               onReload: @escaping @Sendable (ReloadEvent) -> Void) -> WatchHandle {
        let (remote, cache) = RemotePlan.make(path: path)
        let reloader = Reloader(runtime: Runtime(copying: settings), file: remote.script, theme: theme, tree: Self.handOver(tree))
        let core = WatchCore(reloader: reloader, cache: cache) { event, _ in onReload(event) }
        return remote.start(url: url, home: QueueWatchHome(queue: queue, core), configuration: configuration)
    }
}

/// What a remote watch is made of before it starts: the script's path in the private folder
/// the sources are kept in (which the watch's core owns), and why the watch cannot work, when
/// it cannot.
private struct RemotePlan: Sendable {
    let setupFailure: String?
    /// Where the script is in the cache; without a usable cache or script path, a name that no
    /// file has.
    let script: String
    /// The cache's paths as the served folder names them.
    let naming: (@Sendable (String) -> String)?

    /// The plan, and the cache for the core (nil when it cannot be made).
    static func make(path: String) -> (RemotePlan, SourceCache?) {
        var cache: SourceCache?
        var failure: String?
        do throws(SourceCache.Failure) {
            cache = try SourceCache()
        } catch {
            failure = error.message
        }
        if failure == nil, !SourceBundle.isSafePath(path) {
            failure = "The script '\(path)' is not a path within a served folder; name it as it is in the folder, as in \"app.lua\" or \"screens/home.lua\"."
        }
        let script = cache.map { $0.path(of: SourceBundle.isSafePath(path) ? path : "unused.lua") } ?? path
        let naming: (@Sendable (String) -> String)? = cache.map { cache in
            let root = cache.root
            return { name in SourceCache.bundlePath(of: name, root: root) }
        }
        return (RemotePlan(setupFailure: failure, script: script, naming: naming), cache)
    }

    func start(url: URL, home: any WatchHome, configuration: RemoteSource.Configuration) -> WatchHandle {
        let failure = setupFailure
        let session = WatchSession(home: home, file: script, naming: naming) { session in
            RemoteWatchSource(url: url, failure: failure, configuration: configuration, session: session)
        }
        session.start()
        return WatchHandle(session)
    }
}

/// A remote watch's side of `WatchSession`: bundles from `RemoteSource` written into the cache
/// on the watch's queue, and failures reported as the watch's events.
///
/// Which failures become events: one per reason, until sources come again (a server down for a
/// minute is one `remote-unreachable`, not one per attempt). After a reported failure, the next
/// bundle reloads even when nothing changed, so that the host hears that all is well again.
final class RemoteWatchSource: WatchSource, Sendable {
    private weak let session: WatchSession?
    private let failure: String?
    private let url: URL
    private let source: RemoteSource?
    private let reports = Mutex(Reports())

    private struct Reports {
        var lastReported: String?
        var mustReload = true
    }

    init(url: URL, failure: String?, configuration: RemoteSource.Configuration, session: WatchSession) {
        self.url = url
        self.failure = failure
        self.session = session
        guard failure == nil else {
            source = nil
            return
        }
        // The source's callbacks reach this object through a box filled once it exists.
        let box = WeakRemoteWatchSource()
        source = RemoteSource(url: url, configuration: configuration,
                              onBundle: { bundle in box.value?.received(bundle) },
                              onFailure: { failure in box.value?.failed(failure) })
        box.set(self)
    }

    func start(watching file: String) -> Bool {
        if let failure {
            report(.remoteUnreachable, failure)
        } else {
            source?.start()
        }
        return false
    }

    func watch(_ paths: [String], newFilesEndingIn ending: String?) {}  // the server sends every file

    func whenSettled(_ body: @escaping @Sendable () -> Void) { body() }

    func stop() {
        source?.stop()
        // After the work already queued, which may still write into the cache.
        session?.withCore { core in core.cache?.remove() }
    }

    var pollingReason: String? { nil }

    private func received(_ bundle: SourceBundle) {
        let force = reports.withLock { r -> Bool in
            defer { r.lastReported = nil; r.mustReload = false }
            return r.mustReload
        }
        session?.sourcesChanged(force: force) { [weak self] core in
            guard let cache = core.cache else { return nil }
            do throws(SourceCache.Failure) {
                return try cache.store(bundle)
            } catch {
                self?.report(.remoteRefused, error.message)
                return nil
            }
        }
    }

    private func failed(_ failure: RemoteSource.Failure) {
        switch failure {
        case .unreachable(let message): report(.remoteUnreachable, message)
        case .refused(let message): report(.remoteRefused, message)
        }
    }

    private func report(_ code: Diagnostic.Code, _ message: String) {
        let isNew = reports.withLock { r -> Bool in
            guard r.lastReported != message else { return false }
            r.lastReported = message
            r.mustReload = true
            return true
        }
        guard isNew else { return }
        session?.report([Diagnostic(code, message, at: SourceLocation(file: url.absoluteString, line: 1))])
    }
}

/// A remote watch source as its connection's callbacks hold it: weakly, set once.
private final class WeakRemoteWatchSource: Sendable {
    private let reference = Mutex<WeakReference?>(nil)
    private struct WeakReference { weak var value: RemoteWatchSource? }

    var value: RemoteWatchSource? { reference.withLock { $0?.value } }
    func set(_ source: RemoteWatchSource) { reference.withLock { $0 = WeakReference(value: source) } }
}
