import StyleRun
import XCTest

/// Watch events as REFERENCE §3.3's JSON lines and as terminal text.
final class WatchEventRenderingTests: XCTestCase {
    private let changes = [
        PropertyChange(view: "#subscribe", property: "titleColor", old: .color(.black), new: .color(.white)),
        PropertyChange(view: "#subscribe", property: "layer.cornerRadius", old: .number(4), new: .number(6)),
        PropertyChange(view: "StackView#root > Label[2]", property: "text", old: .null, new: .string("or")),
    ]
    private let failure = Diagnostic(.syntaxError, "Unexpected symbol near 'end'.", at: SourceLocation(file: "app.lua", line: 2, column: 5))

    func testASuccessfulReloadIsOneJSONLineOfSpec41() {
        let event = ReloadEvent.reloaded(milliseconds: 1.73, files: ["app.lua", "stdlib/base.lua"], changes: Array(changes.prefix(1)))
        XCTAssertEqual(event.json.serialized(.line), """
            {"event": "reload", "ok": true, "ms": 1.7, "files": ["app.lua", "stdlib/base.lua"], \
            "changes": [{"view": "#subscribe", "property": "titleColor", "old": "#000000FF", "new": "#FFFFFFFF"}]}
            """)
    }

    func testAFailedReloadCarriesItsDiagnostics() {
        let event = ReloadEvent.failed(milliseconds: 0.44, diagnostics: [failure])
        XCTAssertEqual(event.json.serialized(.line), """
            {"event": "reload", "ok": false, "ms": 0.4, "diagnostics": [{"file": "app.lua", "line": 2, "column": 5, \
            "endLine": 2, "endColumn": 5, "severity": "error", "code": "syntax-error", \
            "message": "Unexpected symbol near 'end'.", "suggestions": []}]}
            """)
        XCTAssertFalse(event.isSuccess)
        XCTAssertEqual(event.milliseconds, 0.44)
    }

    func testTextListsTheChangesPerViewWithOldAndNew() {
        let text = ReloadEventRenderer(terminal: .plain).render(.reloaded(milliseconds: 2.04, files: ["app.lua"], changes: changes),
                                                                isInitial: false)
        XCTAssertEqual(text, """
            Reloaded in 2.0 ms: 3 changes.
              #subscribe                 titleColor: #000000 → #FFFFFF
                                         layer.cornerRadius: 4 → 6
              StackView#root > Label[2]  text: nil → "or"

            """)
    }

    func testTextSaysTheLastGoodStylesAreKept() {
        let renderer = ReloadEventRenderer(terminal: .plain)
        XCTAssertEqual(renderer.render(.failed(milliseconds: 1.24, diagnostics: [failure]), isInitial: false),
                       "Reload failed in 1.2 ms; keeping the last good styles.\n")
        XCTAssertEqual(renderer.render(.failed(milliseconds: 1, diagnostics: [failure]), isInitial: true),
                       "Load failed in 1.0 ms; nothing is styled yet. Fix the script and save.\n")
        XCTAssertEqual(renderer.render(.reloaded(milliseconds: 3, files: ["app.lua", "base.lua"], changes: changes), isInitial: true),
                       "Loaded app.lua and base.lua in 3.0 ms: 3 properties styled on 2 views. Watching for saves; Ctrl-C to stop.\n")
        XCTAssertEqual(renderer.render(.reloaded(milliseconds: 3, files: ["app.lua"], changes: []), isInitial: false),
                       "Reloaded in 3.0 ms: no property changed.\n")
    }
}
