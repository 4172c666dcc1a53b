@testable import StyleCore
import XCTest

/// `Cascade.restyle` after random edits of a stylesheet and a tree gives what a full restyle
/// gives: the same values, provenance, diagnostics and change list.
final class RestyleTests: XCTestCase {

    // MARK: The property

    func testRestyleAfterRandomEditsEqualsAFullRestyle() {
        var world = World()
        var restyledTotal = 0, rebasedTotal = 0, viewsTotal = 0, partial = 0, failed = 0
        for seed in 1...40 {
            world.random = World.Random(state: UInt64(seed))
            world.rules = (0..<12).map { _ in world.randomRule() }
            var root = world.randomTree(30 + world.random.int(30))
            var styled = Cascade(world.stylesheet()).restyle(root, after: nil).styled
            for step in 0..<12 {
                let context = "seed \(seed), step \(step)"
                let before = TreeSnapshot(root)
                world.edit(root)
                let sheet = world.stylesheet()
                let reference = World.copyOf(root)
                let expectedDiagnostics = Cascade(world.stylesheet()).apply(to: reference)
                // A script's tree is a new tree at each reload: every other step restyles a copy.
                let target = step % 2 == 0 ? root : World.copyOf(root)
                let valuesBefore = World.views(target).map(\.values)
                let result = Cascade(sheet).restyle(target, after: styled)
                XCTAssertEqual(result.diagnostics, expectedDiagnostics, context)
                guard expectedDiagnostics.isEmpty else {
                    XCTAssertEqual(World.views(target).map(\.values), valuesBefore, "\(context): the tree is left as it was")
                    XCTAssertNil(result.styled, context)
                    failed += 1
                    continue
                }
                let got = World.views(target), expected = World.views(reference)
                XCTAssertEqual(got.count, expected.count, context)
                for (g, e) in zip(got, expected) {
                    XCTAssertEqual(g.values, e.values, "\(context): \(g.reference)")
                    XCTAssertEqual(g.provenance, e.provenance, "\(context): \(g.reference)")
                }
                let changes = result.changes ?? TreeSnapshot(target).changes(since: before)
                XCTAssertEqual(changes, TreeSnapshot(reference).changes(since: before), context)
                styled = result.styled
                root = target
                restyledTotal += result.restyled.count
                rebasedTotal += result.rebased.count
                viewsTotal += got.count
                if result.restyled.count < got.count { partial += 1 }
            }
        }
        // The property held for partial restyles and for failures, not only for full restyles.
        XCTAssertGreaterThan(partial, 100)
        XCTAssertGreaterThan(failed, 3)
        XCTAssertLessThan(restyledTotal, viewsTotal / 2)
        XCTAssertGreaterThan(rebasedTotal, 500)
    }

    func testAValueEditRestylesOnlyTheViewsItsRuleMatches() {
        let a = T.view(T.label, nil, "a"), b = T.view(T.label, nil, "b"), c = T.view(T.label, nil, "b")
        let root = T.view(T.stack, "root", "", a, b, c)
        func sheet(_ color: Value) -> Stylesheet {
            let s = Stylesheet()
            s.addRule(".a", T.mut(T.label, "text", .string("a")), line: 1)
            s.addRule(".b", T.mut(T.label, "textColor", color), line: 2)
            return s
        }
        let first = Cascade(sheet(World.colors[0])).restyle(root, after: nil)
        XCTAssertEqual(first.restyled, [0, 1, 2, 3])
        XCTAssertNil(first.changes)
        let second = Cascade(sheet(World.colors[1])).restyle(root, after: first.styled)
        XCTAssertEqual(second.restyled, [])
        XCTAssertEqual(second.rebased, [2, 3], "the views the edited rule matches take its new value")
        XCTAssertEqual(second.changes?.map(\.view), ["StackView#root > Label[2]", "StackView#root > Label[3]"])
        XCTAssertEqual(b["textColor"], World.colors[1])
        XCTAssertEqual(a["text"], .string("a"))
        XCTAssertEqual(a.provenance?[T.label.property("text")!.slot].last?.origin, .rule(selector: ".a"))
    }

