import Foundation
#if canImport(Glibc)
import Glibc
#endif
import StyleCore

/// Why a script file cannot be read. Rendered to text in one place, `diagnostic`.
enum SourceFileError: Error {
    case notFound
    case permissionDenied
    case folder
    case symbolicLinkLoop
    case notARegularFile
    case compiledChunk
    case binary
    case notUTF8
    /// Past the cap of `limit` bytes (`Limits.scriptBytes`).
    /// `scales`: the cap is the memory limit's (a larger limit allows the file).
    case tooLarge(bytes: Int, limit: Int, scales: Bool)
    case grewTooLarge(limit: Int, scales: Bool)
    case system(String)

    /// The memory limit in MiB whose script cap takes a file of `bytes` (16 bytes of limit a byte).
    static func memoryMiB(for bytes: Int) -> Int {
        (bytes.multipliedReportingOverflow(by: 16).overflow ? Int.max : bytes * 16 + (1 << 20) - 1) >> 20
    }

    /// The diagnostic for the file at `path`.
    func diagnostic(_ path: String) -> Diagnostic {
        let at = SourceLocation(file: path, line: 1)
        switch self {
        case .notFound: return Diagnostic(.fileNotFound, "No such file: '\(path)'.", at: at)
        case .permissionDenied: return Diagnostic(.unreadableFile, "Cannot read '\(path)': permission denied.", at: at)
        case .folder: return Diagnostic(.notAFile, "'\(path)' is a folder; give a .lua file.", at: at)
        case .symbolicLinkLoop: return Diagnostic(.notAFile, "'\(path)' is a loop of symbolic links; give a .lua file.", at: at)
        case .notARegularFile:
            return Diagnostic(.notAFile, "'\(path)' is not a regular file (a pipe, socket or device); give a .lua file.", at: at)
        case .compiledChunk: return Diagnostic(.unreadableFile, "'\(path)' is a compiled Lua chunk; only source text is allowed.", at: at)
        case .binary: return Diagnostic(.unreadableFile, "'\(path)' is a binary file, not a Lua script.", at: at)
        case .notUTF8: return Diagnostic(.unreadableFile, "'\(path)' is not UTF-8 text.", at: at)
        case .tooLarge(let bytes, let limit, let scales):
            let raising = scales ? " (a sixteenth of the memory limit; --memory \(Self.memoryMiB(for: bytes)) allows this one)" : ""
            let over = bytes >= 1 << 20 && bytes & ((1 << 20) - 1) != 0 ? "over " : ""
            return Diagnostic(.unreadableFile, "'\(path)' is \(over)\(SourceFile.size(bytes)); scripts may be at most \(SourceFile.size(limit))\(raising).", at: at)
        case .grewTooLarge(let limit, let scales):
            let raising = scales ? " (a sixteenth of the memory limit)" : ""
            return Diagnostic(.unreadableFile, "'\(path)' is over \(SourceFile.size(limit)); scripts may be at most \(SourceFile.size(limit))\(raising).", at: at)
        case .system(let reason): return Diagnostic(.unreadableFile, "Cannot read '\(path)': \(reason).", at: at)
        }
    }
}

/// Reading script files: text only, with the errors REFERENCE §5 names.
public enum SourceFile {
    /// The largest script read with the default limits (bigger files are refused before
    /// parsing); `Limits.scriptBytes` is the cap for other limits.
    public static let maximumSize = Limits.minimumScriptBytes

    /// A size as the messages write it: whole MiB (rounded down, which the file's message says
    /// with "over"), bytes below 1 MiB (a host's small cap).
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// The text with a first line starting with `#` (`#!/usr/bin/env stylerun`) made a comment,
    /// as `lua` skips it in files; lines keep their numbers.
    public static func withoutFirstLineComment(_ source: String) -> String {
        source.utf8.first == UInt8(ascii: "#") ? "--" + source.dropFirst() : source
    }

    /// The text of the script at `path`, at most `limits.scriptBytes` bytes.
    public static func read(_ path: String, limits: Limits = .default) throws(Diagnostic) -> String {
        do throws(SourceFileError) {
            return try text(path, maximumSize: limits.scriptBytes, scales: !limits.setsScriptBytes)
        } catch {
            throw error.diagnostic(path)
        }
    }

