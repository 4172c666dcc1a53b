import Foundation
import XCTest

/// The guide, docs/SWIFT.md, and the folder its snippets run in.
enum Guide {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let url = repository.appendingPathComponent("docs/SWIFT.md")

    static var text: String {
        get throws { try String(contentsOf: url, encoding: .utf8) }
    }

    /// The fenced blocks of a language, in order, of the guide or of another Markdown file.
    static func blocks(_ language: String, in document: URL = url) throws -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in try String(contentsOf: document, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if let open = current {
                if line.hasPrefix("```") {
                    blocks.append(open.joined(separator: "\n") + "\n")
                    current = nil
                } else {
                    current = open + [String(line)]
                }
            } else if line == "```" + language {
                current = []
            }
        }
        return blocks
    }

    /// The guide's stylesheet: its first Lua block.
    static var stylesheet: String {
        get throws { try XCTUnwrap(blocks("lua").first) }
    }
}

/// Runs each test in a fresh folder holding the guide's `styles/app.lua`, as the working folder.
class GuideTestCase: XCTestCase {
    private var previousFolder = ""
    private(set) var folder = URL(fileURLWithPath: "/")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-guide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("styles"), withIntermediateDirectories: true)
        try Guide.stylesheet.write(to: folder.appendingPathComponent("styles/app.lua"), atomically: true, encoding: .utf8)
        previousFolder = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
    }

    override func tearDownWithError() throws {
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(previousFolder))
        try FileManager.default.removeItem(at: folder)
    }

    /// Rewrites the stylesheet with `edit` applied, as a designer's save.
    func editStylesheet(_ edit: (String) -> String) throws {
        let url = folder.appendingPathComponent("styles/app.lua")
        try edit(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: false, encoding: .utf8)
    }
}

/// Every Swift block of the guide (and of the README) is a run of consecutive lines of the code that the tests
/// compile and run (this folder, or examples/host), compared with leading spaces and blank
/// lines ignored: a snippet that drifts from the tested code fails here.
final class GuideSnippetTests: XCTestCase {
    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    func testEverySwiftSnippetIsCompiledAndRunByTheTests() throws {
        let fm = FileManager.default
        let tested = repository("Tests/GuideTests")
        var sources: [[String]] = try fm.contentsOfDirectory(atPath: tested.path).sorted().filter { $0.hasSuffix(".swift") }
            .map { Self.lines(try String(contentsOf: tested.appendingPathComponent($0), encoding: .utf8)) }
        for file in ["examples/host/Package.swift", "examples/host/Sources/HostMirror/main.swift"] {
            sources.append(Self.lines(try String(contentsOf: repository(file), encoding: .utf8)))
        }
        let snippets = try Guide.blocks("swift")
        XCTAssertGreaterThanOrEqual(snippets.count, 10)
        let readme = try Guide.blocks("swift", in: repository("README.md"))
        XCTAssertFalse(readme.isEmpty)
        for snippet in snippets + readme {
            let wanted = Self.lines(snippet)
            let found = sources.contains { source in
                source.count >= wanted.count && (0...(source.count - wanted.count)).contains { start in
                    Array(source[start..<(start + wanted.count)]) == wanted
                }
            }
            XCTAssertTrue(found, "This snippet of docs/SWIFT.md or README.md is not in the tested code:\n\(snippet)")
        }
    }

    func testTheStylesheetIsTheOneTheTestsLoad() throws {
        XCTAssertTrue(try Guide.stylesheet.contains("appearance(AvatarView"))
    }

    private func repository(_ path: String) -> URL { Guide.repository.appendingPathComponent(path) }
}
