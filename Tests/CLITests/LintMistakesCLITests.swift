import Foundation
import StyleRun
import XCTest

/// Designer mistakes as `stylerun lint --format json` reports them (both passes, isolated as in
/// CI): each file's mistake at its line and column, with its code and suggestion.
final class LintMistakesCLITests: XCTestCase {
    /// File name → (script, "line:column code suggestion").
    private let mistakes: [String: (script: String, expected: String)] = [
        "color.lua": ("return Label { textColor = color.redd }\n", "1:34 unknown-member red"),
        "font.lua": ("local function f()\n  return font.sytem(12)\nend\nreturn Label {}\n", "2:15 unknown-member system"),
        "module.lua": ("local base = require \"base\"\nreturn Button { style = base.roundedStyl(6) }\n", "2:30 unknown-member roundedStyle"),
        "scale.lua": ("return Label { textColor = rgb(0.5, 0.85, 1, 0.85) }\n", "1:28 rgb-scale rgb(128, 217, 255, 0.85)"),
        "arity.lua": ("local f = font.named(\"Lato\", 20, \"bold\")\nreturn Label { font = f }\n", "1:16 bad-argument -"),
        "insets.lua": ("return Button { contentEdgeInsets = {8, 16} }\n", "1:17 type-mismatch insets(8, 16)"),
        "key.lua": ("return Label { clas = \"note\" }\n", "1:16 unknown-property class"),
        "comma.lua": ("return Label { text = \"Hi\"\n  font = font.system(12) }\n", "2:3 syntax-error -"),
        "require.lua": ("local base = require \"bsae\"\nreturn Label {}\n", "1:22 module-not-found base"),
        "enum.lua": ("return StackView { axis = \"Vertical\" }\n", "1:20 invalid-enum vertical"),
    ]

    func testEachMistakeAtItsPlaceWithItsSuggestion() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lint-mistakes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, m) in mistakes {
            try m.script.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let result = try StyleRunCommand.run(["lint", "--format", "json", "."], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        let report = try JSONValue(parsing: result.stdout)
        guard case .array(let diagnostics)? = report["diagnostics"] else { return XCTFail(result.stdout) }
        func text(_ value: JSONValue?) -> String {
            switch value {
            case .string(let s)?: return s
            case .number(let x)?: return String(Int(x))
            default: return ""
            }
        }
        for (name, m) in mistakes {
            // The fixtures' controls are short of a touch target's 44 points; that rule has tests of its own.
            let found = diagnostics.filter { text($0["file"]).hasSuffix(name) && text($0["code"]) != "small-touch-target" }
            let rendered = found.map { d -> String in
                let suggestion = text(d["suggestions"]?[0])
                return "\(text(d["line"])):\(text(d["column"])) \(text(d["code"])) \(suggestion.isEmpty ? "-" : suggestion)"
            }
            XCTAssertEqual(rendered, [m.expected], name)
        }
    }
}
