import Foundation

/// Where snapshots live: a `__snapshots__` folder beside each script, one file per script,
/// theme, trait set and `--state` assignments, named `SCRIPT[@THEME][.TRAIT-VALUE…][.state-ASSIGNMENT…].snap`
/// (`subscribe.lua@dark.snap`, `cell.lua.snap`, `cell.lua.colorScheme-dark.snap`,
/// `subscribe.lua.state-%23subscribe%3Dhighlighted.snap`), with the screenshot beside it as
/// `.png` and, when that differs, `.diff.png`.
///
/// A theme's name and a state assignment are written with every character other than letters,
/// digits, `_` and `-` as `%XX` (its UTF-8 bytes), so any name makes one file name and the
/// script's name is found back.
public enum SnapshotFiles {
    public static let folderName = "__snapshots__"
    public static let textExtension = "snap"
    public static let imageExtension = "png"
    public static let diffImageSuffix = ".diff.png"

    /// The snapshot folder for `script`.
    ///
    ///     SnapshotFiles.folder(of: "examples/subscribe.lua")    // examples/__snapshots__
    public static func folder(of script: String) -> String {
        FilePath.joined(FilePath.parent(of: script), folderName)
    }

    /// The file for `script` in `theme` with the extension `ext`.
    ///
    ///     SnapshotFiles.path(script: "examples/subscribe.lua", theme: "dark")    // examples/__snapshots__/subscribe.lua@dark.snap
    ///     SnapshotFiles.path(script: "home.lua", theme: nil, traits: dark)               // __snapshots__/home.lua.colorScheme-dark.snap
    ///
    ///     SnapshotFiles.path(script: "s.lua", theme: nil, states: ["#go=highlighted"])      // __snapshots__/s.lua.state-%23go%3Dhighlighted.snap
    ///
    /// Traits at their default are left out of the name, in the order of `Traits.names`, so the
    /// default traits' file is the one stylerun wrote before there were traits; `states` (the
    /// run's `--state` assignments, in order) come last, each a part of its own.
    public static func path(script: String, theme: String?, traits: Traits = .default, states: [String] = [],
                            extension ext: String = textExtension) -> String {
        var name = String(FilePath.name(of: script))
        if let theme { name += "@" + encode(theme) }
        name += suffix(traits)
        for assignment in states { name += "." + statePrefix + encode(assignment) }
        return FilePath.joined(folder(of: script), name + "." + ext)
    }

    /// What starts the part of a name that records one `--state` assignment.
    static let statePrefix = "state-"

    /// `.colorScheme-dark.contentSize-accessibilityLarge`: the traits that differ from the defaults.
    static func suffix(_ traits: Traits) -> String {
        Traits.Name.allCases.filter { traits[$0] != Traits.default[$0] }.map { ".\($0.rawValue)-\(traits[$0])" }.joined()
    }

    /// The script, theme, traits and states a snapshot file records, from its path; nil for a
    /// file that is not a snapshot (`.diff.png`, a stray file).
    static func parse(_ path: String) -> (script: String, theme: String?, traits: Traits, states: [String])? {
        let name = FilePath.name(of: path)
        guard !name.hasSuffix(diffImageSuffix) else { return nil }
        var stem: Substring
        if name.hasSuffix("." + textExtension) {
            stem = name.dropLast(textExtension.count + 1)
        } else if name.hasSuffix("." + imageExtension) {
            stem = name.dropLast(imageExtension.count + 1)
        } else {
            return nil
        }
        guard let lua = FilePath.lastRange(of: ".lua", in: stem) else { return nil }
        var theme: String?
        // `@THEME` (no '.' in an encoded theme), then `.trait-value` parts in the order of the names.
        var parts = stem[lua.upperBound...].utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map { Substring($0) }
        if stem[lua.upperBound...].isEmpty { parts = [] } else if parts.first?.isEmpty == true { parts.removeFirst() } else {
            guard let first = parts.first, first.hasPrefix("@"), let decoded = decode(first.dropFirst()) else { return nil }
            theme = decoded
            parts.removeFirst()
        }
        var traits = Traits()
        var last = -1
        // `.state-…` parts come after every trait.
        var states: [String] = []
        while let part = parts.last, part.hasPrefix(statePrefix) {
            guard let assignment = decode(part.dropFirst(statePrefix.count)), !assignment.isEmpty else { return nil }
            states.insert(assignment, at: 0)
            parts.removeLast()
        }
        for part in parts {
            guard let dash = part.firstIndex(of: "-"), case .success(let name) = Traits.Name.parse(String(part[..<dash])),
                  let rank = Traits.Name.allCases.firstIndex(of: name), rank > last else { return nil }
            let value = String(part[part.index(after: dash)...])
            guard value != Traits.default[name] else { return nil }
            do throws(TraitError) { try traits.set(name, to: value) } catch { return nil }
            last = rank
        }
        stem = stem[..<lua.upperBound]
        let script = FilePath.joined(FilePath.parent(of: FilePath.parent(of: path)), stem)
        return (script, theme, traits, states)
    }

