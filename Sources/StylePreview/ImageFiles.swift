import Foundation

/// The image files a script names (`image "logo"`), found in the script's own folder and
/// nowhere else.
///
///     ImageFiles.find("logo", in: "examples")    // "examples/logo.png" when it is there
///
/// A name is a plain file name: no slash or backslash, no NUL or control character, not
/// starting with a dot, no `..`. Tried in order: the name as given when it has an image
/// extension, else `name@3x`, `name@2x` and `name` with each extension. The file must be a
/// regular file (not a symbolic link, a folder, a named pipe or a device) with one name only (a
/// hard link may be a file of another folder), directly in the folder (checked on the resolved
/// paths), and at most `maximumSize` bytes; it is checked again on the opened descriptor, so
/// nothing swapped in after the check is read.
public enum ImageFiles {
    public static let extensions = ["png", "jpg", "jpeg", "gif", "webp", "svg"]
    public static let maximumSize = 16 << 20

    /// The file for `name` in `folder`, or nil.
    public static func find(_ name: String, in folder: String) -> String? {
        guard isPlainName(name) else { return nil }
        let lower = name.lowercased()
        var candidates: [String] = []
        if extensions.contains(where: { lower.hasSuffix("." + $0) }) {
            candidates = [name]
        } else {
            for ext in extensions { candidates += ["\(name)@3x.\(ext)", "\(name)@2x.\(ext)", "\(name).\(ext)"] }
        }
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        for candidate in candidates {
            let path = (folder as NSString).appendingPathComponent(candidate)
            if isServable(path, inside: root) { return path }
        }
        return nil
    }

    /// Reads a file `find` returned, checking it again (it may have changed since).
    public static func read(_ path: String, folder: String) -> [UInt8]? {
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard isServable(path, inside: root) else { return nil }
        // No waiting (a pipe swapped in), no following a link swapped in.
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, isServable(info) else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                bytes += chunk.prefix(n)
                if bytes.count > maximumSize { return nil }
                continue
            }
            if n == 0 { return bytes }
            if errno != EINTR { return nil }
        }
    }

    /// The MIME type for a file's extension.
    public static func contentType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "svg": "image/svg+xml"
        default: "application/octet-stream"
        }
    }

    /// The name percent-encoded for a URL path segment.
    public static func urlEncoded(_ name: String) -> String {
        var out = ""
        for byte in name.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "-._~@".contains(c) {
                out.append(c)
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && !name.hasPrefix(".") && !name.contains("..")
            && !name.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }
    }

    private static func isServable(_ path: String, inside root: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, isServable(info) else { return false }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().resolvingSymlinksInPath().path
        return parent == root
    }

    /// A regular file with one name, small enough.
    private static func isServable(_ info: stat) -> Bool {
        info.st_mode & S_IFMT == S_IFREG && info.st_nlink == 1 && Int(info.st_size) <= maximumSize
    }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
