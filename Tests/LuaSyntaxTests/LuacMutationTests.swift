import Foundation
import TestSupport
import XCTest

/// Damages valid snippets at random, with a fixed seed, and checks that `luac` and the parser
/// still agree on every damaged copy: the inputs nobody thinks of writing by hand.
final class LuacMutationTests: XCTestCase {
    static let fragments: [String] = [
        "(", ")", "{", "}", "[", "]", "[[", "]]", "[=[", "--", "--[[", "'", "\"", "\\", "\\z", "\\x", "\\u{",
        "..", "...", "=", "==", "~", "~=", "<", ">", "<const>", "<close>", "::", ":", ".", ",", ";", "\n", "\r",
        " ", "0x", "1e", "p-", "end", "do", "then", "local", "function", "return", "break", "goto", "until",
        "x", "self", "_ENV", "1", "0", "\u{0}", "\u{FF}", "#", "//",
    ]

    func testMutatedSnippetsAgree() throws {
        try Luac.requireAvailable()
        var generator = SeededGenerator(state: 54)
        let count = ProcessInfo.processInfo.environment["LUASYNTAX_MUTATIONS"].flatMap(Int.init) ?? 200
        let files = Luac.projectLuaFiles().compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        let seeds = LuacAgreementTests.valid.filter { !$0.isEmpty } + files
        XCTAssertFalse(files.isEmpty, "the project's own .lua files are among the seeds")
        for _ in 0..<count {
            var source = Array(seeds.randomElement(using: &generator)!.utf8)
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0...source.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0 where !source.isEmpty:
                    source.remove(at: min(position, source.count - 1))
                case 1:
                    source.insert(contentsOf: Self.fragments.randomElement(using: &generator)!.utf8, at: position)
                default:
                    let other = Array(seeds.randomElement(using: &generator)!.utf8)
                    source.insert(contentsOf: other.prefix(Int.random(in: 0...other.count, using: &generator)),
                                  at: position)
                }
            }
            try Luac.assertAgreement(source, label: String(decoding: source, as: UTF8.self).debugDescription)
        }
    }
}
