import StyleRun
import XCTest

final class SnapshotFilesTests: XCTestCase {
    func testOneFilePerScriptAndThemeBesideTheScript() {
        XCTAssertEqual(SnapshotFiles.path(script: "screens/home.lua", theme: "dark"), "screens/__snapshots__/home.lua@dark.snap")
        XCTAssertEqual(SnapshotFiles.path(script: "home.lua", theme: nil), "__snapshots__/home.lua.snap")
        XCTAssertEqual(SnapshotFiles.path(script: "a/home.lua", theme: "high contrast/2", extension: "png"),
                       "a/__snapshots__/home.lua@high%20contrast%2F2.png")
        // `--state` assignments last, each a part, escaped as theme names are.
        XCTAssertEqual(SnapshotFiles.path(script: "home.lua", theme: "dark", traits: Traits(colorScheme: .dark),
                                          states: ["#go=highlighted", ".primary=disabled+selected"]),
                       "__snapshots__/home.lua@dark.colorScheme-dark.state-%23go%3Dhighlighted.state-%2Eprimary%3Ddisabled%2Bselected.snap")
    }

    func testCIIsAnyValueButEmptyFalseOrZero() {
        let cases: [(String?, Bool)] = [(nil, false), ("", false), ("false", false), ("FALSE", false), ("0", false),
                                        ("true", true), ("1", true), ("yes", true)]
        for (value, expected) in cases {
            XCTAssertEqual(SnapshotOptions.isCI(value.map { ["CI": $0] } ?? [:]), expected, "CI=\(value ?? "(unset)")")
        }
    }
}
