import Foundation
import StyleRun

/// Files as the preview's page names them: relative to the served folder (`tokens.lua`,
/// `../shared/colors.lua`), the stdlib's as `stdlib/base.lua`, so that the state a browser
/// receives says nothing of where the project or stylerun is installed.
///
///     let paths = PreviewPaths(folder: "/home/ana/app/screens", stdlibPaths: ["/opt/stylerun/stdlib"])
///     paths.shown("/home/ana/app/screens/home.lua")     // home.lua
///     paths.shown("/opt/stylerun/stdlib/base.lua")      // stdlib/base.lua
///     paths.scrubbed("looked for '/opt/stylerun/stdlib/x.lua'")    // looked for 'stdlib/x.lua'
struct PreviewPaths: Sendable {
    /// The served folder, absolute and standardized, without a trailing slash.
    let folder: String
    /// The stdlib folders, absolute and standardized, each with a trailing slash.
    let stdlib: [String]

    init(folder: String, stdlibPaths: [String]) {
        self.folder = Self.absolute(folder)
        self.stdlib = stdlibPaths.map { Self.absolute($0) + "/" }
    }

    /// `path` as the page shows it. A name that is not a file's path (`<string>`) stays as it is.
    func shown(_ path: String) -> String {
        guard path.hasPrefix("/") || FileManager.default.fileExists(atPath: path) else { return path }
        let absolute = Self.absolute(path)
        for base in stdlib where absolute.hasPrefix(base) {
            return "stdlib/" + absolute.dropFirst(base.count)
        }
        let from = folder.split(separator: "/"), to = absolute.split(separator: "/")
        let common = zip(from, to).prefix { $0 == $1 }.count
        let steps = Array(repeating: "..", count: from.count - common) + to.dropFirst(common).map(String.init)
        return steps.isEmpty ? "." : steps.joined(separator: "/")
    }

    /// `text` with every absolute path of the stdlib or inside the served folder written as
    /// `shown` writes it (a message that says where a module was looked for).
    func scrubbed(_ text: String) -> String {
        var out = text
        for base in stdlib { out = out.replacingOccurrences(of: base, with: "stdlib/") }
        return out.replacingOccurrences(of: folder + "/", with: "")
    }

    /// `json` with each `"file"` member `shown` and each `"message"` and `"suggestions"`
    /// `scrubbed`, at any depth; source lines and values are left alone.
    func relativized(_ json: JSONValue) -> JSONValue {
        switch json {
        case .array(let items):
            return .array(items.map(relativized))
        case .object(let members):
            return .object(members.map { member in
                switch (member.key, member.value) {
                case ("file", .string(let path)): (key: member.key, value: .string(shown(path)))
                case ("message", .string(let text)): (key: member.key, value: .string(scrubbed(text)))
                case ("suggestions", .array(let items)):
                    (key: member.key, value: .array(items.map { item in
                        if case .string(let text) = item { .string(scrubbed(text)) } else { item }
                    }))
                case ("frame", _), ("value", _), ("defaults", _): member
                default: (key: member.key, value: relativized(member.value))
                }
            })
        default:
            return json
        }
    }

    private static func absolute(_ path: String) -> String {
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        return standardized.count > 1 && standardized.hasSuffix("/") ? String(standardized.dropLast()) : standardized
    }
}
