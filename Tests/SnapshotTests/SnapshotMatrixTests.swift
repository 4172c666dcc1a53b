import Foundation
import StyleCore
import XCTest
@testable import StyleRun

/// Snapshots for a matrix of traits: `--trait NAME=V1,V2` and `stylerun.snapshots.json`, one
/// file per trait set, one evaluation per screen and theme.
final class SnapshotMatrixTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        let folder = try copyOfSnapshotFixtures()
        self.folder = folder
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    private func dark() -> Traits { Traits(colorScheme: .dark) }

    // MARK: The matrix

    func testACommaListPerTraitGivesTheCrossProductInTheOrderOfTheNames() throws {
        let m = try SnapshotMatrix.parse(options: ["contentSize=large,accessibilityExtraExtraExtraLarge", "colorScheme=light,dark"])
        XCTAssertEqual(m.traitSets.map(\.description), [
            "default", "contentSize=accessibilityExtraExtraExtraLarge",
            "colorScheme=dark", "colorScheme=dark contentSize=accessibilityExtraExtraExtraLarge",
        ])
        XCTAssertNil(m.file)
        let all = try SnapshotMatrix.parse(options: ["colorScheme=light,dark", "contentSize=" + ContentSize.allCases.map(\.rawValue).joined(separator: ",")])
        XCTAssertEqual(all.traitSets.count, 24)
        XCTAssertEqual(Set(all.traitSets).count, 24)
    }

    func testUnknownTraitsValuesAndEmptyListsAreProblemsWithTheClosestName() {
        let cases: [([String], Diagnostic.Code, Int, String, [String])] = [
            (["colorSheme=dark"], .unknownTrait, 1, "Unknown trait 'colorSheme'. Did you mean 'colorScheme'?", ["colorScheme"]),
            (["colorScheme=light,drak"], .unknownTrait, 19, "'drak' is not a value of colorScheme. Did you mean 'dark'?", ["dark"]),
            (["contrast="], .badArgument, 1, "'contrast' is given no value; list its values: normal, high.", []),
            (["dark"], .badArgument, 1, "--trait 'dark' needs NAME=VALUE[,VALUE…], e.g. --trait colorScheme=light,dark.", []),
        ]
        for (options, code, column, message, suggestions) in cases {
            XCTAssertThrowsError(try SnapshotMatrix.parse(options: options), "\(options)") { error in
                let problem = error as! SnapshotMatrix.Problem
                XCTAssertEqual(problem.code, code, "\(options)")
                XCTAssertEqual(problem.message, message)
                XCTAssertEqual(problem.column, column, "\(options)")
                XCTAssertEqual(problem.suggestions, suggestions)
            }
        }
        let everything = Traits.Name.allCases.map { "\($0.rawValue)=" + $0.values.joined(separator: ",") }
        XCTAssertThrowsError(try SnapshotMatrix.parse(options: everything), "384 sets is over the limit")
    }

    func testTheMatrixFileIsStrictAndPointsAtTheMistake() throws {
        let good = try SnapshotMatrix.parse(json: #"{"traits": {"colorScheme": ["light", "dark"], "contrast": "high"}}"#, file: "m.json")
        XCTAssertEqual(good.traitSets.map(\.description), ["contrast=high", "colorScheme=dark contrast=high"])
        XCTAssertEqual(good.file, "m.json")
        let cases: [(String, Diagnostic.Code, Int, Int, String)] = [
            ("{\n  \"trait\": {}\n}", .badArgument, 2, 4, "stylerun.snapshots.json has no setting 'trait'; it takes 'traits'. Did you mean 'traits'?"),
            ("{\"traits\": {\n  \"contentSize\": [\"large\", \"hge\"]}}", .unknownTrait, 2, 29, "'hge' is not a value of contentSize."),
            ("{\"traits\": {\"colourScheme\": [\"dark\"]}}", .unknownTrait, 1, 14, "Unknown trait 'colourScheme'. Did you mean 'colorScheme'?"),
            ("{\"traits\": {\"colorScheme\": []}}", .badArgument, 1, 14, "'colorScheme' is given no value; list its values: light, dark."),
            ("{\"traits\": {\"colorScheme\": 2}}", .badArgument, 1, 14, "'colorScheme' in stylerun.snapshots.json takes a list of values, e.g. [\"light\", \"dark\"]."),
            ("[\"dark\"]", .badArgument, 1, 1, "stylerun.snapshots.json holds an object: {\"traits\": {\"colorScheme\": [\"light\", \"dark\"]}}."),
        ]
        for (text, code, line, column, message) in cases {
            XCTAssertThrowsError(try SnapshotMatrix.parse(json: text, file: "m.json"), text) { error in
                let problem = error as! SnapshotMatrix.Problem
                XCTAssertEqual(problem.code, code, text)
                XCTAssertEqual(problem.line, line, text)
                XCTAssertEqual(problem.column, column, text)
                XCTAssertTrue(problem.message.hasPrefix(message), "\(problem.message) for \(text)")
                XCTAssertEqual(problem.file, "m.json")
            }
        }
    }

    // MARK: Files

    func testFilesAreNamedByTheirNonDefaultTraitsAndReadBack() throws {
        let both = Traits(colorScheme: .dark, contentSize: .accessibilityExtraExtraExtraLarge)
        XCTAssertEqual(SnapshotFiles.path(script: "screens/home.lua", theme: nil, traits: both),
                       "screens/__snapshots__/home.lua.colorScheme-dark.contentSize-accessibilityExtraExtraExtraLarge.snap")
        XCTAssertEqual(SnapshotFiles.path(script: "home.lua", theme: "high contrast", traits: dark()),
                       "__snapshots__/home.lua@high%20contrast.colorScheme-dark.snap")
        XCTAssertEqual(SnapshotFiles.path(script: "home.lua", theme: "dark", traits: .default), "__snapshots__/home.lua@dark.snap",
                       "the default traits keep the name files had before traits")
        for (theme, traits) in [(nil, both), ("high contrast", dark()), ("dark", Traits.default), (nil, Traits(layoutDirection: .rightToLeft))] {
            let parsed = try XCTUnwrap(SnapshotFiles.parse(SnapshotFiles.path(script: "screens/home.lua", theme: theme, traits: traits)))
            XCTAssertEqual(parsed.script, "screens/home.lua")
            XCTAssertEqual(parsed.theme, theme)
            XCTAssertEqual(parsed.traits, traits)
        }
        // Not snapshots: an unknown trait, a default value written out, traits out of order.
        for name in ["home.lua.colourScheme-dark.snap", "home.lua.colorScheme-light.snap",
                     "home.lua.contentSize-small.colorScheme-dark.snap", "home.lua.colorScheme.snap"] {
            XCTAssertNil(SnapshotFiles.parse("__snapshots__/" + name), name)
        }
    }

    // MARK: Running

    func testEachScreenIsEvaluatedOncePerThemeAndStyledOncePerTraitSet() throws {
        try """
            print("evaluated")
            rule("Label", function(v) print("styled " .. traits.colorScheme) end)
            rule("Label", when({ colorScheme = "dark" }, mut(Label.textColor, "#FFFFFF")))
            return StackView { id = "root", Label { id = "title", text = "Hi" } }
            """.write(to: folder.appendingPathComponent("counted.lua"), atomically: true, encoding: .utf8)
        let lines = Lines()
        var evaluator = InProcessSnapshotEvaluator()
        evaluator.log = { lines.append($0) }
        let matrix = try SnapshotMatrix.parse(options: ["colorScheme=light,dark", "contentSize=large,small,accessibilityLarge"])
        let report = try SnapshotRunner(evaluator: evaluator, options: SnapshotOptions(matrix: matrix))
            .run(paths: [folder.appendingPathComponent("counted.lua").path])
        XCTAssertEqual(report.results.count, 6)
        XCTAssertEqual(report.results.map(\.status), Array(repeating: .recorded, count: 6))
        XCTAssertEqual(lines.all.filter { $0.hasSuffix("evaluated") }.count, 1, "\(lines.all)")
        XCTAssertEqual(lines.all.filter { $0.contains("styled") }.count, 6, "\(lines.all)")
        let darkFile = try String(contentsOf: folder.appendingPathComponent("__snapshots__/counted.lua.colorScheme-dark.snap"), encoding: .utf8)
        XCTAssertTrue(darkFile.hasPrefix("# stylerun snapshot: counted.lua, traits colorScheme=dark\n"), darkFile)
        XCTAssertTrue(darkFile.contains("textColor: #FFFFFF"), "styled for dark")
        let lightFile = try String(contentsOf: folder.appendingPathComponent("__snapshots__/counted.lua.snap"), encoding: .utf8)
        XCTAssertFalse(lightFile.contains("textColor: #FFFFFF"), "the default traits' file is styled for light")
    }

    func testAMatrixFileAboveTheScriptsIsReadAndExistingSnapshotsStayValid() throws {
        // Recorded before there was a matrix.
        _ = try SnapshotRunner(evaluator: InProcessSnapshotEvaluator()).run(paths: [folder.path])
        try #"{"traits": {"colorScheme": ["light", "dark"]}}"#.write(to: folder.appendingPathComponent(SnapshotMatrix.fileName),
                                                                       atomically: true, encoding: .utf8)
        let report = try SnapshotRunner(evaluator: InProcessSnapshotEvaluator()).run(paths: [folder.path])
        let lines = report.results.map { "\(($0.script as NSString).lastPathComponent) \($0.theme ?? "-") \($0.traits) \($0.status.rawValue)" }
        XCTAssertEqual(lines, [
            "about.lua - default matched", "about.lua - colorScheme=dark recorded",
            "home.lua dark default matched", "home.lua dark colorScheme=dark recorded",
            "home.lua light default matched", "home.lua light colorScheme=dark recorded",
        ])
        // Under CI the new trait sets would be missing: the matrix is what CI runs.
        try edit("tokens.lua", "color \"#BB86FC\"", "color \"#00C853\"")
        let ci = try SnapshotRunner(evaluator: InProcessSnapshotEvaluator(), options: SnapshotOptions(ci: true)).run(paths: [folder.path])
        let changed = ci.results.filter { $0.status == .changed }.map(\.name)
        XCTAssertTrue(changed.contains { $0.hasSuffix("home.lua (theme \"dark\", colorScheme=dark)") }, "failures name the traits: \(changed)")
        XCTAssertEqual(ci.exitCode, 1)
    }

    func testAMatrixFileThatCannotBeReadFailsItsScriptsWithTheReason() throws {
        let matrix = folder.appendingPathComponent(SnapshotMatrix.fileName)
        func messages() throws -> [String] {
            let report = try SnapshotRunner(evaluator: InProcessSnapshotEvaluator()).run(paths: [folder.path])
            XCTAssertEqual(report.exitCode, 1)
            return Array(Set(report.results.filter { $0.status == .failed }.flatMap { $0.diagnostics.map(\.message) })).sorted()
        }
        // A named pipe where the file belongs: said so, never waited on.
        XCTAssertEqual(mkfifo(matrix.path, 0o644), 0)
        XCTAssertEqual(try messages(), ["'\(matrix.path)' cannot be read: it is a named pipe (FIFO), not a file."])
        try FileManager.default.removeItem(at: matrix)
        // Bytes that are not UTF-8.
        try Data([0x7B, 0xFF, 0xFE, 0x7D]).write(to: matrix)
        XCTAssertEqual(try messages(), ["'\(matrix.path)' is not UTF-8 text."])
        if geteuid() != 0 {  // root reads anything
            try #"{"traits": {}}"#.write(to: matrix, atomically: true, encoding: .utf8)
            XCTAssertEqual(chmod(matrix.path, 0o000), 0)
            defer { chmod(matrix.path, 0o644) }
            XCTAssertEqual(try messages(), ["'\(matrix.path)' cannot be read: Permission denied."])
        }
    }

    func testTraitSetsLeftOutOfTheMatrixFileAreObsoleteButACommandLineSubsetJudgesNone() throws {
        let matrixFile = folder.appendingPathComponent(SnapshotMatrix.fileName)
        try #"{"traits": {"colorScheme": ["light", "dark"]}}"#.write(to: matrixFile, atomically: true, encoding: .utf8)
        let about = folder.appendingPathComponent("about.lua").path
        _ = try SnapshotRunner(evaluator: InProcessSnapshotEvaluator()).run(paths: [about])
        let darkFile = folder.appendingPathComponent("__snapshots__/about.lua.colorScheme-dark.snap").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: darkFile))

        let subset = try SnapshotRunner(evaluator: InProcessSnapshotEvaluator(), options: SnapshotOptions(matrix: .default)).run(paths: [about])
        XCTAssertEqual(subset.results.map(\.status), [.matched], "--trait runs some sets and judges no other")

        try #"{"traits": {"colorScheme": ["light"]}}"#.write(to: matrixFile, atomically: true, encoding: .utf8)
        let report = try SnapshotRunner(evaluator: InProcessSnapshotEvaluator()).run(paths: [about])
        XCTAssertEqual(report.results.map(\.status), [.matched, .obsolete])
        XCTAssertEqual(report.results.last?.message,
                       "The snapshot is obsolete: the snapshot matrix of \(matrixFile.path) has no colorScheme=dark.")
        _ = try SnapshotRunner(evaluator: InProcessSnapshotEvaluator(), options: SnapshotOptions(update: true)).run(paths: [about])
        XCTAssertFalse(FileManager.default.fileExists(atPath: darkFile), "--update deletes it")

        try #"{"traits": {"colorScheme": ["light", "drak"]}}"#.write(to: matrixFile, atomically: true, encoding: .utf8)
        let broken = try SnapshotRunner(evaluator: InProcessSnapshotEvaluator()).run(paths: [about])
        XCTAssertEqual(broken.results.map(\.status), [.failed])
        XCTAssertEqual(broken.results.first?.diagnostics.first?.message, "'drak' is not a value of colorScheme. Did you mean 'dark'?")
        XCTAssertEqual(broken.results.first?.diagnostics.first?.column, 39, "at the value, inside its quotes")
    }

    func testChildProcessesStyleForEachTraitSetToo() throws {
        let executable = try XCTUnwrap(builtStylerun(), "stylerun is not built; run swift build first")
        let matrix = try SnapshotMatrix.parse(options: ["colorScheme=light,dark"])
        let about = folder.appendingPathComponent("about.lua").path
        let isolated = try SnapshotRunner(evaluator: IsolatedSnapshotEvaluator(executable: executable), options: SnapshotOptions(matrix: matrix))
            .run(paths: [about])
        XCTAssertEqual(isolated.results.map(\.status), [.recorded, .recorded])
        XCTAssertEqual(isolated.results.map(\.traits), [.default, dark()])
        let inProcess = try SnapshotRunner(evaluator: InProcessSnapshotEvaluator(), options: SnapshotOptions(matrix: matrix)).run(paths: [about])
        XCTAssertEqual(inProcess.results.map(\.status), [.matched, .matched])
    }

    private func edit(_ name: String, _ old: String, _ new: String) throws {
        let url = folder.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(name) has no '\(old)'")
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }
}

/// Lines a script printed, from whichever thread evaluates it.
private final class Lines: @unchecked Sendable {
    private var lines: [String] = []
    private let lock = NSLock()
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
