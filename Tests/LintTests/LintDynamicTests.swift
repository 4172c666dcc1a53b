import Foundation
import StyleRun
import XCTest

private let lintFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/lint")

/// The dynamic pass alone: every API error of a file, at its line and column, and nothing for
/// what follows from a poisoned value.
final class LintDynamicTests: XCTestCase {
    /// `line:column code` of each diagnostic the dynamic pass finds in a fixture.
    private func dynamic(_ name: String) throws -> [String] {
        let path = lintFixtures.appendingPathComponent("dynamic/\(name)").path
        let source = try String(contentsOfFile: path, encoding: .utf8)
        // The layout and font checks have tests of their own (Accessibility/).
        return InProcessDynamicPass().check(file: path, source: source)
            .filter { ![.fixedFontSize, .smallTouchTarget, .truncatedText].contains($0.code) }
            .sorted { ($0.line, $0.column) < ($1.line, $1.column) }
            .map { "\($0.line):\($0.column) \($0.code.rawValue)" }
    }

    func testEveryAPIErrorOfAFileIsReported() throws {
        XCTAssertEqual(try dynamic("several-errors.lua"), [
            "3:18 unknown-property", "4:19 out-of-range", "6:40 invalid-enum", "7:42 type-mismatch",
            "12:3 type-mismatch", "13:42 type-mismatch",
        ])
    }

    func testStyleFunctionsNeverAppliedAreProbedAgainstTheirKinds() throws {
        XCTAssertEqual(try dynamic("function-styles.lua"), [
            "3:5 unknown-property", "4:26 out-of-range", "7:21 invalid-enum", "10:5 unknown-property",
        ])
    }

    func testEveryMissingTokenOfEveryThemeIsReported() throws {
        XCTAssertEqual(try dynamic("themes-missing.lua"), [
            "5:3 missing-token", "6:3 missing-token", "10:29 unknown-property",
        ])
    }

    func testPoisonedValuesCauseNoFurtherErrors() throws {
        XCTAssertEqual(try dynamic("poisoned-values.lua"), [
            "2:11 undefined-global", "4:22 unknown-property", "9:35 type-mismatch", "11:23 type-mismatch",
        ])
    }

    /// A library function handed a poison stops the script; its error follows from the first
    /// and is left out, while a library function's own error on a real value is reported.
    func testALibraryFunctionHandedAPoisonReportsNothingMore() throws {
        func codes(_ source: String) -> [String] {
            InProcessDynamicPass().check(file: "poison.lua", source: source).map { "\($0.line) \($0.code.rawValue)" }
        }
        XCTAssertEqual(codes("local a = mutt(View.alpha, 1)\nlocal x = math.floor(a)\n"), ["1 undefined-global"])
        XCTAssertEqual(codes("local a = mutt(View.alpha, 1)\nlocal x = math.floor({})\n"), ["1 undefined-global", "2 runtime-error"])
    }

    func testALuaErrorStopsTheRunAfterWhatCameBefore() throws {
        XCTAssertEqual(try dynamic("runtime-stop.lua"), ["2:20 unknown-property", "4:14 runtime-error"])
    }

    func testOverridesThroughHelpersAndFunctionStylesAreDeadWritesAtTheCallSites() throws {
        // The fine print's grey is also too pale on white, where the view is built (its colour is the stdlib's).
        XCTAssertEqual(try dynamic("helper-overrides.lua"), ["5:3 duplicate-set", "13:1 duplicate-set", "17:8 low-contrast"])
        let path = lintFixtures.appendingPathComponent("dynamic/helper-overrides.lua").path
        let found = InProcessDynamicPass().check(file: path, source: try String(contentsOfFile: path, encoding: .utf8))
        XCTAssertEqual(found.first?.message, "'Label.font' is set twice in one concat; the value set here is replaced on line 7 and never used.")
        XCTAssertEqual(found.first?.severity, .warning)
    }

    func testAWhenMakesNoEarlierWriteDead() throws {
        XCTAssertEqual(try dynamic("when-overrides.lua"), ["9:3 duplicate-set"])
    }

    func testMessagesNameTheMistakeAndSuggest() throws {
        let path = lintFixtures.appendingPathComponent("dynamic/function-styles.lua").path
        let found = InProcessDynamicPass().check(file: path, source: try String(contentsOfFile: path, encoding: .utf8))
        let typo = try XCTUnwrap(found.first)
        XCTAssertEqual(typo.message, "Button has no property 'titleColr'. Did you mean 'titleColor'? (applied to Button)")
        XCTAssertEqual(typo.suggestions, ["titleColor"])
        XCTAssertEqual(found.last?.message, "Insets has no field 'botom'. Did you mean 'bottom'?")
    }

    func testCleanFilesGiveNoDiagnosticsFromEitherPass() throws {
        for name in ["clean-tree.lua", "clean-module.lua", "clean-nothing.lua"] {
            let path = lintFixtures.appendingPathComponent("dynamic/\(name)").path
            XCTAssertEqual(Linter().lint(file: path), [], name)
        }
    }

    func testTheWholeLintReportsEachFindingOnce() throws {
        let report = try Linter().lint(paths: [lintFixtures.appendingPathComponent("dynamic").path])
        XCTAssertEqual(report.files, 10)
        let keys = report.diagnostics.map { "\($0.file):\($0.line):\($0.code.rawValue)" }
        XCTAssertEqual(keys.count, Set(keys).count, "a finding reported twice: \(keys)")
        XCTAssertEqual(report.diagnostics, report.diagnostics.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) })
        XCTAssertTrue(report.fails(maxWarnings: nil))
    }

    func testParallelAndSerialLintGiveTheSameReport() throws {
        let folder = lintFixtures.appendingPathComponent("dynamic").path
        XCTAssertEqual(try Linter(isParallel: true).lint(paths: [folder]), try Linter(isParallel: false).lint(paths: [folder]))
    }

    func testRealWorldLuaProgramsGetClearDiagnostics() throws {
        let report = try Linter().lint(paths: [lintFixtures.appendingPathComponent("realworld").path])
        XCTAssertEqual(report.files, 5)
        for d in report.diagnostics {
            XCTAssertGreaterThanOrEqual(d.line, 1, d.description)
            XCTAssertFalse(d.message.contains("stylerun.poison"), d.description)
            XCTAssertTrue(d.message.first?.isUppercase ?? false, d.description)
        }
        let byFile = Dictionary(grouping: report.diagnostics) { ($0.file as NSString).lastPathComponent }
        XCTAssertNil(byFile["json.lua"], "a clean module reads as clean")
        XCTAssertTrue(byFile["inventory.lua"]?.contains { $0.code == .undefinedGlobal && $0.message.hasPrefix("Undefined global 'io'") } ?? false)
        XCTAssertTrue(byFile["scheduler.lua"]?.contains { $0.code == .moduleNotFound } ?? false)
        XCTAssertTrue(byFile["globals.lua"]?.contains { $0.message == "Undefined global 'loadstring'. Did you mean 'tostring'?" } ?? false)
    }
}