    /// A theme switch keeps the rules' selectors: views whose own layer only sets properties
    /// take the rules' new values under it; a view with a `mver` of its own is restyled.
    func testAThemeSwitchRebasesViewsWhoseOwnLayerOnlySets() {
        let plain = T.view(T.label, nil, "b"), literal = T.view(T.label, nil, "b"), transformed = T.view(T.label, nil, "b")
        literal.literals = [Literal(keyPath: T.keyPath(T.label, "text"), value: .string("hi"), location: T.at(20))]
        transformed.styles = [try! Style.mver(.keyPath(T.keyPath(T.view, "alpha")), World.halve, root: T.view, at: T.at(30))]
        let root = T.view(T.stack, "root", "", plain, literal, transformed)
        func sheet(_ color: Value, _ alpha: Double) -> Stylesheet {
            let s = Stylesheet()
            s.addRule(".b", T.mut(T.label, "textColor", color), line: 1)
            s.addRule("Label", T.mut(T.view, "alpha", .number(alpha)), line: 2)
            return s
        }
        let firstSheet = sheet(World.colors[0], 0.8), secondSheet = sheet(World.colors[1], 0.6)
        let first = Cascade(firstSheet).restyle(root, after: nil)
        let before = TreeSnapshot(root)
        let second = Cascade(secondSheet).restyle(root, after: first.styled)
        XCTAssertTrue(Self.sharesCandidates(firstSheet.ruleIndex, secondSheet.ruleIndex),
                      "the same selectors: the index is the first's with the new styles")
        XCTAssertEqual(secondSheet.ruleIndex.preparedStyles.count, 2)
        XCTAssertEqual(second.rebased, [1, 2])
        XCTAssertEqual(second.restyled, [3])
        XCTAssertEqual(second.changes, TreeSnapshot(root).changes(since: before))
        XCTAssertEqual(second.changes?.count, 6)
        XCTAssertEqual(literal["text"], .string("hi"))
        XCTAssertEqual(literal["textColor"], World.colors[1])
        XCTAssertEqual(transformed["alpha"], .number(0.3))
        let reference = World.copyOf(root)
        XCTAssertEqual(Cascade(sheet(World.colors[1], 0.6)).apply(to: reference), [])
        for (got, expected) in zip(World.views(root), World.views(reference)) {
            XCTAssertEqual(got.values, expected.values, got.reference)
            XCTAssertEqual(got.provenance, expected.provenance, got.reference)
        }
    }

    /// A styled tree knows its shape still holds while no view anywhere changed its place, id or
    /// classes; after any such change the views are compared again.
    func testAShapeIsKnownUnchangedUntilAViewChanges() {
        let label = T.view(T.label, "title", "a"), other = T.view(T.label, nil, "b")
        let root = T.view(T.stack, "root", "", label)
        let sheet = Stylesheet()
        sheet.addRule(".a", T.mut(T.label, "textColor", World.colors[0]), line: 1)
        let styled = Cascade(sheet).restyle(root, after: nil).styled!
        XCTAssertTrue(styled.isUnchanged(under: root))
        XCTAssertFalse(styled.isUnchanged(under: label), "another root")
        _ = View(kind: T.label, id: "lone", classes: ["a"])
        XCTAssertTrue(styled.isUnchanged(under: root), "a view in no tree changes no shape")
        let edits: [(String, () -> Void, Bool)] = [
            ("classes", { label.setClasses(["b"]) }, false),
            ("classes back", { label.setClasses(["a"]) }, true),
            ("id", { label.id = "heading" }, false),
            ("id back", { label.id = "title" }, true),
            ("child added", { root.addChild(other) }, false),
            ("child removed", { other.removeFromParent() }, true),
            ("a view elsewhere", { _ = T.view(T.stack, nil, "", T.view(T.label)) }, true),
        ]
        for (name, edit, sameShape) in edits {
            edit()
            XCTAssertFalse(styled.isUnchanged(under: root), name)
            XCTAssertEqual(styled.hasSameShape(as: root), sameShape, name)
        }
        let again = Cascade(sheet).restyle(root, after: styled)
        XCTAssertTrue(again.styled!.isUnchanged(under: root))
        XCTAssertEqual(again.restyled, [], "nothing changed: every view kept")
    }

