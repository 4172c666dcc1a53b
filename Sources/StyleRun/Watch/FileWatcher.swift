import Dispatch
import Foundation
import Synchronization

/// What the platform's folder events report (inotify on Linux, polling elsewhere).
enum FolderEvent {
    /// Something happened to the entry `name` of `folder`. `completesSave` when the event
    /// ends an editor's save: a file renamed into place, or closed after writing with content
    /// (a file closed empty may be the first half of a truncate-then-write).
    case changed(folder: String, name: String, completesSave: Bool = false)
    /// The folder itself was deleted or moved; its watch is gone.
    case folderGone(String)
    /// The kernel dropped events; anything may have changed.
    case overflow
}

/// Where folder events come from: inotify on Linux, polling elsewhere or as Linux's fallback.
/// A source says when it has something to read (`whenReadable`, on the watcher's queue) and
/// hands its events over when asked; it never calls into the watcher while the watcher reads it.
protocol FolderEventSource: AnyObject {
    /// Makes the watched folders exactly `folders`; returns those that cannot be watched now.
    func watch(folders: Set<String>) -> Set<String>
    /// Every change made before the call, now, in the order they happened.
    func read() -> [FolderEvent]
    func close()
}

/// Watches files by watching their folders, and reports each settled burst of changes once.
///
///     let watcher = FileWatcher { paths in print("changed:", paths) }
///     watcher.watch(["/work/app.lua", "/work/stdlib/base.lua"])
///     …
///     watcher.stop()
///
/// Editors save in many ways: writing in place, truncating then writing, writing a temporary
/// file and renaming it over, deleting and re-creating, writing through a symlink. Watching the
/// folder (not the file's inode) sees all of them, and survives the file being replaced. A file
/// that is a symlink is watched under both names, the link's and the target's. Events are
/// debounced: `onChange` runs once `debounce` after the last relevant event (or at the latest
/// `maximumDelay` after the first, for a file that never stops changing), with the watched
/// paths that changed; an event that completes a save (a rename into place, a close after
/// writing a non-empty file) ends its burst at once, with what was read along with it, so
/// only a save that leaves the file open or empty waits for the timer; an empty set means "anything may have changed" (the kernel's queue
/// overflowed). Whether the content really changed is for the caller to decide.
///
/// Thread-safe: every method may be called from any thread; `onChange` runs on a private queue.
/// The watcher's state is behind a mutex that only that queue takes (so it is never contended
/// and never waited for); the compiler checks that nothing reaches it another way.
final class FileWatcher: Sendable {
    private let queue = DispatchQueue(label: "stylerun.file-watcher")
    private let debounce: DispatchTimeInterval
    private let maximumDelay: TimeInterval
    private let onChange: @Sendable (Set<String>) -> Void
    private let state = Mutex(State())

    /// Everything that changes, touched on the watcher's queue under its mutex.
    private struct State {
        var events: (any FolderEventSource)?
        /// Why the folders are polled instead of watched by the kernel, when they are.
        var reasonForPolling: String?
        /// Folder → names in it that matter → the watched path each stands for (a symlink's
        /// target stands for the link).
        var names: [String: [String: String]] = [:]
        var newFileExtension: String?
        var missingFolders: Set<String> = []
        var retryScheduled = false
        var pending: Set<String> = []
        var pendingSince: Date?
        var generation = 0
        var stopped = false
        /// Waiting for the burst in progress to be reported (`whenSettled`).
        var settledWaiters: [@Sendable () -> Void] = []
    }

    /// Why the folders are polled instead of watched by the kernel, when they are; nil with
    /// inotify. A command says so, since polling is slower to notice and costs CPU.
    /// Read on the watcher's queue, after the watches asked for so far are in place.
    var pollingReason: String? { queue.sync { state.withLock { $0.reasonForPolling } } }

    /// A watcher that calls `onChange` with the paths of each settled burst of changes.
    ///
    ///     let watcher = FileWatcher(debounce: .milliseconds(40)) { paths in reload(paths) }
    init(debounce: DispatchTimeInterval = .milliseconds(40), maximumDelay: TimeInterval = 0.5,
         onChange: @escaping @Sendable (Set<String>) -> Void) {
        self.debounce = debounce
        self.maximumDelay = maximumDelay
        self.onChange = onChange
        queue.sync {
            state.withLock { s in
                let readable: @Sendable () -> Void = { [weak self] in self?.readEvents() }
                #if os(Linux)
                let refused = ProcessInfo.processInfo.environment[Self.noInotifyVariable] != nil
                if !refused, let inotify = InotifyFolderEvents(queue: queue, whenReadable: readable) {
                    s.events = inotify
                    return
                }
                let reason = refused ? "\(Self.noInotifyVariable) is set" : String(cString: strerror(errno)).lowercased()
                s.reasonForPolling = "inotify cannot be used (\(reason))"
                #endif
                s.events = PollingFolderEvents(queue: queue, whenDue: readable)
            }
        }
    }

    deinit { state.withLock { $0.events?.close() } }

    /// For tests: set, the watcher polls as it does when inotify cannot be used.
    static let noInotifyVariable = "STYLERUN_TEST_NO_INOTIFY"

    /// Watches exactly `paths` from now on (absolute, or relative to the working folder).
    ///
    ///     watcher.watch(evaluation.files, newFilesEndingIn: ".lua")
    ///
    /// With `newFilesEndingIn`, a file with that ending appearing or changing in a watched
    /// folder counts too: after a failed evaluation, the module the script now requires may be
    /// one that does not exist yet.
    ///
    /// The folders are watched when this returns (it waits for the watcher's queue): a change
    /// made right after, such as deleting the script the moment its first load is reported,
    /// is seen. Never call it from the watcher's own queue (`onChange`, `whenSettled`).
    func watch(_ paths: [String], newFilesEndingIn ending: String? = nil) {
        let absolute = paths.map(Self.absolute)
        queue.sync {
            state.withLock { s in
                guard !s.stopped else { return }
                s.newFileExtension = ending
                s.names = Self.folders(of: absolute)
                resync(&s)
            }
        }
    }

