import Foundation

/// The private folder a remote watch keeps the latest sources in, so that they are evaluated
/// (and `require` finds modules) exactly as the same files on the designer's disk are.
///
///     let cache = try SourceCache()
///     let changed = try cache.store(bundle)    // absolute paths written or removed
///     cache.path(of: "app.lua")                // "/tmp/stylerun-remote-a1B2c3/app.lua"
///     cache.remove()
///
/// The folder is made with `mkdtemp` (mode 0700) and only ever holds what bundles name, which
/// `SourceBundle` has checked to be plain relative `.lua` paths; a file is replaced by renaming
/// a complete copy over it, and a file the bundle no longer names is removed. Not thread-safe:
/// the watch's queue owns it.
final class SourceCache {
    /// Absolute, with symlinks resolved (on macOS the temporary folder is behind one).
    let root: String

    /// Why the cache could not be made or written, as a sentence.
    struct Failure: Error {
        let message: String
    }

    init() throws(Failure) {
        var template = Array((FileManager.default.temporaryDirectory.path + "/stylerun-remote-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Failure(message: "Cannot make a cache folder for the sources in \(FileManager.default.temporaryDirectory.path): \(String(cString: strerror(errno))).")
        }
        root = URL(fileURLWithPath: String(cString: made)).resolvingSymlinksInPath().path
    }

    func path(of relative: String) -> String { root + "/" + relative }

    /// Makes the folder hold exactly the bundle's files; returns the absolute paths whose
    /// content changed (written, or removed).
    func store(_ bundle: SourceBundle) throws(Failure) -> Set<String> {
        let wanted = Set(bundle.files.map(\.path))
        var changed = Set<String>()
        // Stale files first: a file "a.lua" gone may be where a folder "a.lua/" is wanted.
        for relative in storedFiles() where !wanted.contains(relative) {
            do {
                try FileManager.default.removeItem(atPath: path(of: relative))
            } catch {
                throw Failure(message: "Cannot remove '\(relative)' from the cache folder \(root): \(error.localizedDescription)")
            }
            changed.insert(path(of: relative))
        }
        for file in bundle.files {
            let target = path(of: file.path)
            let data = Data(file.content.utf8)
            if FileManager.default.contents(atPath: target) == data { continue }
            do {
                let folder = (target as NSString).deletingLastPathComponent
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                let temporary = folder + "/.stylerun-\(UUID().uuidString).tmp"
                try data.write(to: URL(fileURLWithPath: temporary))
                guard rename(temporary, target) == 0 else {
                    let reason = String(cString: strerror(errno))
                    try? FileManager.default.removeItem(atPath: temporary)  // the rename's failure is the one to report
                    throw Failure(message: "Cannot write '\(file.path)' into the cache folder \(root): \(reason).")
                }
            } catch let failure as Failure {
                throw failure
            } catch {
                throw Failure(message: "Cannot write '\(file.path)' into the cache folder \(root): \(error.localizedDescription)")
            }
            changed.insert(target)
        }
        return changed
    }

    /// The relative paths of the `.lua` files in the folder.
    private func storedFiles() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var out: [String] = []
        while let relative = walker.nextObject() as? String {
            var info = stat()
            if relative.hasSuffix(".lua"), lstat(path(of: relative), &info) == 0, info.st_mode & S_IFMT == S_IFREG { out.append(relative) }
        }
        return out
    }

    /// The name diagnostics and events give a cached file: its path in the bundle.
    ///
    ///     cache.bundlePath(of: "/tmp/stylerun-remote-a1B2c3/base/colors.lua")    // "base/colors.lua"
    func bundlePath(of name: String) -> String { Self.bundlePath(of: name, root: root) }

    /// `bundlePath(of:)` for a cache at `root`, from any thread.
    static func bundlePath(of name: String, root: String) -> String {
        let absolute = name.hasPrefix("/") ? name : FileManager.default.currentDirectoryPath + "/" + name
        let standardized = URL(fileURLWithPath: absolute).standardized.path
        for prefix in [root + "/", URL(fileURLWithPath: root).standardized.path + "/"] where standardized.hasPrefix(prefix) {
            return String(standardized.dropFirst(prefix.count))
        }
        return name
    }

    /// Deletes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: root)  // a cache in the temporary folder; nothing to tell anyone
    }
}