    /// On a theme switch, views whose rules compute values from the value alone (a field set,
    /// a `mver` that says its result depends on the value alone) are rebased like those whose
    /// rules only set; a `mver` that may read more restyles its views.
    func testAThemeSwitchRebasesViewsOfValueOnlyRules() {
        let a = T.view(T.label, nil, "a"), b = T.view(T.label, nil, "b")
        let root = T.view(T.stack, "root", "", a, b)
        func sheet(_ color: Value) -> Stylesheet {
            let s = Stylesheet()
            s.addRule("Label", T.mut(T.label, "textColor", color), line: 1)
            s.addRule(".a", try! Style.mver(.keyPath(T.keyPath(T.label, "font")), Bolder(valueOnly: true), root: T.label, at: T.at(2)), line: 2)
            s.addRule(".a, .b", T.mut(T.view, "layoutMargins.bottom", .number(3), line: 3), line: 3)
            s.addRule(".b", try! Style.mver(.keyPath(T.keyPath(T.label, "font")), Bolder(valueOnly: false), root: T.label, at: T.at(4)), line: 4)
            return s
        }
        let first = Cascade(sheet(World.colors[0])).restyle(root, after: nil)
        let before = TreeSnapshot(root)
        let second = Cascade(sheet(World.colors[1])).restyle(root, after: first.styled)
        XCTAssertEqual(second.rebased, [1])
        XCTAssertEqual(second.restyled, [2])
        XCTAssertEqual(second.changes, TreeSnapshot(root).changes(since: before))
        XCTAssertEqual(second.changes?.count, 2)
        let reference = World.copyOf(root)
        XCTAssertEqual(Cascade(sheet(World.colors[1])).apply(to: reference), [])
        for (got, expected) in zip(World.views(root), World.views(reference)) {
            XCTAssertEqual(got.values, expected.values, got.reference)
            XCTAssertEqual(got.provenance, expected.provenance, got.reference)
        }
    }

    /// A script's `kind("GradientView", …)` is a new `Kind` at every evaluation: its re-built
    /// tree still has the previous tree's shape, so only what an edit touches is restyled and
    /// changes are listed by position, as a full restyle and a snapshot diff would list them.
    /// A change names its view as `View.reference` does; the references a restyle built are
    /// taken over by the next only under the same root reference.
    func testChangesNameTheirViewsWhereverTheRootWasMoved() {
        let label = T.view(T.label, nil, "b")
        let root = T.view(T.stack, nil, "", T.view(T.stack, nil, "", label))
        func sheet(_ color: Value) -> Stylesheet {
            let s = Stylesheet()
            s.addRule(".b", T.mut(T.label, "textColor", color), line: 1)
            return s
        }
        var styled = Cascade(sheet(World.colors[0])).restyle(root, after: nil).styled
        let first = Cascade(sheet(World.colors[1])).restyle(root, after: styled)
        XCTAssertEqual(first.changes?.map(\.view), [label.reference])
        XCTAssertEqual(label.reference, "StackView > StackView[1] > Label[1]")
        styled = first.styled

        // The same tree, now inside a view with an id: the same shape, other references.
        let top = T.view(T.view, "top")
        top.addChild(root)
        let second = Cascade(sheet(World.colors[0])).restyle(root, after: styled)
        XCTAssertEqual(second.changes?.map(\.view), [label.reference])
        XCTAssertEqual(label.reference, "View#top > StackView[1] > StackView[1] > Label[1]")
    }

    private static func sharesCandidates(_ a: RuleIndex, _ b: RuleIndex) -> Bool {
        a.prepared.withUnsafeBufferPointer { x in b.prepared.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    }

    func testAKindDeclaredAgainKeepsTheTreeShape() throws {
        func evaluate(_ color: Value, superKind: Kind = Schema.view) throws -> (sheet: Stylesheet, root: View) {
            var schema = Schema.standard
            let gradient = try schema.register("GradientView", superKind: superKind,
                                               properties: [.value("fromColor", .optional(.color))])
            let sheet = Stylesheet()
            _ = try sheet.rule(try SelectorList.parse("GradientView", schema: schema), T.mut(gradient, "fromColor", color), at: T.at(1))
            sheet.addRule(".b", T.mut(T.label, "textColor", World.colors[2]), line: 2)
            // A style of a kind every evaluation shares, for a selector of the kind declared again.
            _ = try sheet.rule(try SelectorList.parse("GradientView", schema: schema), T.mut(T.view, "alpha", .number(0.5)), at: T.at(3))
            return (sheet, T.view(T.stack, "root", "", View(kind: gradient, id: "g"), T.view(T.label, nil, "b")))
        }
        let first = try evaluate(World.colors[0])
        let styled = Cascade(first.sheet).restyle(first.root, after: nil).styled
        let second = try evaluate(World.colors[1])
        XCTAssertTrue(styled?.hasSameShape(as: second.root) == true)
        let before = TreeSnapshot(first.root)
        let restyle = Cascade(second.sheet).restyle(second.root, after: styled)
        XCTAssertFalse(Self.sharesCandidates(first.sheet.ruleIndex, second.sheet.ruleIndex),
                       "a selector of a kind declared again is another selector: the index is built anew")
        XCTAssertEqual(restyle.restyled, [1], "only the gradient's rule changed")
        XCTAssertEqual(restyle.changes, TreeSnapshot(second.root).changes(since: before))
        XCTAssertEqual(restyle.changes?.map(\.property), ["fromColor"])
        XCTAssertEqual(second.root.children[1]["textColor"], World.colors[2])

        // Declared under another super-kind, it is another kind: no pairing by position.
        let other = try evaluate(World.colors[1], superKind: Schema.label)
        XCTAssertFalse(styled?.hasSameShape(as: other.root) == true)
    }
}

/// Random rules and trees, and random edits of them.
struct World {
    /// SplitMix64: the same seed, the same edits.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
    }

