import StyleCore
import StyleLua
import XCTest

/// A style is named by the line that binds it: a local, a global or a field, through the
/// helper functions that return it; a style made in an argument or an expression is unnamed.
final class StyleNamesTests: XCTestCase {
    func testTheLineThatBindsAStyleNamesIt() throws {
        let script = """
            local a = mut(Label.alpha, 0.5)
            local  b=mut(Label.alpha, 0.5)
            theme = {}
            theme.c = mut(Label.alpha, 0.5)
            local function helper()
              return mut(Label.numberOfLines, 2)
            end
            local d = helper()
            local e = mut(Label.text, "équipe")
            if a == mut(Label.alpha, 0.5) then end
            rule(".a", a)
            rule(".b", b)
            rule(".c", theme.c)
            rule(".d", d)
            rule(".e", e)
            rule(".f", mut(Label.alpha, 0.25))
            return Label {}
            """
        let evaluation = try Evaluation.evaluate(source: script, chunk: "names.lua", options: EvaluationOptions(stdlibPaths: [stdlibPath]))
        XCTAssertEqual(evaluation.stylesheet.rules.map(\.style.name), ["a", "b", "theme.c", "d", "e", nil])
    }
}
