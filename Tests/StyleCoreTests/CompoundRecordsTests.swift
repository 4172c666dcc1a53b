@testable import StyleCore
import TestSupport
import XCTest

/// The rule index matches by `CompoundRecords` and compares names by key, confirming a key it
/// finds by the names: both must agree with `ComplexSelector.matches` and with the names
/// themselves, even where names share keys.
final class CompoundRecordsTests: XCTestCase {
    /// Keys are a hash of the name: the same name always has the same key, and these distinct
    /// names have distinct keys (so the filter and the buckets stay selective).
    func testKeysFollowTheNames() {
        let names = (0..<5_000).map { "n\($0)" } + ["", "a", "A", "a-b", "a_b", "é", "e\u{301}"]
        var seen: [Int: String] = [:]
        for name in names {
            let key = AncestorFilter.key(class: name)
            XCTAssertNotEqual(key, 0, name)
            XCTAssertEqual(AncestorFilter.key(class: name), key, "\(name): the same name, the same key")
            // "é" precomposed and decomposed are one Swift string, so one name.
            if let other = seen[key], other != name { XCTFail("'\(name)' and '\(other)' share a key") }
            seen[key] = name
        }
        // An id and a class of one name are different names.
        XCTAssertNotEqual(AncestorFilter.key(id: "n1"), AncestorFilter.key(class: "n1"))
        XCTAssertEqual(AncestorFilter.key(id: "n1"), AncestorFilter.key(id: "n1"))
    }

    /// Random selectors (kinds, ids, up to five classes, states, both combinators) against a
    /// random tree: the records match exactly the views the selector does.
    func testRecordsMatchAsTheSelectors() throws {
        var rng = SeededGenerator(seed: 7)
        let classes = ["a", "b", "c", "d", "e", "f"], ids = ["x", "y"]
        let kinds = [T.stack, T.label, T.button]
        var views: [View] = []
        let root = View(kind: T.stack, id: "x", classes: ["a"])
        views.append(root)
        for _ in 0..<300 {
            let parents = views.filter { $0.kind === T.stack }
            let parent = parents[rng.next(parents.count)]
            let kind = kinds[rng.next(kinds.count)]
            let names = (0..<rng.next(6)).map { _ in classes[rng.next(classes.count)] }
            let view = View(kind: kind, id: rng.next(8) == 0 ? ids[rng.next(2)] : nil, classes: Array(Set(names)).sorted())
            if kind === T.button, rng.next(2) == 0 { view.stateOverride = rng.next(2) == 0 ? .selected : [.selected, .highlighted] }
            parent.addChild(view)
            views.append(view)
        }
        var tested = 0, matched = 0
        for _ in 0..<400 {
            var text = ""
            for c in 0..<(1 + rng.next(3)) {
                if c > 0 { text += rng.next(2) == 0 ? " > " : " " }
                let last = text.isEmpty
                var compound = ["", "StackView", "Label", "Button", "*"][rng.next(5)]
                if rng.next(6) == 0 { compound += "#" + ids[rng.next(2)] }
                for _ in 0..<rng.next(6) { compound += "." + classes[rng.next(classes.count)] }
                if compound.hasPrefix("Button"), rng.next(3) == 0 { compound += [":selected", ":normal", ":highlighted"][rng.next(3)] }
                if compound.isEmpty { compound = last ? "StackView" : "*" }
                text += compound
            }
            let list = try SelectorList.parse(text, schema: T.schema)
            var records = CompoundRecords()
            let span = records.append(list.selectors[0])
            for view in views {
                let expected = list.selectors[0].matches(view)
                XCTAssertEqual(records.matches(span, view), expected, "\(text) on \(view.kind.name) \(view.classes)")
                tested += 1
                if expected { matched += 1 }
            }
        }
        XCTAssertGreaterThan(matched, tested / 100, "the random selectors match some views")
    }
}

