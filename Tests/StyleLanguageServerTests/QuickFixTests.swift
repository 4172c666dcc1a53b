import Foundation
import StyleCore
import XCTest

@testable import StyleLanguageServer

/// Where a suggestion goes, whatever check made it: a table of (line, marked text, message,
/// suggestion) and the line after the fix.
final class QuickFixTests: XCTestCase {
    func testSuggestionsReplaceWhatTheDiagnosticMeans() {
        let features = Features(schema: SchemaInfo(schema: .standard), catalog: .standard, workspace: Workspace())
        let cases: [(line: String, marked: String, message: String, suggestion: String, fixed: String)] = [
            ("local s = mut(View.alpah, 1)", "alpah", "View has no property 'alpah'. Did you mean 'alpha'?", "alpha",
             "local s = mut(View.alpha, 1)"),
            ("local s = mut(StackView.axis, \"Vertical\")", "\"Vertical\"", "The value 'Vertical' is invalid for 'StackView.axis'.", "vertical",
             "local s = mut(StackView.axis, \"vertical\")"),
            ("return StackView { axis = 'verticl' }", "axis", "The value 'verticl' is invalid for 'StackView.axis'.", "vertical",
             "return StackView { axis = 'vertical' }"),
            ("local c = rgb(0.5, 0.2, 0.1)", "rgb(0.5, 0.2, 0.1)", "'rgb' takes channels from 0 to 255.", "rgb(128, 51, 26)",
             "local c = rgb(128, 51, 26)"),
            ("local m = mut(View.layoutMargins, {top = 8, left = 8, bottom = 8, right = 8})", "{top = 8, left = 8, bottom = 8, right = 8}",
             "Write 'layoutMargins' with insets(…).", "insets(8)", "local m = mut(View.layoutMargins, insets(8))"),
            ("local s = mut(\"layoutMargin\", 1)", "\"layoutMargin\"", "No property 'layoutMargin'.", "layoutMargins",
             "local s = mut(\"layoutMargins\", 1)"),
        ]
        for c in cases {
            let doc = TextDocument(uri: "file:///a.lua", version: 1, text: c.line)
            guard let marked = c.line.range(of: c.marked) else { return XCTFail("'\(c.marked)' is not in '\(c.line)'") }
            let start = c.line.utf8.distance(from: c.line.startIndex, to: marked.lowerBound)
            let range = doc.range(start..<(start + c.marked.utf8.count))
            let (target, text) = features.replacement(for: c.suggestion, at: range, message: c.message, in: doc)
            var bytes = doc.bytes
            bytes.replaceSubrange(doc.offset(of: target.start)..<doc.offset(of: target.end), with: Array(text.utf8))
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), c.fixed, c.line)
        }
    }
}
