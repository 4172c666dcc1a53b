// The companion of FileWatcher.swift on platforms without inotify (macOS, for Swift hosts
// developing there), and on Linux when inotify cannot be used (the per-user instance limit):
// folder events found by comparing the folders' listings a few times a second.
import Dispatch
import Foundation

/// Folder events by polling: each watched folder's entries with their size, modification date
/// and file number, compared every `interval`.
///
///     let events = PollingFolderEvents(queue: queue) { readEventsSoon() }
///     let missing = events.watch(folders: ["/Users/me/styles"])
///     for event in events.read() { … }
///
/// Every method, and `whenDue`, runs on `queue`.
final class PollingFolderEvents: FolderEventSource {
    private struct Entry: Equatable {
        let size: Int
        let modified: Date
        let fileNumber: Int
    }

    private let timer: DispatchSourceTimer
    private var listings: [String: [String: Entry]] = [:]

    /// How often the folders are listed.
    static let interval: DispatchTimeInterval = .milliseconds(100)

    /// Calls `whenDue` on `queue` every `interval`, for the owner to `read()`.
    init(queue: DispatchQueue, interval: DispatchTimeInterval = PollingFolderEvents.interval,
         whenDue: @escaping @Sendable () -> Void) {
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler(handler: whenDue)
        timer.resume()
    }

    deinit { timer.cancel() }

    /// Makes the watched folders exactly `folders`; returns those that do not exist now.
    func watch(folders: Set<String>) -> Set<String> {
        listings = listings.filter { folders.contains($0.key) }
        var missing = Set<String>()
        for folder in folders where listings[folder] == nil {
            guard let listing = Self.list(folder) else {
                missing.insert(folder)
                continue
            }
            listings[folder] = listing
        }
        return missing
    }

    /// Stops polling.
    func close() {
        timer.cancel()
    }

    /// Looks at the folders now: every change made before the call.
    func read() -> [FolderEvent] {
        var events: [FolderEvent] = []
        for (folder, old) in listings {
            guard let new = Self.list(folder) else {
                listings[folder] = nil
                events.append(.folderGone(folder))
                continue
            }
            listings[folder] = new
            for name in Set(old.keys).union(new.keys) where old[name] != new[name] {
                events.append(.changed(folder: folder, name: name))
            }
        }
        return events
    }

    private static func list(_ folder: String) -> [String: Entry]? {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder) else { return nil }
        var out: [String: Entry] = [:]
        for name in names {
            guard let attributes = try? fm.attributesOfItem(atPath: folder + "/" + name) else { continue }
            out[name] = Entry(size: (attributes[.size] as? NSNumber)?.intValue ?? 0,
                              modified: attributes[.modificationDate] as? Date ?? .distantPast,
                              fileNumber: (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? 0)
        }
        return out
    }
}
