/// Where a watch learns that its files changed: the file watcher for files on this machine, or
/// a remote server's bundles (`RemoteWatch`).
///
/// `WatchSession` asks the same of both, so a remote watch reloads through the same reloader,
/// events and last-good rules as a file watch.
protocol WatchSource: AnyObject, Sendable {
    /// Starts; whether the script can be loaded now. A remote watch loads when its first bundle
    /// has come.
    func start(watching file: String) -> Bool
    /// Follows exactly `paths` from now on (what the latest evaluation loaded).
    func watch(_ paths: [String], newFilesEndingIn ending: String?)
    /// Runs `body` once every change noticed before the call has been handed to the watch.
    func whenSettled(_ body: @escaping @Sendable () -> Void)
    func stop()
    /// Why files are polled rather than watched through the kernel; nil when they are not.
    var pollingReason: String? { get }
}

extension FileWatcher: WatchSource {
    func start(watching file: String) -> Bool {
        watch([file])
        return true
    }
}
