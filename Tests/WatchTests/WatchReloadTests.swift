import Foundation
import StyleRun
import XCTest

/// What a reload does to the tree: all or nothing, from the defaults, following the requires.
final class WatchReloadTests: WatchTestCase {

    private func watch(tree: View?, theme: String? = nil) -> WatchHandle {
        let handle = Runtime().watch(file: folder.path("app.lua"), tree: tree, theme: theme, queue: queue) { [log] in
            log.record($0)
        }
        log.wait(after: 0) { _ in true }
        return handle
    }

    private func value(_ path: String) -> String? {
        queue.sync { root.children[0][path]?.displayText }
    }

    /// Saves, then waits for the next event.
    @discardableResult
    private func save(_ text: String) throws -> ReloadEvent? {
        try save("app.lua", text)
    }

    /// Saves `name`, then waits for the next event.
    @discardableResult
    private func save(_ name: String, _ text: String) throws -> ReloadEvent? {
        let before = log.count
        try folder.write(name, text)
        return log.wait(after: before) { _ in true }
    }

    func testAFailedReloadKeepsTheTreeAndTheNextGoodSaveRecovers() throws {
        try folder.write("app.lua", "rule(\"#subscribe\", mut(Button.titleColor, \"#111111\"))\n")
        let handle = watch(tree: root)

        let syntax = try save("rule(\"#subscribe\", mut(Button.titleColor, \"#222222\")\n")
        XCTAssertEqual(syntax?.diagnostics.first?.code, .syntaxError)
        XCTAssertEqual(syntax?.diagnostics.first?.line, 2)
        XCTAssertEqual(value("titleColor"), "#111111")

        // Fails while styling, after the first rule has written the tree: the tree is restored.
        let styling = try save("""
            rule("#subscribe", mut(Button.titleColor, "#333333"))
            rule("Button", function(b) b.alpha = 3 end)
            """)
        XCTAssertEqual(styling?.diagnostics.first?.code, .outOfRange)
        XCTAssertEqual(value("titleColor"), "#111111")
        XCTAssertEqual(value("alpha"), "1")

        let recovered = try save("rule(\"#subscribe\", mut(Button.titleColor, \"#444444\"))\n")
        XCTAssertEqual(recovered?.change("#subscribe", "titleColor")?.old.displayText, "#111111")
        XCTAssertEqual(value("titleColor"), "#444444")
        handle.stop()
    }

    func testRemovedPropertiesRevertToTheirDefaults() throws {
        try folder.write("app.lua", """
            rule("#subscribe", concat(mut(Button.titleColor, "#111111"), mut(View.layer.cornerRadius, 6),
                                      mut(View.alpha, 0.5)))
            """)
        let handle = watch(tree: root)
        XCTAssertEqual(value("layer.cornerRadius"), "6")

        let event = try save("rule(\"#subscribe\", mut(Button.titleColor, \"#111111\"))\n")
        XCTAssertEqual(event?.change("#subscribe", "layer.cornerRadius")?.new, .number(0))
        XCTAssertEqual(event?.change("#subscribe", "alpha")?.new, .number(1))
        XCTAssertNil(event?.change("#subscribe", "titleColor"))
        XCTAssertEqual(value("layer.cornerRadius"), "0")
        XCTAssertEqual(value("alpha"), "1")
        XCTAssertEqual(value("titleColor"), "#111111")
        handle.stop()
    }

