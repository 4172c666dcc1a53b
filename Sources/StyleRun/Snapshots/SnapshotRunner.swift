import Foundation
import StyleCore

/// How `SnapshotRunner` treats what it finds.
public struct SnapshotOptions: Sendable {
    /// Record missing snapshots, rewrite those that differ, delete obsolete ones.
    public var update: Bool
    /// Running under CI: a missing snapshot fails instead of being recorded.
    public var ci: Bool
    /// Also compare screenshots of the HTML render, when given.
    public var images: ImageSnapshotOptions?
    /// The trait sets every screen is snapshotted for (`--trait`); nil for each script's
    /// `stylerun.snapshots.json`, or the default traits without one.
    public var matrix: SnapshotMatrix?
    /// `--state` assignments (`#subscribe=highlighted`), in order, given to every screen's tree
    /// before it is styled; their snapshots are files of their own
    /// (`SnapshotFiles.path(…, states:)`), and a run judges only the files of its own states.
    /// The evaluator must put the trees in the same states (`InProcessSnapshotEvaluator.states`).
    public var states: [String]

    public init(update: Bool = false, ci: Bool = false, images: ImageSnapshotOptions? = nil, matrix: SnapshotMatrix? = nil,
                states: [String] = []) {
        self.update = update
        self.ci = ci
        self.images = images
        self.matrix = matrix
        self.states = states
    }

    /// Whether `environment` is a CI runner's: `CI` set to anything but empty, `false` or `0`
    /// (GitHub Actions, GitLab CI and most others set `CI=true`).
    ///
    ///     SnapshotOptions.isCI(["CI": "true"])     // true
    ///     SnapshotOptions.isCI(["CI": "false"])    // false
    public static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        isSet(environment["CI"])
    }

    /// Whether an environment variable's value turns its switch on: anything but nothing,
    /// the empty string, `false` or `0`.
    public static func isSet(_ value: String?) -> Bool {
        guard let value = value?.trimmingCharacters(in: .whitespaces) else { return false }
        return !value.isEmpty && value.lowercased() != "false" && value != "0"
    }
}

/// `stylerun snapshot`: every screen script under some paths, in every theme it declares,
/// compared with its recorded snapshot.
///
///     let report = try SnapshotRunner(evaluator: IsolatedSnapshotEvaluator(), options: .init(ci: SnapshotOptions.isCI()))
///         .run(paths: ["screens"])
///     report.exitCode    // 1 when a screen changed
///
/// Every `.lua` file under the paths is evaluated (as `stylerun lint` finds them); one that
/// returns a view is a screen, and one that returns anything else is skipped. A screen's
/// snapshot for each theme is `SnapshotFiles.path(script:theme:)`. A missing snapshot is
/// written, except under CI without `update`, where it fails. A snapshot that differs fails,
/// or with `update` is rewritten keeping the lines that still hold. Snapshot files under the
/// paths whose script is gone, returns no view, or no longer declares the theme fail as
/// obsolete, or with `update` are deleted.
public struct SnapshotRunner: Sendable {
    public var evaluator: any SnapshotEvaluator
    public var options: SnapshotOptions

    public init(evaluator: any SnapshotEvaluator = IsolatedSnapshotEvaluator(), options: SnapshotOptions = .init()) {
        self.evaluator = evaluator
        self.options = options
    }

    /// Compares (or records) the snapshots of the screens under `paths` (default `.`).
    /// - Throws: `LintPathError` when a path does not exist (a usage mistake).
    public func run(paths: [String]) throws(LintPathError) -> SnapshotReport {
        let found = try LintFiles.expand(paths)
        // A folder that cannot be read may hold screens: a failure, not an empty folder.
        var results = found.problems.map {
            SnapshotResult(script: $0.file, theme: nil, file: $0.file, status: .failed, diagnostics: [$0])
        }
        // Each script's matrix; a script under a matrix file that cannot be read fails with it.
        var files: [String] = [], matrices: [String: SnapshotMatrix] = [:]
        var declared: [String: Result<SnapshotMatrix, SnapshotMatrix.Problem>] = [:]
        for file in found.files {
            let matrix: SnapshotMatrix
            if let given = options.matrix {
                matrix = given
            } else if let config = SnapshotMatrix.file(for: file) {
                let result = declared[config] ?? Self.readMatrix(at: config)
                declared[config] = result
                switch result {
                case .success(let m): matrix = m
                case .failure(let problem):
                    results.append(SnapshotResult(script: file, theme: nil, file: problem.file, status: .failed, diagnostics: [problem.diagnostic]))
                    continue
                }
            } else {
                matrix = .default
            }
            files.append(file)
            matrices[Self.key(file)] = matrix
        }
        let captures = evaluator.capture(files: files, html: options.images != nil,
                                         traits: files.map { matrices[Self.key($0)]!.traitSets })
        var skipped: [String] = []
        var evaluated: [String: ScriptCapture] = [:]
        for (file, capture) in zip(files, captures) {
            evaluated[Self.key(file)] = capture
            switch capture {
            case .notAScreen:
                skipped.append(file)
            case .failed(let diagnostics):
                results.append(SnapshotResult(script: file, theme: nil, file: SnapshotFiles.folder(of: file), status: .failed,
                                              diagnostics: diagnostics))
            case .screen(let themes):
                for theme in themes { results.append(check(script: file, capture: theme)) }
            }
        }
        results += obsolete(under: paths, evaluated: evaluated, matrices: matrices,
                            unlistedAlreadySaid: Set(found.problems.map(\.file)))
        return SnapshotReport(results: results, skipped: skipped)
    }