    /// The file's text, read straight into the string's storage when the file is as long as
    /// `fstat` says (a 750 KB script was copied three times on its way in: through a growing
    /// `Data`, into a `String`, and into a C string for Lua; each copy's fresh pages cost more
    /// than the copying), else through `contents`.
    private static func text(_ path: String, maximumSize: Int, scales: Bool) throws(SourceFileError) -> String {
        let fd = try open(path)
        defer { close(fd) }
        let size = try regularFileSize(fd, maximumSize: maximumSize, scales: scales)
        var failure: SourceFileError?
        var complete = false
        let text = String(unsafeUninitializedCapacity: max(size, 1)) { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var count = 0
            while count < size {
                let n = Glibc.read(fd, base + count, size - count)
                if n == 0 { break }
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = .system(String(cString: strerror(errno)))
                    return 0
                }
                count += n
            }
            // One more byte means the file grew since `fstat`: read it again the long way.
            var more: UInt8 = 0
            guard count == size, Glibc.read(fd, &more, 1) == 0 else { return 0 }
            let bytes = UnsafeBufferPointer(rebasing: buffer[..<count])
            do throws(SourceFileError) {
                try check(bytes)
            } catch {
                failure = error
                return 0
            }
            complete = true
            // A byte order mark is not part of the text (as Foundation decodes UTF-8).
            if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
                memmove(base, base + 3, count - 3)
                return count - 3
            }
            return count
        }
        if let failure { throw failure }
        if complete { return text }
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw .system(String(cString: strerror(errno))) }
        let data = try contents(fd, maximumSize: maximumSize, scales: scales)
        let bytes = [UInt8](data)
        let invalid = bytes.withUnsafeBufferPointer { buffer -> SourceFileError? in
            do throws(SourceFileError) { try check(buffer) } catch { return error }
            return nil
        }
        if let invalid { throw invalid }
        return String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...], as: UTF8.self)
    }

    /// The checks on a script's bytes: source text, not a compiled chunk, binary or other
    /// than UTF-8.
    private static func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(SourceFileError) {
        if bytes.first == 0x1B { throw .compiledChunk }
        if let base = bytes.baseAddress, memchr(base, 0, bytes.count) != nil { throw .binary }
        if !UTF8Check.isValid(bytes) { throw .notUTF8 }
    }

    private static func open(_ path: String) throws(SourceFileError) -> Int32 {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            switch errno {
            case ENOENT, ENOTDIR: throw .notFound
            case EACCES, EPERM: throw .permissionDenied
            case EISDIR: throw .folder
            case ELOOP: throw .symbolicLinkLoop
            default: throw .system(String(cString: strerror(errno)))
            }
        }
        return fd
    }

    /// The size of the regular file open at `fd`: everything is read through one descriptor so
    /// that the checks hold for what is read: it cannot become a FIFO (which would block), a
    /// folder or a bigger file between checking and reading, and a file deleted meanwhile is
    /// still read whole.
    private static func regularFileSize(_ fd: Int32, maximumSize: Int, scales: Bool) throws(SourceFileError) -> Int {
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw .system(String(cString: strerror(errno)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .folder
        default: throw .notARegularFile
        }
        guard Int(info.st_size) <= maximumSize else {
            throw .tooLarge(bytes: Int(info.st_size), limit: maximumSize, scales: scales)
        }
        return Int(info.st_size)
    }

    /// The bytes of a file that grows while it is read, still held to the limit.
    private static func contents(_ fd: Int32, maximumSize: Int, scales: Bool) throws(SourceFileError) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(String(cString: strerror(errno)))
            }
            data.append(buffer, count: n)
            guard data.count <= maximumSize else {
                throw .grewTooLarge(limit: maximumSize, scales: scales)
            }
        }
        return data
    }
}

/// Whether bytes are well-formed UTF-8 (Unicode's table 3-7: no overlong forms, surrogates
/// or code points past U+10FFFF), checked in place; ASCII runs eight bytes at a time.
enum UTF8Check {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        var i = 0
        while i < n {
            if i + 8 <= n {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    continue
                }
            }
            let b = base[i]
            if b < 0x80 {
                i += 1
                continue
            }
            func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
                i + k < n && base[i + k] >= low && base[i + k] <= high
            }
            switch b {
            case 0xC2...0xDF:
                guard continuation(1) else { return false }
                i += 2
            case 0xE0:
                guard continuation(1, 0xA0), continuation(2) else { return false }
                i += 3
            case 0xE1...0xEC, 0xEE...0xEF:
                guard continuation(1), continuation(2) else { return false }
                i += 3
            case 0xED:
                guard continuation(1, 0x80, 0x9F), continuation(2) else { return false }
                i += 3
            case 0xF0:
                guard continuation(1, 0x90), continuation(2), continuation(3) else { return false }
                i += 4
            case 0xF1...0xF3:
                guard continuation(1), continuation(2), continuation(3) else { return false }
                i += 4
            case 0xF4:
                guard continuation(1, 0x80, 0x8F), continuation(2), continuation(3) else { return false }
                i += 4
            default:
                return false
            }
        }
        return true
    }
}
