import Foundation
import StyleCore
import StyleLua
import XCTest

/// Every input `scripts/fuzz` found a problem with, kept in `Tests/Fixtures/fuzz/`: each must be
/// evaluated (and its tree styled) under the fuzzer's small limits, ending promptly with a
/// result or diagnostics, never a crash or a hang.
final class FuzzRegressionTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz")

    func testEveryFuzzFindingEndsPromptly() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".lua") }.sorted()
        XCTAssertFalse(names.isEmpty, "no fuzz findings in \(Self.folder.path)")
        // The limits of scripts/fuzz-targets/Evaluator.swift.
        let options = EvaluationOptions(limits: Limits(seconds: 0.25, memory: 16 << 20, instructions: 2_000_000))
        for name in names {
            let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            let started = Date()
            let outcome = evaluateAndStyle(String(decoding: data, as: UTF8.self), chunk: name, folder: "/nonexistent", options: options)
            // A hang guard, not a speed check: the limit is 0.25 s, a runaway host loop takes far longer.
            XCTAssertLessThan(Date().timeIntervalSince(started), 10, "\(name) ran past its limits")
            if case .failed(let diagnostics) = outcome {
                XCTAssertFalse(diagnostics.isEmpty, name)
            }
        }
    }

    /// The first finding, precisely: the time limit trips although the loop spends its time in
    /// host functions between the count hook's checks.
    func testHostWorkInALoopStopsAtTheTimeLimit() throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("undefined-global-in-pcall-loop.lua"))
        let options = EvaluationOptions(limits: Limits(seconds: 0.25))
        guard case .failed(let diagnostics) = evaluateAndStyle(String(decoding: data, as: UTF8.self), options: options) else {
            return XCTFail("the script never ends on its own")
        }
        XCTAssertEqual(diagnostics.first?.code, .limitExceeded)
        XCTAssertTrue(diagnostics.first?.message.contains("time limit of 0.25 seconds") ?? false, "\(diagnostics)")
        XCTAssertEqual(diagnostics.first?.line, 5)
    }
}