    /// The snapshot files under `paths`: for a folder, those of every `__snapshots__` inside
    /// it (hidden folders skipped); for a script, its own. Sorted. `unlisted` holds the folders
    /// that are there but could not be listed, so a caller can say that their snapshots went
    /// unseen instead of taking them for empty.
    static func recorded(under paths: [String]) -> (files: [String], unlisted: [SnapshotFileAccess.Problem]) {
        var found: [String] = []
        var unlisted: [SnapshotFileAccess.Problem] = []
        for path in paths.isEmpty ? ["."] : paths {
            switch SnapshotFileAccess.entry(at: path) {
            case .folder:
                found += inFolders(under: path, unlisted: &unlisted)
            case .missing:
                continue
            default:
                let name = FilePath.name(of: path)
                found += files(in: folder(of: path), unlisted: &unlisted)
                    .filter { parse($0).map { FilePath.name(of: $0.script) == name } ?? false }
            }
        }
        return (Array(Set(found)).sorted(), unlisted)
    }

    private static func inFolders(under folder: String, unlisted: inout [SnapshotFileAccess.Problem]) -> [String] {
        let entries: [String]
        do throws(SnapshotFileAccess.Problem) { entries = try SnapshotFileAccess.names(in: folder) } catch {
            unlisted.append(error)
            return []
        }
        var found: [String] = []
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = folder == "." ? entry : FilePath.joined(folder, entry)
            guard SnapshotFileAccess.entry(at: path) == .folder else { continue }
            found += entry == folderName ? files(in: path, unlisted: &unlisted) : inFolders(under: path, unlisted: &unlisted)
        }
        return found
    }

    private static func files(in folder: String, unlisted: inout [SnapshotFileAccess.Problem]) -> [String] {
        let entries: [String]
        do throws(SnapshotFileAccess.Problem) { entries = try SnapshotFileAccess.names(in: folder) } catch {
            unlisted.append(error)
            return []
        }
        return entries.sorted().map { FilePath.joined(folder, $0) }.filter { parse($0) != nil }
    }

    // MARK: Theme names and state assignments in file names

    private static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-".utf8)

    static func encode(_ theme: String) -> String {
        var out = ""
        for byte in theme.utf8 {
            if plain.contains(byte) { out.unicodeScalars.append(Unicode.Scalar(byte)) } else { out += String(format: "%%%02X", byte) }
        }
        return out
    }

    static func decode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c == "%" {
                guard let end = text.index(i, offsetBy: 3, limitedBy: text.endIndex),
                      let byte = UInt8(text[text.index(after: i)..<end], radix: 16) else { return nil }
                bytes.append(byte)
                i = end
            } else {
                guard let ascii = c.asciiValue, plain.contains(ascii) else { return nil }
                bytes.append(ascii)
                i = text.index(after: i)
            }
        }
        return String(bytes: bytes, encoding: .utf8)
    }
}

/// A file's path taken apart and put together as `NSString`'s path methods do for the paths
/// snapshots are found at (`lastPathComponent`, `deletingLastPathComponent`,
/// `appendingPathComponent`), on the text itself: a snapshot run reads the name of every file
/// it finds, and Foundation's methods were a tenth of a whole run.
enum FilePath {
    /// The last component: `"b.lua"` of `"a/b.lua"`, of `"b.lua"` and of `"a/b.lua/"`.
    static func name(of path: some StringProtocol) -> Substring {
        let trimmed = withoutTrailingSlashes(path)
        guard trimmed != "/", let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return trimmed }
        return trimmed[trimmed.utf8.index(after: slash)...]
    }

    /// The path without its last component: `"a"` of `"a/b.lua"`, `""` of `"b.lua"`, `"/"` of `"/b.lua"`.
    static func parent(of path: some StringProtocol) -> Substring {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return trimmed[trimmed.startIndex..<trimmed.startIndex] }
        // The slashes before the last component go with it; the root's stays.
        var end = slash
        while end > trimmed.startIndex, trimmed.utf8[trimmed.utf8.index(before: end)] == UInt8(ascii: "/") {
            end = trimmed.utf8.index(before: end)
        }
        return end == trimmed.startIndex ? trimmed[...slash] : trimmed[..<end]
    }

    /// `name` inside `folder`: `"a/b"` of `"a"` and `"b"`, `"b"` of `""` and `"b"`, `"/b"` of `"/"` and `"b"`.
    static func joined(_ folder: some StringProtocol, _ name: some StringProtocol) -> String {
        var text = String(folder)
        if text.isEmpty { return String(name) }
        if text.utf8.last != UInt8(ascii: "/") { text += "/" }
        text += name
        return text
    }

    /// The range of the last `needle` in `text`, by bytes.
    static func lastRange(of needle: String, in text: Substring) -> Range<Substring.Index>? {
        let bytes = Array(needle.utf8), utf8 = text.utf8
        guard !bytes.isEmpty, utf8.count >= bytes.count else { return nil }
        var start = utf8.index(utf8.endIndex, offsetBy: -bytes.count)
        while true {
            if utf8[start...].starts(with: bytes) { return start..<utf8.index(start, offsetBy: bytes.count) }
            if start == utf8.startIndex { return nil }
            start = utf8.index(before: start)
        }
    }

    private static func withoutTrailingSlashes(_ path: some StringProtocol) -> Substring {
        var text = Substring(path)
        while text.utf8.count > 1, text.utf8.last == UInt8(ascii: "/") { text = text.dropLast() }
        return text
    }
}