    static let kinds: [Kind] = [T.view, T.label, T.button, T.stack]
    static let classes = ["a", "b", "c", "d"]
    static let colors = ["#FF0000", "#00FF00", "#0000FF"].map { Value.color(Color(hex: $0)!) }

    /// Settable properties with a few valid values, by the kind that declares them.
    static func settable(_ kind: Kind) -> [(Kind, String, [Value])] {
        var out: [(Kind, String, [Value])] = [
            (T.view, "alpha", [.number(0.5), .number(0.9)]), (T.view, "backgroundColor", colors),
            (T.view, "layer.cornerRadius", [.number(2), .number(4)]),
        ]
        if kind === T.label { out += [(T.label, "text", [.string("x"), .string("y")]), (T.label, "textColor", colors)] }
        if kind === T.button { out += [(T.button, "title", [.string("x"), .string("y")]), (T.button, "titleColor", colors)] }
        if kind === T.stack { out += [(T.stack, "spacing", [.number(4), .number(8)])] }
        return out
    }

    /// A step of a rule's style: a `mut`, or a `mver` halving alpha by one of the shared
    /// transforms (`transform` < 0: a transform made anew, as a new evaluation makes one).
    struct Op {
        var kind: Kind, path: String, value: Value
        var transform: Int = -2  // -2: a mut
    }

    struct RuleSpec {
        var selector: String
        var kind: Kind
        var ops: [Op]
        var line: Int
    }

    var random = Random(state: 1)
    var rules: [RuleSpec] = []
    var nextLine = 1
    let halvers = (0..<3).map { _ in World.halve }
    static var halve: Transform { Transform { v in if case .number(let x) = v { return .number(x / 2) } else { return v } } }

    mutating func randomOp(for kind: Kind) -> Op {
        if random.chance(10) {
            return Op(kind: T.view, path: "alpha", value: .null, transform: random.chance(50) ? random.int(halvers.count) : -1)
        }
        let (k, path, values) = random.pick(Self.settable(kind))
        return Op(kind: k, path: path, value: random.pick(values))
    }

    mutating func randomSelector(for kind: Kind) -> String {
        let subject = random.pick(["", kind.name, "View"]) + (random.chance(70) ? "." + random.pick(Self.classes) : "")
        let simple = subject.isEmpty ? "." + random.pick(Self.classes) : subject
        switch random.int(6) {
        case 0: return "#v\(random.int(12))"
        case 1: return "." + random.pick(Self.classes) + " " + simple
        case 2: return "StackView > " + simple
        case 3: return simple + ", #v\(random.int(12))"
        default: return simple
        }
    }

    mutating func randomRule() -> RuleSpec {
        let kind = random.pick(Self.kinds)
        nextLine += 1
        return RuleSpec(selector: randomSelector(for: kind), kind: kind,
                        ops: (0..<(1 + random.int(3))).map { _ in randomOp(for: kind) }, line: nextLine)
    }

    func style(_ spec: RuleSpec) -> Style {
        let parts = spec.ops.enumerated().map { i, op -> Style in
            let line = spec.line * 10 + i
            if op.transform == -2 { return T.mut(op.kind, op.path, op.value, line: line) }
            let fn = op.transform >= 0 ? halvers[op.transform] : Transform { v in if case .number(let x) = v { return .number(x / 2) } else { return v } }
            return try! Style.mver(.keyPath(T.keyPath(op.kind, op.path)), fn, root: op.kind, at: T.at(line))
        }
        return try! Style.concat(parts, kind: spec.kind, root: spec.kind, at: T.at(spec.line))
    }

