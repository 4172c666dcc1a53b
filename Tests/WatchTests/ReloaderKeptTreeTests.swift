import Foundation
@testable import StyleRun
import XCTest

/// A reload whose script built its tree as the last good evaluation did keeps that tree
/// (`LoadedStylesheet.adoptTree(of:)`) and restyles it: the values, provenance and changes are
/// those a fresh evaluation styled whole would give, a failing restyle leaves it as it was, and
/// any edit to a view gives a new tree.
final class ReloaderKeptTreeTests: XCTestCase {
    private var folder: ScratchFolder!

    override func setUpWithError() throws {
        folder = try ScratchFolder()
    }

    /// A screen whose rules, theme and tokens a reload edits; `text` is the first label's.
    private func script(titleColor: String = "#111111", extraRule: String = "", text: String = "Hi",
                        ownStyle: String = "mut(View.alpha, 0.5)") -> String {
        """
        local t = themes { default = "light", light = { ink = "#202020" }, dark = { ink = "#e0e0e0" } }
        local card = mut(View.layer.cornerRadius, 8)
        rule(".title", mut(Label.textColor, "\(titleColor)"))
        rule("StackView > Label", mut(Label.font, font.system(17)))
        rule("Button", function(b) b.alpha = 0.75 end)
        appearance(Label, mut(Label.textColor, t.ink))
        \(extraRule)
        local rows = {}
        for i = 1, 12 do
          rows[i] = StackView { class = "row", style = card,
            Label { class = (i % 3 == 0) and "title" or "body", text = "Row " .. i },
            Button { id = "b" .. i, isEnabled = i % 4 ~= 0 } }
        end
        rows[#rows + 1] = Label { id = "first", class = "title", style = \(ownStyle), text = "\(text)" }
        return StackView { id = "root", table.unpack(rows) }
        """
    }

    /// What the tree holds, view by view: values and provenance, as a fresh evaluation of the
    /// same file styled whole gives them.
    private func assertStyledAsAFreshLoad(_ reloader: Reloader, theme: String? = nil, _ context: String,
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        let fresh = try Runtime().load(file: folder.path("app.lua"), theme: theme)
        let expected = try fresh.applyToOwnTree()
        guard let tree = reloader.tree else { return XCTFail("\(context): no tree", file: file, line: line) }
        assertStyledAlike(tree, expected, context, file: file, line: line)
    }

    func testARuleEditKeepsTheTreeAndStylesItAsAFreshLoad() throws {
        try folder.write("app.lua", script())
        let reloader = Reloader(runtime: Runtime(), file: folder.path("app.lua"), theme: nil, tree: nil)
        XCTAssertTrue(reloader.reload().isSuccess)
        let first = try XCTUnwrap(reloader.tree)

        let edits = [script(titleColor: "#222222"), script(titleColor: "#222222", extraRule: "rule(\".row Button\", mut(View.alpha, 0.25))"),
                     script(titleColor: "#333333"), script()]
        for (n, text) in edits.enumerated() {
            let before = TreeSnapshot(first)
            try folder.write("app.lua", text)
            let event = try XCTUnwrap(reloader.reloadIfChanged([]), "edit \(n)")
            XCTAssertTrue(event.isSuccess, "edit \(n): \(event.diagnostics)")
            XCTAssertTrue(reloader.tree === first, "edit \(n): the tree built alike is kept")
            try assertStyledAsAFreshLoad(reloader, "edit \(n)")
            let expected = try Runtime().load(file: folder.path("app.lua")).applyToOwnTree()
            XCTAssertEqual(event.changes, TreeSnapshot(expected).changes(since: before), "edit \(n)")
            XCTAssertFalse(event.changes.isEmpty, "edit \(n)")
        }

        // A theme switch that only rules and appearances read keeps the tree too.
        reloader.theme = "dark"
        XCTAssertTrue(reloader.reload().isSuccess)
        XCTAssertTrue(reloader.tree === first)
        try assertStyledAsAFreshLoad(reloader, theme: "dark", "dark theme")
    }

