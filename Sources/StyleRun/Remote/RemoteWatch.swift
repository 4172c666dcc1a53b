import Dispatch
import Foundation
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
        watch(url: url, file: path, tree: tree, theme: theme, binder: binder, queue: .main, isMainActor: true,
              configuration: .default) { event in
            MainActor.assumeIsolated { onReload(event) }
        }
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
        watch(url: url, file: path, tree: tree, theme: theme, binder: nil, queue: queue, isMainActor: false,
              configuration: .default, onReload: onReload)
    }

    /// Watches a stylesheet that `stylerun serve` publishes and reports through `handle.events`
    /// only.
    ///
    ///     let handle = runtime.watch(url: url, file: "app.lua")
    ///     for await event in handle.events { print(event.json.serialized(.line)) }
    ///
    /// Reloads run on `queue` (a private serial one when nil), which owns `tree` from now on.
    public func watch(url: URL, file path: String, tree: View? = nil, theme: String? = nil, queue: DispatchQueue? = nil) -> WatchHandle {
        watch(url: url, file: path, tree: tree, theme: theme, binder: nil, queue: queue ?? DispatchQueue(label: "stylerun.watch"),
              isMainActor: false, configuration: .default) { _ in }
    }

    /// Every remote watch; `configuration` shortens the timing for tests.
    func watch(url: URL, file path: String, tree: View?, theme: String?, binder: StyleBinder?, queue: DispatchQueue,
               isMainActor: Bool, configuration: RemoteSource.Configuration,
               onReload: @escaping @Sendable (ReloadEvent) -> Void) -> WatchHandle {
        let copy = Runtime(schema: schema, limits: limits, stdlibPaths: stdlibPaths, log: log)
        let cache: SourceCache?
        var setupFailure: String?
        do throws(SourceCache.Failure) {
            cache = try SourceCache()
        } catch {
            cache = nil
            setupFailure = error.message
        }
        if setupFailure == nil, !SourceBundle.isSafePath(path) {
            setupFailure = "The script '\(path)' is not a path within a served folder; name it as it is in the folder, as in \"app.lua\" or \"screens/home.lua\"."
        }
        // Without a usable cache or script path, the script "is" a name that no file has.
        let script = cache.map { $0.path(of: SourceBundle.isSafePath(path) ? path : "unused.lua") } ?? path
        let reloader = Reloader(runtime: copy, file: script, theme: theme, tree: tree)
        reloader.binder = binder
        var naming: (@Sendable (String) -> String)?
        if let root = cache?.root {
            naming = { name in SourceCache.bundlePath(of: name, root: root) }
        }
        let session = WatchSession(reloader: reloader, queue: queue, isMainActor: isMainActor, naming: naming,
                                   onReload: { event, _ in onReload(event) }) { session in
            RemoteWatchSource(url: url, cache: cache, failure: setupFailure, configuration: configuration, session: session)
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
final class RemoteWatchSource: WatchSource, @unchecked Sendable {
    private weak var session: WatchSession?
    private let cache: SourceCache?
    private let failure: String?
    private let url: URL
    private var source: RemoteSource?
    private let lock = NSLock()
    // Guarded by `lock`.
    private var lastReported: String?
    private var mustReload = true

    init(url: URL, cache: SourceCache?, failure: String?, configuration: RemoteSource.Configuration, session: WatchSession) {
        self.url = url
        self.cache = cache
        self.failure = failure
        self.session = session
        guard failure == nil else { return }
        source = RemoteSource(url: url, configuration: configuration,
                              onBundle: { [weak self] bundle in self?.received(bundle) },
                              onFailure: { [weak self] failure in self?.failed(failure) })
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
        if let cache, let session {
            nonisolated(unsafe) let owned = cache
            session.onQueue { owned.remove() }
        } else {
            cache?.remove()
        }
    }

    var pollingReason: String? { nil }

    private func received(_ bundle: SourceBundle) {
        guard let cache else { return }
        let force = lock.withLock { () -> Bool in
            defer { lastReported = nil; mustReload = false }
            return mustReload
        }
        nonisolated(unsafe) let owned = cache
        session?.sourcesChanged(force: force) { [weak self] in
            do throws(SourceCache.Failure) {
                return try owned.store(bundle)
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
        let isNew = lock.withLock { () -> Bool in
            guard lastReported != message else { return false }
            lastReported = message
            mustReload = true
            return true
        }
        guard isNew else { return }
        session?.report([Diagnostic(code, message, at: SourceLocation(file: url.absoluteString, line: 1))])
    }
}
