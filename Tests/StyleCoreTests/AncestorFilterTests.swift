@testable import StyleCore
import XCTest

final class AncestorFilterTests: XCTestCase {
    private func keys(_ selector: String) -> [Int] {
        AncestorFilter.keys(requiredBy: T.selector(selector).selectors[0])
    }

    func testHoldsTheKeysOfThePathPushed() {
        var filter = AncestorFilter()
        XCTAssertFalse(filter.mayContainAll(keys(".card--dark Label")))
        XCTAssertTrue(filter.mayContainAll(keys("Label")), "a lone subject needs no ancestor")

        filter.push(T.view(T.stack, "root", "card card--dark"))
        XCTAssertTrue(filter.mayContainAll(keys(".card--dark Label")))
        XCTAssertTrue(filter.mayContainAll(keys("#root > .x")))
        XCTAssertTrue(filter.mayContainAll(keys("View.card > Label")), "a kind compound matches sub-kinds")
        XCTAssertFalse(filter.mayContainAll(keys("Button Label")))

        filter.push(T.view(T.view, nil, "row"))
        XCTAssertTrue(filter.mayContainAll(keys("#root .row Label")))
        filter.pop()
        XCTAssertFalse(filter.mayContainAll(keys(".row Label")))
        XCTAssertTrue(filter.mayContainAll(keys(".card Label")))
        filter.pop()
        XCTAssertFalse(filter.mayContainAll(keys(".card Label")))
        XCTAssertEqual(filter.depth, 0)
    }

    /// A filter handed back by a walk holds nothing, and an engine's next cascades (a subtree
    /// styled alone, a state change) with the filter it keeps match as a fresh one would.
    func testAFilterHandedBackIsEmptyAndServesTheNextCascade() throws {
        let rules = Stylesheet()
        rules.addRule(".card .row Label", T.mut(T.view, "alpha", .number(0.5)))
        var path = AncestorPath(index: RuleIndex(rules.rules, provenanceTable: ProvenanceTable(), values: ValueTable()), plan: nil)
        path.enterAbove(T.view(T.stack, "root", "card card--dark"))
        path.enter(T.view(T.view, nil, "row"), context: nil)
        XCTAssertTrue(path.filter.mayContainAll(keys("#root .row Label")))
        XCTAssertEqual(path.prefixes.deepest, [0, 1], "`.card` on the root, `.card .row` below it")
        let (filter, prefixes) = path.handBack()
        XCTAssertEqual(filter.depth, 0)
        XCTAssertEqual(prefixes.depth, 0)
        XCTAssertEqual(prefixes.deepest, [-1, -1])
        for selector in ["#root Label", ".card Label", ".row Label", "StackView Label", "View Label"] {
            XCTAssertFalse(filter.mayContainAll(keys(selector)), selector)
        }

        let sheet = Stylesheet()
        sheet.addRule(".card .row Label", T.mut(T.view, "alpha", .number(0.5)))
        sheet.addRule("#other Label", T.mut(T.view, "alpha", .number(0.25)))
        let inside = T.view(T.label), outside = T.view(T.label)
        let root = T.view(T.stack, "root", "", T.view(T.view, nil, "card", T.view(T.view, nil, "row", inside)),
                          T.view(T.view, "other", "", outside))
        let engine = StyleEngine(sheet)
        XCTAssertEqual(Cascade(engine).apply(to: root), [])
        // The second subtree styled alone: the filter kept from the whole tree's walk must not
        // still hold `.card` and `.row`.
        XCTAssertEqual(Cascade(engine).apply(to: outside), [])
        XCTAssertEqual(outside["alpha"], .number(0.25))
        XCTAssertEqual(Cascade(engine).apply(to: inside), [])
        XCTAssertEqual(inside["alpha"], .number(0.5))
    }

    func testTheCascadeAppliesExactlyTheRulesThatMatch() {
        let sheet = Stylesheet()
        let selectors = [".card--dark Label", ".card > .row > Label", "#root .row *", "StackView Label.a", ".b .a",
                         "#outside Label", "#outside > View", ".row > Label", "Button Label", "View View View Label"]
        for s in selectors { sheet.addRule(s, T.mut(T.view, "alpha", .number(0.5))) }
        let leaves = [T.view(T.label, nil, "a"), T.view(T.label, nil, "b"), T.view(T.label)]
        let card = T.view(T.view, nil, "card card--dark", T.view(T.view, nil, "row b", leaves[0], leaves[1]))
        let other = T.view(T.stack, nil, "card", T.view(T.view, nil, "row", leaves[2]))
        let root = T.view(T.stack, "root", "", card, other)
        // Selectors may look above the styled root.
        let outside = T.view(T.view, "outside", "", root)

        XCTAssertEqual(Cascade(sheet).apply(to: root), [])
        let alpha = T.view.property("alpha")!
        var all: [View] = []
        root.forEachInTree { all.append($0) }
        for view in all {
            let expected = sheet.ruleIndex.matches(for: view).map(\.selector.text)
            let applied = view.provenance![alpha.slot].compactMap { c -> String? in
                if case .rule(let s) = c.origin { return s }
                return nil
            }
            XCTAssertEqual(applied, expected, view.selectorDescription)
        }
        XCTAssertEqual(leaves[0].provenance![alpha.slot].count, 1 + 8)
        withExtendedLifetime(outside) {}
    }

    /// A view's class keys, the first two kept in the view, are its classes' keys in order,
    /// however many classes it has.
    func testClassKeysAreTheClassesKeysInOrder() {
        for count in 0...5 {
            let names = (0..<count).map { "c\($0)" }
            let view = T.view(T.label, nil, names.joined(separator: " "))
            XCTAssertEqual(Array(view.selectorKeys.classes), names.map(AncestorFilter.key(class:)), "\(count) classes")
            view.setClasses(names.reversed())
            XCTAssertEqual(Array(view.selectorKeys.classes), names.reversed().map(AncestorFilter.key(class:)), "\(count) classes, set again")
        }
    }

    /// Keys a script's constructor hands over with the names (one list's keys for all its
    /// views) are the view's, and are dropped when the view does not keep the names as given.
    func testClassKeysGivenWithTheNamesAreKeptOnlyForTheNamesAsGiven() {
        let view = T.view(T.label, "title", "")
        view.setClasses(["a", "b"], keys: ClassKeys(["a", "b"]))
        XCTAssertEqual(Array(view.selectorKeys.classes), ["a", "b"].map(AncestorFilter.key(class:)))
        XCTAssertEqual(view.selectorKeys.id, AncestorFilter.key(id: "title"))
        // A duplicate is dropped from the classes: the keys given for the three names are not
        // the view's.
        view.setClasses(["a", "a", "c"], keys: ClassKeys(["a", "a", "c"]))
        XCTAssertEqual(view.classes, ["a", "c"])
        XCTAssertEqual(Array(view.selectorKeys.classes), ["a", "c"].map(AncestorFilter.key(class:)))
        // Setting the id afterwards makes the keys again, with it.
        view.setClasses(["d"], keys: ClassKeys(["d"]))
        view.id = "other"
        XCTAssertEqual(view.selectorKeys.id, AncestorFilter.key(id: "other"))
        XCTAssertEqual(Array(view.selectorKeys.classes), [AncestorFilter.key(class: "d")])
    }
}
