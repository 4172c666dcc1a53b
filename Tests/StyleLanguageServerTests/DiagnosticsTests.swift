import Foundation
import StyleLanguageServer
import StyleRun
import XCTest

/// Diagnostics as the user types: the static pass on open and on every change, the isolated
/// evaluation when typing pauses and on save, dependents of a saved module.
final class DiagnosticsTests: XCTestCase {
    private func codes(_ list: [JSONValue]) -> [String] { list.compactMap { $0["code"]?.string } }

    func testDiagnosticsFollowTheTextWithFullAndIncrementalSync() throws {
        let client = try LSPClient()
        _ = try client.initialize()
        let uri = client.uri("app.lua")
        client.open("app.lua", "local title = mut(Label.textColor, color.black)\nlocal s = mut(View.alpah, 1)\n")
        let first = try XCTUnwrap(client.diagnostics(uri) { !$0.isEmpty })
        XCTAssertEqual(codes(first), ["unknown-property"])
        XCTAssertEqual(first[0]["range"], ["start": ["line": 1, "character": 19], "end": ["line": 1, "character": 24]])
        XCTAssertEqual(first[0]["severity"], 1)
        XCTAssertEqual(first[0]["source"], "stylerun")
        XCTAssertEqual(first[0]["data"]?["suggestions"], ["alpha"])
        XCTAssertTrue(first[0]["message"]?.string?.contains("Did you mean 'alpha'?") == true)

        // Incremental: replace `alpah` with `alpha`.
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [
            ["range": ["start": ["line": 1, "character": 19], "end": ["line": 1, "character": 24]], "text": "alpha"],
        ]])
        XCTAssertNotNil(client.diagnostics(uri, version: 2) { $0.isEmpty }, "gone after the fix")

        // Full: the whole text, now with a wrong enum case.
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 3], "contentChanges": [
            ["text": "return StackView { axis = \"Vertical\" }\n"],
        ]])
        let back = try XCTUnwrap(client.diagnostics(uri, version: 3) { !$0.isEmpty })
        XCTAssertEqual(codes(back), ["invalid-enum"])
        XCTAssertEqual(back[0]["range"]?["start"]?["line"], 0)
        XCTAssertEqual(back[0]["data"]?["suggestions"], ["vertical"])
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testTheEvaluationFindsWhatTheStaticPassCannot() throws {
        let client = try LSPClient()
        _ = try client.initialize()
        let uri = client.uri("dyn.lua")
        // The static pass cannot know what f() returns; running it can.
        client.open("dyn.lua", "local function f() return 5 end\nlocal s = mut(View.alpha, f())\n")
        let found = try XCTUnwrap(client.diagnostics(uri) { !$0.isEmpty })
        XCTAssertEqual(codes(found), ["out-of-range"])
        XCTAssertEqual(found[0]["range"]?["start"]?["line"], 1)
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        let cleared = client.wait {
            $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri) && $0["params"]?["version"] == nil
        }
        XCTAssertEqual(cleared?["params"]?["diagnostics"], [], "closing clears the document's diagnostics")
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testTheEvaluationPublishesTheAccessibilityChecks() throws {
        let client = try LSPClient()
        _ = try client.initialize()
        let uri = client.uri("screen.lua")
        // Only a styled and laid-out screen shows these: the static pass never reports them.
        client.open("screen.lua", """
            return StackView { axis = "vertical",
              Label { text = "Hi", textColor = "#555555", font = font.system(12) },
              Button { title = "Go", titleColor = color.label },
            }

            """)
        let found = try XCTUnwrap(client.diagnostics(uri) { $0.count >= 3 })
        XCTAssertEqual(Set(codes(found)), ["low-contrast", "fixed-font-size", "small-touch-target"])
        XCTAssertTrue(found.contains { $0["message"]?.string?.contains("Fails in colorScheme=dark contrast=normal") == true })
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testDependentsOfASavedModuleAreCheckedAgain() throws {
        let client = try LSPClient(files: ["tokens.lua": "return { radius = 4 }\n"])
        _ = try client.initialize()
        let app = client.uri("app.lua"), tokens = client.uri("tokens.lua")
        client.open("app.lua", "local t = require \"tokens\"\nlocal s = mut(View.layer.cornerRadius, t.radius)\n")
        XCTAssertNotNil(client.diagnostics(app) { $0.isEmpty })
        // The module now gives a negative radius; the document that requires it hears of it on save.
        let broken = "return { radius = -4 }\n"
        try broken.write(to: client.folder.appendingPathComponent("tokens.lua"), atomically: true, encoding: .utf8)
        client.open("tokens.lua", broken)
        client.notify("textDocument/didSave", ["textDocument": ["uri": .string(tokens)]])
        let found = try XCTUnwrap(client.diagnostics(app) { !$0.isEmpty })
        XCTAssertEqual(codes(found), ["out-of-range"])
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testAModuleChangedOutsideTheEditorIsNoticed() throws {
        let client = try LSPClient(files: ["tokens.lua": "return { radius = 4 }\n"])
        _ = try client.initialize(capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        // The server asks to be told of changes to Lua files.
        let registration = try XCTUnwrap(client.wait { $0["method"] == "client/registerCapability" })
        XCTAssertEqual(registration["params"]?["registrations"]?[0]?["method"], "workspace/didChangeWatchedFiles")
        client.write(MessageWriter.frame(["jsonrpc": "2.0", "id": registration["id"] ?? .null, "result": .null]))
        let app = client.uri("app.lua")
        client.open("app.lua", "local t = require \"tokens\"\nlocal s = mut(View.layer.cornerRadius, t.radius)\n")
        XCTAssertNotNil(client.diagnostics(app) { $0.isEmpty })
        try "return { radius = -4 }\n".write(to: client.folder.appendingPathComponent("tokens.lua"), atomically: true, encoding: .utf8)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(client.uri("tokens.lua")), "type": 2]]])
        let found = try XCTUnwrap(client.diagnostics(app) { !$0.isEmpty })
        XCTAssertEqual(codes(found), ["out-of-range"])
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testSuppressedCodesStaySilent() throws {
        let client = try LSPClient()
        _ = try client.initialize()
        let uri = client.uri("quiet.lua")
        client.open("quiet.lua", "local s = mut(View.alpah, 1) -- stylerun: ignore unknown-property\nlocal t = mut(View.alpah, 1)\n")
        let found = try XCTUnwrap(client.diagnostics(uri) { !$0.isEmpty })
        XCTAssertEqual(found.map { $0["range"]?["start"]?["line"] }, [1])
        XCTAssertEqual(try client.shutdown(), 0)
    }

    func testAnOutdatedEvaluationIsStopped() throws {
        let client = try LSPClient()
        _ = try client.initialize()
        let uri = client.uri("loop.lua")
        // Each turn is one long C call, so the instruction budget lets it run until the wall clock stops it.
        client.open("loop.lua", "while true do local _ = string.rep(\"x\", 1000000) end\n")
        // The evaluation of the looping text runs in a child of the server…
        XCTAssertTrue(waitFor(10) { !evaluators(of: client.process.processIdentifier).isEmpty }, "an evaluation starts")
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [
            ["text": "local s = mut(View.alpha, 1)\n"],
        ]])
        // …and is stopped once the text has changed, long before its limits (seconds) would stop it.
        XCTAssertTrue(waitFor(1.5) { evaluators(of: client.process.processIdentifier).isEmpty }, "the outdated evaluation is killed")
        let final = try XCTUnwrap(client.diagnostics(uri, version: 2) { _ in true })
        XCTAssertEqual(final.count, 0)
        XCTAssertEqual(try client.shutdown(), 0)
    }

    private func waitFor(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    /// The evaluator processes (`stylerun __child …`) whose parent is `pid`, from /proc.
    private func evaluators(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { child in
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[1]) == pid,
                  let cmdline = FileManager.default.contents(atPath: "/proc/\(child)/cmdline") else { return false }
            return String(decoding: cmdline, as: UTF8.self).contains("__child")
        }
    }
}