    func testTheWatchedFilesFollowTheRequires() throws {
        try folder.write("a.lua", "return \"#111111\"\n")
        try folder.write("b.lua", "return \"#AAAAAA\"\n")
        try folder.write("app.lua", "rule(\"#subscribe\", mut(Button.titleColor, require \"a\"))\n")
        let handle = watch(tree: root)

        XCTAssertTrue(try save("a.lua", "return \"#222222\"\n")?.sets("#subscribe", "titleColor", to: "#222222") == true)
        XCTAssertFalse(log.all.last?.files.contains { $0.hasSuffix("b.lua") } ?? true)

        // Switch to b: a is no longer watched, b is.
        let switched = try save("rule(\"#subscribe\", mut(Button.titleColor, require \"b\"))\n")
        XCTAssertEqual(switched?.files.map { ($0 as NSString).lastPathComponent }, ["app.lua", "b.lua"])
        var before = log.count
        try folder.write("a.lua", "return \"#333333\"\n")
        settle(handle)
        XCTAssertEqual(log.count, before, "a.lua is no longer required")
        XCTAssertTrue(try save("b.lua", "return \"#BBBBBB\"\n")?.sets("#subscribe", "titleColor", to: "#BBBBBB") == true)

        // A module required before it exists: the failure names it; creating it recovers.
        let missing = try save("rule(\"#subscribe\", mut(Button.titleColor, require \"c\"))\n")
        XCTAssertEqual(missing?.diagnostics.first?.code, .moduleNotFound)
        before = log.count
        try folder.writeByRenaming("c.lua", "return \"#CCCCCC\"\n")
        log.wait(after: before) { $0.sets("#subscribe", "titleColor", to: "#CCCCCC") }
        XCTAssertEqual(value("titleColor"), "#CCCCCC")
        handle.stop()
    }

    func testSavingATokenFileReloadsAndABrokenOneKeepsTheTree() throws {
        let file = { (hex: String) in "{\"accent\": {\"$type\": \"color\", \"$value\": \"\(hex)\"}}" }
        try folder.write("brand.tokens.json", file("#111111"))
        try folder.write("app.lua", "local t = tokens \"brand.tokens.json\"\nrule(\"#subscribe\", mut(Button.titleColor, t.accent))\n")
        let handle = watch(tree: root)
        XCTAssertEqual(log.all.last?.files.map { ($0 as NSString).lastPathComponent }, ["app.lua", "brand.tokens.json"])
        XCTAssertTrue(try save("brand.tokens.json", file("#222222"))?.sets("#subscribe", "titleColor", to: "#222222") == true)
        let broken = try save("brand.tokens.json", "{\"accent\": {\"$type\": \"colour\", \"$value\": \"#333333\"}}")
        XCTAssertEqual(broken?.diagnostics.first.map { "\(($0.file as NSString).lastPathComponent):\($0.line):\($0.column)" }, "brand.tokens.json:1:22")
        XCTAssertEqual(value("titleColor"), "#222222")
        handle.stop()
    }