    /// Runs `body` on the watcher's queue once every change made before this call has been
    /// reported: at once when none is pending, else right after the `onChange` of its burst.
    /// What tests wait for instead of sleeping.
    func whenSettled(_ body: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            let settled = state.withLock { s in
                handle(s.events?.read() ?? [], &s)
                if s.pending.isEmpty || s.stopped { return true }
                s.settledWaiters.append(body)
                return false
            }
            if settled { body() }
        }
    }

    /// Stops watching; `onChange` is not called after this returns.
    func stop() {
        queue.sync {
            state.withLock { s in
                s.stopped = true
                s.events?.close()
                s.events = nil
            }
        }
    }

    /// `path` made absolute against the working folder, with `.` and `..` removed; symlinks
    /// are kept (NSString's `standardizingPath` would resolve them on Linux).
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardized.path
    }

    /// Each path's folder and name; for a symlink, also the folder and name of its target.
    private static func folders(of paths: [String]) -> [String: [String: String]] {
        var out: [String: [String: String]] = [:]
        for path in paths {
            let url = URL(fileURLWithPath: path)
            out[url.deletingLastPathComponent().path, default: [:]][url.lastPathComponent] = path
            let target = url.resolvingSymlinksInPath()
            if target.path != path {
                out[target.deletingLastPathComponent().path, default: [:]][target.lastPathComponent] = path
            }
        }
        return out
    }

    // MARK: On the queue, under the mutex

    /// The source has events: handles them all.
    private func readEvents() {
        state.withLock { s in
            guard !s.stopped else { return }
            handle(s.events?.read() ?? [], &s)
        }
    }

    /// Brings the folder watches in line with `names`, and keeps retrying folders that do not
    /// exist yet (or were deleted) until they do.
    private func resync(_ s: inout State) {
        guard let events = s.events, !s.stopped else { return }
        let wasMissing = s.missingFolders
        s.missingFolders = events.watch(folders: Set(s.names.keys))
        #if os(Linux)
        if let inotify = events as? InotifyFolderEvents, let refusal = inotify.refusal {
            // Out of inotify watches: every folder is polled from now on.
            inotify.close()
            let polling = PollingFolderEvents(queue: queue) { [weak self] in self?.readEvents() }
            s.events = polling
            s.reasonForPolling = "inotify cannot watch more folders (\(refusal))"
            s.missingFolders = polling.watch(folders: Set(s.names.keys))
            note(Set(s.names.values.flatMap(\.values)), &s)  // what changed meanwhile is found by the reload's comparison
        }
        #endif
        let appeared = wasMissing.subtracting(s.missingFolders).filter { s.names[$0] != nil }
        // A folder that came back may already hold the files.
        for folder in appeared { note(Set(s.names[folder, default: [:]].values), &s) }
        if !s.missingFolders.isEmpty, !s.retryScheduled {
            s.retryScheduled = true
            queue.asyncAfter(deadline: .now() + .milliseconds(250)) { [weak self] in
                self?.state.withLock { s in
                    s.retryScheduled = false
                    self?.resync(&s)
                }
            }
        }
    }

    private func handle(_ events: [FolderEvent], _ s: inout State) {
        for event in events {
            guard !s.stopped else { return }
            switch event {
            case .overflow:
                note([], &s)
            case .folderGone(let folder):
                s.missingFolders.insert(folder)
                note(Set(s.names[folder, default: [:]].values), &s)
                resync(&s)
            case .changed(let folder, let name, let completesSave):
                if let path = s.names[folder]?[name] {
                    note([path], completesSave: completesSave, &s)
                } else if let ending = s.newFileExtension, name.hasSuffix(ending), !name.hasPrefix(".") {
                    note([folder + "/" + name], completesSave: completesSave, &s)
                }
            }
        }
    }

    /// Records changed paths and restarts the debounce; an empty set forces a full rescan.
    /// A change that completes a save reports the burst as soon as the events read with it
    /// are handled (the report is queued behind them).
    private func note(_ paths: Set<String>, completesSave: Bool = false, _ s: inout State) {
        if paths.isEmpty { s.pending.insert("") } else { s.pending.formUnion(paths) }
        let now = Date()
        if s.pendingSince == nil { s.pendingSince = now }
        s.generation += 1
        let current = s.generation
        let waitedLongEnough = now.timeIntervalSince(s.pendingSince ?? now) >= maximumDelay
        queue.asyncAfter(deadline: waitedLongEnough || completesSave ? .now() : .now() + debounce) { [weak self] in
            self?.fire(ifStill: current)
        }
    }

    /// Reports the burst `generation` ended, unless a later change has extended it. `onChange`
    /// and the waiters run after the mutex is let go.
    private func fire(ifStill generation: Int) {
        let report: (paths: Set<String>, waiters: [@Sendable () -> Void])? = state.withLock { s in
            guard s.generation == generation, !s.stopped else { return nil }
            let paths = s.pending.contains("") ? Set<String>() : s.pending
            s.pending = []
            s.pendingSince = nil
            // A symlink may now point elsewhere: watch its new target's folder.
            let all = s.names.values.flatMap(\.values)
            s.names = Self.folders(of: Array(Set(all)))
            resync(&s)
            defer { s.settledWaiters = [] }
            return (paths, s.settledWaiters)
        }
        guard let report else { return }
        onChange(report.paths)
        report.waiters.forEach { $0() }
    }
}
