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
    case tooLarge(megabytes: Int)
    case grewTooLarge
    case system(String)

    /// The diagnostic for the file at `path`.
    func diagnostic(_ path: String) -> Diagnostic {
        let at = SourceLocation(file: path, line: 1)
        let limit = SourceFile.maximumSize >> 20
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
        case .tooLarge(let megabytes):
            return Diagnostic(.unreadableFile, "'\(path)' is \(megabytes) MiB; scripts may be at most \(limit) MiB.", at: at)
        case .grewTooLarge:
            return Diagnostic(.unreadableFile, "'\(path)' is over \(limit) MiB; scripts may be at most \(limit) MiB.", at: at)
        case .system(let reason): return Diagnostic(.unreadableFile, "Cannot read '\(path)': \(reason).", at: at)
        }
    }
}

/// Reading script files: text only, with the errors REFERENCE §5 names.
public enum SourceFile {
    /// The largest script read (bigger files are refused before parsing).
    public static let maximumSize = 16 << 20

    /// The text with a first line starting with `#` (`#!/usr/bin/env stylerun`) made a comment,
    /// as `lua` skips it in files; lines keep their numbers.
    public static func withoutFirstLineComment(_ source: String) -> String {
        source.utf8.first == UInt8(ascii: "#") ? "--" + source.dropFirst() : source
    }

    public static func read(_ path: String) throws(Diagnostic) -> String {
        do throws(SourceFileError) {
            let data = try contents(path)
            if data.first == 0x1B { throw .compiledChunk }
            // Searched in the bytes: `Data`'s own iterator costs a call per byte.
            if data.withUnsafeBytes({ $0.contains(0) }) { throw .binary }
            guard let text = String(data: data, encoding: .utf8) else { throw .notUTF8 }
            return text
        } catch {
            throw error.diagnostic(path)
        }
    }

    /// The bytes of a regular file, read through one descriptor so that the checks hold for
    /// what is read: it cannot become a FIFO (which would block), a folder or a bigger file
    /// between checking and reading, and a file deleted meanwhile is still read whole.
    private static func contents(_ path: String) throws(SourceFileError) -> Data {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            switch errno {
            case ENOENT, ENOTDIR: throw .notFound
            case EACCES, EPERM: throw .permissionDenied
            case EISDIR: throw .folder
            case ELOOP: throw .symbolicLinkLoop
            default: throw .system(String(cString: strerror(errno)))
            }
        }
        defer { close(fd) }
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
            throw .tooLarge(megabytes: Int(info.st_size) >> 20)
        }
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
            // A file that grows while it is read is still held to the limit.
            guard data.count <= maximumSize else {
                throw .grewTooLarge
            }
        }
        return data
    }
}
