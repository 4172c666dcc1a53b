import StyleCore
import XCTest

/// What explain adds beyond the winners: rules skipped by their style's kind, and near misses.
final class ExplainQueryTests: XCTestCase {
    private func tree() -> View {
        T.view(T.stack, "root", "",
               T.view(T.label, "subscribe", "note card__title--large"),
               T.view(Schema.textField, "email", "note"))
    }

    func testARuleWhoseStyleKindSkipsAMatchingViewIsListed() {
        let root = tree()
        let sheet = Stylesheet()
        sheet.addRule(".note", T.mut(T.label, "textColor", .color(Color(hex: "#888888")!), line: 4))
        sheet.addRule("#email", T.mut(T.view, "alpha", .number(0.5), line: 5))
        XCTAssertEqual(Cascade(sheet).apply(to: root), [])
        XCTAssertEqual(sheet.skippedRules(for: root.children[1]).map(\.selector.text), [".note"])
        XCTAssertEqual(sheet.skippedRules(for: root.children[0]).map(\.selector.text), [])
        XCTAssertEqual(sheet.skippedRules(for: root.children[1]).first?.skipReason(for: root.children[1]),
                       "a Label style; TextField is not a Label")
    }

    func testNearMissesOfASelectorMatchingNothing() {
        let root = tree()
        let cases: [(selector: String, expected: String?)] = [
            ("#subscibe", "#subscribe"),
            (".nte", ".note"),
            (".card__title--lrge", ".card__title--large"),
            ("StackView > .nte #emial", "StackView > .note #email"),
            ("Lable", "Label"),
            ("#nothingLikeIt", nil),
            ("#email", nil),
        ]
        for c in cases {
            XCTAssertEqual(SelectorNearMiss.suggestion(for: c.selector, in: root), c.expected, c.selector)
        }
        XCTAssertEqual(SelectorNearMiss.names(in: root),
                       "#root #subscribe #email .card__title--large .note Label StackView TextField")
    }

    func testRulesOfTheFileNamingNoViewsClassOrIdAreWarned() {
        let root = tree()
        let sheet = Stylesheet()
        sheet.addRule(".nte", T.mut(T.label, "numberOfLines", .int(2)), line: 1)
        sheet.addRule(".note, .missing", T.mut(T.view, "alpha", .number(0.5)), line: 2)
        sheet.addRule("StackView > #subscibe", T.mut(T.label, "numberOfLines", .int(3)), line: 3)
        sheet.addRule("Label", T.mut(T.label, "numberOfLines", .int(4)), line: 4)
        let warnings = sheet.unmatchedRuleWarnings(in: root, file: "test.lua")
        XCTAssertEqual(warnings.map(\.line), [1, 3])
        XCTAssertEqual(warnings.map(\.suggestions), [[".note"], ["StackView > #subscribe"]])
        XCTAssertEqual(warnings.last?.message,
                       "The rule 'StackView > #subscibe' matches no view: no view has the id 'subscibe'. Did you mean 'StackView > #subscribe'?")
        XCTAssertEqual(warnings.first?.severity, .warning)
        XCTAssertEqual(sheet.unmatchedRuleWarnings(in: root, file: "other.lua"), [], "rules of other files are left alone")
    }

    func testRuleNotesNameTheStyleAndWhereTheRuleIsWritten() {
        let sheet = Stylesheet()
        var named = T.mut(T.label, "numberOfLines", .int(2))
        named.name = "finePrintStyle"
        sheet.addRule(".note, #title", named, line: 3)
        sheet.addRule(".card", T.mut(T.view, "alpha", .number(0.5)), line: 4)
        sheet.addRule(".card", T.mut(T.view, "alpha", .number(0.7)), line: 5)
        XCTAssertEqual(sheet.ruleNotes(), [".note": "finePrintStyle at test.lua:3", "#title": "finePrintStyle at test.lua:3"],
                       "a selector of two rules is left out")
    }
}
