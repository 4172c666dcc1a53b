import Foundation
import StyleRun
import XCTest

/// `stylerun snapshot` as CI runs it, on a copy of `Tests/Fixtures/snapshots`: `home.lua` in
/// two themes and `about.lua`, sharing the `tokens` and `styles` modules.
final class SnapshotCLITests: XCTestCase {
    private var folder: URL!
    /// Not under CI, whatever the machine running the tests says.
    private let local = ["CI": ""]

    override func setUpWithError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = fixtures.appendingPathComponent("snapshots")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".lua") {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        self.folder = folder
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    private func snapshot(_ arguments: [String] = [], environment: [String: String]? = nil) throws -> CommandResult {
        try StyleRunCommand.run(["snapshot"] + arguments, in: folder, environment: environment ?? local)
    }

    private func setToken(_ old: String, _ new: String) throws {
        let url = folder.appendingPathComponent("tokens.lua")
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    func testRecordVerifyChangeATokenUpdateAndVerify() throws {
        let recorded = try snapshot()
        XCTAssertEqual(recorded.status, 0, recorded.stdout + recorded.stderr)
        XCTAssertEqual(recorded.stdout, """
            recorded  about.lua: no snapshot was recorded; wrote __snapshots__/about.lua.snap
            recorded  home.lua (theme "dark"): no snapshot was recorded; wrote __snapshots__/home.lua@dark.snap
            recorded  home.lua (theme "light"): no snapshot was recorded; wrote __snapshots__/home.lua@light.snap
            Snapshots: 3 recorded; 2 scripts skipped (no view returned).

            """)
        let verified = try snapshot(environment: ["CI": "true"])
        XCTAssertEqual(verified.status, 0, verified.stdout)
        XCTAssertTrue(verified.stdout.hasSuffix("Snapshots: 3 matched; 2 scripts skipped (no view returned).\n"), verified.stdout)

        try setToken("accent = color \"#BB86FC\"", "accent = color \"#00C853\"")
        for environment in [local, ["CI": "true"]] {
            let changed = try snapshot(environment: environment)
            XCTAssertEqual(changed.status, 1, changed.stdout)
            XCTAssertTrue(changed.stdout.contains("""
                changed   home.lua (theme "dark"): 1 difference from __snapshots__/home.lua@dark.snap
                  #subscribe  backgroundColor: #BB86FC → #00C853
                      from token accent of theme "dark" (tokens.lua:5), set by rule "Button.primary" at styles.lua:8

                """), changed.stdout)
            XCTAssertTrue(changed.stdout.contains("matched   home.lua (theme \"light\")\n"))
        }

        let updated = try snapshot(["--update"])
        XCTAssertEqual(updated.status, 0, updated.stdout)
        XCTAssertTrue(updated.stdout.contains("updated   home.lua (theme \"dark\"): rewrote __snapshots__/home.lua@dark.snap (1 difference)\n"), updated.stdout)
        XCTAssertTrue(updated.stdout.contains("Snapshots: 2 matched, 1 updated;"), updated.stdout)
        let again = try snapshot(environment: ["CI": "true"])
        XCTAssertEqual(again.status, 0, again.stdout)
    }

    func testAMissingSnapshotFailsUnderCI() throws {
        for value in ["true", "1", "yes"] {
            let result = try snapshot(["home.lua"], environment: ["CI": value])
            XCTAssertEqual(result.status, 1, "CI=\(value)")
            XCTAssertTrue(result.stdout.hasPrefix("missing   home.lua (theme \"dark\"): no snapshot is recorded at __snapshots__/home.lua@dark.snap, and under CI none is written; record it with `stylerun snapshot --update` and commit it.\n"), result.stdout)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("__snapshots__").path))
        }
        for value in ["false", "0"] {
            let result = try snapshot(["about.lua"], environment: ["CI": value])
            XCTAssertEqual(result.status, 0, "CI=\(value)")
            XCTAssertTrue(result.stdout.hasPrefix("recorded  about.lua"), result.stdout)
            try FileManager.default.removeItem(at: folder.appendingPathComponent("__snapshots__"))
        }
        let update = try snapshot(["--update"], environment: ["CI": "true"])
        XCTAssertEqual(update.status, 0, update.stdout)
        XCTAssertTrue(update.stdout.contains("Snapshots: 3 recorded;"), update.stdout)
    }

    func testASnapshotWhoseScriptIsGoneIsReported() throws {
        XCTAssertEqual(try snapshot().status, 0)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("about.lua"))
        let result = try snapshot()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("""
            obsolete  __snapshots__/about.lua.snap
              The snapshot is obsolete: its script 'about.lua' is gone.

            """), result.stdout)
        let update = try snapshot(["--update"])
        XCTAssertEqual(update.status, 0)
        XCTAssertTrue(update.stdout.contains("deleted   __snapshots__/about.lua.snap\n"), update.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("__snapshots__/about.lua.snap").path))
        XCTAssertEqual(try snapshot().status, 0)
    }

    func testGitHubAnnotationsPointAtTheLineThatSetsTheValue() throws {
        XCTAssertEqual(try snapshot().status, 0)
        try setToken("ink = white(0.9)", "ink = white(0.8)")
        let result = try snapshot(["--format", "github"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, """
            ::error file=styles.lua,line=9,title=Snapshot differs%3A home.lua (theme "dark")::#title  textColor: #E6E6E6 → #CCCCCC (from token ink of theme "dark" (tokens.lua:5), set by styles.title (constructor at home.lua:9) at styles.lua:9). Snapshot: __snapshots__/home.lua@dark.snap.
            Snapshots: 2 matched, 1 changed.

            """)
        let missing = try StyleRunCommand.run(["snapshot", "--format", "github", "new"], in: folder, environment: ["CI": "true"])
        XCTAssertEqual(missing.status, 2, "a path that does not exist is a usage error")
        XCTAssertEqual(missing.stderr, "stylerun snapshot: No such file or folder: 'new'.\n")
    }

    func testJSONReport() throws {
        XCTAssertEqual(try snapshot().status, 0)
        try setToken("surface = color.white", "surface = white(0.98)")
        let result = try snapshot(["--format", "json"])
        XCTAssertEqual(result.status, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["failed"] as? Bool, true)
        XCTAssertEqual(object["skipped"] as? [String], ["styles.lua", "tokens.lua"])
        let snapshots = try XCTUnwrap(object["snapshots"] as? [[String: Any]])
        XCTAssertEqual(snapshots.map { $0["status"] as? String }, ["matched", "matched", "changed"])
        XCTAssertEqual(snapshots[2]["theme"] as? String, "light")
        XCTAssertEqual(snapshots[2]["file"] as? String, "__snapshots__/home.lua@light.snap")
        let differences = try XCTUnwrap(snapshots[2]["differences"] as? [[String: Any]])
        XCTAssertEqual(differences.count, 1)
        XCTAssertEqual(differences[0]["view"] as? String, "#root")
        XCTAssertEqual(differences[0]["property"] as? String, "backgroundColor")
        XCTAssertEqual(differences[0]["old"] as? String, "#FFFFFF")
        XCTAssertEqual(differences[0]["new"] as? String, "#FAFAFA")
        XCTAssertEqual(differences[0]["origin"] as? String, "rule \"#root\"")
        XCTAssertEqual(differences[0]["file"] as? String, "home.lua")
        XCTAssertEqual(differences[0]["line"] as? Int, 5)
    }

    /// `--trait` lists make a matrix; each trait set has its own file, named by its traits, and
    /// the report and JSON name the traits; a mistake in a trait is usage, with the closest.
    func testATraitMatrixFromTheCommandLine() throws {
        let args = ["about.lua", "--trait", "colorScheme=light,dark", "--trait", "contentSize=large,accessibilityExtraExtraExtraLarge"]
        let recorded = try snapshot(args)
        XCTAssertEqual(recorded.status, 0, recorded.stdout + recorded.stderr)
        XCTAssertEqual(recorded.stdout, """
            recorded  about.lua: no snapshot was recorded; wrote __snapshots__/about.lua.snap
            recorded  about.lua (contentSize=accessibilityExtraExtraExtraLarge): no snapshot was recorded; wrote __snapshots__/about.lua.contentSize-accessibilityExtraExtraExtraLarge.snap
            recorded  about.lua (colorScheme=dark): no snapshot was recorded; wrote __snapshots__/about.lua.colorScheme-dark.snap
            recorded  about.lua (colorScheme=dark contentSize=accessibilityExtraExtraExtraLarge): no snapshot was recorded; wrote __snapshots__/about.lua.colorScheme-dark.contentSize-accessibilityExtraExtraExtraLarge.snap
            Snapshots: 4 recorded.

            """)
        let json = try snapshot(args + ["--format", "json"], environment: ["CI": "true"])
        XCTAssertEqual(json.status, 0, json.stdout)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let traits = try XCTUnwrap(object["snapshots"] as? [[String: Any]]).map { $0["traits"] as? [String: String] }
        XCTAssertEqual(traits, [[:], ["contentSize": "accessibilityExtraExtraExtraLarge"], ["colorScheme": "dark"],
                                ["colorScheme": "dark", "contentSize": "accessibilityExtraExtraExtraLarge"]])

        let typo = try snapshot(["--trait", "contentSize=large,accesibilityLarge"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.stderr, "stylerun snapshot: 'accesibilityLarge' is not a value of contentSize. Did you mean 'accessibilityLarge'? [unknown-trait]\n")
    }

    /// `--state` puts the controls it names in a state before each screen is styled; the
    /// snapshot is a file of its own, named by the assignment, which a run without `--state`
    /// neither compares nor calls obsolete; a state's change shows as a difference of that file.
    func testAStateSnapshotHasItsOwnFile() throws {
        let script = folder.appendingPathComponent("press.lua")
        try """
            rule("Button:highlighted", mut(View.alpha, 0.5))
            return StackView { id = "root", Button { id = "go", title = "Go" } }

            """.write(to: script, atomically: true, encoding: .utf8)
        let pressed = ["press.lua", "--state", "#go=highlighted"]
        let recorded = try snapshot(pressed)
        XCTAssertEqual(recorded.status, 0, recorded.stdout + recorded.stderr)
        XCTAssertEqual(recorded.stdout, """
            recorded  press.lua (#go=highlighted): no snapshot was recorded; wrote __snapshots__/press.lua.state-%23go%3Dhighlighted.snap
            Snapshots: 1 recorded.

            """)
        let file = folder.appendingPathComponent("__snapshots__/press.lua.state-%23go%3Dhighlighted.snap")
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("# stylerun snapshot: press.lua, states #go=highlighted\n"), text)
        XCTAssertTrue(text.contains("alpha: 0.5"), text)

        // Without --state: the tree as written, in its own file; the state's file is not judged.
        let plain = try snapshot(["press.lua"], environment: ["CI": "true"])
        XCTAssertEqual(plain.status, 1, "the plain snapshot is missing under CI")
        XCTAssertEqual(plain.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }.count, 2, plain.stdout)
        XCTAssertTrue(plain.stdout.hasPrefix("missing   press.lua: "), plain.stdout)

        try String(contentsOf: script, encoding: .utf8).replacingOccurrences(of: "0.5", with: "0.6")
            .write(to: script, atomically: true, encoding: .utf8)
        let changed = try snapshot(pressed + ["--format", "json"], environment: ["CI": "true"])
        XCTAssertEqual(changed.status, 1, changed.stdout)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(changed.stdout.utf8)) as? [String: Any])
        let result = try XCTUnwrap((object["snapshots"] as? [[String: Any]])?.first)
        XCTAssertEqual(result["states"] as? [String], ["#go=highlighted"])
        XCTAssertEqual(result["status"] as? String, "changed")

        let typo = try snapshot(["press.lua", "--state", "#go=hilighted"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.stderr, "stylerun snapshot: Unknown state 'hilighted'. Did you mean 'highlighted'? [unknown-state]\n")
        let nowhere = try snapshot(["press.lua", "--state", "#stop=disabled"])
        XCTAssertEqual(nowhere.status, 1)
        XCTAssertTrue(nowhere.stdout.contains("failed    press.lua\n  --state:1:1: error: --state '#stop=disabled': no view matches '#stop'."), nowhere.stdout)
    }

    func testAScriptOverItsLimitFailsAloneAndUsageMistakesExitTwo() throws {
        try "while true do end\n".write(to: folder.appendingPathComponent("spin.lua"), atomically: true, encoding: .utf8)
        let result = try snapshot(["--timeout", "0.5"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("failed    spin.lua\n  spin.lua:1:"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Snapshots: 3 recorded, 1 failed;"), result.stdout)

        XCTAssertEqual(try snapshot(["--formt", "json"]).status, 2)
        let tolerance = try snapshot(["--image-tolerance", "1"])
        XCTAssertEqual(tolerance.status, 2)
        XCTAssertEqual(tolerance.stderr, "stylerun snapshot: --image-tolerance applies to screenshots; add --images.\n")
    }

    func testAScriptThatCrashesTheEvaluatorFailsAloneUnlessTrusted() throws {
        let crash = ["CI": "", "STYLERUN_TEST_SNAPSHOT_FAULTS": "crash:about.lua"]
        let result = try snapshot([], environment: crash)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.hasPrefix("failed    about.lua\n  about.lua:1:1: error: The script crashed the evaluator (signal 11). [crash]\n"
                                              + "recorded  home.lua (theme \"dark\")"), result.stdout)
        XCTAssertFalse(result.crashed)
        let hang = try snapshot(["about.lua", "--timeout", "0.1"], environment: ["CI": "", "STYLERUN_TEST_SNAPSHOT_FAULTS": "hang:about.lua"])
        XCTAssertEqual(hang.status, 1)
        XCTAssertTrue(hang.stdout.hasPrefix("failed    about.lua\n  about.lua:1:1: error: The script did not finish within the wall-clock limit of 5.2 seconds and was stopped. [limit-exceeded]\n"), hang.stdout)
        let trusted = try snapshot(["--no-isolation"], environment: crash)
        XCTAssertEqual(trusted.status, 0, "in process, the child's fault is never reached")
        XCTAssertTrue(trusted.stdout.hasPrefix("recorded  about.lua"), trusted.stdout)
    }

    func testImagesAreComparedWithinToleranceWithADiffImage() throws {
        guard Chromium.find() != nil else {
            throw XCTSkip("Chromium is not installed (apt-get install chromium, or set STYLERUN_CHROMIUM): --images cannot be tested here.")
        }
        let recorded = try snapshot(["about.lua", "--images"])
        XCTAssertEqual(recorded.status, 0, recorded.stdout + recorded.stderr)
        XCTAssertTrue(recorded.stdout.contains("  no screenshot was recorded; wrote __snapshots__/about.lua.png\n"), recorded.stdout)
        let png = try Data(contentsOf: folder.appendingPathComponent("__snapshots__/about.lua.png"))
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let same = try snapshot(["about.lua", "--images"], environment: ["CI": "true"])
        XCTAssertEqual(same.status, 0, same.stdout)
        XCTAssertTrue(same.stdout.contains("  screenshot matches __snapshots__/about.lua.png\n"), same.stdout)

        let script = folder.appendingPathComponent("about.lua")
        try String(contentsOf: script, encoding: .utf8).replacingOccurrences(of: "spacing = 8,", with: "spacing = 8, backgroundColor = \"#00C853\",")
            .write(to: script, atomically: true, encoding: .utf8)
        let changed = try snapshot(["about.lua", "--images"])
        XCTAssertEqual(changed.status, 1)
        XCTAssertTrue(changed.stdout.contains("  screenshot differs: "), changed.stdout)
        XCTAssertTrue(changed.stdout.contains("; diff image: __snapshots__/about.lua.diff.png\n"), changed.stdout)
        let diff = try Data(contentsOf: folder.appendingPathComponent("__snapshots__/about.lua.diff.png"))
        XCTAssertEqual(Array(diff.prefix(4)), [0x89, 0x50, 0x4E, 0x47])

        // The text snapshot is accepted; the screenshot still differs, but within a tolerance of 100%.
        XCTAssertEqual(try snapshot(["about.lua", "--update"]).status, 0)
        let tolerated = try snapshot(["about.lua", "--images", "--image-tolerance", "100"])
        XCTAssertEqual(tolerated.status, 0, tolerated.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("__snapshots__/about.lua.diff.png").path),
                       "a diff image goes once the screenshot matches")
    }

    func testImagesWithoutChromiumSaySo() throws {
        let result = try snapshot(["--images"], environment: ["CI": "", "STYLERUN_CHROMIUM": "/nonexistent/chromium"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "stylerun snapshot: --images needs Chromium, and none was found (STYLERUN_CHROMIUM names '/nonexistent/chromium', which is not an executable). Install it (Debian: apt-get install chromium) or leave out --images.\n")
        let none = try snapshot(["--images"], environment: ["CI": "", "PATH": "/nonexistent", "STYLERUN_CHROMIUM": ""])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.hasPrefix("stylerun snapshot: --images needs Chromium, and none was found (looked for chromium, chromium-browser, google-chrome, google-chrome-stable, chrome on PATH; set STYLERUN_CHROMIUM to its path)."), none.stderr)
    }
}
