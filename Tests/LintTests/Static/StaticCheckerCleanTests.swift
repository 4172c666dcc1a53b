import Foundation
import StyleCore
import XCTest
@testable import StyleRun

/// The static pass says nothing about the project's own clean scripts, and never crashes on
/// Lua that is not a style script.
final class StaticCheckerCleanTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func luaFiles(in folder: String) -> [URL] {
        let url = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".lua") }.sorted().map { url.appendingPathComponent($0) }
    }

    func testStdlibExamplesAndFixturesGetNoDiagnostics() throws {
        let files = Self.luaFiles(in: "stdlib") + Self.luaFiles(in: "examples") + Self.luaFiles(in: "Tests/Fixtures")
            + Self.luaFiles(in: "Tests/Fixtures/lint/static/clean")
        XCTAssertGreaterThanOrEqual(files.count, 9)
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            let found = StaticChecker().check(source: source, file: file.lastPathComponent)
            XCTAssertEqual(found.map(\.description), [], file.path)
        }
    }
}
