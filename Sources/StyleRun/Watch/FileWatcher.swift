import Dispatch
import Foundation

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
protocol FolderEventSource: AnyObject {
    /// Makes the watched folders exactly `folders`; returns those that cannot be watched now.
    func watch(folders: Set<String>) -> Set<String>
    /// Reports every change made before the call, now.
    func readPending()
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
final class FileWatcher: @unchecked Sendable {
    // Everything below `queue` is confined to it; that is what makes the class Sendable.
    private let queue = DispatchQueue(label: "stylerun.file-watcher")
    private let debounce: DispatchTimeInterval
    private let maximumDelay: TimeInterval
    private let onChange: @Sendable (Set<String>) -> Void
    private var events: (any FolderEventSource)?
    /// Why the folders are polled instead of watched by the kernel, when they are; nil with
    /// inotify. A command says so, since polling is slower to notice and costs CPU.
    /// Read on the watcher's queue, after the watches asked for so far are in place.
    var pollingReason: String? { queue.sync { reasonForPolling } }
    private var reasonForPolling: String?
    /// Folder → names in it that matter → the watched path each stands for (a symlink's target
    /// stands for the link).
    private var names: [String: [String: String]] = [:]
    private var newFileExtension: String?
    private var missingFolders: Set<String> = []
    private var retryScheduled = false
    private var pending: Set<String> = []
    private var pendingSince: Date?
    private var generation = 0
    private var stopped = false
    /// Waiting for the burst in progress to be reported (`whenSettled`).
    private var settledWaiters: [@Sendable () -> Void] = []

    /// A watcher that calls `onChange` with the paths of each settled burst of changes.
    ///
    ///     let watcher = FileWatcher(debounce: .milliseconds(40)) { paths in reload(paths) }
    init(debounce: DispatchTimeInterval = .milliseconds(40), maximumDelay: TimeInterval = 0.5,
         onChange: @escaping @Sendable (Set<String>) -> Void) {
        self.debounce = debounce
        self.maximumDelay = maximumDelay
        self.onChange = onChange
        queue.sync {
            let handler: (FolderEvent) -> Void = { [weak self] in self?.handle($0) }
            #if os(Linux)
            if ProcessInfo.processInfo.environment[Self.noInotifyVariable] == nil,
               let inotify = InotifyFolderEvents(queue: queue, handler: handler) {
                events = inotify
                return
            }
            let reason = ProcessInfo.processInfo.environment[Self.noInotifyVariable] != nil
                ? "\(Self.noInotifyVariable) is set" : String(cString: strerror(errno)).lowercased()
            reasonForPolling = "inotify cannot be used (\(reason))"
            #endif
            events = PollingFolderEvents(queue: queue, handler: handler)
        }
    }

    deinit { events?.close() }

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
        queue.sync { [self] in
            guard !stopped else { return }
            newFileExtension = ending
            names = Self.folders(of: absolute)
            resync()
        }
    }

    /// Runs `body` on the watcher's queue once every change made before this call has been
    /// reported: at once when none is pending, else right after the `onChange` of its burst.
    /// What tests wait for instead of sleeping.
    func whenSettled(_ body: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            events?.readPending()
            if pending.isEmpty || stopped { body() } else { settledWaiters.append(body) }
        }
    }

    /// Stops watching; `onChange` is not called after this returns.
    func stop() {
        queue.sync {
            stopped = true
            events?.close()
            events = nil
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

    // MARK: On the queue

    /// Brings the folder watches in line with `names`, and keeps retrying folders that do not
    /// exist yet (or were deleted) until they do.
    private func resync() {
        guard let events, !stopped else { return }
        let wasMissing = missingFolders
        missingFolders = events.watch(folders: Set(names.keys))
        #if os(Linux)
        if let inotify = events as? InotifyFolderEvents, let refusal = inotify.refusal {
            // Out of inotify watches: every folder is polled from now on.
            inotify.close()
            let polling = PollingFolderEvents(queue: queue) { [weak self] in self?.handle($0) }
            self.events = polling
            reasonForPolling = "inotify cannot watch more folders (\(refusal))"
            missingFolders = polling.watch(folders: Set(names.keys))
            note(Set(names.values.flatMap(\.values)))  // what changed meanwhile is found by the reload's comparison
        }
        #endif
        let appeared = wasMissing.subtracting(missingFolders).filter { names[$0] != nil }
        if !appeared.isEmpty {
            // A folder that came back may already hold the files.
            for folder in appeared { note(Set(names[folder, default: [:]].values)) }
        }
        if !missingFolders.isEmpty, !retryScheduled {
            retryScheduled = true
            queue.asyncAfter(deadline: .now() + .milliseconds(250)) { [weak self] in
                self?.retryScheduled = false
                self?.resync()
            }
        }
    }

    private func handle(_ event: FolderEvent) {
        guard !stopped else { return }
        switch event {
        case .overflow:
            note([])
        case .folderGone(let folder):
            missingFolders.insert(folder)
            note(Set(names[folder, default: [:]].values))
            resync()
        case .changed(let folder, let name, let completesSave):
            if let path = names[folder]?[name] {
                note([path], completesSave: completesSave)
            } else if let ending = newFileExtension, name.hasSuffix(ending), !name.hasPrefix(".") {
                note([folder + "/" + name], completesSave: completesSave)
            }
        }
    }

    /// Records changed paths and restarts the debounce; an empty set forces a full rescan.
    /// A change that completes a save reports the burst as soon as the events read with it
    /// are handled (the report is queued behind them).
    private func note(_ paths: Set<String>, completesSave: Bool = false) {
        if paths.isEmpty { pending.insert("") } else { pending.formUnion(paths) }
        let now = Date()
        if pendingSince == nil { pendingSince = now }
        generation += 1
        let current = generation
        let waitedLongEnough = now.timeIntervalSince(pendingSince ?? now) >= maximumDelay
        queue.asyncAfter(deadline: waitedLongEnough || completesSave ? .now() : .now() + debounce) { [weak self] in
            guard let self, self.generation == current, !self.stopped else { return }
            self.fire()
        }
    }

    private func fire() {
        let paths = pending.contains("") ? Set<String>() : pending
        pending = []
        pendingSince = nil
        // A symlink may now point elsewhere: watch its new target's folder.
        let all = names.values.flatMap(\.values)
        names = Self.folders(of: Array(Set(all)))
        resync()
        onChange(paths)
        let waiters = settledWaiters
        settledWaiters = []
        waiters.forEach { $0() }
    }
}
