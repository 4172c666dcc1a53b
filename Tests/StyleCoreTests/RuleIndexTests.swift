@testable import StyleCore
import XCTest

final class RuleIndexTests: XCTestCase {
    /// 1,500 rules over ids, classes and kinds, as a big design system might have.
    private func bigSheet() -> Stylesheet {
        let sheet = Stylesheet()
        let kinds = ["Label", "Button", "StackView", "ImageView", "TextField"]
        for i in 0..<500 {
            sheet.addRule("#item-\(i)", T.mut(T.view, "alpha", .number(0.5)))
            sheet.addRule(".card-\(i)__title--large", T.mut(T.view, "isHidden", .bool(true)))
            sheet.addRule("StackView.row-\(i) > \(kinds[i % kinds.count])", T.mut(T.view, "clipsToBounds", .bool(true)))
        }
        return sheet
    }

    func testCandidatesAreFarFewerThanRules() {
        let sheet = bigSheet()
        let label = T.view(T.label, "item-7", "card-7__title--large card-8__title--large")
        let row = T.view(T.stack, nil, "row-10", label)
        defer { withExtendedLifetime(row) {} }  // a parent is held weakly
        let index = sheet.ruleIndex
        let candidates = index.candidates(for: label)
        // Its id, its two classes, and of the 500 `StackView.row-i > Kind` rules only the one
        // whose ancestor class is on its path: they are bucketed by that class, not by kind
        // (which gave a Label 100 of them to test).
        XCTAssertEqual(candidates.count, 1 + 2 + 1)
        XCTAssertLessThan(candidates.count * 10, sheet.rules.count)
        let matched = index.matches(for: label).map(\.selector.text)
        XCTAssertEqual(matched, [".card-7__title--large", ".card-8__title--large", "StackView.row-10 > Label", "#item-7"])
    }

    func testIndexAgreesWithTestingEveryRule() {
        let sheet = Stylesheet()
        let selectors = ["*", "View", "Label", ".a", ".b", ".a.b", "#x", "Label#x.a", ".a > .b", ".b .a", "StackView > *",
                         "Button, .a", "#y Label", "View.b, #x", "StackView Label.a",
                         // Subjects without a name, bucketed by an ancestor's id or class.
                         ".b > StackView > Label", ".a *", "#y > .a > *", "StackView.a Button", ".b.a Label", "#z Label"]
        for s in selectors { sheet.addRule(s, T.mut(T.view, "alpha", .number(1))) }
        sheet.addRule(".a", T.mut(T.label, "text", .string("x")))
        let leaves = [T.view(T.label, "x", "a"), T.view(T.label, nil, "b a"), T.view(T.button, nil, "a"), T.view(T.imageView)]
        let root = T.view(T.stack, "y", "b", T.view(T.stack, nil, "a", leaves[0], leaves[1]), leaves[2], leaves[3])
        var all: [View] = []
        root.forEachInTree { all.append($0) }
        for view in all {
            let expected = sheet.rules.filter { $0.selector.matches(view) && view.kind.isA($0.style.kind) }.map(\.order)
            let actual = sheet.ruleIndex.matches(for: view).map(\.rule.order)
            XCTAssertEqual(Set(actual), Set(expected), view.selectorDescription)
            XCTAssertEqual(actual.count, expected.count, view.selectorDescription)
        }
    }

    func testRulesOfAnotherStyleKindAreNotCandidates() {
        let sheet = Stylesheet()
        sheet.addRule(".x", T.mut(T.label, "text", .string("x")))
        sheet.addRule(".x", T.mut(T.button, "title", .string("x")))
        let button = T.view(T.button, nil, "x")
        XCTAssertEqual(sheet.ruleIndex.candidates(for: button).map { [$0.rule, $0.selector] }, [[1, 0]])
    }

    func testEachSelectorGoesIntoOneBucketByItsRarestClass() {
        let sheet = Stylesheet()
        sheet.addRule(".common.rare", T.mut(T.view, "alpha", .number(1)))
        sheet.addRule(".common", T.mut(T.view, "alpha", .number(1)))
        sheet.addRule(".common.other", T.mut(T.view, "alpha", .number(1)))
        // Only `.common`: the first and third rules are bucketed under their rarer class.
        XCTAssertEqual(sheet.ruleIndex.candidates(for: T.view(T.view, nil, "common")).map(\.rule), [1])
        XCTAssertEqual(Set(sheet.ruleIndex.candidates(for: T.view(T.view, nil, "common rare other")).map(\.rule)), [0, 1, 2])
    }

    func testMatchesAreInSpecificityThenSourceOrder() {
        let sheet = Stylesheet()
        sheet.addRule("#ok", T.mut(T.view, "alpha", .number(1)))
        sheet.addRule(".b", T.mut(T.view, "alpha", .number(1)))
        sheet.addRule("Button", T.mut(T.view, "alpha", .number(1)))
        sheet.addRule(".a", T.mut(T.view, "alpha", .number(1)))
        sheet.addRule("View Button", T.mut(T.view, "alpha", .number(1)))
        let b = T.view(T.button, "ok", "a b")
        let parent = T.view(T.stack, nil, "", b)
        defer { withExtendedLifetime(parent) {} }  // a parent is held weakly
        XCTAssertEqual(sheet.ruleIndex.matches(for: b).map(\.selector.text), ["Button", "View Button", ".b", ".a", "#ok"])
    }

    func testIndexIsRebuiltWhenARuleIsAdded() {
        let sheet = Stylesheet()
        let b = T.view(T.button, nil, "a")
        XCTAssertEqual(sheet.ruleIndex.matches(for: b).count, 0)
        sheet.addRule(".a", T.mut(T.view, "alpha", .number(1)))
        XCTAssertEqual(sheet.ruleIndex.matches(for: b).count, 1)
    }

