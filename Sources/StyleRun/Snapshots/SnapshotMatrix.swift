import Foundation
import StyleCore

/// The trait sets `stylerun snapshot` styles each screen for (REFERENCE §8.2): the cross
/// product of a list of values per trait, given as `--trait NAME=V1,V2` (repeatable) or
/// declared in a `stylerun.snapshots.json` in the script's folder or one above it:
///
///     {"traits": {"colorScheme": ["light", "dark"], "contentSize": ["large", "accessibilityExtraExtraExtraLarge"]}}
///
///     let m = try SnapshotMatrix.parse(options: ["colorScheme=light,dark"])
///     m.traitSets.count    // 2: the default traits, then colorScheme=dark
///
/// Strict: an unknown trait or value, an empty list or a matrix of more than `maxTraitSets`
/// sets is a problem with the closest name. The sets come in the order of `Traits.names`,
/// each trait's values in the order written.
public struct SnapshotMatrix: Hashable, Sendable {
    public var traitSets: [Traits]
    /// The file that declared it; nil for the command line or the default.
    public var file: String?

    /// One set: the default traits.
    public static let `default` = SnapshotMatrix(traitSets: [.default], file: nil)
    public static let fileName = "stylerun.snapshots.json"
    /// The most trait sets a matrix may have (each is one styling of every screen and theme).
    public static let maxTraitSets = 128

    public init(traitSets: [Traits], file: String?) {
        self.traitSets = traitSets
        self.file = file
    }

    /// A matrix that cannot be read, as a diagnostic's parts.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public var code: Diagnostic.Code
        public var message: String
        public var file: String
        public var line: Int
        public var column: Int
        public var suggestions: [String]

        public var diagnostic: Diagnostic {
            Diagnostic(code, message, at: SourceLocation(file: file, line: line, column: column), suggestions: suggestions)
        }

