import Foundation
import StyleCore
@testable import StyleLua
import XCTest

/// A chunk loaded again with the same text is loaded compiled, and behaves and reports exactly
/// as its text does; other text is compiled anew, and a chunk that does not compile is never kept.
final class CompiledChunksTests: XCTestCase {
    private func evaluate(_ source: String, chunk: String) -> [String] {
        do {
            let evaluation = try Evaluation.evaluate(source: source, chunk: chunk, options: EvaluationOptions(stdlibPaths: [stdlibPath]))
            return evaluation.root.map { ["root \($0.kind.name)#\($0.id ?? "")"] } ?? ["no root"]
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func testAChunkLoadedAgainReadsAsItsText() {
        let chunk = "compiled-\(UUID().uuidString).lua"
        let failing = """
            local function broken(n)
              return n + nil
            end
            rule("Label", mut(Label.textColor, "#FF0000"))
            return Label { id = "a", numberOfLines = broken(2) }
            """
        let first = evaluate(failing, chunk: chunk)
        XCTAssertNotNil(CompiledChunks.code(chunk: chunk, source: failing), "what compiled is kept")
        XCTAssertEqual(first.count, 1)
        XCTAssertTrue(first[0].hasPrefix("\(chunk):2:"), first[0])
        XCTAssertEqual(evaluate(failing, chunk: chunk), first, "loaded compiled, the same message at the same line")

        let fixed = failing.replacingOccurrences(of: "n + nil", with: "n + 1")
        XCTAssertEqual(evaluate(fixed, chunk: chunk), ["root Label#a"], "an edit is compiled anew")
        XCTAssertEqual(evaluate(fixed, chunk: chunk), ["root Label#a"])

        let broken = "return Label {"
        let syntax = evaluate(broken, chunk: chunk)
        XCTAssertNil(CompiledChunks.code(chunk: chunk, source: broken), "what did not compile is not kept")
        XCTAssertEqual(syntax.count, 1)
        XCTAssertEqual(evaluate(broken, chunk: chunk), syntax)
    }
}
