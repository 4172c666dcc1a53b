import Foundation
@testable import StyleRun
import TestSupport
import XCTest

/// Random saves of one script under a watch, each told how its lines moved (`LineMap`):
/// comments and blank lines added anywhere, rules, appearances and views added between
/// statements, added lines removed again, values edited in place, one to three edits a save
/// (lines between them count as changed), and now and then a save that does not load. After
/// every save that loads, each view holds the values and provenance of a fresh load of the same
/// text: what the restyle kept because it only moved names the line it moved to, and what it
/// restyled is what the edit changed.
final class MovedLinesPropertyTests: XCTestCase {
    private var folder: ScratchFolder!

    override func setUpWithError() throws {
        folder = try ScratchFolder()
    }

    /// A line of the script, and whether a statement may go before it (between top-level
    /// statements).
    private struct Line {
        var text: String
        var statementBefore: Bool
        var added = false
    }

    /// The screen: rules, appearances, a shared style, 24 rows built in a loop, the tree.
    /// `withTree`: false for a stylesheet alone (a host's tree).
    private static func baseLines(withTree: Bool) -> [Line] {
        var lines = [
            Line(text: "local card = mut(View.layer.cornerRadius, 8)", statementBefore: true),
            Line(text: "local accent = concat(mut(Label.textColor, \"#0A84FF\"), mut(Label.numberOfLines, 2))", statementBefore: true),
            Line(text: "rule(\".title\", mut(Label.textColor, \"#111111\"))", statementBefore: true),
            Line(text: "rule(\"StackView > Label\", mut(Label.font, font.system(17)))", statementBefore: true),
            Line(text: "rule(\".row Button\", mut(View.alpha, 0.75))", statementBefore: true),
            Line(text: "rule(\"#b7\", accent)", statementBefore: true),
            Line(text: "appearance(Label, mut(Label.textColor, \"#202020\"))", statementBefore: true),
        ]
        guard withTree else { return lines }
        lines += [
            Line(text: "local rows = {}", statementBefore: true),
            Line(text: "for i = 1, 24 do", statementBefore: true),
            Line(text: "  rows[i] = StackView { class = \"row\", style = card,", statementBefore: false),
            Line(text: "    Label { class = (i % 3 == 0) and \"title\" or \"body\",", statementBefore: false),
            Line(text: "            text = \"Row \" .. i },", statementBefore: false),
            Line(text: "    Button { id = \"b\" .. i, isEnabled = i % 4 ~= 0 } }", statementBefore: false),
            Line(text: "end", statementBefore: false),
            Line(text: "return StackView { id = \"root\", table.unpack(rows) }", statementBefore: true),
        ]
        return lines
    }

    private static let statements = [
        "rule(\".body\", mut(Label.numberOfLines, 3))",
        "rule(\"#b3\", mut(View.alpha, 0.25))",
        "rule(\".nowhere\", mut(View.alpha, 0.5))",
        "rule(\"StackView.row > Button\", mut(View.isHidden, false))",
        "rule(\".title\", mut(Label.textColor, \"#333333\"))",
        "appearance(Button, mut(View.alpha, 0.9))",
    ]
    /// Views added to the tree: only before the `return`.
    private static let views = [
        "table.insert(rows, 2, StackView { class = \"row\", Label { class = \"title\", text = \"Added\" } })",
        "rows[#rows + 1] = Label { class = \"body\", text = \"Last\" }",
    ]
    /// Lines edited in place: the text before, the texts it may become.
    private static let inPlace: [(String, [String])] = [
        ("\"#111111\"))", ["\"#111112\"))", "\"#0F0F0F\"))"]),
        ("cornerRadius, 8)", ["cornerRadius, 6)", "cornerRadius, 12)"]),
        // A literal of every row's label (the script's tree only): a new tree, lines moved or not.
        ("text = \"Row \" .. i },", ["text = \"Item \" .. i },"]),
    ]

