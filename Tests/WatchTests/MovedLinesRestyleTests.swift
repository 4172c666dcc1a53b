import Foundation
@testable import StyleRun
import XCTest

/// A reload whose edit moved lines (a rule added or removed on a line of its own, a comment
/// added above the views) restyles only what the edit changed: rules, styles, literals and
/// views that only moved are the same, and the provenance the views keep names the lines
/// they moved to, as a fresh load's does.
final class MovedLinesRestyleTests: XCTestCase {
    private var folder: ScratchFolder!

    override func setUpWithError() throws {
        folder = try ScratchFolder()
    }

    /// A screen of 40 rows; `added` goes on lines of its own after the first rule.
    private func script(added: String = "", titleColor: String = "#111111") -> String {
        """
        local card = mut(View.layer.cornerRadius, 8)
        rule(".title", mut(Label.textColor, "\(titleColor)"))
        \(added)
        rule("StackView > Label", mut(Label.font, font.system(17)))
        rule(".row Button", mut(View.alpha, 0.75))
        appearance(Label, mut(Label.textColor, "#202020"))
        local rows = {}
        for i = 1, 40 do
          rows[i] = StackView { class = "row", style = card,
            Label { class = (i % 3 == 0) and "title" or "body",
                    text = "Row " .. i },
            Button { id = "b" .. i, isEnabled = i % 4 ~= 0 } }
        end
        return StackView { id = "root", table.unpack(rows) }
        """
    }

    /// Every view's values and provenance are a fresh load's of `source`.
    private func assertStyledAsAFreshLoad(_ root: View, _ source: String, _ context: String,
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        assertStyledAlike(root, try Runtime().load(source: source, name: "screen.lua").applyToOwnTree(), context, file: file, line: line)
    }

    /// `source` loaded and styled whole: the stylesheet and its styling.
    private func loadAndStyle(_ source: String) throws -> (LoadedStylesheet, StyledTree?) {
        let sheet = try Runtime().load(source: source, name: "screen.lua")
        return (sheet, try sheet.restyle(sheet.root!, after: nil).styled)
    }

    private func lines(_ before: String, _ after: String) -> LineMap {
        var lines = LineMap()
        lines.add(file: "screen.lua", before: Array(before.utf8), after: Array(after.utf8))
        return lines
    }

    /// Lines added and removed above most rules and every view: few views restyled, values
    /// and provenance as a fresh load's.
    func testARuleAddedOrRemovedOnItsOwnLineRestylesOnlyWhatItChanges() throws {
        let edits = [
            ("a rule added", script(added: "rule(\".nowhere\", mut(View.alpha, 0.5))")),
            ("a comment and a blank line added", script(added: "-- spacing\n")),
            ("a rule that matches added", script(added: "rule(\"#b3\", mut(View.alpha, 0.25))")),
            ("a value edited, lines moved", script(added: "\n\n", titleColor: "#222222")),
        ]
        for (name, edited) in edits {
            // One engine, as a watch keeps: a stylesheet it replaced is not used again.
            let first = try Runtime().load(source: script(), name: "screen.lua")
            let engine = first.engine
            let root = first.root!
            let styled = try first.restyle(root, after: nil).styled
            let next = try Runtime().load(source: edited, name: "screen.lua")
            next.share(engine)
            let restyle = try next.restyle(next.root!, after: styled, lines: lines(script(), edited))
            XCTAssertLessThan(restyle.restyled.count, 20, "\(name): \(restyle.restyled.count) of 161 views restyled")
            try assertStyledAsAFreshLoad(next.root!, edited, name)

            // And back: the lines move up again.
            let back = try Runtime().load(source: script(), name: "screen.lua")
            back.share(engine)
            let again = try back.restyle(back.root!, after: restyle.styled, lines: lines(edited, script()))
            XCTAssertLessThan(again.restyled.count, 20, "\(name), back")
            try assertStyledAsAFreshLoad(back.root!, script(), "\(name), back")
        }
    }

