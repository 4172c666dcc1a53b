import Foundation
import StyleCore
import XCTest
@testable import StyleRun

/// `RecordedSnapshot.matches`, the one-pass check of an unchanged file: true exactly when the
/// full comparison finds no difference, for the texts a file can hold.
final class SnapshotComparisonTests: XCTestCase {
    private func snapshot() throws -> StyleSnapshot {
        let sheet = try Runtime(stdlibPaths: []).load(source: """
            rule("Label", mut(Label.text, "a  ← not a note"))
            return StackView { id = "root", spacing = 8, Label { id = "t", class = "x" }, Label { alpha = 0.5 } }
            """, name: "m.lua")
        return StyleSnapshot(try sheet.applyToOwnTree())
    }

    func testTheRecordedTextMatchesWithNotesCRLFAndBlankLines() throws {
        let s = try snapshot()
        let text = s.text(title: "m.lua")
        XCTAssertTrue(text.contains("← rule \"Label\""), "the text has notes")
        XCTAssertTrue(RecordedSnapshot.matches(text, s))
        XCTAssertTrue(RecordedSnapshot.matches(text.replacingOccurrences(of: "\n", with: "\r\n"), s))
        XCTAssertTrue(RecordedSnapshot.matches(text.replacingOccurrences(of: "\n#root", with: "\n\n#root"), s))
        XCTAssertTrue(RecordedSnapshot.matches(text.replacingOccurrences(of: "← rule \"Label\" m.lua:1", with: "← moved elsewhere.lua:9"), s),
                      "notes are not compared")
    }

    /// The bytes of a file are compared where values are, and notes are skipped unread: a note
    /// that is not UTF-8 does not stop a match, a value that is not does.
    func testTheBytesAreComparedOnlyWhereValuesAre() throws {
        let s = try snapshot()
        let bytes = Array(s.text(title: "m.lua").utf8)
        XCTAssertTrue(RecordedSnapshot.matches(bytes, s))
        let note = Array("m.lua:1".utf8), value = Array("0.5".utf8)
        func replacing(_ part: [UInt8], with new: [UInt8]) -> [UInt8] {
            guard let at = (0...(bytes.count - part.count)).first(where: { Array(bytes[$0..<($0 + part.count)]) == part }) else {
                XCTFail("no \(part) in the text")
                return bytes
            }
            return Array(bytes[..<at]) + new + Array(bytes[(at + part.count)...])
        }
        XCTAssertTrue(RecordedSnapshot.matches(replacing(note, with: [0xFF, 0xFE]), s), "notes are not read")
        XCTAssertFalse(RecordedSnapshot.matches(replacing(value, with: [0x30, 0xFF]), s), "a value is")
        XCTAssertFalse(RecordedSnapshot.matches([], s))
    }

    func testAnyDifferenceTheFullComparisonSeesIsNotAQuickMatch() throws {
        let s = try snapshot()
        let text = s.text(title: "m.lua")
        let edits: [(String, String)] = [
            ("  spacing: 8 ", "  spacing: 80 "),                     // a longer value
            ("  spacing: 8 ", "  spacing: 9 "),                      // another value
            ("  alpha: 0.5 ", "  alpha: 0.5 x "),                    // text after the value that is not a note
            ("  text: \"a  ← not a note\"", "  text: \"a\""),        // a value cut at what looks like a note
            ("#t  Label.x\n", "#t  Label.y\n"),                      // other classes
            ("\n  clipsToBounds: false\n", "\n"),                     // a property gone
            ("\n  clipsToBounds: false\n", "\n  clipsToBounds: false\n  clipsToBounds: false\n"),  // a property twice
        ]
        for (old, new) in edits {
            XCTAssertTrue(text.contains(old), old)
            let edited = text.replacingOccurrences(of: old, with: new)
            XCTAssertFalse(RecordedSnapshot.matches(edited, s), "\(old) → \(new)")
            let full = try? RecordedSnapshot(text: edited).differences(to: s)
            XCTAssertNotEqual(full.map(\.isEmpty), true, "the full comparison sees it too: \(old) → \(new)")
        }
        XCTAssertFalse(RecordedSnapshot.matches(text + "#extra  Label\n", s), "a view more")
        XCTAssertFalse(RecordedSnapshot.matches("", s), "nothing")
    }
}
