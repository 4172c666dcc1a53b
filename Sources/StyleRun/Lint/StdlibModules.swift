import Foundation

/// The members of the stdlib's modules, so that lint's static pass can check `base.roundedStyl`
/// in code that never runs, as the runtime checks it when it does (REFERENCE §1.9).
///
/// A module's members are read from its text: the fields of the table it returns, assigned as
/// `base.name = …` or `function base.name(…)`, which is how the stdlib is written.
///
///     StdlibModules.load(from: "stdlib").members["base"]?.contains("roundedStyle")   // true
public struct StdlibModules: Sendable {
    /// Module name → member names.
    public var members: [String: Set<String>]

    public init(members: [String: Set<String>] = [:]) {
        self.members = members
    }

    /// The modules of the stdlib `stylerun` uses by default.
    public static let standard = load(from: Runtime.defaultStdlibPaths)

    /// The top-level modules of several folders, searched in order as `require` does: a module
    /// of an earlier folder hides one of the same name in a later one.
    public static func load(from paths: [String]) -> StdlibModules {
        var members: [String: Set<String>] = [:]
        for path in paths.reversed() {
            members.merge(load(from: path).members) { _, earlier in earlier }
        }
        return StdlibModules(members: members)
    }

    /// The top-level modules of the folder at `path`; none when there is no folder.
    public static func load(from path: String?) -> StdlibModules {
        guard let path, let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { return StdlibModules() }
        var members: [String: Set<String>] = [:]
        for entry in entries where entry.hasSuffix(".lua") {
            guard let text = try? String(contentsOfFile: (path as NSString).appendingPathComponent(entry), encoding: .utf8),
                  let names = Self.fields(in: text) else { continue }
            members[String(entry.dropLast(4))] = names
        }
        return StdlibModules(members: members)
    }

    /// The fields `t.name = …` and `function t.name(…)` of the local `t` the text ends by
    /// returning; nil when it does not end with `return t`.
    static func fields(in text: String) -> Set<String>? {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let last = lines.last(where: { !$0.isEmpty && !$0.hasPrefix("--") }), last.hasPrefix("return ") else { return nil }
        let table = last.dropFirst(7).trimmingCharacters(in: .whitespaces)
        guard !table.isEmpty, table.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        var names = Set<String>()
        for line in lines {
            let rest = line.hasPrefix("function ") ? line.dropFirst(9) : Substring(line)
            guard rest.hasPrefix(table + ".") else { continue }
            let name = rest.dropFirst(table.count + 1).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            let after = rest.dropFirst(table.count + 1 + name.count).drop { $0 == " " }
            if !name.isEmpty, after.first == "=" || after.first == "(" { names.insert(String(name)) }
        }
        return names
    }
}