    /// The matrix a `stylerun.snapshots.json` declares, named as the user sees it.
    private static func readMatrix(at path: String) -> Result<SnapshotMatrix, SnapshotMatrix.Problem> {
        let cwd = FileManager.default.currentDirectoryPath
        let shown = path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
        let bytes: [UInt8]
        do throws(SnapshotFileAccess.Problem) { bytes = try SnapshotFileAccess.read(path) } catch {
            // The system's reason (permission denied, a folder where the file should be).
            let reason = switch error {
            case .notAFile(_, let entry): "it is \(entry.description), not a file"
            case .cannotRead(_, let why): why
            default: error.message
            }
            return .failure(SnapshotMatrix.Problem(code: .unreadableFile, message: "'\(shown)' cannot be read: \(reason).",
                                                   file: shown, line: 1, column: 1, suggestions: []))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(SnapshotMatrix.Problem(code: .unreadableFile, message: "'\(shown)' is not UTF-8 text.",
                                                   file: shown, line: 1, column: 1, suggestions: []))
        }
        do throws(SnapshotMatrix.Problem) {
            return .success(try SnapshotMatrix.parse(json: text, file: shown))
        } catch {
            return .failure(error)
        }
    }

    // MARK: One screen in one theme

    /// Compares one capture with its snapshot file (and screenshot), writing as the options say.
    public func check(script: String, capture: ThemeCapture) -> SnapshotResult {
        let name = String(FilePath.name(of: script))
        var title = capture.theme.map { "\(name), theme \"\($0)\"" } ?? name
        if !capture.traits.isDefault { title += ", traits \(capture.traits)" }
        if !options.states.isEmpty { title += ", states \(options.states.joined(separator: " "))" }
        var result = check(capture.snapshot, at: SnapshotFiles.path(script: script, theme: capture.theme, traits: capture.traits, states: options.states),
                           title: title, sourceFolder: String(FilePath.parent(of: script)), script: script, theme: capture.theme)
        result.traits = capture.traits
        result.states = options.states
        if let images = options.images, let html = capture.html {
            result.image = images.check(html: html, path: SnapshotFiles.path(script: script, theme: capture.theme, traits: capture.traits,
                                                                             states: options.states, extension: SnapshotFiles.imageExtension),
                                        update: options.update, ci: options.ci)
        }
        return result
    }

    /// Compares `snapshot` with the snapshot file at `path`, writing as the options say: the
    /// rules of `stylerun snapshot` for any snapshot, such as a host's test of its own view.
    ///
    ///     runner.check(StyleSnapshot(root), at: "Tests/__snapshots__/Home.snap", title: "Home",
    ///                  sourceFolder: "Styles", script: "Tests/HomeTests.swift", theme: nil)
    ///
    /// - Parameters:
    ///   - title: what the file's header says it records.
    ///   - sourceFolder: source files inside it are named relative to it in the file's notes.
    ///   - script, theme: what the result names.
    public func check(_ snapshot: StyleSnapshot, at path: String, title: String, sourceFolder: String?,
                      script: String, theme: String?) -> SnapshotResult {
        var result = SnapshotResult(script: script, theme: theme, file: path, status: .matched)
        switch SnapshotFileAccess.entry(at: path) {
        case .missing:
            if options.ci && !options.update {
                result.status = .missing
            } else {
                result.status = .recorded
                write(snapshot.text(title: title, folder: sourceFolder), to: path, result: &result)
            }
            return result
        case .regularFile:
            break
        case let other:
            // Never replaced, even with `update`: a folder or pipe there is someone's, not ours.
            result.status = .failed
            result.message = SnapshotFileAccess.Problem.notAFile(path: path, entry: other).message
            return result
        }
        let decoded: String?
        do throws(SnapshotFileAccess.Problem) {
            let bytes = try SnapshotFileAccess.read(path)
            // Most files match: one pass over the bytes says so without reading them into
            // records, or as text (the compared parts are the snapshot's own UTF-8).
            if RecordedSnapshot.matches(bytes, snapshot) { return result }
            // The bytes go once they are text: a recording of a large tree is megabytes.
            decoded = String(validating: bytes, as: UTF8.self)
        } catch {
            result.status = .failed
            result.message = error.message
            return result
        }
        guard let text = decoded else {
            if options.update {
                result.status = .updated
                result.message = "The old file was not UTF-8 text, so not a stylerun snapshot; it was recorded anew."
                write(snapshot.text(title: title, folder: sourceFolder), to: path, result: &result)
            } else {
                result.status = .failed
                result.message = "'\(path)' is not UTF-8 text, so it is not a stylerun snapshot (corrupt, or another file); "
                    + "re-record it with `stylerun snapshot --update`."
            }
            return result
        }
        do throws(RecordedSnapshot.FormatError) {
            let recorded = try RecordedSnapshot(text: text)
            result.differences = recorded.differences(to: snapshot)
            guard !result.differences.isEmpty else { return result }
            result.status = options.update ? .updated : .changed
            if options.update {
                write(recorded.updatedText(for: snapshot, title: title, folder: sourceFolder), to: path, result: &result)
            }
        } catch {
            if options.update {
                result.status = .updated
                result.message = error.replacedMessage
                write(snapshot.text(title: title, folder: sourceFolder), to: path, result: &result)
            } else {
                result.status = .failed
                result.message = "\(path): \(error.message)"
            }
        }
        return result
    }

