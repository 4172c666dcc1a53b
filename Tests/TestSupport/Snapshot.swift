import Foundation
import XCTest

extension XCTestCase {
    /// Compares `actual` with `Snapshots/<TestCase>.<test>[.<suffix>].txt`, in the folder of
    /// the test file that calls it.
    ///
    /// A missing or different snapshot fails the test. Snapshots are re-recorded only on
    /// purpose: run with `SNAPSHOT_RECORD=1`, which writes the file and still fails, so that a
    /// recording run is never mistaken for a passing one. ANSI escapes are stored as `␛` so that
    /// colored output stays readable in review.
    public func assertSnapshot(_ actual: String, suffix: String = "", function: String = #function,
                        file: StaticString = #filePath, line: UInt = #line) {
        let testName = function.hasSuffix("()") ? String(function.dropLast(2)) : function
        let name = "\(type(of: self)).\(testName)\(suffix.isEmpty ? "" : "." + suffix).txt"
        let snapshotFolder = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("Snapshots")
        let url = snapshotFolder.appendingPathComponent(name)
        let text = actual.replacingOccurrences(of: "\u{1B}", with: "␛")

        if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" {
            do {
                try FileManager.default.createDirectory(at: snapshotFolder, withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
                XCTFail("Recorded snapshot \(name); run again without SNAPSHOT_RECORD to check it.", file: file, line: line)
            } catch {
                XCTFail("Could not record snapshot \(name): \(error)", file: file, line: line)
            }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            XCTFail("Missing snapshot \(name); run with SNAPSHOT_RECORD=1 to record it.", file: file, line: line)
            return
        }
        guard text != expected else { return }
        let a = text.components(separatedBy: "\n"), e = expected.components(separatedBy: "\n")
        let index = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
        XCTFail("""
            Snapshot \(name) differs at line \(index + 1):
              expected: \(index < e.count ? e[index] : "(end)")
              actual:   \(index < a.count ? a[index] : "(end)")
            Full output:
            \(text)
            """, file: file, line: line)
    }
}
