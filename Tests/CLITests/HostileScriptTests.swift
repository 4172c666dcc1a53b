import Foundation
import XCTest

/// `stylerun FILE` on every script in `Tests/Fixtures/hostile`: each is an attack on the sandbox
/// or the limits, and its first line says what the error must name (`-- expect: memory limit`).
/// Each must end on its own well inside 30 seconds with exit 1 and that message, print no crash
/// text, and leave the file system as it was (the scripts try to create `hostile-marker.txt`).
final class HostileScriptTests: XCTestCase {
    static let folder = fixtures.appendingPathComponent("hostile")

    struct Outcome {
        var name: String
        var expected: String
        var result: CommandResult
        var seconds: Double
        var leftovers: [String]
    }

    func testEveryHostileScriptEndsWithAnErrorNamingItsCause() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".lua") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 30, "the hostile collection is missing")
        // The scripts that run into the time limit take seconds each: run two at a time.
        let outcomes = Outcomes(count: names.count)
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            outcomes.set(index, try? Self.run(names[index]))
        }
        for (name, outcome) in zip(names, outcomes.all) {
            guard let o = outcome else { XCTFail("\(name): could not run"); continue }
            let all = o.result.stdout + o.result.stderr
            XCTAssertEqual(o.result.status, 1, "\(name): \(all)")
            XCTAssertTrue(all.contains(o.expected), "\(name): expected the message to name '\(o.expected)':\n\(all)")
            XCTAssertNotNil(o.result.firstErrorLine.range(of: #"^[^:]+:\d+:\d+: error: "#, options: .regularExpression),
                            "\(name): one diagnostic, file:line:col:\n\(all)")
            XCTAssertLessThan(o.seconds, 20, "\(name) took \(o.seconds) s")
            for text in ["Fatal error", "Stack dump", "Segmentation", "Program crashed", "Backtrac"] {
                XCTAssertFalse(all.contains(text), "\(name): crash text '\(text)':\n\(all)")
            }
            XCTAssertFalse(o.result.crashed, "\(name): \(all)")
            // The evaluator's death is a diagnostic too, whose caret quotes the script's first
            // line (the expectation): it must not pass for the expected message.
            XCTAssertFalse(all.contains("[crash]"), "\(name): the evaluator died:\n\(all)")
            XCTAssertEqual(o.leftovers, [name], "\(name): the script changed its folder")
        }
    }

    /// Results filled in from concurrent runs.
    final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [Outcome?]
        init(count: Int) { items = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ outcome: Outcome?) { lock.withLock { items[index] = outcome } }
        var all: [Outcome?] { lock.withLock { items } }
    }

    /// Runs one hostile script alone in a scratch folder, and lists that folder afterwards.
    static func run(_ name: String) throws -> Outcome {
        let source = folder.appendingPathComponent(name)
        let text = try String(contentsOf: source, encoding: .utf8)
        let firstLine = text.prefix { $0 != "\n" }
        let expected = firstLine.hasPrefix("-- expect: ") ? String(firstLine.dropFirst("-- expect: ".count)) : ""
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.copyItem(at: source, to: scratch.appendingPathComponent(name))
        let started = Date()
        let result = try StyleRunCommand.run([name], in: scratch, environment: ["NO_COLOR": "1"])
        let seconds = Date().timeIntervalSince(started)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
        return Outcome(name: name, expected: expected, result: result, seconds: seconds, leftovers: leftovers)
    }
}