    func testAViewEditGivesANewTree() throws {
        try folder.write("app.lua", script())
        let reloader = Reloader(runtime: Runtime(), file: folder.path("app.lua"), theme: nil, tree: nil)
        XCTAssertTrue(reloader.reload().isSuccess)
        let first = try XCTUnwrap(reloader.tree)
        for (n, text) in [script(text: "Hello"), script(text: "Hello", ownStyle: "mut(View.alpha, 0.25)")].enumerated() {
            try folder.write("app.lua", text)
            let event = try XCTUnwrap(reloader.reloadIfChanged([]))
            XCTAssertTrue(event.isSuccess, "\(event.diagnostics)")
            XCTAssertFalse(reloader.tree === first, "edit \(n)")
            try assertStyledAsAFreshLoad(reloader, "view edit \(n)")
        }
    }

    /// A view whose own style is a function is never taken for the last evaluation's: the
    /// function belongs to the Lua state the reload lets go.
    func testAnOwnFunctionStyleGivesANewTreeAtEveryReload() throws {
        let own = "function(v) v.alpha = 0.5 end"
        try folder.write("app.lua", script(ownStyle: own))
        let reloader = Reloader(runtime: Runtime(), file: folder.path("app.lua"), theme: nil, tree: nil)
        XCTAssertTrue(reloader.reload().isSuccess)
        let first = try XCTUnwrap(reloader.tree)
        try folder.write("app.lua", script(titleColor: "#222222", ownStyle: own))
        XCTAssertEqual(reloader.reloadIfChanged([])?.isSuccess, true)
        XCTAssertFalse(reloader.tree === first)
        try assertStyledAsAFreshLoad(reloader, "own function")
    }

    /// The kept tree's restyle fails after some rules wrote it: the tree is as it was, and the
    /// next good save styles it as a fresh load.
    func testAFailingRestyleOfTheKeptTreeLeavesItAsItWas() throws {
        try folder.write("app.lua", script())
        let reloader = Reloader(runtime: Runtime(), file: folder.path("app.lua"), theme: nil, tree: nil)
        XCTAssertTrue(reloader.reload().isSuccess)
        let first = try XCTUnwrap(reloader.tree)
        let before = TreeSnapshot(first)
        let provenance = Self.provenance(first)

        try folder.write("app.lua", script(titleColor: "#444444", extraRule: "rule(\"Button\", function(b) b.alpha = 3 end)"))
        let failed = try XCTUnwrap(reloader.reloadIfChanged([]))
        XCTAssertEqual(failed.diagnostics.first?.code, .outOfRange)
        XCTAssertTrue(reloader.tree === first)
        XCTAssertEqual(TreeSnapshot(first).changes(since: before), [])
        XCTAssertEqual(Self.provenance(first), provenance)

        try folder.write("app.lua", script(titleColor: "#555555"))
        XCTAssertEqual(reloader.reloadIfChanged([])?.isSuccess, true)
        XCTAssertTrue(reloader.tree === first)
        try assertStyledAsAFreshLoad(reloader, "after the failure")
    }

    /// A state the watch gives a control stays on the kept tree, and its values are that state's.
    func testAStateGivenToAControlHoldsOnTheKeptTree() throws {
        try folder.write("app.lua", script(extraRule: "rule(\"Button:disabled\", mut(View.alpha, 0.3))"))
        let reloader = Reloader(runtime: Runtime(), file: folder.path("app.lua"), theme: nil, tree: nil)
        XCTAssertTrue(reloader.reload().isSuccess)
        let first = try XCTUnwrap(reloader.tree)
        XCTAssertTrue(reloader.setState(.disabled, ofViewAt: "#b1").isSuccess)
        let button = try XCTUnwrap(Self.view("b1", in: first))
        XCTAssertEqual(button["alpha"], .number(0.3))

        try folder.write("app.lua", script(titleColor: "#222222", extraRule: "rule(\"Button:disabled\", mut(View.alpha, 0.35))"))
        XCTAssertEqual(reloader.reloadIfChanged([])?.isSuccess, true)
        XCTAssertTrue(reloader.tree === first)
        XCTAssertEqual(button.stateOverride, .disabled)
        XCTAssertEqual(button["alpha"], .number(0.35))
        XCTAssertEqual(Self.view("b2", in: first)?["alpha"], .number(0.75))
    }

    private static func view(_ id: String, in root: View) -> View? {
        var found: View?
        root.forEachInTree { if $0.id == id { found = $0 } }
        return found
    }

    private static func provenance(_ root: View) -> [[[Contribution]]?] {
        var out: [[[Contribution]]?] = []
        root.forEachInTree { out.append($0.provenance) }
        return out
    }
}
