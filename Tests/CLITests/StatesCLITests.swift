import Foundation
import StyleRun
import XCTest

/// `--state`, `--trait`, and the other states' values in the tree text, JSON and explain
/// (SPEC §6.1, §6.2), on `Tests/Fixtures/states.lua`.
final class StatesCLITests: XCTestCase {
    func testTheTreeShowsEachControlsOtherStatesOnThePropertysLine() throws {
        let r = try StyleRunCommand.run(["states.lua"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
            StackView#root
            ├─ Label#scheme
            │     text: "light"
            ├─ Button#subscribe.primary
            │     alpha: 1  · highlighted 0.8
            │     title: "Subscribe"
            │     titleColor: #FFFFFF  · highlighted #E0E0E0 · disabled #9E9E9E
            ├─ Button#off.primary
            │     alpha: 1  · highlighted 0.8
            │     title: "Off"
            │     titleColor: #9E9E9E  · normal #FFFFFF · highlighted #E0E0E0 · selected #FFFFFF · focused #FFFFFF
            │     isEnabled: false
            └─ Toggle#toggle
                  alpha: 1  · selected 0.5

            """)
    }

    func testStateSetsTheStateOfTheControlsASelectorMatches() throws {
        let r = try StyleRunCommand.run(["states.lua", "--state", "#subscribe=highlighted", "--state", "Toggle=selected+focused"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("""
            ├─ Button#subscribe.primary
            │     alpha: 0.8  · normal 1 · disabled 1 · selected 1 · focused 1
            │     title: "Subscribe"
            │     titleColor: #E0E0E0  · normal #FFFFFF · disabled #9E9E9E · selected #FFFFFF · focused #FFFFFF
            """), r.stdout)
        XCTAssertTrue(r.stdout.contains("└─ Toggle#toggle\n      alpha: 0.5  · normal 1 · highlighted 1 · disabled 1 · focused 1\n"), r.stdout)
    }

    func testTraitStylesForTheTraitAndTheScriptReadsIt() throws {
        let r = try StyleRunCommand.run(["states.lua", "--trait", "colorScheme=dark", "--trait", "contentSize=accessibilityLarge"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // A label's default textColor is color.label: white in dark, so it differs from the default traits'.
        XCTAssertTrue(r.stdout.contains("├─ Label#scheme\n│     text: \"dark\"\n│     textColor: #FFFFFF\n│     numberOfLines: 0\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("├─ Button#subscribe.primary\n│     backgroundColor: #000000\n"), r.stdout)
    }

    func testBadStatesAndTraitsAreErrorsWithTheClosestName() throws {
        let cases: [([String], String)] = [
            (["--state", "#subscribe=hilighted"], "--state:1:12: error: Unknown state 'hilighted'. Did you mean 'highlighted'? [unknown-state]"),
            (["--state", "Buton=selected"], "--state:1:1: error: Unknown kind 'Buton' in selector 'Buton'. Did you mean 'Button'? [unknown-kind]"),
            (["--state", "#scheme=selected"], "--state:1:1: error: 'selected' is a control state, but Label#scheme is not a control; only controls (Button, TextField, kinds declared with control = true) have states. [unknown-state]"),
            (["--state", "#nothing=selected"], "--state:1:1: error: --state '#nothing=selected': no view matches '#nothing'. [bad-argument]"),
            (["--state", "highlighted"], "--state:1:1: error: --state 'highlighted' needs SELECTOR=STATE, e.g. --state '#subscribe=highlighted'. [bad-argument]"),
            (["--trait", "colorSheme=dark"], "--trait:1:1: error: Unknown trait 'colorSheme'. Did you mean 'colorScheme'? [unknown-trait]"),
            (["--trait", "contentSize=huge"], "--trait:1:13: error: 'huge' is not a value of contentSize. It takes large, extraSmall, small, medium, extraLarge, extraExtraLarge, extraExtraExtraLarge, accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge. [unknown-trait]"),
        ]
        for (options, message) in cases {
            let r = try StyleRunCommand.run(["states.lua"] + options)
            XCTAssertEqual(r.status, 2, options.joined(separator: " "))
            XCTAssertEqual(r.firstErrorLine, message, options.joined(separator: " "))
            XCTAssertEqual(r.stdout, "")
            XCTAssertFalse(r.crashed, r.stderr)
        }
    }

    func testJSONAddsStatesToTheControlsThatHaveThem() throws {
        let r = try StyleRunCommand.run(["states.lua", "--format", "json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let children = try XCTUnwrap(json["children"] as? [[String: Any]])
        XCTAssertNil(children[0]["states"], "a label has no states")
        let states = try XCTUnwrap(children[1]["states"] as? [String: [String: Any]])
        XCTAssertEqual(Array(states.keys).sorted(), ["disabled", "highlighted"])
        XCTAssertEqual(states["highlighted"]?["titleColor"] as? String, "#E0E0E0FF")
        XCTAssertEqual(states["highlighted"]?["alpha"] as? Double, 0.8)
        XCTAssertEqual(states["disabled"]?.count, 1)
        XCTAssertTrue(r.stdout.contains("""
                  "states": {
                    "highlighted": {
                      "alpha": 0.8,
                      "titleColor": "#E0E0E0FF"
                    },
            """), r.stdout)
    }

    func testExplainExplainsEachStatesWinners() throws {
        let r = try StyleRunCommand.run(["states.lua", "--explain", "#subscribe"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("  in state highlighted:\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("    titleColor: #E0E0E0    rule \"Button:highlighted\""), r.stdout)
        XCTAssertTrue(r.stdout.contains("  in state disabled:\n    titleColor: #9E9E9E    rule \".primary:disabled\""), r.stdout)
    }
}
