@testable import StyleCore
import TestSupport
import XCTest

/// Views the rules cannot tell apart share a match context, and the cascade's result with
/// contexts is the one without them.
final class MatchContextsTests: XCTestCase {
    private func index(_ selectors: [String]) -> RuleIndex {
        let sheet = Stylesheet()
        for s in selectors { sheet.addRule(s, T.mut(T.view, "alpha", .number(0.5))) }
        return sheet.ruleIndex
    }

    /// Contexts of a view under its parent's, as the cascade numbers them.
    private func contexts(_ root: View, _ index: RuleIndex) -> [ObjectIdentifier: Int32] {
        var contexts = MatchContexts(index)
        var out: [ObjectIdentifier: Int32] = [:]
        root.forEachInTree { view in
            out[ObjectIdentifier(view)] = contexts.context(of: view, parent: view.parent.map { out[ObjectIdentifier($0)]! })
        }
        return out
    }

    func testCousinsWithTheSameAncestryShareAContext() {
        let index = index([".card .title", "#special"])
        let a = View(kind: T.label, classes: ["title"]), b = View(kind: T.label, classes: ["title"])
        let root = T.view(T.stack, "root", "", T.view(T.view, "card-1", "card", a), T.view(T.view, "card-2", "card", b))
        let found = contexts(root, index)
        XCTAssertEqual(found[ObjectIdentifier(a)], found[ObjectIdentifier(b)], "ids no rule names do not tell cards apart")
        XCTAssertEqual(found[ObjectIdentifier(a.parent!)], found[ObjectIdentifier(b.parent!)])
    }

    func testWhatARuleNamesTellsViewsApart() {
        let index = index([".card--dark Label", "#special .title", ".title"])
        func label(_ classes: String) -> View { View(kind: T.label, classes: classes.split(separator: " ").map(String.init)) }
        let plain = label("title"), dark = label("title"), special = label("title"), unnamed = label("title extra")
        let other = View(kind: T.button, classes: ["title"])
        let root = T.view(T.stack, "root", "",
                          T.view(T.view, nil, "card", plain, unnamed, other),
                          T.view(T.view, nil, "card card--dark", dark),
                          T.view(T.view, "special", "card", special))
        let found = contexts(root, index)
        let of = { (v: View) in found[ObjectIdentifier(v)]! }
        XCTAssertNotEqual(of(plain), of(dark), "an ancestor's named class")
        XCTAssertNotEqual(of(plain), of(special), "an ancestor's named id")
        XCTAssertNotEqual(of(plain), of(other), "the kind")
        XCTAssertEqual(of(plain), of(unnamed), "a class no rule names")
    }

    /// Named classes are compared in order, however many a view has: the first two are kept
    /// in the context's key, the rest read from the view.
    func testEveryNamedClassTellsViewsApart() {
        let index = index([".a", ".b", ".c", ".d", ".a-long-class-name-past-fifteen-bytes"])
        func label(_ classes: String) -> View { View(kind: T.label, classes: classes.split(separator: " ").map(String.init)) }
        let views = ["a", "a b", "a c", "b a", "a b c", "a b d", "a b c d", "a b c x", "x a y b z c",
                     "a-long-class-name-past-fifteen-bytes", "a-long-class-name-past-fifteen-bytes b"].map(label)
        let twins = ["a", "a b", "x a c", "b a", "a b c", "a b d", "a b c d", "a b c", "a b c",
                     "a-long-class-name-past-fifteen-bytes", "a-long-class-name-past-fifteen-bytes b"].map(label)
        let root = T.view(T.stack, "root")
        for view in views + twins { root.addChild(view) }
        let found = contexts(root, index)
        let of = { (v: View) in found[ObjectIdentifier(v)]! }
        for (i, a) in views.enumerated() {
            XCTAssertEqual(of(a), of(twins[i]), "\(a.classes) and \(twins[i].classes)")
            for b in views[(i + 1)...] where a.classes.filter({ $0 != "x" && $0 != "y" && $0 != "z" })
                                            != b.classes.filter({ $0 != "x" && $0 != "y" && $0 != "z" }) {
                XCTAssertNotEqual(of(a), of(b), "\(a.classes) and \(b.classes)")
            }
        }
    }

