// The Linux companion of FileWatcher.swift: the kernel's folder events through inotify, since
// Dispatch has no file-system sources on Linux. FileWatcher decides which names matter and when
// to report; this file only turns inotify's byte stream into `FolderEvent`s.
#if os(Linux)
import Dispatch
import Foundation
import Glibc

/// The inotify watches of a set of folders, read on the watcher's queue.
///
///     let events = InotifyFolderEvents(queue: queue) { readEventsSoon() }
///     let missing = events.watch(folders: ["/work/styles"])
///     for event in events.read() { … }
///
/// Every method, and `whenReadable`, runs on `queue`.
final class InotifyFolderEvents: FolderEventSource {
    /// What a folder watch reports: the editor's whole repertoire of saves (write in place,
    /// truncate, rename over, delete and re-create, touch), and the folder itself going away.
    private static let mask: UInt32 = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE
        | IN_MODIFY | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

    private let descriptor: Int32
    private let source: DispatchSourceRead
    /// Events parsed and not yet read.
    private var parsed: [FolderEvent] = []
    /// Two paths of one folder (a symlinked folder) share a watch descriptor.
    private var foldersByWatch: [Int32: Set<String>] = [:]
    private var watchByFolder: [String: Int32] = [:]
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// Why the kernel refused a folder watch for good (the per-user limit), if it did.
    private(set) var refusal: String?

    /// Opens an inotify instance that calls `whenReadable` on `queue` when events wait; nil
    /// when the kernel refuses one (the per-user instance limit).
    init?(queue: DispatchQueue, whenReadable: @escaping @Sendable () -> Void) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        descriptor = fd
        source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setCancelHandler { Glibc.close(fd) }
        source.setEventHandler(handler: whenReadable)
        source.resume()
    }

    deinit { source.cancel() }

    /// Makes the watched folders exactly `folders`; returns those that cannot be watched now
    /// (they do not exist yet), for the caller to retry.
    func watch(folders: Set<String>) -> Set<String> {
        for (folder, wd) in watchByFolder where !folders.contains(folder) {
            watchByFolder[folder] = nil
            foldersByWatch[wd]?.remove(folder)
            if foldersByWatch[wd]?.isEmpty == true {
                foldersByWatch[wd] = nil
                inotify_rm_watch(descriptor, wd)
            }
        }
        var missing = Set<String>()
        for folder in folders where watchByFolder[folder] == nil {
            let wd = inotify_add_watch(descriptor, folder, Self.mask)
            guard wd >= 0 else {
                // A folder that does not exist (yet) is retried; the per-user watch limit
                // (ENOSPC) or the kernel's memory is not something retrying fixes.
                if errno == ENOSPC || errno == ENOMEM { refusal = String(cString: strerror(errno)).lowercased() }
                missing.insert(folder)
                continue
            }
            watchByFolder[folder] = wd
            foldersByWatch[wd, default: []].insert(folder)
        }
        return missing
    }

    /// Stops reading and closes the inotify descriptor (which drops every watch).
    func close() {
        source.cancel()
    }

    /// Every event queued so far, now: the kernel queues a write's events before the write
    /// returns, so this holds every change made before the call.
    func read() -> [FolderEvent] {
        drain()
        defer { parsed = [] }
        return parsed
    }

    /// Reads every queued event; the descriptor is non-blocking, so this ends at EAGAIN.
    private func drain() {
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            buffer.withUnsafeBytes { parse(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
        }
    }

    /// Whether the event ends a save: the file was renamed into place, or closed after writing
    /// and is not empty (a file closed empty may be truncated now and written in a second open).
    private static func completesSave(_ mask: UInt32, _ path: String) -> Bool {
        if mask & UInt32(IN_MOVED_TO) != 0 { return true }
        guard mask & UInt32(IN_CLOSE_WRITE) != 0 else { return false }
        var info = stat()
        return stat(path, &info) == 0 && info.st_size > 0
    }

    /// `struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }`, packed
    /// one after another; `name` is NUL-padded.
    private func parse(_ bytes: UnsafeRawBufferPointer) {
        let header = MemoryLayout<inotify_event>.size
        var offset = 0
        while offset + header <= bytes.count {
            let wd = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameBytes = bytes[(offset + header)..<min(offset + header + length, bytes.count)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            offset += header + length
            handle(wd: wd, mask: mask, name: name)
        }
    }

    private func handle(wd: Int32, mask: UInt32, name: String) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            parsed.append(.overflow)
            return
        }
        guard let folders = foldersByWatch[wd] else { return }
        if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            // A moved folder's watch follows the inode to its new name; drop it so the path is
            // watched again once something lives there.
            if mask & UInt32(IN_IGNORED) == 0 { inotify_rm_watch(descriptor, wd) }
            foldersByWatch[wd] = nil
            for folder in folders {
                watchByFolder[folder] = nil
                parsed.append(.folderGone(folder))
            }
            return
        }
        guard !name.isEmpty else { return }
        for folder in folders {
            parsed.append(.changed(folder: folder, name: name, completesSave: Self.completesSave(mask, folder + "/" + name)))
        }
    }
}
#endif