    /// A stylesheet of the same selectors (a theme switch) takes the previous index's buckets
    /// and candidates with its own styles; a selector of a kind declared again, or written
    /// at another place, is another selector.
    func testAnIndexOfTheSameSelectorsIsReusedOnlyForTheVeryKinds() throws {
        func rules(_ alpha: Double, gradient: Kind, schema: Schema, list: String = "GradientView, .a") throws -> [Rule] {
            let sheet = Stylesheet()
            _ = try sheet.rule(try SelectorList.parse(list, schema: schema), T.mut(T.view, "alpha", .number(alpha)), at: T.at(1))
            _ = try sheet.rule(try SelectorList.parse("#x Label", schema: schema), T.mut(T.label, "textColor", .color(Color(hex: "#FF0000")!)), at: T.at(2))
            return sheet.rules
        }
        func declare() throws -> (Kind, Schema) {
            var schema = Schema.standard
            let kind = try schema.register("GradientView", superKind: Schema.view, properties: [])
            return (kind, schema)
        }
        let (gradient, schema) = try declare()
        let table = ProvenanceTable(), values = ValueTable()
        let old = RuleIndex(try rules(0.5, gradient: gradient, schema: schema), provenanceTable: table, values: values)
        let reused = RuleIndex(try rules(0.7, gradient: gradient, schema: schema), selectorsOf: old, provenanceTable: table, values: values)
        XCTAssertNotNil(reused)
        let view = View(kind: gradient)
        XCTAssertEqual(reused?.matches(for: view).map(\.rule.order), [0])
        XCTAssertEqual(reused?.preparedStyles.first?.operations.first?.value.isIdentical(to: StoredValue(interning: .number(0.7), in: values)!), true,
                       "the new styles, prepared")

        let (again, otherSchema) = try declare()
        XCTAssertFalse(again === gradient)
        XCTAssertNil(RuleIndex(try rules(0.7, gradient: again, schema: otherSchema), selectorsOf: old, provenanceTable: table, values: values),
                     "a kind declared again is another kind")
        XCTAssertNil(RuleIndex(try rules(0.7, gradient: gradient, schema: schema, list: "GradientView,  .a"), selectorsOf: old,
                               provenanceTable: table, values: values), "the same text at another column")
        XCTAssertNil(RuleIndex(try rules(0.7, gradient: gradient, schema: schema), selectorsOf: old, provenanceTable: ProvenanceTable(), values: values),
                     "another table: the candidates' origins are indices into it")
    }

    /// An index made from another for a reload's copies of the rules keeps the prepared style of
    /// each rule whose style runs the same steps, and says so for that other index alone; the
    /// rule whose value changed is prepared anew.
    func testAnIndexMadeFromAnotherKeepsTheStylesThatRunTheSameSteps() throws {
        func rules(_ alpha: Double) throws -> [Rule] {
            let sheet = Stylesheet()
            _ = try sheet.rule(T.selector(".a"), T.mut(T.view, "alpha", .number(alpha)), at: T.at(1))
            _ = try sheet.rule(T.selector("#x Label"), T.mut(T.label, "textColor", .color(Color(hex: "#FF0000")!)), at: T.at(2))
            return sheet.rules
        }
        let table = ProvenanceTable(), values = ValueTable()
        let old = RuleIndex(try rules(0.5), provenanceTable: table, values: values)
        let reload = try XCTUnwrap(RuleIndex(try rules(0.7), selectorsOf: old, provenanceTable: table, values: values))
        XCTAssertEqual(reload.keepsStyle(of: 0, from: old), false, "the edited rule")
        XCTAssertEqual(reload.keepsStyle(of: 1, from: old), true, "a new copy of the same style")
        XCTAssertTrue(reload.preparedStyles[1].operations.first!.value.isIdentical(to: old.preparedStyles[1].operations.first!.value))
        XCTAssertTrue(reload.preparedStyles[0].operations.first!.value.isIdentical(to: StoredValue(interning: .number(0.7), in: values)!))
        let other = RuleIndex(try rules(0.5), provenanceTable: table, values: values)
        XCTAssertNil(reload.keepsStyle(of: 1, from: other), "it answers only for the index it was made from")
        XCTAssertNil(old.keepsStyle(of: 1, from: old))
    }

    /// A view none of whose buckets holds a rule is known to match nothing without testing;
    /// one bucket of its id, a class, its kind or super-kind, the universal one or a name on its
    /// path says it may.
    func testAViewWithoutBucketsHasNoCandidates() {
        func index(_ selector: String) -> RuleIndex {
            let sheet = Stylesheet()
            sheet.addRule(selector, T.mut(T.view, "alpha", .number(0.5)))
            return RuleIndex(sheet.rules)
        }
        let label = T.view(T.label, "title", "card")
        let none = AncestorBuckets()
        XCTAssertFalse(index(".other").hasCandidates(for: label, ancestors: none))
        XCTAssertFalse(index("#other").hasCandidates(for: label, ancestors: none))
        XCTAssertFalse(index("Button").hasCandidates(for: label, ancestors: none))
        for selector in [".card", "#title", "Label", "View", "*", ".x .card"] {
            XCTAssertTrue(index(selector).hasCandidates(for: label, ancestors: none), selector)
        }
        // A subject of a kind alone, bucketed by a name an ancestor must have.
        let byAncestor = index(".card Label")
        XCTAssertFalse(byAncestor.hasCandidates(for: label, ancestors: none))
        var path = AncestorBuckets()
        byAncestor.push(T.view(T.view, nil, "card"), onto: &path)
        XCTAssertTrue(byAncestor.hasCandidates(for: label, ancestors: path))
    }
}
