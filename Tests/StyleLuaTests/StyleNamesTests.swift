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

    /// Lines are remembered per file: a module's lines 2 and 4 and the script's lines 2 and 4
    /// do different things with the styles made on them, asked in turns (the module's helper
    /// is called from the script between them).
    func testTheSameLineInAnotherFileIsLookedAtForItself() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            local M = {}
            M.primary = mut(Label.alpha, 0.5)
            function M.make()
              return mut(Label.alpha, 0.75)
            end
            return M
            """.write(to: folder.appendingPathComponent("theme.lua"), atomically: true, encoding: .utf8)
        let script = """
            local theme = require "theme"
            local accent = mut(Label.alpha, 0.25)
            local made = theme.make()
            local again = mut(Label.alpha, 0.125)
            rule(".p", theme.primary)
            rule(".a", accent)
            rule(".m", made)
            rule(".g", again)
            return Label {}
            """
        let evaluation = try Evaluation.evaluate(source: script, chunk: "main.lua", folder: folder.path,
                                                 options: EvaluationOptions(stdlibPaths: [stdlibPath]))
        XCTAssertEqual(evaluation.stylesheet.rules.map(\.style.name), ["theme.primary", "accent", "made", "again"])
    }
}
