import Foundation
import LuaSyntax
import StyleCore
import StyleRun

/// The project around the open documents: its folders, the modules `require` finds, and the ids
/// and classes its scripts use (for completion inside `rule("…")`).
///
/// Files on disk are read at most once per modification time; the caches are bounded, so a
/// server that touches thousands of files keeps a fixed amount of them.
final class Workspace {
    var folders: [String] = [] {
        didSet { namesCache = nil }
    }
    var stdlibPaths: [String] = Runtime.defaultStdlibPaths
    /// Open documents' text wins over the disk's, keyed by path.
    var openText: (String) -> [UInt8]? = { _ in nil }

    private var fileCache: [String: (modified: Date, index: DocumentIndex?)] = [:]
    private var namesCache: (at: Date, ids: Set<String>, classes: Set<String>)?
    static let maximumCachedFiles = 256
    static let maximumScannedFiles = 2000

    /// The file `require "a.b"` loads from a script at `path`: `a/b.lua` beside it, then in the stdlib.
    func modulePath(_ name: String, from path: String) -> String? {
        guard !name.isEmpty, !name.contains(".."), !name.hasPrefix("/") else { return nil }
        let relative = name.replacingOccurrences(of: ".", with: "/") + ".lua"
        let folder = (path as NSString).deletingLastPathComponent
        var roots = [folder.isEmpty ? "." : folder]
        roots += stdlibPaths
        for root in roots {
            let candidate = (root as NSString).appendingPathComponent(relative)
            if openText(candidate) != nil || FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Every module name a script at `path` could require: the `.lua` files beside it (and below,
    /// two levels) and in the stdlib.
    func moduleNames(from path: String) -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        var names = Set<String>()
        for root in [folder.isEmpty ? "." : folder] + stdlibPaths {
            for file in luaFiles(under: root, depth: 2, limit: 500) {
                var relative = String(file.dropFirst(root.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                relative.removeLast(4)
                if !relative.hasPrefix("types") { names.insert(relative.replacingOccurrences(of: "/", with: ".")) }
            }
        }
        names.remove(((path as NSString).lastPathComponent as NSString).deletingPathExtension)
        return names.sorted()
    }

    /// The parsed index of a file, from its open text or the disk; nil when it does not parse.
    func index(ofFile path: String) -> DocumentIndex? {
        // An open document's text, unless the user is mid-edit and it does not parse.
        if let text = openText(path), let index = DocumentIndex(bytes: text, chunkName: path) { return index }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let modified = attributes[.modificationDate] as? Date,
              (attributes[.size] as? Int ?? 0) <= 4 << 20 else { return nil }
        if let cached = fileCache[path], cached.modified == modified { return cached.index }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let index = DocumentIndex(bytes: Array(data), chunkName: path)
        if fileCache.count >= Self.maximumCachedFiles { fileCache.removeAll(keepingCapacity: true) }
        fileCache[path] = (modified, index)
        return index
    }

    /// The ids and classes named anywhere in the workspace folders (re-scanned at most every
    /// few seconds), and in `extra` (the open documents).
    func selectorNames(extra: [DocumentIndex]) -> (ids: Set<String>, classes: Set<String>) {
        if namesCache == nil || Date().timeIntervalSince(namesCache!.at) > 5 {
            var ids = Set<String>(), classes = Set<String>()
            for folder in folders {
                for file in luaFiles(under: folder, depth: 6, limit: Self.maximumScannedFiles) {
                    guard let index = index(ofFile: file) else { continue }
                    ids.formUnion(index.ids)
                    classes.formUnion(index.classes)
                }
            }
            namesCache = (Date(), ids, classes)
        }
        var ids = namesCache!.ids, classes = namesCache!.classes
        for index in extra {
            ids.formUnion(index.ids)
            classes.formUnion(index.classes)
        }
        return (ids, classes)
    }

    /// Forgets what was read from `path`, after a save or a change on disk.
    func invalidate(_ path: String) {
        fileCache[path] = nil
        namesCache = nil
    }

    /// `.lua` files under a folder, hidden folders skipped, at most `limit`.
    func luaFiles(under folder: String, depth: Int, limit: Int) -> [String] {
        var found: [String] = []
        func walk(_ dir: String, _ level: Int) {
            guard level <= depth, found.count < limit,
                  let entries = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
            for entry in entries.sorted() where !entry.hasPrefix(".") && found.count < limit {
                let path = (dir as NSString).appendingPathComponent(entry)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue { walk(path, level + 1) } else if entry.hasSuffix(".lua") { found.append(path) }
            }
        }
        walk(folder, 0)
        return found
    }
}
