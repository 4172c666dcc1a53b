@testable import StyleCore
import XCTest

/// `LineMap`: where an edit of a file moved its lines.
final class LineMapTests: XCTestCase {
    private func map(_ before: String, _ after: String, file: String = "a.lua") -> LineMap {
        var lines = LineMap()
        lines.add(file: file, before: Array(before.utf8), after: Array(after.utf8))
        return lines
    }

    func testALineAddedMovesTheLinesBelowIt() {
        let lines = map("a\nb\nc\nd\n", "a\nb\nnew\nc\nd\n")
        XCTAssertEqual((1...4).map { lines.line($0, of: "a.lua") }, [1, 2, 4, 5])
        XCTAssertEqual(lines.line(7, of: "other.lua"), 7, "another file's lines stay")
    }

    func testALineRemovedMovesTheLinesBelowItUp() {
        let lines = map("a\nb\nc\nd", "a\nc\nd")
        XCTAssertEqual((1...4).map { lines.line($0, of: "a.lua") }, [1, nil, 2, 3])
    }

    func testALineChangedGoesNowhereWhenLinesMoved() {
        let lines = map("a\nb\nc\nd\n", "a\nB\nB2\nc\nd\n")
        XCTAssertEqual((1...4).map { lines.line($0, of: "a.lua") }, [1, nil, 4, 5])
        XCTAssertFalse(lines.isEmpty)
        // An edit that moves no line is no move: a changed line compares as itself.
        XCTAssertTrue(map("a\nb\nc\n", "a\nB\nc\n").isEmpty)
        XCTAssertTrue(map("a\nb\n", "a\nb\n").isEmpty, "no edit")
    }

    /// An edit within a line that also adds one: the line it began in is changed.
    func testAnEditWithinALine() {
        let lines = map("one\ntwo three\nfour\n", "one\ntwo\nthree\nfour\n")
        XCTAssertEqual((1...3).map { lines.line($0, of: "a.lua") }, [1, nil, 4])
        let appended = map("a\nb", "a\nb\nc\n")
        XCTAssertEqual(appended.line(1, of: "a.lua"), 1)
        XCTAssertNil(appended.line(2, of: "a.lua"), "the last line gained its line break")
    }

    /// Lines both texts begin and end with are kept even when the edit repeats them: the
    /// edit is the part between.
    func testRepeatedLinesAroundTheEdit() {
        let lines = map("x\nx\nx\n", "x\nx\nx\nx\n")
        XCTAssertEqual((1...3).map { lines.line($0, of: "a.lua") }, [1, 2, 3])
        XCTAssertFalse(map("", "a\n").isEmpty, "a file written from empty")
        XCTAssertEqual(map("x\n", "y\nx\n").line(1, of: "a.lua"), 2, "a line added first")
    }

    func testALocationMapsToTheOneItMovedTo() {
        let lines = map("rule()\nmut()\n", "-- added\nrule()\nmut()\n")
        let old = SourceLocation(file: "a.lua", line: 2, column: 5)
        XCTAssertTrue(lines.maps(old, to: SourceLocation(file: "a.lua", line: 3, column: 5)))
        XCTAssertFalse(lines.maps(old, to: SourceLocation(file: "a.lua", line: 2, column: 5)))
        XCTAssertFalse(lines.maps(old, to: SourceLocation(file: "a.lua", line: 3, column: 6)), "another column")
        XCTAssertFalse(lines.maps(old, to: SourceLocation(file: "b.lua", line: 3, column: 5)), "another file")
        XCTAssertEqual(lines.moved(old)?.line, 3)
    }

    /// Random edits of random texts that add or remove lines: every line kept is found where
    /// it went, with the same text.
    func testRandomEditsKeepEachLineItMaps() {
        var random = World.Random(state: 42)
        for _ in 0..<200 {
            let old = (0..<random.int(30)).map { _ in "l\(random.int(5))" }
            var new = old
            let at = random.int(new.count + 1)
            let removed = min(random.int(4), new.count - at)
            new.replaceSubrange(at..<at + removed, with: (0..<random.int(4)).map { _ in "n\(random.int(5))" })
            let lines = map(old.joined(separator: "\n"), new.joined(separator: "\n"))
            // No line added or removed: every line compares as itself.
            guard old.count != new.count else {
                XCTAssertTrue(lines.isEmpty)
                continue
            }
            for (i, text) in old.enumerated() {
                guard let to = lines.line(i + 1, of: "a.lua") else { continue }
                XCTAssertEqual(new[to - 1], text, "\(old) → \(new): line \(i + 1)")
            }
        }
    }
}
