import StyleRun
import XCTest

/// The report formats on a report with one result of each kind.
final class SnapshotFormatTests: XCTestCase {
    private let report = SnapshotReport(results: [
        SnapshotResult(script: "home.lua", theme: "dark", file: "__snapshots__/home.lua@dark.snap", status: .changed,
                       differences: [SnapshotDifference(view: "#go", property: "titleColor", old: "#FFFFFF", new: "#000000",
                                                        source: .init(origin: "rule \"Button.primary\"", file: "styles.lua", line: 8)),
                                     SnapshotDifference(view: "#go", property: "alpha", old: "0.5", new: "1", source: nil)],
                       image: ImageResult(file: "__snapshots__/home.lua@dark.png", status: .changed, differentPixels: 25,
                                          totalPixels: 10000, diffFile: "__snapshots__/home.lua@dark.diff.png")),
        SnapshotResult(script: "new.lua", theme: nil, file: "__snapshots__/new.lua.snap", status: .missing),
        SnapshotResult(script: "old.lua", theme: nil, file: "__snapshots__/old.lua.snap", status: .obsolete,
                       message: "The snapshot is obsolete: its script 'old.lua' is gone."),
        SnapshotResult(script: "bad.lua", theme: nil, file: "__snapshots__", status: .failed,
                       diagnostics: [Diagnostic(.badReturn, "The script returned nothing.", at: SourceLocation(file: "bad.lua", line: 3, column: 1))]),
    ], skipped: ["tokens.lua"])

    func testText() {
        XCTAssertEqual(SnapshotFormat.text.render(report), """
            changed   home.lua (theme "dark"): 2 differences from __snapshots__/home.lua@dark.snap
              #go  titleColor: #FFFFFF → #000000
                  set by rule "Button.primary" at styles.lua:8
              #go  alpha: 0.5 → 1
                  now the kind's default
              screenshot differs: 25 of 10000 pixels (0.25%) from __snapshots__/home.lua@dark.png; diff image: __snapshots__/home.lua@dark.diff.png
            missing   new.lua: no snapshot is recorded at __snapshots__/new.lua.snap, and under CI none is written; record it with `stylerun snapshot --update` and commit it.
            obsolete  __snapshots__/old.lua.snap
              The snapshot is obsolete: its script 'old.lua' is gone.
            failed    bad.lua
              bad.lua:3:1: error: The script returned nothing. [bad-return]
            Snapshots: 1 changed, 1 missing, 1 failed, 1 obsolete; 1 script skipped (no view returned).
            If the changes are intended, run `stylerun snapshot --update` and commit the snapshots.

            """)
        XCTAssertEqual(report.exitCode, 1)
    }

    func testGitHubAnnotations() {
        XCTAssertEqual(SnapshotFormat.github.render(report), """
            ::error file=styles.lua,line=8,title=Snapshot differs%3A home.lua (theme "dark")::#go  titleColor: #FFFFFF → #000000 (set by rule "Button.primary" at styles.lua:8). Snapshot: __snapshots__/home.lua@dark.snap.
            ::error file=home.lua,line=1,title=Snapshot differs%3A home.lua (theme "dark")::#go  alpha: 0.5 → 1 (now the kind's default). Snapshot: __snapshots__/home.lua@dark.snap.
            ::error file=home.lua,line=1,title=Screenshot%3A home.lua (theme "dark")::Screenshot changed: __snapshots__/home.lua@dark.png, 25 of 10000 pixels (0.25%25) differ; diff image: __snapshots__/home.lua@dark.diff.png
            ::error file=new.lua,line=1,title=Snapshot missing%3A new.lua::No snapshot is recorded at __snapshots__/new.lua.snap. Record it with `stylerun snapshot --update` and commit it.
            ::error file=__snapshots__/old.lua.snap,line=1,title=Snapshot obsolete::The snapshot is obsolete: its script 'old.lua' is gone. Delete it with `stylerun snapshot --update`.
            ::error file=bad.lua,line=3,title=Snapshot failed%3A bad.lua [bad-return]::The script returned nothing.
            Snapshots: 1 changed, 1 missing, 1 failed, 1 obsolete.

            """)
    }

    func testJSONDifferencesCarryWhatSetsTheValue() throws {
        let json = try JSONValue(parsing: SnapshotFormat.json.render(report))
        XCTAssertEqual(json["failed"], .bool(true))
        XCTAssertEqual(json["skipped"], ["tokens.lua"])
        XCTAssertEqual(json["snapshots"]?[0]?["differences"]?[0], [
            "view": "#go", "property": "titleColor", "old": "#FFFFFF", "new": "#000000", "oldLength": 7, "newLength": 7,
            "origin": "rule \"Button.primary\"", "file": "styles.lua", "line": 8,
        ])
        XCTAssertEqual(json["snapshots"]?[0]?["differences"]?[1]?["origin"], .null)
        XCTAssertEqual(json["snapshots"]?[0]?["image"]?["diff"], "__snapshots__/home.lua@dark.diff.png")
        XCTAssertEqual(json["snapshots"]?[1]?["status"], "missing")
        XCTAssertEqual(json["snapshots"]?[3]?["diagnostics"]?[0]?["code"], "bad-return")
    }
}