    func testTheScriptsOwnTreeIsDiffedByReference() throws {
        try folder.write("app.lua", """
            return StackView { id = "root", axis = "vertical",
              Button { id = "subscribe", titleColor = "#000000" }, Label { text = "or" } }
            """)
        let handle = watch(tree: nil)
        let initial = log.all.first
        XCTAssertEqual(initial?.change("#root", "axis")?.new, .enumCase("vertical"))
        XCTAssertEqual(initial?.change("#subscribe", "titleColor")?.new.displayText, "#000000")

        let event = try save("""
            return StackView { id = "root", axis = "vertical",
              Button { id = "subscribe", titleColor = "#FFFFFF" }, Label { text = "and" } }
            """)
        guard case .reloaded(_, let files, let changes)? = event else { return XCTFail("\(String(describing: event))") }
        XCTAssertEqual(files, [folder.path("app.lua")])
        XCTAssertEqual(changes.map { [$0.view, $0.property, $0.old.displayText, $0.new.displayText] }, [
            ["#subscribe", "titleColor", "#000000", "#FFFFFF"],
            ["StackView#root > Label[2]", "text", "\"or\"", "\"and\""],
        ])
        XCTAssertEqual(event?.json["changes"]?[0]?.serialized(.line),
                       ##"{"view": "#subscribe", "property": "titleColor", "old": "#000000FF", "new": "#FFFFFFFF"}"##)
        handle.stop()
    }

    /// A reload restyles only what a change reaches; a new view (another shape) is compared by
    /// reference against the previous tree, and a view whose rule and inputs did not change keeps
    /// its values in the new tree.
    func testAReloadListsTheSameChangesWhateverItRestyles() throws {
        try folder.write("app.lua", """
            rule(".note", mut(Label.textColor, color "#111111"))
            rule(".title", mut(Label.numberOfLines, 2))
            return StackView { id = "root", Label { class = "note", text = "a" }, Label { class = "title", text = "b" } }
            """)
        let handle = watch(tree: nil)
        let edited = try save("""
            rule(".note", mut(Label.textColor, color "#222222"))
            rule(".title", mut(Label.numberOfLines, 2))
            return StackView { id = "root", Label { class = "note", text = "a" }, Label { class = "title", text = "b" } }
            """)
        guard case .reloaded(_, _, let changes)? = edited else { return XCTFail("\(String(describing: edited))") }
        XCTAssertEqual(changes.map { [$0.view, $0.property, $0.old.displayText, $0.new.displayText] }, [
            ["StackView#root > Label[1]", "textColor", "#111111", "#222222"],
        ])
        let grown = try save("""
            rule(".note", mut(Label.textColor, color "#222222"))
            rule(".title", mut(Label.numberOfLines, 2))
            return StackView { id = "root", Label { class = "title", text = "new" },
              Label { class = "note", text = "a" }, Label { class = "title", text = "b" } }
            """)
        guard case .reloaded(_, _, let grownChanges)? = grown else { return XCTFail("\(String(describing: grown))") }
        XCTAssertEqual(grownChanges.map { [$0.view, $0.property, $0.old.displayText, $0.new.displayText] }, [
            ["StackView#root > Label[1]", "text", "\"a\"", "\"new\""],
            ["StackView#root > Label[1]", "textColor", "#222222", "#000000"],
            ["StackView#root > Label[1]", "numberOfLines", "1", "2"],
            ["StackView#root > Label[2]", "text", "\"b\"", "\"a\""],
            ["StackView#root > Label[2]", "textColor", "#000000", "#222222"],
            ["StackView#root > Label[2]", "numberOfLines", "2", "1"],
            ["StackView#root > Label[3]", "text", "nil", "\"b\""],
            ["StackView#root > Label[3]", "numberOfLines", "1", "2"],
        ])
        handle.stop()
    }

    func testSwitchingTheThemeReappliesLikeAReload() throws {
        try folder.write("app.lua", """
            local t = themes { default = "light", light = { ink = "#000000" }, dark = { ink = "#FFFFFF" } }
            rule("#subscribe", mut(Button.titleColor, t.ink))
            """)
        let handle = watch(tree: root, theme: "dark")
        XCTAssertEqual(value("titleColor"), "#FFFFFF")
        var before = log.count
        handle.setTheme("light")
        log.wait(after: before) { $0.sets("#subscribe", "titleColor", to: "#000000") }
        XCTAssertEqual(value("titleColor"), "#000000")

        before = log.count
        handle.setTheme("sepia")
        XCTAssertEqual(log.wait(after: before) { _ in true }?.diagnostics.first?.code, .unknownTheme)
        XCTAssertEqual(value("titleColor"), "#000000")
        handle.stop()
    }

    func testStoppingEndsTheWatch() throws {
        try folder.write("app.lua", "rule(\"#subscribe\", mut(Button.titleColor, \"#111111\"))\n")
        let handle = watch(tree: root)
        handle.stop()
        let before = log.count
        try folder.write("app.lua", "rule(\"#subscribe\", mut(Button.titleColor, \"#222222\"))\n")
        // Stopped, the watcher reads no more events: settling finds nothing left to handle.
        settle(handle)
        XCTAssertEqual(log.count, before)
        XCTAssertEqual(value("titleColor"), "#111111")
    }
}