extension CompoundRecordsTests {
    /// Names whose keys are forced equal (one bit of key: every name has key 1) match exactly
    /// as with full keys: a key found is confirmed by the names, by the selectors, the records
    /// and a whole cascade.
    func testNamesThatShareAKeyAreToldApart() throws {
        func world() throws -> (views: [View], selectors: [ComplexSelector], records: CompoundRecords, spans: [CompoundRecords.Span], values: [Value]) {
            let root = View(kind: T.stack, id: "x", classes: ["a"])
            let card = View(kind: T.stack, id: "y", classes: ["b"])
            let label = View(kind: T.label, id: "z", classes: ["c", "d", "e", "f"])
            let other = View(kind: T.label, classes: ["b"])
            root.addChild(card)
            card.addChild(label)
            root.addChild(other)
            let texts = [".a", ".b", ".q", "#x", "#q", "Label.c", "Label.q", "Label.c.d.e.f", "Label.c.d.e.q",
                         ".b Label", ".q Label", "#y > Label", "#q > Label", "#x .b > .c", "#x .q > .c", "StackView#y.b"]
            let selectors = try texts.map { try SelectorList.parse($0, schema: T.schema).selectors[0] }
            let sheet = Stylesheet()
            for (i, text) in texts.enumerated() {
                sheet.addRule(text, T.mut(T.view, "alpha", .number(Double(i + 1) / 100), line: i + 1), line: i + 1)
            }
            let engine = StyleEngine(sheet)
            XCTAssertEqual(Cascade(engine).apply(to: root, recordingProvenance: false), [])
            let views = [root, card, label, other]
            var records = CompoundRecords()
            let spans = selectors.map { records.append($0) }
            return (views, selectors, records, spans, views.map { $0.values[T.view.property("alpha")!.slot] })
        }
        let exact = try world()
        let shared = try AncestorFilter.$nameKeyBits.withValue(1) {
            XCTAssertEqual(AncestorFilter.key(class: "a"), AncestorFilter.key(class: "q"), "the names share a key")
            XCTAssertEqual(AncestorFilter.key(id: "x"), AncestorFilter.key(class: "q"))
            return try world()
        }
        XCTAssertEqual(shared.values, exact.values, "the cascade applies the same rules")
        for (s, selector) in shared.selectors.enumerated() {
            for (v, view) in shared.views.enumerated() {
                let expected = exact.selectors[s].matches(exact.views[v])
                XCTAssertEqual(selector.matches(view), expected, "\(selector.text) on \(view.selectorDescription)")
                XCTAssertEqual(shared.records.matches(shared.spans[s], view), expected, "records: \(selector.text) on \(view.selectorDescription)")
            }
        }
    }

    /// The rules' names are distinct, but a view's class shares a rule name's key: that view's
    /// keys are confirmed by its names (`RuleIndex.ExactNames`), in the cascade's walk (subjects
    /// and prefixes alike) as in the matcher that searches ancestors.
    func testAViewWhoseNameSharesTheKeyOfARuleNameIsConfirmed() throws {
        try AncestorFilter.$nameKeyBits.withValue(1) {
            XCTAssertEqual(AncestorFilter.key(class: "a"), AncestorFilter.key(class: "q"), "the names share a key")
            let sheet = Stylesheet()
            sheet.addRule(".a", T.mut(T.view, "alpha", .number(0.5), line: 1), line: 1)
            sheet.addRule(".a > Label", T.mut(T.view, "tintColor", .color(Color(hex: "#FF0000")!), line: 2), line: 2)
            sheet.addRule(".a Label", T.mut(T.view, "isHidden", .bool(true), line: 3), line: 3)
            let index = RuleIndex(sheet.rules)
            let named = T.view(T.view, nil, "a", T.view(T.label)), impostor = T.view(T.view, nil, "q", T.view(T.label))
            XCTAssertTrue(index.exactNames.areTheOnlyNames(of: named))
            XCTAssertFalse(index.exactNames.areTheOnlyNames(of: impostor), "`q` has the key of the rules' `a`")
            XCTAssertTrue(index.exactNames.areTheOnlyNames(of: T.view(T.view, "a", "")), "an id's key differs from a class's")
            let root = T.view(T.stack, nil, "", named, impostor)
            XCTAssertEqual(Cascade(StyleEngine(sheet)).apply(to: root, recordingProvenance: false), [])
            let alpha = T.view.property("alpha")!.slot, hidden = T.view.property("isHidden")!.slot
            let tint = T.view.property("tintColor")!.slot
            XCTAssertEqual(named.values[alpha], .number(0.5))
            XCTAssertEqual(impostor.values[alpha], .number(1))
            XCTAssertEqual(named.children[0].values[hidden], .bool(true))
            XCTAssertEqual(impostor.children[0].values[hidden], .bool(false), "below `q`, no `.a Label`")
            XCTAssertNotEqual(impostor.children[0].values[tint], named.children[0].values[tint], "below `q`, no `.a > Label`")
        }
    }

    /// Two rule names of one key: every view is confirmed.
    func testRuleNamesSharingAKeyConfirmEveryView() {
        AncestorFilter.$nameKeyBits.withValue(1) {
            let sheet = Stylesheet()
            sheet.addRule(".a", T.mut(T.view, "alpha", .number(0.5), line: 1), line: 1)
            sheet.addRule(".q", T.mut(T.view, "alpha", .number(0.25), line: 2), line: 2)
            XCTAssertFalse(RuleIndex(sheet.rules).exactNames.areTheOnlyNames(of: T.view(T.view, nil, "a")))
        }
    }
}
