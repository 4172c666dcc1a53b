import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writing bytes where a command was told to, with every failure as a sentence.
///
///     try OutputFile.replace("out.json", with: data)   // atomically, or in place for a device
///
/// A regular file is replaced atomically (a temporary file beside it, renamed over it), so a
/// failed write never leaves half a file; a device or FIFO (`-o /dev/stdout`, `-o /dev/full`) is
/// written in place. Failures name the path and the reason (`it is a folder`, `permission
/// denied`, `no space left on the device`), never a Foundation error domain.
enum OutputFile {
    struct Failure: Error {
        var message: String
    }

    /// Writes all of `data` to `fd`; returns the errno of a failed write, nil when all was written.
    static func write(_ data: Data, to fd: Int32) -> Int32? {
        data.withUnsafeBytes { write($0, to: fd) }
    }

    /// Why a write or open failed, as the end of a sentence.
    static func reason(_ code: Int32) -> String {
        switch code {
        case EBADF: return "it is closed"
        case EPIPE: return "the reader has gone"
        case ENOSPC: return "no space left on the device"
        case EDQUOT: return "the disk quota is exceeded"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "it is a folder"
        case EROFS: return "the file system is read-only"
        case ENOENT: return "its folder does not exist"
        case ENOTDIR: return "a part of the path is not a folder"
        case ELOOP: return "it is a loop of symbolic links"
        case ENXIO: return "nothing is reading from it"
        default: return String(cString: strerror(code)).lowercased()
        }
    }

    /// True when `a` and `b` name the same existing file (through links, `./`, hard links).
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    /// Replaces the contents of `path` with `data` (see the type's summary).
    static func replace(_ path: String, with data: Data) throws(Failure) {
        let writer = try Writer(path)
        let code = data.withUnsafeBytes { write($0, to: writer.fd) }
        if let code { throw writer.fail(code) }
        try writer.finish()
    }

    /// Writes all of `bytes` to `fd`; returns the errno of a failed write, nil when all was written.
    static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        guard var next = bytes.baseAddress else { return nil }
        var left = bytes.count
        while left > 0 {
            let n = Glibc.write(fd, next, left)
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {  // a descriptor someone made non-blocking: wait until writable
                    var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&p, 1, -1)
                    continue
                }
                return errno
            }
            if n == 0 { return EIO }
            next += n
            left -= n
        }
        return nil
    }

    /// `path` written piece by piece, with `replace`'s rules: a regular file is written to a
    /// temporary file beside it that `finish` renames over it (a writer dropped unfinished
    /// removes it, so the file is replaced whole or not at all); a device or FIFO is written in
    /// place.
    ///
    ///     let out = try OutputFile.Writer("tree.txt")
    ///     try out.write(piece)    // as often as needed
    ///     try out.finish()
    final class Writer {
        private(set) var fd: Int32
        let path: String
        /// The temporary file and the file it replaces at `finish`; nil for a device or FIFO.
        private var replacing: (temporary: String, target: String)?

        init(_ path: String) throws(Failure) {
            self.path = path
            func fail(_ code: Int32) -> Failure { Failure(message: "cannot write '\(path)': \(reason(code)).") }
            var info = stat()
            if stat(path, &info) == 0 {
                switch info.st_mode & S_IFMT {
                case S_IFDIR: throw fail(EISDIR)
                case S_IFREG: break
                default:
                    // A FIFO nobody reads is a failure, not a wait.
                    let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                    guard fd >= 0 else { throw fail(errno) }
                    let flags = fcntl(fd, F_GETFL)
                    _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
                    self.fd = fd
                    return
                }
            } else if errno != ENOENT {
                throw fail(errno)
            }
            // Through a symbolic link, the file it points to is replaced, not the link.
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map {
                $0.hasPrefix("/") ? $0 : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent($0)
            } ?? path
            let folder = (target as NSString).deletingLastPathComponent
            // mkstemp's template: it replaces the trailing X's with a unique name.
            var template = Array(((folder.isEmpty ? "." : folder) + "/.stylerun-XXXXXX").utf8CString)
            let fd = mkstemp(&template)
            guard fd >= 0 else { throw fail(errno) }
            let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let mode: mode_t
            if stat(target, &info) == 0 {
                mode = info.st_mode & 0o7777
            } else {
                let mask = umask(0)
                umask(mask)
                mode = 0o666 & ~mask
            }
            fchmod(fd, mode)
            self.fd = fd
            replacing = (temporary, target)
        }

        /// The failure of a write to this path, as a sentence.
        func fail(_ code: Int32) -> Failure { Failure(message: "cannot write '\(path)': \(reason(code)).") }

        /// Writes all of `bytes`.
        func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
            if let code = OutputFile.write(bytes, to: fd) { throw fail(code) }
        }

        /// Flushes and closes the file; a temporary file is renamed over the target.
        func finish() throws(Failure) {
            guard fd >= 0 else { return }
            let fd = self.fd
            if let replacing {
                if fsync(fd) != 0 && errno != EINVAL {
                    throw fail(errno)  // deinit closes and removes the temporary file
                }
                let closed = close(fd)
                self.fd = -1
                guard closed == 0 else { throw fail(errno) }
                guard rename(replacing.temporary, replacing.target) == 0 else { throw fail(errno) }
                self.replacing = nil
            } else {
                close(fd)
                self.fd = -1
            }
        }

        deinit {
            if fd >= 0 { close(fd) }
            if let replacing { unlink(replacing.temporary) }
        }
    }
}
