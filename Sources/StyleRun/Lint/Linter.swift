import Dispatch
import Foundation
import StyleCore
import StyleLua
import Synchronization

/// The validation pass of `stylerun lint`: every `.lua` file under some paths, checked
/// statically and by running it, with all diagnostics rather than the first.
///
///     let linter = Linter()
///     let report = try linter.lint(paths: ["styles/"])
///     let text = LintFormat.text.render(report)
///     report.fails(maxWarnings: nil)    // true when there is an error
///
/// Files are checked in parallel, one Lua state each; the report is the same whatever the
/// scheduling: diagnostics sorted by file, line and column.
public struct Linter: Sendable {
    /// The kinds scripts are checked against.
    public var schema: Schema
    /// The evaluation of each file; in this process unless a host supplies another.
    public var dynamicPass: any DynamicPass
    /// Whether files are linted in parallel across cores.
    public var isParallel: Bool
    /// The stdlib modules the static pass knows the members of (`base.roundedStyle`).
    public var stdlib: StdlibModules = .standard

    /// What each file's evaluation may spend in lint: a real stylesheet stays far below, and a
    /// script that loops forever (a non-style program waiting for input) is stopped within a second or two.
    public static let defaultLimits = Limits(seconds: 2, memory: 64 << 20, instructions: 50_000_000)

    public init(schema: Schema = .standard, dynamicPass: (any DynamicPass)? = nil, isParallel: Bool = true) {
        self.schema = schema
        self.dynamicPass = dynamicPass ?? InProcessDynamicPass(schema: schema)
        self.isParallel = isParallel
    }

    /// A linter with a runtime's configuration: its kinds (the host's registered ones too), its
    /// stdlib folders and its limits; files are evaluated in this process.
    ///
    ///     let runtime = Runtime()
    ///     try runtime.register("AvatarView", superKind: Schema.view, properties: [.key(AvatarView.ringColor)])
    ///     let report = try Linter(runtime: runtime).lint(paths: ["styles/"])
    public init(runtime: Runtime, isParallel: Bool = true) {
        self.init(schema: runtime.schema,
                  dynamicPass: InProcessDynamicPass(schema: runtime.schema, limits: runtime.limits, stdlibPaths: runtime.stdlibPaths),
                  isParallel: isParallel)
        stdlib = StdlibModules.load(from: runtime.stdlibPaths)
    }

    /// Lints every `.lua` file under `paths` (files are taken as given, folders recursively).
    ///
    ///     try Linter().lint(paths: ["."]).errors    // 0 when the project is clean
    ///
    /// - Throws: `LintPathError` when a path does not exist (a usage mistake, exit 2).
    /// A folder that cannot be read is an error in the report (CI must not pass because a
    /// folder of scripts was never looked at).
    public func lint(paths: [String]) throws(LintPathError) -> LintReport {
        let found = try LintFiles.expand(paths)
        var report = lint(files: found.files)
        if !found.problems.isEmpty {
            report.diagnostics = DiagnosticMerge.sorted(report.diagnostics + found.problems)
        }
        return report
    }

    /// Lints the given files, in parallel when `isParallel`.
    public func lint(files: [String]) -> LintReport {
        let tokenFiles = files.filter(TokenFileLint.isTokenFile)
        guard tokenFiles.isEmpty else {
            var report = lint(files: files.filter { !TokenFileLint.isTokenFile($0) })
            report.diagnostics = LintReport.unique(DiagnosticMerge.sorted(report.diagnostics + TokenFileLint.lint(tokenFiles)))
            report.files = files.count
            return report
        }
        if let batched = dynamicPass as? any BatchedDynamicPass { return lint(files: files, batchedBy: batched) }
        let slots = ResultSlots<[Diagnostic]>(count: files.count, initial: [])
        if isParallel && files.count > 1 {
            DispatchQueue.concurrentPerform(iterations: files.count) { i in
                slots[i] = lint(file: files[i])
            }
        } else {
            for (i, file) in files.enumerated() { slots[i] = lint(file: file) }
        }
        return LintReport(diagnostics: LintReport.unique(DiagnosticMerge.sorted(slots.all.flatMap { $0 })), files: files.count)
    }