    /// A host's new stylesheet with an engine of its own (not the last one's): the restyle
    /// moves the last styling's lines itself.
    func testAStylesheetWithAnEngineOfItsOwn() throws {
        let edited = script(added: "rule(\"#b3\", mut(View.alpha, 0.25))\n")
        let (_, styled) = try loadAndStyle(script())
        let next = try Runtime().load(source: edited, name: "screen.lua")
        let restyle = try next.restyle(next.root!, after: styled, lines: lines(script(), edited))
        XCTAssertLessThan(restyle.restyled.count, 20)
        try assertStyledAsAFreshLoad(next.root!, edited, "an engine of its own")

        // Failing, it leaves the last styling's lines as they were (a tree styled anew: the
        // one above shares its records' locations with the tree that replaced it).
        let (last, lastStyled) = try loadAndStyle(script())
        let failing = script(added: "rule(\".row Button\", function(v) error(\"boom\") end)\n")
        let broken = try Runtime().load(source: failing, name: "screen.lua")
        XCTAssertThrowsError(try broken.restyle(last.root!, after: lastStyled, lines: lines(script(), failing)))
        try assertStyledAsAFreshLoad(last.root!, script(), "after the failed restyle")
    }

    /// Without the map, the moved lines are changes: everything is restyled (and right).
    func testWithoutTheMapMovedLinesAreChanges() throws {
        let edited = script(added: "-- spacing\n")
        let (first, styled) = try loadAndStyle(script())
        let next = try Runtime().load(source: edited, name: "screen.lua")
        next.share(first.engine)
        let restyle = try next.restyle(next.root!, after: styled)
        XCTAssertGreaterThan(restyle.restyled.count, 100)
        try assertStyledAsAFreshLoad(next.root!, edited, "without the map")
    }

    /// A restyle that fails after its engine moved the lines moves them back: the tree it
    /// leaves as it was keeps the provenance of its own lines.
    func testAFailingRestyleMovesTheLinesBack() throws {
        let (host, styled) = try loadAndStyle(script())
        let root = host.root!
        let failing = script(added: "rule(\".row Button\", function(v) error(\"boom\") end)")
        let next = try Runtime().load(source: failing, name: "screen.lua")
        next.share(host.engine)
        XCTAssertThrowsError(try next.restyle(root, after: styled, lines: lines(script(), failing)))
        try assertStyledAsAFreshLoad(root, script(), "after the failed restyle")
    }

    /// The watch: a host's tree and a script's own tree, reloaded after a rule is added on a
    /// line of its own, hold a fresh load's values and provenance.
    func testTheWatchGivesTheMapToItsRestyles() throws {
        try folder.write("screen.lua", script())
        let reloader = Reloader(runtime: Runtime(), file: folder.path("screen.lua"), theme: nil, tree: nil)
        XCTAssertTrue(reloader.reload().isSuccess)
        let edited = script(added: "rule(\"#b3\", mut(View.alpha, 0.25))\n")
        try folder.write("screen.lua", edited)
        let event = try XCTUnwrap(reloader.reloadIfChanged([]))
        XCTAssertTrue(event.isSuccess, "\(event.diagnostics)")
        XCTAssertEqual(event.changes.map(\.property), ["alpha"], "only #b3 changed")
        assertStyledAlike(reloader.tree!, try Runtime().load(file: folder.path("screen.lua")).applyToOwnTree(), "a rule added")

        // A failed reload between keeps the map relative to the tree last styled.
        try folder.write("screen.lua", "rule(")
        XCTAssertEqual(reloader.reloadIfChanged([])?.isSuccess, false)
        let third = script(added: "rule(\"#b3\", mut(View.alpha, 0.25))\n-- one more line\n")
        try folder.write("screen.lua", third)
        XCTAssertEqual(reloader.reloadIfChanged([])?.isSuccess, true)
        assertStyledAlike(reloader.tree!, try Runtime().load(file: folder.path("screen.lua")).applyToOwnTree(), "after a failed reload")
    }

