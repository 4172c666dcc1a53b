import Foundation
import StyleRun
import XCTest

/// `stylerun types`: the language server definitions generated from the schema.
final class LuaTypesTests: XCTestCase {
    private let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("stdlib/types/stylerun.lua")

    /// The shipped file is the generator's output: regenerate with
    /// `stylerun types -o stdlib/types/stylerun.lua` when the schema changes.
    func testTheShippedDefinitionsAreUpToDateWithTheSchema() throws {
        let text = try String(contentsOf: shipped, encoding: .utf8)
        XCTAssertEqual(text, LuaDefinitions().render(),
                       "stdlib/types/stylerun.lua is stale; run `stylerun types -o stdlib/types/stylerun.lua`")
    }

    func testEveryKindPropertyAndEnumIsDeclared() {
        let text = LuaDefinitions().render()
        XCTAssertTrue(text.hasPrefix("---@meta stylerun\n"))
        for line in [
            "---@class View", "---@field backgroundColor Color? Fill color behind the content.", "---@field alpha number (0…1) Opacity, 0 to 1.",
            "---@class Label: View", "---@field numberOfLines integer (≥ 0) Maximum lines; 0 for no limit.",
            "---@alias Axis \"horizontal\"|\"vertical\"", "---@field axis Axis Direction of the arrangement.",
            "---@class ButtonKeyPaths: ViewKeyPaths", "---@field titleLabel LabelKeyPaths", "---@field layer LayerKeyPaths",
            "---@field layoutMargins InsetsKeyPath", "---@field cornerRadius KeyPath<number>",
            "---@class StackViewProps: ViewProps", "---@field backgroundColor ColorLike?",
            "---@class ButtonKind: ButtonKeyPaths, ViewKind", "---@overload fun(props: ButtonProps): Button", "Button = {}",
            "---@alias FontWeight \"ultraLight\"|\"thin\"|\"light\"|\"regular\"|\"medium\"|\"semibold\"|\"bold\"|\"heavy\"|\"black\"",
        ] {
            XCTAssertTrue(text.contains(line + "\n"), "missing: \(line)")
        }
        for function in ["mut(path, value)", "mver(path, fn)", "concat(...)", "style(kind, ...)", "with(view, s)",
                         "appearance(kind, s)", "rule(selector, s)", "themes(declaration)", "kind(name, super, properties, options)", "when(condition, s)",
                         "require(name)", "rgb(r, g, b, a)", "white(w, a)", "insets(top, left, bottom, right)",
                         "size(width, height)", "font.system(size, weight)", "image.fromColor(c)"] {
            XCTAssertTrue(text.contains("function \(function) end\n"), "missing: \(function)")
        }
    }

    func testHostKindsAreIncluded() throws {
        var schema = Schema.standard
        try schema.register("GradientView", superKind: Schema.view, properties: [
            .value("fromColor", .optional(.color)), .value("direction", .enumeration(EnumType(name: "up|down", cases: ["up", "down"]))),
        ])
        let text = LuaDefinitions(schema: schema).render()
        XCTAssertTrue(text.contains("---@class GradientView: View\n---@field fromColor Color?\n---@field direction \"up\"|\"down\"\n"))
        XCTAssertTrue(text.contains("---@overload fun(props: GradientViewProps): GradientView\nGradientView = {}\n"))
    }

    /// The generated file is valid Lua: `luac -p` accepts it.
    func testTheDefinitionsParseAsLua() throws {
        guard let luac = ["/usr/bin/luac5.4", "/usr/bin/luac"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("luac is not installed")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: luac)
        process.arguments = ["-p", shipped.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }
}