    /// One random edit of `lines`; a description of it.
    private static func edit(_ lines: inout [Line], withTree: Bool, using generator: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0:
            let at = Int.random(in: 0...lines.count, using: &generator)
            let before = at < lines.count ? lines[at].statementBefore : true
            lines.insert(Line(text: "-- note \(at)", statementBefore: before, added: true), at: at)
            return "a comment at \(at + 1)"
        case 1:
            let at = Int.random(in: 0...lines.count, using: &generator)
            let before = at < lines.count ? lines[at].statementBefore : true
            let count = Int.random(in: 1...3, using: &generator)
            for _ in 0..<count { lines.insert(Line(text: "", statementBefore: before, added: true), at: at) }
            return "\(count) blank lines at \(at + 1)"
        case 2:
            // A statement where one may go, above the tree's loop (rules style every view).
            let returnLine = lines.firstIndex { $0.text.hasPrefix("local rows") } ?? lines.count
            let places = (0...returnLine).filter { $0 == lines.count || lines[$0].statementBefore }
            let at = places.randomElement(using: &generator)!
            let text = statements.randomElement(using: &generator)!
            lines.insert(Line(text: text, statementBefore: true, added: true), at: at)
            return "\(text) at \(at + 1)"
        case 3 where withTree:
            let returnLine = lines.lastIndex { $0.text.hasPrefix("return") }!
            let text = views.randomElement(using: &generator)!
            lines.insert(Line(text: text, statementBefore: true, added: true), at: returnLine)
            return "\(text) at \(returnLine + 1)"
        case 4:
            let added = lines.indices.filter { lines[$0].added }
            guard let at = added.randomElement(using: &generator) else { return "nothing removed" }
            let removed = lines.remove(at: at)
            return "line \(at + 1) removed (\(removed.text))"
        default:
            let (old, replacements) = inPlace.randomElement(using: &generator)!
            let now = replacements + [old]
            guard let at = lines.firstIndex(where: { line in now.contains { line.text.hasSuffix($0) } }) else { return "nothing edited" }
            let current = now.first { lines[at].text.hasSuffix($0) }!
            let next = now.filter { $0 != current }.randomElement(using: &generator)!
            lines[at].text = String(lines[at].text.dropLast(current.count)) + next
            return "line \(at + 1) edited to \(next)"
        }
    }

    private static func text(_ lines: [Line]) -> String {
        lines.map(\.text).joined(separator: "\n") + "\n"
    }

    /// The script's own tree, reloaded by a watch after each random save.
    func testRandomSavesRestyleTheScriptsTreeAsAFreshLoadStylesIt() throws {
        try runSaves(seed: 0x5EED_0001, saves: 40, withTree: true)
    }

    /// A host's tree, styled by a stylesheet alone, reloaded by a watch after each random save.
    func testRandomSavesRestyleAHostsTreeAsAFreshLoadStylesIt() throws {
        try runSaves(seed: 0x5EED_0002, saves: 40, withTree: false)
    }

    /// The rows of the script's tree, built by a host.
    private static func hostTree() throws -> View {
        let root = View(kind: Schema.stackView, id: "root")
        for i in 1...24 {
            let row = View(kind: Schema.stackView, classes: ["row"])
            let label = View(kind: Schema.label, classes: [i % 3 == 0 ? "title" : "body"])
            try label.set(Label.text, "Row \(i)")
            row.addChild(label)
            row.addChild(View(kind: Schema.button, id: "b\(i)"))
            root.addChild(row)
        }
        return root
    }

    private func runSaves(seed: UInt64, saves: Int, withTree: Bool) throws {
        var generator = SeededGenerator(seed: seed)
        var lines = Self.baseLines(withTree: withTree)
        let file = folder.path("screen.lua")
        try folder.write("screen.lua", Self.text(lines))
        let host = withTree ? nil : try Self.hostTree()
        let reloader = Reloader(runtime: Runtime(), file: file, theme: nil, tree: host)
        let first = reloader.reload()
        XCTAssertTrue(first.isSuccess, "\(first.diagnostics)")
        var history: [String] = []
        for save in 1...saves {
            if Int.random(in: 0..<10, using: &generator) == 0 {
                // A save that does not load: the next one's lines move from the last good one.
                try folder.write("screen.lua", Self.text(lines) + "rule(\n")
                XCTAssertEqual(reloader.reloadIfChanged([])?.isSuccess, false, "save \(save): a broken save fails")
                history.append("a broken save")
            }
            var edits: [String] = []
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                edits.append(Self.edit(&lines, withTree: withTree, using: &generator))
            }
            history.append(edits.joined(separator: ", "))
            let source = Self.text(lines)
            try folder.write("screen.lua", source)
            let context = "seed \(seed), save \(save): \(history.suffix(3).joined(separator: " / "))"
            guard let event = reloader.reloadIfChanged([]) else {
                // An edit that changed no byte (a line edited back to what it was).
                continue
            }
            XCTAssertTrue(event.isSuccess, "\(context)\n\(event.diagnostics)\n\(source)")
            guard event.isSuccess else { return }
            let fresh = try Runtime().load(file: file)
            let expected: View
            if withTree {
                expected = try fresh.applyToOwnTree()
            } else {
                expected = try Self.hostTree()
                _ = try fresh.restyle(expected, after: nil)
            }
            assertStyledAlike(try XCTUnwrap(reloader.tree), expected, context)
        }
    }
}