    /// Lines added to a module the script requires, and a host's own tree: the module's
    /// locations move (its file name is the one its locations give), and the host's views keep
    /// their values, with the rules' new lines in their provenance.
    func testAModuleThatMovesItsLinesStylesAHostsTree() throws {
        let module = """
        local M = {}
        rule(".title", mut(Label.textColor, "#111111"))
        rule("#go", mut(View.alpha, 0.5))
        return M
        """
        try folder.write("base.lua", module)
        try folder.write("screen.lua", "local base = require \"base\"\n")
        let root = View(kind: Schema.stackView, id: "root")
        let title = View(kind: Schema.label, classes: ["title"])
        let go = View(kind: Schema.button, id: "go")
        root.addChild(title)
        root.addChild(go)
        let reloader = Reloader(runtime: Runtime(), file: folder.path("screen.lua"), theme: nil, tree: root)
        XCTAssertTrue(reloader.reload().isSuccess)
        XCTAssertEqual(go.provenance?.joined().compactMap(\.location).map(\.line), [3])

        try folder.write("base.lua", "-- The team's base rules.\n\n" + module)
        let event = try XCTUnwrap(reloader.reloadIfChanged([]))
        XCTAssertTrue(event.isSuccess, "\(event.diagnostics)")
        XCTAssertEqual(event.changes, [], "only lines moved")
        XCTAssertEqual(go.provenance?.joined().compactMap(\.location).map(\.line), [5], "the rule's new line")
        XCTAssertEqual(title.provenance?.joined().compactMap(\.location).map(\.line), [4])
        XCTAssertEqual(title[Label.textColor], Color(hex: "#111111"))

        // The module's locations are named as the stylesheet's files name it: a map made from
        // those names reaches them, and nothing is restyled.
        let last = try Runtime().load(file: folder.path("screen.lua"))
        func tree() -> View {
            let root = View(kind: Schema.stackView, id: "root")
            root.addChild(View(kind: Schema.label, classes: ["title"]))
            root.addChild(View(kind: Schema.button, id: "go"))
            return root
        }
        let twin = tree(), other = tree()
        let styled = try last.restyle(twin, after: nil).styled
        let otherStyled = try last.restyle(other, after: nil).styled
        let moved = "-- One more line.\n" + (try String(contentsOfFile: folder.path("base.lua"), encoding: .utf8))
        var lines = LineMap()
        let name = try XCTUnwrap(last.files.first { $0.hasSuffix("base.lua") })
        lines.add(file: name, before: Array(try String(contentsOfFile: folder.path("base.lua"), encoding: .utf8).utf8), after: Array(moved.utf8))
        try folder.write("base.lua", moved)
        let next = try Runtime().load(file: folder.path("screen.lua"))
        let restyle = try next.restyle(twin, after: styled, lines: lines)
        XCTAssertEqual(restyle.visited, 0, "no rule changed: no view reached")
        // Not told, the rules that moved are changed ones, and their views are reached.
        let unmapped = try Runtime().load(file: folder.path("screen.lua")).restyle(other, after: otherStyled)
        XCTAssertGreaterThan(unmapped.visited, 0)
        XCTAssertEqual(twin.children[1].provenance?.joined().compactMap(\.location).map(\.line), [6])
    }

    /// A stylesheet used again after one that replaced it was restyled with moved lines (its
    /// engine's locations now at the new lines) styles with an engine of its own: its values'
    /// provenance names its own lines, and the engine's next reload is not led astray by it.
    func testTheStylesheetReplacedStylesAtItsOwnLines() throws {
        let edited = script(added: "-- spacing\n")
        let (first, styled) = try loadAndStyle(script())
        let engine = first.engine
        let next = try Runtime().load(source: edited, name: "screen.lua")
        next.share(engine)
        let restyle = try next.restyle(next.root!, after: styled, lines: lines(script(), edited))

        let tree = try Runtime().load(source: script(), name: "screen.lua").root!
        try first.apply(to: tree)
        assertStyledAlike(tree, try Runtime().load(source: script(), name: "screen.lua").applyToOwnTree(), "the replaced stylesheet")
        // The reload after, back to the first lines with the title's colour edited (the
        // labels restyled), from the new stylesheet's styling.
        let after = script(titleColor: "#222222")
        let back = try Runtime().load(source: after, name: "screen.lua")
        back.share(engine)
        let third = try back.restyle(back.root!, after: restyle.styled, lines: lines(edited, after))
        XCTAssertFalse(third.restyled.isEmpty && third.rebased.isEmpty)
        assertStyledAlike(back.root!, try Runtime().load(source: after, name: "screen.lua").applyToOwnTree(), "the reload after")
    }
}
