import Foundation

/// The style sources a `stylerun serve` publishes: every served file's path and text, and a
/// revision, as one JSON object.
///
///     {"stylerun": 1, "revision": 3, "files": [{"path": "app.lua", "content": "return …"}]}
///
/// `stylerun` is the protocol version, the marker that tells a stylerun server from anything else
/// that answers on the port. A bundle is checked strictly before any file is written: every path
/// is relative, made of plain names (letters, digits, `_`, `-`, `.`, never starting with `.`),
/// ends in `.lua`, and appears once; so a bundle can never name a file outside the folder it is
/// written into. The server builds bundles with the same type, so both sides agree on the shape.
package struct SourceBundle: Equatable, Sendable {
    /// The protocol version this library speaks.
    package static let protocolVersion = 1

    package struct File: Equatable, Sendable {
        /// Relative to the served folder, with `/` between names (`screens/profile.lua`).
        package let path: String
        package let content: String

        package init(path: String, content: String) {
            self.path = path
            self.content = content
        }
    }

    /// Counts the server's changes; a new server starts again at 1.
    package let revision: Int
    /// Sorted by path.
    package let files: [File]

    package init(revision: Int, files: [File]) {
        self.revision = revision
        self.files = files.sorted { $0.path < $1.path }
    }

    /// The bundle as the wire's JSON.
    package var json: JSONValue {
        ["stylerun": .number(Double(Self.protocolVersion)), "revision": .number(Double(revision)),
         "files": .array(files.map { ["path": .string($0.path), "content": .string($0.content)] })]
    }

    /// Why a received text is not a bundle this library accepts, as a sentence.
    package struct Refusal: Error, Equatable, Sendable {
        package let message: String
        init(_ message: String) { self.message = message }
    }

    /// Reads and checks a bundle's JSON text.
    ///
    ///     let bundle = try SourceBundle(json: text)
    ///     bundle.files.map(\.path)    // ["app.lua", "base/colors.lua"]
    ///
    /// - Throws: `Refusal` for text that is not JSON, lacks the `stylerun` marker or has another
    ///   version, or names a file in a way `isSafePath` refuses.
    package init(json text: String) throws(Refusal) {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONValue(parsing: text)
        } catch {
            throw Refusal("It sent text that is not JSON (\(error)).")
        }
        guard case .number(let version)? = value["stylerun"] else {
            throw Refusal("Its answer has no \"stylerun\" marker, so it is not a stylerun server.")
        }
        guard version == Double(Self.protocolVersion) else {
            throw Refusal("It speaks version \(Self.number(version)) of the sources protocol; this library speaks version \(Self.protocolVersion).")
        }
        guard case .number(let revision)? = value["revision"], revision >= 0, revision == revision.rounded(), revision < 1e15 else {
            throw Refusal("Its bundle has no whole \"revision\" number.")
        }
        guard case .array(let entries)? = value["files"] else {
            throw Refusal("Its bundle has no \"files\" list.")
        }
        var files: [File] = []
        var seen = Set<String>()
        for entry in entries {
            guard case .string(let path)? = entry["path"], case .string(let content)? = entry["content"] else {
                throw Refusal("Its bundle has a file without a \"path\" and a \"content\" text.")
            }
            guard Self.isSafePath(path) else {
                throw Refusal("Its bundle names the file '\(path)'; only relative paths of plain names ending in .lua are accepted.")
            }
            guard seen.insert(path).inserted else {
                throw Refusal("Its bundle names the file '\(path)' twice.")
            }
            files.append(File(path: path, content: content))
        }
        self.init(revision: Int(revision), files: files)
    }

    /// Whether `path` is one a bundle may name: relative, `/`-separated plain names of letters,
    /// digits, `_`, `-` and `.` (none empty, none starting with `.`, so no `..`), ending in
    /// `.lua`, at most 1,024 bytes and 32 levels deep.
    ///
    ///     SourceBundle.isSafePath("base/colors.lua")    // true
    ///     SourceBundle.isSafePath("../etc/passwd.lua")  // false
    package static func isSafePath(_ path: String) -> Bool {
        guard path.utf8.count <= 1024, path.hasSuffix(".lua") else { return false }
        let names = path.split(separator: "/", omittingEmptySubsequences: false)
        guard names.count <= 32 else { return false }
        return names.allSatisfy { name in
            !name.isEmpty && !name.hasPrefix(".")
                && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "_-.".unicodeScalars.contains($0)) }
        }
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