        public var description: String { "\(file):\(line):\(column): \(message)" }
    }

    /// `--trait colorScheme=light,dark --trait contentSize=large,accessibilityLarge`.
    public static func parse(options: [String]) throws(Problem) -> SnapshotMatrix {
        var lists: [(name: String, values: [String], at: (Int, Int))] = []
        for text in options {
            guard let equals = text.firstIndex(of: "=") else {
                throw Problem(code: .badArgument, message: "--trait '\(text)' needs NAME=VALUE[,VALUE…], e.g. --trait colorScheme=light,dark.",
                              file: "--trait", line: 1, column: 1, suggestions: [])
            }
            let name = String(text[..<equals])
            let values = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            lists.append((name, values, (1, 1)))
        }
        return try make(lists, file: "--trait", declaredIn: nil) { name, value in
            // The column of the value in its option, else of the name.
            guard let option = options.first(where: { $0.hasPrefix(name + "=") }) else { return (1, 1) }
            guard let value, let r = option.range(of: value) else { return (1, 1) }
            return (1, option.distance(from: option.startIndex, to: r.lowerBound) + 1)
        }
    }

    /// The matrix `text` (a `stylerun.snapshots.json` at `file`) declares.
    public static func parse(json text: String, file: String) throws(Problem) -> SnapshotMatrix {
        let root: JSONValue
        do throws(JSONParseError) { root = try JSONValue(parsing: text) } catch {
            throw Problem(code: .badArgument, message: "\(fileName) is not JSON: \(error.message)", file: file,
                          line: error.line, column: error.column, suggestions: [])
        }
        func at(_ name: String, _ value: String?) -> (Int, Int) { position(of: value ?? name, after: value == nil ? nil : name, in: text) }
        guard case .object(let members) = root else {
            throw Problem(code: .badArgument, message: "\(fileName) holds an object: {\"traits\": {\"colorScheme\": [\"light\", \"dark\"]}}.",
                          file: file, line: 1, column: 1, suggestions: [])
        }
        var lists: [(name: String, values: [String], at: (Int, Int))] = []
        for member in members {
            guard member.key == "traits" else {
                let s = Suggestion.closest(to: member.key, among: ["traits"])
                let (line, column) = at(member.key, nil)
                throw Problem(code: .badArgument, message: "\(fileName) has no setting '\(member.key)'; it takes 'traits'." + Suggestion.sentence(s),
                              file: file, line: line, column: column, suggestions: s.map { [$0] } ?? [])
            }
            guard case .object(let traits) = member.value else {
                let (line, column) = at("traits", nil)
                throw Problem(code: .badArgument, message: "'traits' in \(fileName) is an object of lists: {\"colorScheme\": [\"light\", \"dark\"]}.",
                              file: file, line: line, column: column, suggestions: [])
            }
            for trait in traits {
                var values: [String] = []
                switch trait.value {
                case .string(let v): values = [v]
                case .array(let list):
                    for item in list {
                        guard case .string(let v) = item else {
                            let (line, column) = at(trait.key, nil)
                            throw Problem(code: .badArgument, message: "'\(trait.key)' in \(fileName) lists names of values, as strings.",
                                          file: file, line: line, column: column, suggestions: [])
                        }
                        values.append(v)
                    }
                default:
                    let (line, column) = at(trait.key, nil)
                    throw Problem(code: .badArgument, message: "'\(trait.key)' in \(fileName) takes a list of values, e.g. [\"light\", \"dark\"].",
                                  file: file, line: line, column: column, suggestions: [])
                }
                lists.append((trait.key, values, at(trait.key, nil)))
            }
        }
        return try make(lists, file: file, declaredIn: file) { name, value in at(name, value) }
    }

    /// The cross product of the lists, checked.
    private static func make(_ lists: [(name: String, values: [String], at: (Int, Int))], file: String, declaredIn: String?,
                             locate: (String, String?) -> (Int, Int)) throws(Problem) -> SnapshotMatrix {
        var chosen: [Traits.Name: [String]] = [:]
        for list in lists {
            let trait: Traits.Name
            switch Traits.Name.parse(list.name) {
            case .success(let t): trait = t
            case .failure(let error):
                let (line, column) = locate(list.name, nil)
                throw Problem(code: error.code, message: error.message, file: file, line: line, column: column,
                              suggestions: error.suggestion.map { [$0] } ?? [])
            }
            guard !list.values.isEmpty, !list.values.contains("") else {
                let (line, column) = locate(list.name, nil)
                throw Problem(code: .badArgument, message: "'\(list.name)' is given no value; list its values: \(trait.values.joined(separator: ", ")).",
                              file: file, line: line, column: column, suggestions: [])
            }
            for value in list.values {
                var probe = Traits()
                do throws(TraitError) { try probe.set(trait, to: value) } catch {
                    let (line, column) = locate(list.name, value)
                    throw Problem(code: error.code, message: error.message, file: file, line: line, column: column,
                                  suggestions: error.suggestion.map { [$0] } ?? [])
                }
                if !(chosen[trait] ?? []).contains(value) { chosen[trait, default: []].append(value) }
            }
        }
        var sets: [Traits] = [.default]
        for trait in Traits.Name.allCases {
            guard let values = chosen[trait] else { continue }
            sets = sets.flatMap { base in
                values.map { value in
                    var t = base
                    // Checked above.
                    try? t.set(trait, to: value)
                    return t
                }
            }
            guard sets.count <= maxTraitSets else {
                throw Problem(code: .badArgument, message: "The snapshot matrix has more than \(maxTraitSets) trait sets; snapshot fewer values.",
                              file: file, line: 1, column: 1, suggestions: [])
            }
        }
        return SnapshotMatrix(traitSets: sets, file: declaredIn)
    }

    /// The line and column (1-based) of `"name"` in `text`, the first after `"after"` when given.
    private static func position(of name: String, after: String?, in text: String) -> (Int, Int) {
        var searchFrom = text.startIndex
        if let after, let r = text.range(of: "\"\(after)\"") { searchFrom = r.upperBound }
        guard let r = text.range(of: "\"\(name)\"", range: searchFrom..<text.endIndex) else { return (1, 1) }
        let before = text[..<r.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.distance(from: before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex, to: before.endIndex) + 2
        return (line, column)
    }

    /// The nearest `stylerun.snapshots.json` in `script`'s folder or one above it.
    public static func file(for script: String) -> String? {
        var folder = URL(fileURLWithPath: script).standardizedFileURL.deletingLastPathComponent()
        while true {
            let candidate = folder.appendingPathComponent(fileName)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue { return candidate.path }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }
}