    private func write(_ text: String, to path: String, result: inout SnapshotResult) {
        do throws(SnapshotFileAccess.Problem) {
            try SnapshotFileAccess.write(Array(text.utf8), to: path)
        } catch {
            result.status = .failed
            result.message = error.message
        }
    }

    // MARK: Snapshots without a screen

    /// The snapshot files under `paths` that no screen in `evaluated` accounts for.
    /// A folder in `unlistedAlreadySaid` failed the run already (its scripts could not be found)
    /// and is not said again.
    private func obsolete(under paths: [String], evaluated: [String: ScriptCapture], matrices: [String: SnapshotMatrix],
                          unlistedAlreadySaid: Set<String>) -> [SnapshotResult] {
        var out: [SnapshotResult] = []
        // A script's key, worked out once for all its files.
        var keys: [String: String] = [:]
        let recorded = SnapshotFiles.recorded(under: paths)
        // A folder that could not be listed may hold obsolete snapshots: the run cannot say it
        // judged them all, so it fails and says where.
        for problem in recorded.unlisted {
            guard case .cannotList(let folder, _) = problem, !unlistedAlreadySaid.contains(folder) else { continue }
            out.append(SnapshotResult(script: folder, theme: nil, file: folder, status: .failed,
                                      message: problem.message + " Its snapshots cannot be checked for being obsolete."))
        }
        for path in recorded.files {
            guard let (script, theme, traits, states) = SnapshotFiles.parse(path) else { continue }
            // Another run's states (or none, for a run with `--state`): that run judges it.
            guard states == options.states else { continue }
            let key = keys[script] ?? Self.key(script)
            keys[script] = key
            let reason: String
            switch evaluated[key] {
            case nil:
                // A script that exists but was not evaluated (outside the paths, a definitions file) is not judged.
                guard !FileManager.default.fileExists(atPath: script) else { continue }
                reason = "its script '\(script)' is gone"
            case .failed?:
                continue
            case .notAScreen(let returned)?:
                reason = "'\(script)' returns \(returned == "nil" ? "nothing" : "a \(returned)"), not a view"
            case .screen(let themes)?:
                if themes.contains(where: { $0.theme == theme && $0.traits == traits }) { continue }
                if themes.contains(where: { $0.theme == theme }) {
                    // A trait set outside the matrix: `--trait` picks some of them for one run, and
                    // judges none of the others; a matrix file (or none, the default traits) is the whole list.
                    let matrix = matrices[key]
                    guard options.matrix == nil else { continue }
                    reason = matrix?.file.map { "the snapshot matrix of \($0) has no \(traits)" }
                        ?? "no \(SnapshotMatrix.fileName) asks for \(traits)"
                } else if let theme {
                    reason = themes.first?.theme == nil ? "'\(script)' declares no themes now, so none named '\(theme)'"
                                                        : "'\(script)' declares no theme '\(theme)'"
                } else {
                    reason = "'\(script)' declares themes now; each has its own snapshot"
                }
            }
            var result = SnapshotResult(script: script, theme: theme, file: path, status: .obsolete, message: "The snapshot is obsolete: \(reason).")
            result.traits = traits
            result.states = states
            if options.update {
                do throws(SnapshotFileAccess.Problem) {
                    try SnapshotFileAccess.delete(path)
                    // A screenshot's diff image goes with it.
                    let diff = String(path.dropLast(SnapshotFiles.imageExtension.count + 1)) + SnapshotFiles.diffImageSuffix
                    if path.hasSuffix("." + SnapshotFiles.imageExtension), SnapshotFileAccess.entry(at: diff) != .missing {
                        try SnapshotFileAccess.delete(diff)
                    }
                    result.status = .deleted
                } catch {
                    result.status = .failed
                    result.message = "The snapshot is obsolete: \(reason), but it was not deleted. " + error.message
                }
            }
            out.append(result)
        }
        return out
    }

    private static func key(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
