import Foundation
import XCTest
import LuaSyntax
import TestSupport

/// Hostile input: deep nesting, garbage, unterminated everything. An error, never a crash.
final class RobustnessTests: XCTestCase {
    private func reason(_ source: [UInt8]) -> SyntaxError.Reason? {
        do {
            _ = try LuaParser.parse(source: source)
            return nil
        } catch {
            return error.reason
        }
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let depth = 100_000
        let inputs: [String] = [
            "x = " + String(repeating: "(", count: depth),
            "x = " + String(repeating: "{", count: depth),
            "x = " + String(repeating: "- ", count: depth) + "1",
            "x = " + String(repeating: "f(", count: depth),
            "x = " + String(repeating: "a .. ", count: depth) + "a",
            String(repeating: "do ", count: depth),
            String(repeating: "function f() ", count: depth),
            String(repeating: "::a:: ", count: 1) + (0..<depth).map { "::b\($0)::" }.joined(),
            String(repeating: "a, ", count: depth) + "a = 1",
        ]
        for input in inputs {
            XCTAssertEqual(reason(Array(input.utf8)), .tooDeeplyNested, String(input.prefix(20)))
        }
    }

    /// Unoptimized code spends several times more stack per call; 8 MiB is a main thread's.
    #if DEBUG
    static let stackSize = 8 << 20
    #else
    static let stackSize = 512 << 10
    #endif

    /// The deepest input luac accepts must parse on a thread with a small stack (512 KiB, the
    /// size of a secondary thread on Darwin) in an optimized build.
    func testDeepestAcceptedNestingFitsASmallStack() {
        let inputs = [
            "x = " + String(repeating: "(", count: 196) + "1" + String(repeating: ")", count: 196),
            String(repeating: "do ", count: 198) + String(repeating: "end ", count: 198),
            String(repeating: "x = function() ", count: 98) + String(repeating: "end ", count: 98),
            "x = " + String(repeating: "{", count: 196) + String(repeating: "}", count: 196),
        ]
        let done = expectation(description: "parsed")
        let results = LockedResults()
        let thread = Thread {
            for input in inputs {
                results.append((try? LuaParser.parse(input)) != nil)
            }
            done.fulfill()
        }
        thread.stackSize = Self.stackSize
        thread.start()
        wait(for: [done], timeout: 30)
        XCTAssertEqual(results.values, Array(repeating: true, count: inputs.count))
    }

    func testGarbageNeverCrashes() {
        var generator = SeededGenerator(state: 7)
        for length in [1, 2, 10, 100, 10_000] {
            for _ in 0..<50 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                _ = reason(bytes)
            }
        }
        for unterminated in ["x = '", "x = [==[", "--[[", "f(", "x = {", "if x then", "x = \"\\", "x = '\\u{", "x = 0x"] {
            XCTAssertNotNil(reason(Array(unterminated.utf8)), unterminated)
        }
    }

    /// Large inputs parse in time proportional to their size: long strings, long chains, and
    /// thousands of labels (where Lua's own lists are quadratic).
    /// Large inputs of each shape parse (their speed is measured by stylebench, not here).
    /// Chains of operators and suffixes deepen the tree without recursing in the parser; past
    /// `Parser.maximumChainHeight` they are an error, however they are nested, so that no walk
    /// over a tree overflows a stack (20,000 terms used to kill `stylerun lint`).
    func testLongChainsAreBounded() throws {
        func chain(_ n: Int) -> String { "x = " + Array(repeating: "a", count: n).joined(separator: " + ") }
        func nested(_ levels: Int, _ links: Int) -> String {
            var e = "x"
            for _ in 0..<levels { e = "(" + e + String(repeating: " + 1", count: links) + ")" }
            return "y = " + e
        }
        func operands(_ n: Int) -> String { String(chain(n).dropFirst(4)) }
        var accepted: [String] = [chain(1_001), nested(4, 250)]
        accepted.append("x = f" + String(repeating: "()", count: 1_000))
        accepted.append("x = a" + String(repeating: ".b", count: 999) + "()")
        accepted.append("x = f(" + operands(1_000) + ") + 1")
        accepted.append("x = (function() return " + operands(900) + " end) .. " + operands(200))
        for source in accepted {
            XCTAssertNoThrow(try LuaParser.parse(source), String(source.prefix(30)))
        }
        var refused: [String] = [chain(1_002), chain(20_000), nested(3, 400), nested(100, 100)]
        refused.append("x = f" + String(repeating: "()", count: 15_000))
        refused.append("x = a" + String(repeating: ".b", count: 1_001))
        refused.append("x = f(" + operands(1_000) + ") + 1 + 1")
        refused.append("x = { " + operands(1_001) + " } + 1")
        refused.append("x = (function() return " + operands(900) + " end)()" + String(repeating: " + 1", count: 101))
        for source in refused {
            XCTAssertThrowsError(try LuaParser.parse(source), String(source.prefix(30))) { error in
                XCTAssertEqual((error as? SyntaxError)?.reason, .chainTooLong(limit: 1_000))
                XCTAssertEqual((error as? SyntaxError)?.message,
                               "expression too deeply nested (more than 1000 chained operators, calls or fields)")
            }
        }
    }

    func testLargeInputsParse() throws {
        let statements = String(repeating: "a = b.c.d:e(f, 'g', {h = 1, [2] = i}) .. 3\n", count: 50_000)
        let longString = "x = [[" + String(repeating: "]=", count: 200_000) + "]]"
        let chain = "x = " + Array(repeating: "a + b * c", count: 900).joined(separator: " or ")
        let gotos = (0..<20_000).map { "goto l\($0)" }.joined(separator: " ") + "\n"
            + (0..<20_000).reversed().map { "::l\($0)::" }.joined(separator: " x() ")
        for (source, statementCount) in [(statements, 50_000), (longString, 1), (chain, 1), (gotos, 59_999)] {
            let chunk = try LuaParser.parse(source)
            XCTAssertEqual(chunk.body.statements.count, statementCount)
        }
    }
}

/// Results collected on another thread.
private final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Bool] = []
    var values: [Bool] { lock.withLock { stored } }
    func append(_ value: Bool) { lock.withLock { stored.append(value) } }
}