    /// Random trees and rules (descendant and child selectors, ids and classes some rules name
    /// and some do not): every view gets the same values and provenance with contexts and
    /// results kept as without.
    func testTheCascadeWithContextsIsTheCascadeWithout() {
        var random = SeededGenerator(state: 11)
        let classes = ["a", "b", "c", "d", "unnamed"], ids = ["x", "y", "free1", "free2"]
        let kinds = [T.view, T.stack, T.label, T.button]
        let colors = (0..<4).map { Value.color(Color(red: Double($0) / 4, green: 0.5, blue: 0.5)) }
        for round in 0..<30 {
            let sheet = Stylesheet()
            for r in 0..<12 {
                func compound() -> String {
                    var s = random.next(4) == 0 ? "" : ["View", "StackView", "Label", "Button"][random.next(4)]
                    if random.next(6) == 0 { s += "#" + ids[random.next(2)] }
                    for _ in 0..<random.next(3) { s += "." + classes[random.next(4)] }
                    return s.isEmpty ? "*" : s
                }
                var selector = compound()
                for _ in 0..<random.next(3) { selector = compound() + (random.next(2) == 0 ? " > " : " ") + selector }
                let style = random.next(5) == 0
                    ? T.mver(T.view, "alpha", line: r + 1) { value in
                        guard case .number(let x) = value else { return value }
                        return .number(x / 2)
                    }
                    : T.mut(T.view, "backgroundColor", colors[random.next(colors.count)], line: r + 1)
                sheet.addRule(selector, style, line: r + 1)
            }
            func build(_ depth: Int) -> View {
                let used = (0..<random.next(3)).map { _ in classes[random.next(classes.count)] }
                let view = View(kind: kinds[random.next(kinds.count)], id: nil, classes: used)
                if depth < 4 { for _ in 0..<random.next(4) { view.addChild(build(depth + 1)) } }
                return view
            }
            let root = View(kind: T.stack)
            for _ in 0..<4 { root.addChild(build(1)) }
            var views: [View] = []
            root.forEachInTree { views.append($0) }
            for (i, id) in ids.enumerated() where i < views.count { views[(i * 7 + round) % views.count].id = id }

            var cascade = Cascade(sheet)
            XCTAssertEqual(cascade.apply(to: root, recordingProvenance: true), [], "round \(round)")
            let kept = views.map { ($0.values, $0.provenance) }
            cascade.sharesStyles = false
            XCTAssertEqual(cascade.apply(to: root, recordingProvenance: true), [], "round \(round)")
            for (view, before) in zip(views, kept) {
                XCTAssertEqual(view.values, before.0, "round \(round): \(view.reference)")
                XCTAssertEqual(view.provenance, before.1, "round \(round): \(view.reference)")
            }
        }
    }
}

extension MatchContextsTests {
    /// A tree of `count` labels under a stack, each with a class of its own that a rule names
    /// (`own`), or all with one class (`!own`); with a literal each, and a value-only `mver` on
    /// some, so that what each view gets differs.
    private func tree(_ count: Int, own: Bool) -> (sheet: Stylesheet, root: View, views: [View]) {
        let sheet = Stylesheet()
        sheet.addAppearance(T.label, T.mut(T.label, "numberOfLines", .int(3), line: 1))
        sheet.addRule(".row", T.mut(T.view, "alpha", .number(0.5)), line: 2)
        for i in 0..<count where own {
            sheet.addRule(".c\(i)", T.mut(T.view, "alpha", .number(Double(i % 10) / 10), line: i + 3))
        }
        sheet.addRule("StackView > .row", T.mver(T.view, "alpha", line: count + 3) { value in
            guard case .number(let x) = value else { return value }
            return .number(x / 2)
        }, line: count + 3)
        let root = View(kind: T.stack, classes: ["list"])
        var views = [root]
        let text = T.keyPath(T.label, "text")
        for i in 0..<count {
            let label = View(kind: T.label, classes: own ? ["row", "c\(i)"] : ["row"])
            label.literals = [Literal(keyPath: text, value: .string("row \(i)"), location: T.at(1000 + i))]
            root.addChild(label)
            views.append(label)
        }
        return (sheet, root, views)
    }

    /// A one-off styling of a tree whose views are nearly all contexts of their own numbers no
    /// contexts, after a styling that counted them, and every eighth numbers them again; the
    /// result is the one with contexts, and the one without sharing anything. A tree whose
    /// views repeat keeps numbering them, and so does a styling that is remembered.
    func testAOneOffStylingLeavesOutContextsThatHardlyRepeat() {
        let (sheet, root, views) = tree(100, own: true)
        var unshared = Cascade(sheet)
        unshared.sharesStyles = false
        XCTAssertEqual(unshared.apply(to: root, recordingProvenance: true), [])
        let expected = views.map { ($0.values, $0.provenance) }

        let cascade = Cascade(sheet)
        XCTAssertEqual(cascade.apply(to: root, recordingProvenance: true), [])
        XCTAssertEqual(cascade.engine.cascadesWithoutContexts, 0, "the first styling counts the contexts")
        XCTAssertGreaterThanOrEqual(cascade.engine.lastContextCount, 101)
        for round in 1...9 {
            for provenance in [true, false] {
                XCTAssertEqual(cascade.apply(to: root, recordingProvenance: provenance), [], "round \(round)")
                for (view, before) in zip(views, expected) {
                    XCTAssertEqual(view.values, before.0, "round \(round): \(view.reference)")
                    if provenance { XCTAssertEqual(view.provenance, before.1, "round \(round): \(view.reference)") }
                }
            }
            // Two stylings a round: seven without contexts, then one with them, and so on.
            XCTAssertEqual(cascade.engine.cascadesWithoutContexts, [2, 4, 6, 0, 2, 4, 6, 0, 2][round - 1], "round \(round)")
        }
        XCTAssertEqual(views[7]["alpha"], .number(0.3), "its own class's rule, then the mver")
        XCTAssertEqual(views[7]["text"], .string("row 6"))

        let remembered = cascade.run(root, after: nil, recordingProvenance: true)
        XCTAssertEqual(remembered.diagnostics, [])
        XCTAssertEqual(remembered.styled?.contextCount, cascade.engine.lastContextCount, "a remembered styling numbers them")

        let like = tree(100, own: false)
        let likeEngine = StyleEngine(like.sheet)
        for _ in 0..<3 { XCTAssertEqual(Cascade(likeEngine).apply(to: like.root, recordingProvenance: false), []) }
        XCTAssertEqual(likeEngine.cascadesWithoutContexts, 0)
        XCTAssertEqual(likeEngine.lastContextCount, 2, "the stack and its like rows")
        XCTAssertEqual(like.views[5]["alpha"], .number(0.25))
    }
}
