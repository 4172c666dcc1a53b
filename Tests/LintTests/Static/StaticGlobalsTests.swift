import StyleCore
import StyleLua
@testable import StyleRun
import XCTest

/// Lint's static pass knows the globals a script starts with (`StaticGlobals`), written apart
/// from the sandbox and the bindings that define them. This compares the two in both
/// directions, so that a global added to either side and not the other fails here.
final class StaticGlobalsTests: XCTestCase {
    /// The globals of a fresh evaluation, as the script itself sees them.
    private func sandboxGlobals() throws -> Set<String> {
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines()
        let options = EvaluationOptions(log: { lines.all.append($0) })
        _ = try Evaluation.evaluate(source: "for name in pairs(_G) do print(name) end", chunk: "globals.lua", options: options)
        return Set(lines.all.map { line in
            XCTAssertTrue(line.hasPrefix("globals.lua:1: "), line)
            return String(line.dropFirst("globals.lua:1: ".count))
        })
    }

    func testEveryGlobalOfTheSandboxIsKnownToLint() throws {
        let known = Set(StaticGlobals.predefined(schema: .standard).keys)
        let unknown = try sandboxGlobals().subtracting(known)
        XCTAssertEqual(unknown, [], "globals a script has that lint would call undefined")
    }

    func testEveryGlobalLintKnowsIsInTheSandbox() throws {
        let globals = try sandboxGlobals()
        let missing = Set(StaticGlobals.predefined(schema: .standard).keys).subtracting(globals)
        XCTAssertEqual(missing, [], "globals lint accepts that a script would find undefined")
        XCTAssertTrue(globals.isSuperset(of: ["mut", "View", "Button", "string", "print"]), "the listing itself works")
    }

    /// Every API function the checker follows is one of the table's, under the name it has there.
    func testEveryFunctionTheCheckerFollowsIsInTheAPITable() {
        for function in APIFunction.allCases {
            XCTAssertEqual(function.entry?.messageName, function.rawValue, "\(function)")
        }
        let followed = Set(APIFunction.allCases.map(\.rawValue))
        XCTAssertEqual(Set(APITable.globals.map(\.name)).subtracting(followed), [], "globals of the table lint does not follow")
    }
}
