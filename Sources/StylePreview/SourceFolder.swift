import Foundation
import StyleRun

/// The `.lua` files of a served folder, read within bounds: what `stylerun serve` publishes.
///
///     var folder = SourceFolder(root: "styles")
///     let scan = folder.scan()
///     scan.files.map(\.path)    // ["app.lua", "base/colors.lua"]
///     scan.skipped              // ["big.lua: over 1 MiB"]
///
/// Only regular files ending in `.lua`, found under `root` (at most 32 folders deep), whose
/// paths a bundle may name (`SourceBundle.isSafePath`: plain names, none hidden); a symlink is
/// followed only to a file inside `root`, never into a folder. Files over `maximumFileBytes`,
/// not UTF-8, or beyond `maximumFiles` or `maximumTotalBytes` in all are skipped and said so.
/// A file is read again only when its size, times or inode changed since the last scan, or it
/// changed in the last two seconds.
struct SourceFolder {
    let root: String
    var maximumFiles = 1000
    var maximumFileBytes = 1024 * 1024
    var maximumTotalBytes = 16 * 1024 * 1024

    struct Scan: Equatable {
        var files: [SourceBundle.File] = []
        /// A sentence per file left out.
        var skipped: [String] = []
    }

    private struct Fingerprint: Equatable {
        let size: Int64, modified: Int64, changed: Int64, inode: UInt64
    }

    /// What each file held at the last scan, by path.
    private var known: [String: (Fingerprint, String)] = [:]
    private let resolvedRoot: String

    init(root: String) {
        self.root = root
        self.resolvedRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
    }

    mutating func scan() -> Scan {
        var scan = Scan()
        var total = 0
        let now = Int64(Date().timeIntervalSince1970 * 1e9)
        var seen: [String: (Fingerprint, String)] = [:]
        var stack: [(folder: String, relative: String, depth: Int)] = [(resolvedRoot, "", 0)]
        var candidates: [(path: String, relative: String)] = []
        while let (folder, relative, depth) = stack.popLast() {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder)
            } catch {
                // Gone meanwhile: nothing to serve there. Any other reason is said.
                if Self.exists(folder) { scan.skipped.append("\(relative.isEmpty ? "." : relative + "/"): the folder cannot be read") }
                continue
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = folder + "/" + name
                let inner = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if depth < 31 { stack.append((path, inner, depth + 1)) }
                case S_IFREG, S_IFLNK:
                    // Scripts, and the design-token files they load (`tokens "brand.tokens.json"`).
                    if name.hasSuffix(".lua") || name.hasSuffix(".tokens.json") || name.hasSuffix(".resolver.json") { candidates.append((path, inner)) }
                default:
                    break
                }
            }
        }
        for (path, relative) in candidates.sorted(by: { $0.relative < $1.relative }) {
            guard SourceBundle.isSafePath(relative) else {
                scan.skipped.append("\(relative): a served path has only letters, digits, '_', '-' and '.' in its names")
                continue
            }
            let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard target.hasPrefix(resolvedRoot + "/") else {
                scan.skipped.append("\(relative): a symlink to a file outside the folder")
                continue
            }
            var info = stat()
            guard stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            guard Int(info.st_size) <= maximumFileBytes else {
                scan.skipped.append("\(relative): over \(maximumFileBytes / 1024) KiB")
                continue
            }
            guard scan.files.count < maximumFiles, total + Int(info.st_size) <= maximumTotalBytes else {
                scan.skipped.append("\(relative): the folder has more than \(maximumFiles) files or \(maximumTotalBytes / (1024 * 1024)) MiB of them")
                continue
            }
            let print = Self.fingerprint(info)
            let content: String
            // A file written twice within the file system's clock tick keeps its times (and,
            // with the same length, its size): a recent file is read again whatever it says.
            if let (before, text) = known[relative], before == print, now - print.modified > 2_000_000_000 {
                content = text
            } else {
                guard let data = FileManager.default.contents(atPath: target) else {
                    // Removed meanwhile: not served. A file that is there but cannot be read is said.
                    if Self.exists(target) { scan.skipped.append("\(relative): the file cannot be read") }
                    continue
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    scan.skipped.append("\(relative): not UTF-8 text")
                    continue
                }
                content = text
            }
            seen[relative] = (print, content)
            total += content.utf8.count
            scan.files.append(SourceBundle.File(path: relative, content: content))
        }
        known = seen
        return scan
    }

    /// Whether something is at `path` (a folder or file that cannot be read is there).
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private static func fingerprint(_ info: stat) -> Fingerprint {
        #if os(Linux)
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        let changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #else
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        let changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #endif
        return Fingerprint(size: Int64(info.st_size), modified: modified, changed: changed, inode: UInt64(info.st_ino))
    }
}