    /// One file: its text is read (a binary, non-UTF-8 or oversized file is one diagnostic),
    /// checked statically, and run unless it does not parse; the two passes merged.
    ///
    ///     Linter().lint(file: "app.lua")    // [Diagnostic]
    public func lint(file: String) -> [Diagnostic] {
        let source: String
        do throws(Diagnostic) {
            source = try SourceFile.read(file)
        } catch {
            return [error]
        }
        return lint(source: source, file: file)
    }

    /// Checks script text as if it were the file `file`.
    ///
    ///     Linter().lint(source: "mut(View.alpah, 1)", file: "a.lua")    // unknown-property at 1:10
    ///
    /// - Parameter staticDiagnostics: what `StaticChecker` already found in this very text, when
    ///   the caller has it (a language server), so that the text is not parsed a second time.
    public func lint(source: String, file: String, staticDiagnostics: [Diagnostic]? = nil) -> [Diagnostic] {
        let checked = staticDiagnostics.map { (diagnostics: $0, suppressions: Suppressions?.none) }
            ?? StaticChecker(schema: schema, stdlib: stdlib).checked(source: source, file: file)
        let found = checked.diagnostics
        let dynamic = Self.runs(found) ? dynamicPass.check(file: file, source: source) : []
        return Self.merge(static: found, dynamic: dynamic, source: source, file: file, suppressions: checked.suppressions)
    }

    /// Whether a file whose static diagnostics are `found` is evaluated: a file Lua cannot
    /// parse cannot run, and the static pass has said where and why.
    static func runs(_ found: [Diagnostic]) -> Bool {
        !found.contains { $0.code == .syntaxError }
    }

    /// One file's diagnostics from both passes, the dynamic ones less those the file suppresses
    /// (`suppressions`, when the static pass read them, else read from `source`).
    static func merge(static found: [Diagnostic], dynamic: [Diagnostic], source: String, file: String,
                      suppressions: Suppressions? = nil) -> [Diagnostic] {
        let suppressed = dynamic.isEmpty ? Suppressions() : suppressions ?? Suppressions(source: source)
        let kept = dynamic.filter { $0.file != file || !suppressed.suppresses($0) }
        return DiagnosticMerge.merge(static: found, dynamic: kept)
    }
}

/// What lint found over a set of files.
public struct LintReport: Sendable, Equatable {
    /// Sorted by file, line, column.
    public var diagnostics: [Diagnostic]
    /// How many files were checked.
    public var files: Int

    public init(diagnostics: [Diagnostic], files: Int) {
        self.diagnostics = diagnostics
        self.files = files
    }

    public var errors: Int { diagnostics.filter { $0.severity == .error }.count }

    /// Sorted diagnostics without repeats: a module that is linted and also `require`d by
    /// another linted file is evaluated by both, and reports each problem once.
    static func unique(_ sorted: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<DiagnosticIdentity>(minimumCapacity: sorted.count)
        // A file's standard path worked out once: a file may have thousands of findings.
        var standard: [String: String] = [:]
        return sorted.filter { d in
            let file: String
            if let known = standard[d.file] {
                file = known
            } else {
                file = (d.file as NSString).standardizingPath
                standard[d.file] = file
            }
            return seen.insert(DiagnosticIdentity(d, file: file)).inserted
        }
    }
    public var warnings: Int { diagnostics.filter { $0.severity == .warning }.count }

    /// Whether the lint fails: there are errors, or more warnings than `maxWarnings`
    /// (REFERENCE §2.3; `stylerun lint` then exits 1).
    ///
    ///     report.fails(maxWarnings: 0)    // true as soon as there is a warning
    public func fails(maxWarnings: Int?) -> Bool {
        if errors > 0 { return true }
        if let maxWarnings, warnings > maxWarnings { return true }
        return false
    }
}

