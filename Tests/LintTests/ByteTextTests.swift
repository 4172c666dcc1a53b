@testable import StyleRun
import XCTest

/// Lint's findings keyed by their texts' bytes: the same text is one key, another text (one
/// byte apart, a prefix, split differently across fields) another.
final class ByteTextTests: XCTestCase {
    func testTheSameTextIsOneKeyWhereverItWasMade() {
        let made = "Title #007AFF on #FFFFFF is 4.01:1 × needs ≥ 4.5:1"
        var built = "Title #007AFF on #FFFFFF is 4.01:1 "
        built += "× needs ≥ 4.5:1"
        XCTAssertEqual(ByteText(made), ByteText(built))
        XCTAssertEqual(ByteText(made).hashValue, ByteText(built).hashValue)
        var seen = Set<ByteText>()
        XCTAssertTrue(seen.insert(ByteText(made)).inserted)
        XCTAssertFalse(seen.insert(ByteText(built)).inserted)
        XCTAssertTrue(seen.insert(ByteText("")).inserted)
        XCTAssertFalse(seen.insert(ByteText(String())).inserted)
    }

    func testOtherTextsAreOtherKeys() {
        let texts = ["a", "b", "ab", "a ", "Title is 4.01:1", "Title is 4.02:1", "×", "x", ""]
        XCTAssertEqual(Set(texts.map(ByteText.init)).count, texts.count)
    }

    func testTextsSplitDifferentlyAcrossFieldsAreOtherDiagnostics() {
        let at = SourceLocation(file: "a.lua", line: 3, column: 5)
        let one = Diagnostic(.lowContrast, "ab", at: at, suggestions: ["c"])
        let other = Diagnostic(.lowContrast, "a", at: at, suggestions: ["bc"])
        XCTAssertNotEqual(DiagnosticIdentity(one), DiagnosticIdentity(other))
        XCTAssertEqual(DiagnosticIdentity(one), DiagnosticIdentity(Diagnostic(.lowContrast, "a" + "b", at: at, suggestions: ["c"])))
        XCTAssertNotEqual(DiagnosticIdentity(one), DiagnosticIdentity(Diagnostic(.lowContrast, "ab", at: at, severity: .warning, suggestions: ["c"])))
        XCTAssertEqual(DiagnosticIdentity(one, file: "b.lua"), DiagnosticIdentity(Diagnostic(.lowContrast, "ab", at: SourceLocation(file: "b.lua", line: 3, column: 5), suggestions: ["c"])))
    }

    func testLintReportsARepeatedFindingOnce() {
        let at = SourceLocation(file: "a.lua", line: 3, column: 5)
        let found = [Diagnostic(.lowContrast, "Title is 4.01:1 ×", at: at), Diagnostic(.lowContrast, "Title is 4.01:1 ×", at: at),
                     Diagnostic(.lowContrast, "Title is 3.90:1 ×", at: at)]
        XCTAssertEqual(LintReport.unique(found).map(\.message), ["Title is 4.01:1 ×", "Title is 3.90:1 ×"])
    }
}
