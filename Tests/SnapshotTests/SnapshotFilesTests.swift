import Foundation
@testable import StyleRun
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

    /// Paths are taken apart and joined on their text as Foundation's path methods do.
    func testPathsAreTakenApartAsFoundationDoes() {
        let paths = ["a/b.lua", "b.lua", "/b.lua", "a/b/c.snap", "/a/b/", "a//b.lua", "./x.lua", "../up/x.lua", "/", "é/ü.lua",
                     "a/__snapshots__/b.lua@dark.colorScheme-dark.snap", "a/b/"]
        for path in paths {
            XCTAssertEqual(String(FilePath.name(of: path)), (path as NSString).lastPathComponent, path)
            XCTAssertEqual(String(FilePath.parent(of: path)), (path as NSString).deletingLastPathComponent, path)
        }
        for (folder, name) in [("a", "b"), ("", "b"), ("/", "b"), ("a/", "b"), ("a/b", "c.snap")] {
            XCTAssertEqual(FilePath.joined(folder, name), (folder as NSString).appendingPathComponent(name), "\(folder) + \(name)")
        }
        XCTAssertEqual(FilePath.lastRange(of: ".lua", in: "x.lua.y.lua@t").map { "x.lua.y.lua@t"[$0.upperBound...] }, "@t")
        XCTAssertNil(FilePath.lastRange(of: ".lua", in: "x.lu"))
        // A snapshot's script is found back from its file.
        XCTAssertEqual(SnapshotFiles.parse("/s/__snapshots__/home.lua@dark.snap")?.script, "/s/home.lua")
        XCTAssertEqual(SnapshotFiles.parse("__snapshots__/home.lua.snap")?.script, "home.lua")
    }

    func testCIIsAnyValueButEmptyFalseOrZero() {
        let cases: [(String?, Bool)] = [(nil, false), ("", false), ("false", false), ("FALSE", false), ("0", false),
                                        ("true", true), ("1", true), ("yes", true)]
        for (value, expected) in cases {
            XCTAssertEqual(SnapshotOptions.isCI(value.map { ["CI": $0] } ?? [:]), expected, "CI=\(value ?? "(unset)")")
        }
    }
}