/// A path given to `stylerun lint` that does not exist.
public struct LintPathError: Error, Sendable, Equatable {
    public let path: String
    public var message: String { "No such file or folder: '\(path)'." }
}

/// The `.lua` files under the paths given to `stylerun lint`.
enum LintFiles {
    /// Files as given; folders searched for `.lua` files, skipping hidden folders (`.git`,
    /// `.build`) and definitions files. Sorted and without repeats (a file reached by two paths,
    /// through a symbolic link, is linted once), so the output order is deterministic. Each
    /// folder is entered once by its real path, so links that loop (`ln -s . again`) end. A
    /// folder that cannot be read is a problem to report, not a folder without scripts.
    static func expand(_ paths: [String]) throws(LintPathError) -> (files: [String], problems: [Diagnostic]) {
        let fm = FileManager.default
        var files: [String] = []
        var problems: [Diagnostic] = []
        var visited = Set<String>()
        for path in paths.isEmpty ? ["."] : paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                // A link that loops is there but unusable: reported for the file, as any unreadable file is.
                guard isSymbolicLink(path) else { throw LintPathError(path: path) }
                files.append(path)
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            files += luaFiles(in: path, visited: &visited, problems: &problems)
        }
        var seen = Set<String>()
        return (files.sorted().filter { seen.insert(realPath($0) ?? ($0 as NSString).standardizingPath).inserted }, problems)
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Depth first with an explicit stack: folders nested any depth.
    private static func luaFiles(in root: String, visited: inout Set<String>, problems: inout [Diagnostic]) -> [String] {
        let fm = FileManager.default
        var found: [String] = []
        var pending = [root]
        while let folder = pending.popLast() {
            guard visited.insert(realPath(folder) ?? folder).inserted else { continue }
            let entries: [String]
            do {
                entries = try fm.contentsOfDirectory(atPath: folder)
            } catch {
                let reason = access(folder, R_OK | X_OK) == 0 ? "it could not be listed" : "permission denied"
                problems.append(Diagnostic(.unreadableFile, "Cannot read the folder '\(folder)': \(reason); its scripts were not checked.",
                                           at: SourceLocation(file: folder, line: 1)))
                continue
            }
            for entry in entries.sorted().reversed() where !entry.hasPrefix(".") {
                let path = folder == "." ? entry : (folder.hasSuffix("/") ? folder + entry : folder + "/" + entry)
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                    if entry.hasSuffix(".lua") || TokenFileLint.isTokenFile(entry), isSymbolicLink(path) { found.append(path) }  // dangling or looping: reported
                    continue
                }
                if isDirectory.boolValue {
                    pending.append(path)
                } else if entry.hasSuffix(".lua"), !isDefinitionFile(path) {
                    found.append(path)
                } else if TokenFileLint.isTokenFile(entry) {
                    found.append(path)
                }
            }
        }
        return found
    }

    /// A language server definitions file (`---@meta`, like `stylerun types` writes) declares
    /// the API rather than using it; found in a folder, it is not a script to lint.
    ///
    /// Opened without blocking and read only when it is a regular file: a FIFO named `x.lua`
    /// would otherwise wait forever for a writer (it is linted, and reported, like any file).
    private static func isDefinitionFile(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        var bytes = [UInt8](repeating: 0, count: 9)
        let n = read(fd, &bytes, bytes.count)
        guard n > 0 else { return false }
        let start = Array(bytes.prefix(n))
        return start == Array("---@meta ".utf8) || start == Array("---@meta\n".utf8)
    }
}

/// One result per file, written from whichever thread linted it.
final class ResultSlots<Element: Sendable>: Sendable {
    private let results: Mutex<[Element]>

    init(count: Int, initial: Element) { results = Mutex(Array(repeating: initial, count: count)) }

    subscript(index: Int) -> Element {
        get { results.withLock { $0[index] } }
        set { results.withLock { $0[index] = newValue } }
    }

    var all: [Element] { results.withLock { $0 } }
}
