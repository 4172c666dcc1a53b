#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reading, writing and deleting snapshot files with POSIX calls, so that what goes wrong is
/// said in a designer's terms (the path, what is there, the system's reason) and never as a
/// Foundation error's text.
///
///     switch SnapshotFileAccess.entry(at: path) {
///     case .missing: …                      // record it
///     case .regularFile: let bytes = try SnapshotFileAccess.read(path)
///     case let other: print(SnapshotFileAccess.Problem.notAFile(path: path, entry: other).message)
///     }
///
/// A named pipe is never opened for reading as a file (it would wait for a writer for ever):
/// the file is opened without waiting and checked to be a regular file before it is read.
public enum SnapshotFileAccess {
    /// What is at a path (symbolic links followed).
    public enum Entry: Equatable, Sendable {
        case missing
        case regularFile
        case folder
        case namedPipe
        case socket
        case device
        /// Something that cannot be looked at: the system's reason.
        case unreadable(String)

        /// `a folder`, `a named pipe (FIFO)`: what a message says is there.
        public var description: String {
            switch self {
            case .missing: "nothing"
            case .regularFile: "a file"
            case .folder: "a folder"
            case .namedPipe: "a named pipe (FIFO)"
            case .socket: "a socket"
            case .device: "a device"
            case .unreadable(let reason): "something that cannot be examined (\(reason))"
            }
        }
    }

    /// Why a snapshot file could not be read, written or deleted.
    public enum Problem: Error, Equatable, Sendable {
        /// Something other than a regular file is where a snapshot file should be.
        case notAFile(path: String, entry: Entry)
        case cannotRead(path: String, reason: String)
        case cannotWrite(path: String, reason: String)
        case cannotDelete(path: String, reason: String)
        case cannotMakeFolder(path: String, reason: String)
        /// A folder that is there but whose names cannot be listed.
        case cannotList(path: String, reason: String)

        public var message: String {
            switch self {
            case .notAFile(let path, let entry):
                "'\(path)' is \(entry.description), not a snapshot file; move or remove it so that the snapshot can be recorded there."
            case .cannotRead(let path, let reason): "Cannot read '\(path)': \(reason)."
            case .cannotWrite(let path, let reason): "Cannot write '\(path)': \(reason)."
            case .cannotDelete(let path, let reason): "Cannot delete '\(path)': \(reason)."
            case .cannotMakeFolder(let path, let reason): "Cannot make the folder '\(path)': \(reason)."
            case .cannotList(let path, let reason): "Cannot list the folder '\(path)': \(reason)."
            }
        }
    }

    /// What is at `path`; a dangling symbolic link counts as missing (writing replaces it).
    public static func entry(at path: String) -> Entry {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(reason())
        }
        return entry(mode: info.st_mode)
    }

    private static func entry(mode: mode_t) -> Entry {
        switch mode & S_IFMT {
        case S_IFREG: .regularFile
        case S_IFDIR: .folder
        case S_IFIFO: .namedPipe
        case S_IFSOCK: .socket
        case S_IFCHR, S_IFBLK: .device
        default: .unreadable("an unknown kind of file")
        }
    }

    /// The bytes of the regular file at `path`.
    ///
    /// - Throws: `Problem.notAFile` for a folder, named pipe, socket or device (checked on the
    ///   opened descriptor, so nothing can be swapped in between), `Problem.cannotRead` else.
    public static func read(_ path: String) throws(Problem) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENXIO { throw .notAFile(path: path, entry: entry(at: path)) }  // a socket
            throw .cannotRead(path: path, reason: reason(code))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotRead(path: path, reason: reason()) }
        let kind = entry(mode: info.st_mode)
        guard kind == .regularFile else { throw .notAFile(path: path, entry: kind) }
        // The size the file has now and a byte more, read in place: one read sees the end of a
        // file that did not grow. One that grew since is read on in chunks.
        var failure: Int32 = 0, atEnd = false
        var bytes = [UInt8](unsafeUninitializedCapacity: max(Int(info.st_size), 0) + 1) { buffer, count in
            count = 0
            while count < buffer.count {
                let n = systemRead(fd, buffer.baseAddress! + count, buffer.count - count)
                if n > 0 { count += n; continue }
                if n == 0 { atEnd = true; return }
                if errno == EINTR { continue }
                failure = errno
                return
            }
        }
        if failure != 0 { throw .cannotRead(path: path, reason: reason(failure)) }
        if atEnd { return bytes }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if n > 0 { bytes += chunk.prefix(n); continue }
            if n == 0 { return bytes }
            if errno == EINTR { continue }
            throw .cannotRead(path: path, reason: reason())
        }
    }

    /// Writes `bytes` to `path` whole or not at all (a temporary file beside it, renamed over
    /// it), making its folder and the folders above as needed.
    public static func write(_ bytes: [UInt8], to path: String) throws(Problem) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try makeFolder(folder) }
        switch entry(at: path) {
        case .missing, .regularFile: break
        case let other: throw .notAFile(path: path, entry: other)
        }
        let name = (path as NSString).lastPathComponent
        let temporary = ((folder.isEmpty ? "." : folder) as NSString)
            .appendingPathComponent(".\(name).\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: reason()) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n > 0 { offset += n; continue }
            if n < 0, errno == EINTR { continue }
            let why = reason()
            close(fd)
            unlink(temporary)
            throw .cannotWrite(path: path, reason: why)
        }
        guard close(fd) == 0 else {
            let why = reason()
            unlink(temporary)
            throw .cannotWrite(path: path, reason: why)
        }
        guard rename(temporary, path) == 0 else {
            let why = reason()
            unlink(temporary)
            throw .cannotWrite(path: path, reason: why)
        }
    }

    /// Deletes the regular file at `path`; refuses anything else (a folder is never emptied).
    public static func delete(_ path: String) throws(Problem) {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .cannotDelete(path: path, reason: reason()) }
        let kind = info.st_mode & S_IFMT == S_IFLNK ? .regularFile : entry(mode: info.st_mode)
        guard kind == .regularFile else { throw .notAFile(path: path, entry: kind) }
        guard unlink(path) == 0 else { throw .cannotDelete(path: path, reason: reason()) }
    }

    /// The names in `folder` (`.` and `..` left out), unsorted; none for a folder that is not there.
    ///
    /// - Throws: `Problem.cannotList` for a folder that is there but cannot be listed (no read
    ///   permission), or for something other than a folder.
    public static func names(in folder: String) throws(Problem) -> [String] {
        guard let directory = opendir(folder) else {
            let code = errno
            if code == ENOENT { return [] }
            throw .cannotList(path: folder, reason: reason(code))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw .cannotList(path: folder, reason: reason()) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
    }

    /// Makes `folder` and the folders above it as needed.
    public static func makeFolder(_ folder: String) throws(Problem) {
        switch entry(at: folder) {
        case .folder: return
        case .missing:
            let parent = (folder as NSString).deletingLastPathComponent
            if !parent.isEmpty, parent != folder { try makeFolder(parent) }
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { throw .cannotMakeFolder(path: folder, reason: reason()) }
        case let other:
            throw .cannotMakeFolder(path: folder, reason: "\(other.description) is there")
        }
    }

    /// The system's reason for the last failure, as `strerror` words it (`Permission denied`).
    static func reason(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
}

// The system calls whose names the methods above take for themselves.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
