import Foundation
import StyleRun
import XCTest

/// Lint's dynamic pass in child processes (`IsolatedDynamicPass`, the default of `stylerun
/// lint`): a crash or a runaway in one file is a diagnostic for that file, every other file gets
/// its ordinary diagnostics, and the report is the in-process one otherwise.
///
/// Crashes and runaways are made on purpose with the child's test hook
/// (`IsolatedDynamicPass.testFaultsVariable`), since the VM has no known crash to rely on.
final class LintIsolationTests: XCTestCase {
    private let lint = fixtures.appendingPathComponent("lint")

    /// A folder with a clean script, one with a mistake, and an innocent one the hook crashes on.
    private func mixedFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lint-isolation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "return Label { text = \"hi\" }\n".write(to: folder.appendingPathComponent("a-clean.lua"), atomically: true, encoding: .utf8)
        try "return Label { txt = \"hi\" }\n".write(to: folder.appendingPathComponent("b-broken.lua"), atomically: true, encoding: .utf8)
        try "return View {}\n".write(to: folder.appendingPathComponent("c-crash.lua"), atomically: true, encoding: .utf8)
        try "return StackView { spacing = 8 }\n".write(to: folder.appendingPathComponent("d-after.lua"), atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    private func pass(seconds: Double = Linter.defaultLimits.seconds, concurrency: Int = 1, faults: String) throws -> IsolatedDynamicPass {
        let executable = try XCTUnwrap(StyleRunCommand.executable, "stylerun is not built; run swift build first")
        var limits = Linter.defaultLimits
        limits.seconds = seconds
        return IsolatedDynamicPass(limits: limits, executable: executable.path, concurrency: concurrency,
                                   environment: [IsolatedDynamicPass.testFaultsVariable: faults])
    }

    private func scripts(in folder: URL) throws -> [LintScript] {
        try ["a-clean.lua", "b-broken.lua", "c-crash.lua", "d-after.lua"].map {
            LintScript(file: $0, source: try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
    }

    func testACrashIsADiagnosticForItsFileAndTheOthersKeepTheirs() throws {
        let folder = try mixedFolder()
        let result = try StyleRunCommand.run(["lint", "."], in: folder, environment: [IsolatedDynamicPass.testFaultsVariable: "crash:c-crash.lua"])
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(result.crashed, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr, "")
        let headers = result.stdout.split(separator: "\n").filter { $0.contains(".lua:") }
        XCTAssertEqual(headers, [
            "b-broken.lua:1:16: error: Label has no property 'txt'. Did you mean 'text'? [unknown-property]",
            "c-crash.lua:1:1: error: The script crashed the evaluator (signal 11). [crash]",
        ])
        XCTAssertTrue(result.stdout.hasSuffix("2 errors in 4 files checked.\n"), result.stdout)

        // In process there is no child to crash: the same file is clean.
        let inProcess = try StyleRunCommand.run(["lint", "--no-isolation", "."], in: folder, environment: [IsolatedDynamicPass.testFaultsVariable: "crash:c-crash.lua"])
        XCTAssertEqual(inProcess.stdout.split(separator: "\n").filter { $0.contains(".lua:") }, [headers[0]])
    }

    /// One child for the four files: the one it crashes on is re-run alone (and crashes again),
    /// the one it never reached runs in a new child.
    /// A child that runs out of memory at its address-space backstop in Swift-side work is past
    /// the memory limit, as for `stylerun FILE` and snapshots, not a crash.
    func testAChildOutOfMemoryIsPastTheMemoryLimit() throws {
        try XCTSkipIf(IsolatedRun.underSanitizer, "no address-space limit under a sanitizer")
        let folder = try mixedFolder()
        let result = try StyleRunCommand.run(["lint", "--format", "json", "."], in: folder,
                                             environment: [IsolatedDynamicPass.testFaultsVariable: "oom:c-crash.lua"])
        let report = try JSONValue(parsing: result.stdout)
        guard case .array(let diagnostics)? = report["diagnostics"] else { return XCTFail(result.stdout + result.stderr) }
        let stopped = diagnostics.filter { $0["file"] == "c-crash.lua" }
        XCTAssertEqual(stopped.map { $0["code"] }, ["limit-exceeded"], result.stdout)
        XCTAssertEqual(stopped.first?["message"], .string("The script went past its memory limit of \(Linter.defaultLimits.memory >> 20) MiB and was stopped."))
        XCTAssertEqual(diagnostics.filter { $0["file"] == "b-broken.lua" }.count, 1, "the other files keep theirs")
    }

    func testACrashInTheMiddleOfABatch() throws {
        let folder = try mixedFolder()
        let results = try pass(faults: "crash:c-crash.lua").check(scripts: scripts(in: folder))
        XCTAssertEqual(results.map { $0.map { $0.description } }, [
            [],
            ["b-broken.lua:1:16: error: Label has no property 'txt'. Did you mean 'text'? [unknown-property]"],
            ["c-crash.lua:1:1: error: The script crashed the evaluator (signal 11). [crash]"],
            [],
        ])
        // Several culprits, in batches of their own or not.
        for concurrency in [1, 3] {
            let two = try pass(concurrency: concurrency, faults: "crash:a-clean.lua,crash:d-after.lua").check(scripts: scripts(in: folder))
            XCTAssertEqual(two.map { $0.map { $0.code.rawValue } }, [["crash"], ["unknown-property"], [], ["crash"]], "concurrency \(concurrency)")
        }
    }

    /// A file that escapes every Lua limit is stopped by one file's wall clock (twice the time
    /// limit and two seconds), not the batch's, and the files after it still run.
    func testARunawayIsKilledByTheWallClock() throws {
        let folder = try mixedFolder()
        let pass = try pass(seconds: 0.25, faults: "hang:b-broken.lua")
        XCTAssertEqual(pass.resourceLimits(files: 4).silence, 2.5)
        XCTAssertEqual(pass.resourceLimits(files: 4).wallClock, 11)
        let started = Date()
        let results = try pass.check(scripts: scripts(in: folder))
        XCTAssertLessThan(Date().timeIntervalSince(started), 8, "killed once, at one file's wall clock")
        XCTAssertEqual(results.map { $0.map { $0.description } }, [
            [],
            ["b-broken.lua:1:1: error: The script did not finish within the wall-clock limit of 2.5 seconds and was stopped. [limit-exceeded]"],
            [],
            [],
        ])
    }

    /// The whole lint fixture corpus gives the in-process report, except where a time limit
    /// stopped a script: the line it had reached depends on the machine.
    func testTheReportIsTheInProcessOne() throws {
        let executable = try XCTUnwrap(StyleRunCommand.executable).path
        let paths = [lint.path]
        let isolated = try Linter(dynamicPass: IsolatedDynamicPass(executable: executable)).lint(paths: paths)
        let inProcess = try Linter().lint(paths: paths)
        func comparable(_ report: LintReport) -> [String] {
            report.diagnostics.map { d in
                d.code == .limitExceeded && d.message.contains("time limit")
                    ? "\(d.file): \(d.code.rawValue) \(d.message)" : d.json.serialized()
            }.sorted()
        }
        XCTAssertEqual(isolated.files, inProcess.files)
        XCTAssertGreaterThan(inProcess.diagnostics.count, 40)
        XCTAssertEqual(comparable(isolated), comparable(inProcess))
        XCTAssertFalse(isolated.diagnostics.contains { $0.code == .crash })
    }

    /// More files than one batch holds: three children, two at a time, each result in its place.
    func testManyFilesInSeveralBatches() throws {
        let executable = try XCTUnwrap(StyleRunCommand.executable).path
        let scripts = (0..<120).map { LintScript(file: "f\($0).lua", source: "-- \($0)\nreturn Label { text = \"\($0)\" }\n") }
        var broken = scripts
        broken[77].source = "return Label { txt = 1 }\n"
        let results = IsolatedDynamicPass(executable: executable, batchSize: 50, concurrency: 2).check(scripts: broken)
        XCTAssertEqual(results.count, 120)
        XCTAssertEqual(results.indices.filter { !results[$0].isEmpty }, [77])
        XCTAssertEqual(results[77].first?.file, "f77.lua")
    }
}