    func stylesheet() -> Stylesheet {
        let sheet = Stylesheet()
        sheet.addAppearance(T.label, T.mut(T.label, "textColor", World.colors[0], line: 1000))
        for rule in rules { sheet.addRule(rule.selector, style(rule), line: rule.line) }
        return sheet
    }

    /// A random tree of about `n` views; ids `v0`… are unique.
    mutating func randomTree(_ n: Int) -> View {
        var views = [T.view(T.stack, "v0", "a")]
        for i in 1..<n {
            let kind = random.pick(Self.kinds)
            let classes = Self.classes.filter { _ in random.chance(30) }
            let view = View(kind: kind, id: random.chance(20) ? "v\(i)" : nil, classes: classes)
            decorate(view)
            random.pick(views.filter { $0.kind === T.stack || $0.kind === T.view }).addChild(view)
            views.append(view)
        }
        return views[0]
    }

    /// Gives a view a literal or a view style, sometimes.
    mutating func decorate(_ view: View) {
        if random.chance(20) {
            let (k, path, values) = random.pick(Self.settable(view.kind))
            view.literals = [Literal(keyPath: T.keyPath(k, path), value: random.pick(values), location: T.at(2000 + random.int(5)))]
        }
        if random.chance(15) {
            let (k, path, values) = random.pick(Self.settable(view.kind))
            view.styles = [T.mut(k, path, random.pick(values), line: 3000 + random.int(5))]
        } else if random.chance(3) {  // a style of its own that reads the value before it
            view.styles = [try! Style.mver(.keyPath(T.keyPath(T.view, "alpha")), halvers[0], root: T.view, at: T.at(3100))]
        }
    }

    /// A copy of a tree with the same inputs and no values.
    static func copyOf(_ view: View) -> View {
        let out = View(kind: view.kind, id: view.id, classes: view.classes, location: view.location)
        out.styles = view.styles
        out.literals = view.literals
        for child in view.children { out.addChild(copyOf(child)) }
        return out
    }

    static func views(_ root: View) -> [View] {
        var out: [View] = []
        root.forEachInTree { out.append($0) }
        return out
    }

    // MARK: Edits

    /// One random edit of the rules or of the tree (in place).
    mutating func edit(_ root: View) {
        let views = Self.views(root)
        switch random.int(11) {
        case 0 where !rules.isEmpty:  // a value
            let r = random.int(rules.count)
            let o = random.int(rules[r].ops.count)
            rules[r].ops[o] = randomOp(for: rules[r].kind)
        case 1:  // a new rule, anywhere
            rules.insert(randomRule(), at: random.int(rules.count + 1))
        case 2 where !rules.isEmpty:
            rules.remove(at: random.int(rules.count))
        case 3 where !rules.isEmpty:  // a selector
            let r = random.int(rules.count)
            rules[r].selector = randomSelector(for: rules[r].kind)
        case 4 where rules.count > 1:  // two rules swapped
            rules.swapAt(random.int(rules.count), random.int(rules.count))
        case 5:  // a view's literal or style
            decorate(random.pick(views))
        case 6:  // a view's classes
            random.pick(views).setClasses(Self.classes.filter { _ in random.chance(30) })
        case 7:  // a new view
            let parent = random.pick(views.filter { $0.kind === T.stack })
            parent.addChild(View(kind: random.pick(Self.kinds), classes: [random.pick(Self.classes)]))
        case 9:  // a theme switch: every value of every rule picked again, selectors kept
            for r in rules.indices {
                for o in rules[r].ops.indices where rules[r].ops[o].transform == -2 {
                    let op = rules[r].ops[o]
                    if let values = Self.settable(rules[r].kind).first(where: { $0.0 === op.kind && $0.1 == op.path })?.2 {
                        rules[r].ops[o].value = random.pick(values)
                    }
                }
            }
        case 8:  // a style that cannot apply: the cascade fails and the tree keeps its values
            if let button = views.first(where: { $0.kind === T.button }), random.chance(30) {
                button.styles = [T.mut(T.label, "text", .string("no"), line: 4000)]
            }
        default:
            break  // nothing changed
        }
    }

}

/// A `mver` that makes a font bold, new at every evaluation as a script's function is.
private final class Bolder: ValueTransform {
    let dependsOnlyOnValue: Bool
    init(valueOnly: Bool) { dependsOnlyOnValue = valueOnly }
    func transform(_ value: Value, path: StyleKeyPath, view: View) throws(Diagnostic) -> Value {
        guard case .font(let f) = value else { return value }
        return .font(Font(name: f.name, size: f.size, weight: .bold))
    }
}
