@testable import StyleCore
import XCTest

/// `Cascade.restyle` after random edits of a stylesheet and a tree gives what a full restyle
/// gives: the same values, provenance, diagnostics and change list.
final class RestyleTests: XCTestCase {

    // MARK: The property

    func testRestyleAfterRandomEditsEqualsAFullRestyle() {
        var world = World()
        var restyledTotal = 0, rebasedTotal = 0, viewsTotal = 0, partial = 0, failed = 0, leftUnvisited = 0
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
                // A script's tree is a new tree at each reload: every third step restyles a copy.
                // The others restyle the host's own tree, twice in a row after a copy's.
                let target = step % 3 == 2 ? World.copyOf(root) : root
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
                if result.visited < got.count { leftUnvisited += 1 }
            }
        }
        // The property held for partial restyles and for failures, not only for full restyles.
        XCTAssertGreaterThan(partial, 100)
        XCTAssertGreaterThan(leftUnvisited, 20, "host trees nothing wrote were walked through the views a change reaches")
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

    /// A restyle starts from the previous tree's entries: a view kept keeps its very entry,
    /// only the views restyled or rebased have new ones, and the previous tree is left as it
    /// was (a second restyle after it, of another edit, equals a full restyle).
    func testKeptViewsKeepThePreviousEntriesAndThePreviousTreeIsUnchanged() {
        func tree() -> View {
            T.view(T.stack, "root", "", T.view(T.label, nil, "a"), T.view(T.label, nil, "b"), T.view(T.label, nil, "b"),
                   T.view(T.stack, nil, "", T.view(T.label, nil, "a"), T.view(T.label, nil, "c")))
        }
        func sheet(_ b: Value, _ c: Value) -> Stylesheet {
            let s = Stylesheet()
            s.addRule(".a", T.mut(T.label, "text", .string("a")), line: 1)
            s.addRule(".b", T.mut(T.label, "textColor", b), line: 2)
            s.addRule(".c", T.mut(T.label, "textColor", c), line: 3)
            return s
        }
        let first = Cascade(sheet(World.colors[0], World.colors[0])).restyle(tree(), after: nil).styled!
        let oldEntries = first.entries
        let root = tree()
        let second = Cascade(sheet(World.colors[1], World.colors[0])).restyle(root, after: first)
        XCTAssertEqual(second.rebased, [2, 3])
        let entries = second.styled!.entries
        for i in entries.indices {
            XCTAssertEqual(entries[i] === oldEntries[i], ![2, 3].contains(i), "entry \(i)")
        }
        XCTAssertTrue(first.entries.indices.allSatisfy { first.entries[$0] === oldEntries[$0] }, "the previous tree is as it was")
        XCTAssertEqual(first.entries[2].values[T.label.property("textColor")!.slot], World.colors[0])

        let other = tree()
        let third = Cascade(sheet(World.colors[0], World.colors[2])).restyle(other, after: first)
        XCTAssertEqual(third.rebased, [6])
        let reference = tree()
        XCTAssertEqual(Cascade(sheet(World.colors[0], World.colors[2])).apply(to: reference), [])
        for (got, expected) in zip(World.views(other), World.views(reference)) {
            XCTAssertEqual(got.values, expected.values, got.reference)
            XCTAssertEqual(got.provenance, expected.provenance, got.reference)
        }
    }

    /// A host's tree restyled again after a value edit: a view that holds what the last
    /// styling gave it, and keeps it, is not touched (its very store stays), and a restyle
    /// that fails leaves every view as it was, those untouched among them.
    func testViewsOfAKeptTreeThatKeepTheirValuesAreNotTouched() {
        let root = T.view(T.stack, "root", "", T.view(T.label, nil, "a"), T.view(T.label, nil, "b"), T.view(T.button, nil, "a"))
        func sheet(_ b: Value, failing: Bool = false) -> Stylesheet {
            let s = Stylesheet()
            s.addRule(".a", T.mut(T.view, "alpha", .number(0.5)), line: 1)
            s.addRule(".b", T.mut(T.label, "textColor", b), line: 2)
            s.addRule("Button", failing ? T.function(T.button, line: 3) { application throws(Diagnostic) in
                throw Diagnostic(.typeMismatch, "no", at: T.at(3))
            } : T.mut(T.button, "alpha", .number(0.4)), line: 3)
            return s
        }
        let engine = StyleEngine(sheet(World.colors[0]))
        let first = Cascade(engine).restyle(root, after: nil)
        let stores = World.views(root).map(\.values)
        engine.adopt(sheet(World.colors[1]))
        let second = Cascade(engine).restyle(root, after: first.styled)
        XCTAssertEqual(second.rebased, [2])
        XCTAssertEqual(second.restyled, [])
        for (k, view) in World.views(root).enumerated() {
            XCTAssertEqual(view.values.isUnwrittenCopy(of: stores[k]), k != 2, "view \(k)")
        }
        let held = World.views(root).map(\.values)
        let heldProvenance = World.views(root).map(\.provenance)
        let failed = Cascade(StyleEngine(sheet(World.colors[2], failing: true))).restyle(root, after: second.styled)
        XCTAssertFalse(failed.diagnostics.isEmpty)
        XCTAssertEqual(failed.restyled, [3], "the button alone ran the cascade: the first two views were left untouched")
        XCTAssertNil(failed.styled)
        XCTAssertEqual(World.views(root).map(\.values), held, "a failed restyle leaves the tree as it was")
        XCTAssertEqual(World.views(root).map(\.provenance), heldProvenance)
    }

    /// A host's tree that nothing wrote since its last styling is walked only through the views
    /// a changed rule matches: the others are not reached, and the tree ends as a full restyle
    /// leaves it. A restyle that fails there leaves the tree as it was.
    func testAKeptTreeNobodyWroteIsWalkedOnlyThroughTheViewsAChangeReaches() {
        let (root, bs) = Self.rowsOfLabels(count: 40)
        let engine = StyleEngine(Self.colorAndAlpha(World.colors[0], 0.8))
        var styled = Cascade(engine).restyle(root, after: nil).styled
        for (n, color) in [World.colors[1], World.colors[2], World.colors[0]].enumerated() {
            let before = TreeSnapshot(root)
            engine.adopt(Self.colorAndAlpha(color, 0.8))
            let result = Cascade(engine).restyle(root, after: styled)
            XCTAssertEqual(result.visited, bs, "restyle \(n): the `.b` labels alone")
            XCTAssertEqual(result.changes, TreeSnapshot(root).changes(since: before), "restyle \(n)")
            Self.assertStyledAsAFullRestyle(root, Self.colorAndAlpha(color, 0.8), "restyle \(n)")
            styled = result.styled
        }
        // A failure where the walk goes restores the views it reached; the others were never touched.
        let held = World.views(root).map(\.values)
        let failing = Self.colorAndAlpha(World.colors[1], 0.8)
        failing.addRule(".b", T.function(T.label, line: 3) { _ throws(Diagnostic) in throw Diagnostic(.typeMismatch, "no", at: T.at(3)) },
                        line: 3)
        let plain = Self.colorAndAlpha(World.colors[0], 0.8)
        plain.addRule(".b", T.mut(T.label, "isHidden", .bool(false)), line: 3)
        engine.adopt(plain)
        let base = Cascade(engine).restyle(root, after: styled)
        XCTAssertEqual(base.visited, World.views(root).count, "a rule added: every view is walked")
        let heldBefore = World.views(root).map(\.values), provenanceBefore = World.views(root).map(\.provenance)
        XCTAssertEqual(heldBefore, held, "a rule setting a default changes no value")
        engine.adopt(failing)
        let failed = Cascade(engine).restyle(root, after: base.styled)
        XCTAssertNotEqual(failed.diagnostics, [])
        XCTAssertNil(failed.styled)
        XCTAssertEqual(failed.visited, bs, "the `.b` labels alone were reached")
        XCTAssertEqual(World.views(root).map(\.values), held)
        XCTAssertEqual(World.views(root).map(\.provenance), provenanceBefore)
    }

    /// Whatever a host writes between two restyles of its tree (a value, own styles, literals,
    /// a reset, another stylesheet applied to part of it, a view styled by hand, a child added)
    /// makes the next restyle walk every view again, and the tree ends as a full restyle leaves it.
    func testAnyWriteBetweenRestylesMakesTheNextWalkEveryView() throws {
        let writes: [(String, (View, [View]) throws -> Void)] = [
            ("a value set", { _, views in try views[3].set("alpha", .number(0.3)) }),
            ("own styles", { _, views in views[5].styles = [T.mut(T.view, "alpha", .number(0.2))] }),
            ("literals", { _, views in
                views[7].literals = [Literal(keyPath: T.keyPath(T.view, "alpha"), value: .number(0.1), location: T.at(20))] }),
            ("a reset", { _, views in views[9].resetToDefaults() }),
            ("another stylesheet", { _, views in
                let other = Stylesheet()
                other.addRule("Label", T.mut(T.view, "alpha", .number(0.25)), line: 1)
                XCTAssertEqual(Cascade(other).apply(to: views[11]), [])
            }),
            ("styled by hand", { _, views in _ = StyleApplication(view: views[13], recordsProvenance: false) }),
            ("a child added", { root, _ in root.children[0].addChild(T.view(T.label, nil, "b")) }),
        ]
        for (name, write) in writes {
            let (root, _) = Self.rowsOfLabels(count: 20)
            let engine = StyleEngine(Self.colorAndAlpha(World.colors[0], 0.8))
            let first = Cascade(engine).restyle(root, after: nil)
            let views = World.views(root)
            try write(root, views)
            let count = World.views(root).count
            engine.adopt(Self.colorAndAlpha(World.colors[1], 0.8))
            let result = Cascade(engine).restyle(root, after: first.styled)
            XCTAssertEqual(result.visited, count, "\(name): every view is walked")
            // A reference tree with the same own styles and literals, styled whole.
            let reference = World.copyOf(root)
            XCTAssertEqual(Cascade(Self.colorAndAlpha(World.colors[1], 0.8)).apply(to: reference), [], name)
            for (g, e) in zip(World.views(root), World.views(reference)) {
                XCTAssertEqual(g.values, e.values, "\(name): \(g.reference)")
                XCTAssertEqual(g.provenance, e.provenance, "\(name): \(g.reference)")
            }
            // And the restyle after that one, with nothing written, walks the `.b` labels alone.
            engine.adopt(Self.colorAndAlpha(World.colors[2], 0.8))
            let next = Cascade(engine).restyle(root, after: result.styled)
            XCTAssertLessThan(next.visited, count, name)
        }
    }

    /// A stack of rows, each a stack of a `.b` label and an `.a` label; the number of `.b` labels.
    private static func rowsOfLabels(count: Int) -> (View, Int) {
        let rows = (0..<count).map { _ in T.view(T.stack, nil, "", T.view(T.label, nil, "b"), T.view(T.label, nil, "a")) }
        let root = T.view(T.stack, "root", "")
        for row in rows { root.addChild(row) }
        return (root, count)
    }

    /// `root`'s values and provenance are those a full styling of a copy with `sheet` gives.
    private static func assertStyledAsAFullRestyle(_ root: View, _ sheet: Stylesheet, _ context: String,
                                                   file: StaticString = #filePath, line: UInt = #line) {
        let reference = World.copyOf(root)
        XCTAssertEqual(Cascade(sheet).apply(to: reference), [], context, file: file, line: line)
        for (g, e) in zip(World.views(root), World.views(reference)) {
            XCTAssertEqual(g.values, e.values, "\(context): \(g.reference)", file: file, line: line)
            XCTAssertEqual(g.provenance, e.provenance, "\(context): \(g.reference)", file: file, line: line)
        }
    }

    /// A re-evaluated tree whose literal changed only its value, at the same place (a number,
    /// a boolean, a string), restyles that view: literals are compared by value, numbers by
    /// their bits.
    func testALiteralWhoseValueChangedAtTheSamePlaceIsRestyled() {
        func tree(alpha: Double, hidden: Bool, text: String) -> View {
            let label = T.view(T.label, nil, "a")
            label.literals = [Literal(keyPath: T.keyPath(T.view, "alpha"), value: .number(alpha), location: T.at(10)),
                              Literal(keyPath: T.keyPath(T.view, "isHidden"), value: .bool(hidden), location: T.at(11)),
                              Literal(keyPath: T.keyPath(T.label, "text"), value: .string(text), location: T.at(12))]
            return T.view(T.stack, "root", "", label, T.view(T.label, nil, "a"))
        }
        let sheet = Stylesheet()
        sheet.addRule(".a", T.mut(T.label, "textColor", World.colors[0]), line: 1)
        let first = Cascade(sheet).restyle(tree(alpha: 0.5, hidden: false, text: "x"), after: nil).styled
        let same = Cascade(sheet).restyle(tree(alpha: 0.5, hidden: false, text: "x"), after: first)
        XCTAssertEqual(same.restyled, [], "the same literals: every view kept")
        for (edited, name) in [(tree(alpha: 0.9, hidden: false, text: "x"), "a number"), (tree(alpha: 0.5, hidden: true, text: "x"), "a boolean"),
                               (tree(alpha: 0.5, hidden: false, text: "y"), "a string")] {
            let result = Cascade(sheet).restyle(edited, after: first)
            XCTAssertEqual(result.restyled, [1], name)
            XCTAssertEqual(result.changes?.count, 1, name)
        }
    }

    /// A theme switch keeps the rules' selectors: views whose own layer only sets properties
    /// take the rules' new values under it; a view with a `mver` of its own is restyled.
    func testAThemeSwitchRebasesViewsWhoseOwnLayerOnlySets() {
        let plain = T.view(T.label, nil, "b"), literal = T.view(T.label, nil, "b"), transformed = T.view(T.label, nil, "b")
        literal.literals = [Literal(keyPath: T.keyPath(T.label, "text"), value: .string("hi"), location: T.at(20))]
        transformed.styles = [try! Style.mver(.keyPath(T.keyPath(T.view, "alpha")), World.halve, root: T.view, at: T.at(30))]
        let root = T.view(T.stack, "root", "", plain, literal, transformed)
        let sheet = Self.colorAndAlpha
        let firstSheet = sheet(World.colors[0], 0.8), secondSheet = sheet(World.colors[1], 0.6)
        let engine = StyleEngine(firstSheet)
        let first = Cascade(engine).restyle(root, after: nil)
        let firstIndex = engine.ruleIndex
        let before = TreeSnapshot(root)
        engine.adopt(secondSheet)
        let second = Cascade(engine).restyle(root, after: first.styled)
        XCTAssertTrue(Self.sharesCandidates(firstIndex, engine.ruleIndex),
                      "the same selectors: the index is the first's with the new styles")
        XCTAssertEqual(engine.ruleIndex.preparedStyles.count, 2)
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

    /// A theme switch that changes an appearance leaves the views whose appearances and rules
    /// give what they gave (the labels here: their rules set the same in either theme) as they
    /// are, their values and records untouched, with or without provenance, a label with a
    /// `mver` of its own among them (what it transforms did not change); the button, whose
    /// appearance changed, is rebased, and no other view is reached. Every switch gives what a
    /// full styling gives.
    func testAThemeSwitchLeavesViewsWhoseResultIsTheSame() {
        for recording in [true, false] {
            let a = T.view(T.label, nil, "a"), b = T.view(T.label, nil, "a"), literal = T.view(T.label, nil, "a")
            let transformed = T.view(T.label, nil, "a"), button = T.view(T.button)
            literal.literals = [Literal(keyPath: T.keyPath(T.label, "text"), value: .string("hi"), location: T.at(20))]
            transformed.styles = [try! Style.mver(.keyPath(T.keyPath(T.view, "alpha")), World.halve, root: T.view, at: T.at(30))]
            let root = T.view(T.stack, "root", "", a, b, literal, transformed, button)
            func sheet(_ alpha: Double) -> Stylesheet {
                let s = Stylesheet()
                s.addAppearance(T.button, T.mut(T.view, "alpha", .number(alpha)), line: 1)
                s.addRule(".a", T.mut(T.label, "textColor", World.colors[2]), line: 2)
                s.addRule("Label", T.mut(T.view, "alpha", .number(0.5)), line: 3)
                return s
            }
            let engine = StyleEngine(sheet(0.8))
            var styled = Cascade(engine).restyle(root, after: nil, recordingProvenance: recording).styled
            for (round, alpha) in [0.6, 0.8, 0.6].enumerated() {
                let context = "recording \(recording), round \(round)"
                let before = TreeSnapshot(root)
                let labels = [a, b, literal, transformed]
                let valuesBefore = labels.map(\.values), recordsBefore = labels.map(\.recordIdentity)
                engine.adopt(sheet(alpha))
                let switched = Cascade(engine).restyle(root, after: styled, recordingProvenance: recording)
                XCTAssertEqual(switched.diagnostics, [], context)
                XCTAssertEqual(switched.rebased, [5], context)
                XCTAssertEqual(switched.restyled, [], context)
                XCTAssertEqual(switched.visited, 1, "\(context): the button alone")
                for (k, label) in labels.enumerated() {
                    XCTAssertTrue(label.values.isUnwrittenCopy(of: valuesBefore[k]), "\(context): \(label.reference) untouched")
                    XCTAssertEqual(label.recordIdentity, recordsBefore[k], "\(context): \(label.reference) untouched")
                }
                XCTAssertEqual(switched.changes, TreeSnapshot(root).changes(since: before), context)
                XCTAssertEqual(switched.changes?.map(\.view), [button.reference], context)
                let reference = World.copyOf(root)
                XCTAssertEqual(Cascade(sheet(alpha)).apply(to: reference, recordingProvenance: recording), [], context)
                for (got, expected) in zip(World.views(root), World.views(reference)) {
                    XCTAssertEqual(got.values, expected.values, "\(context): \(got.reference)")
                    XCTAssertEqual(got.provenance, expected.provenance, "\(context): \(got.reference)")
                }
                styled = switched.styled
            }
        }
    }

    /// A theme switch that changes a value a view's rules write rebases the view, although
    /// the rule that wins writes the same: its record keeps the value each write replaced.
    func testAThemeSwitchRebasesAViewWhoseOverriddenValueChanged() {
        let label = T.view(T.label, nil, "a")
        let root = T.view(T.stack, "root", "", label)
        func sheet(_ color: Value) -> Stylesheet {
            let s = Stylesheet()
            s.addAppearance(T.label, T.mut(T.label, "textColor", color), line: 1)
            s.addRule(".a", T.mut(T.label, "textColor", World.colors[2]), line: 2)
            return s
        }
        let engine = StyleEngine(sheet(World.colors[0]))
        let first = Cascade(engine).restyle(root, after: nil)
        engine.adopt(sheet(World.colors[1]))
        let switched = Cascade(engine).restyle(root, after: first.styled)
        XCTAssertEqual(switched.rebased, [1])
        XCTAssertEqual(switched.changes, [])
        let reference = World.copyOf(root)
        XCTAssertEqual(Cascade(sheet(World.colors[1])).apply(to: reference), [])
        XCTAssertEqual(label.provenance, World.views(reference)[1].provenance)
    }

    /// Rules giving `.b` labels a text colour and every label an alpha.
    private static func colorAndAlpha(_ color: Value, _ alpha: Double) -> Stylesheet {
        let s = Stylesheet()
        s.addRule(".b", T.mut(T.label, "textColor", color), line: 1)
        s.addRule("Label", T.mut(T.view, "alpha", .number(alpha)), line: 2)
        return s
    }

    /// A host's tree whose views the host restyled or set between two restyles lists what the
    /// views saw change, from what each held (as snapshots compare them), when asked to; by
    /// position from the previous tree otherwise. A tree left alone lists the same either way.
    func testChangesAsTheViewsSawThemFollowWhatAHostSetInBetween() throws {
        let themed = T.view(T.label, "themed", "b"), set = T.view(T.label, "set", "b"), alone = T.view(T.label, "alone", "b")
        let root = T.view(T.stack, "root", "", themed, set, alone)
        let sheet = Self.colorAndAlpha
        for asSeen in [true, false] {
            let engine = StyleEngine(sheet(World.colors[0], 0.8))
            let first = Cascade(engine).restyle(root, after: nil)
            engine.adopt(sheet(World.colors[1], 0.6))
            let untouched = TreeSnapshot(root)
            let second = Cascade(engine).restyle(root, after: first.styled, knownSameShape: nil, changesAsTheViewsSawThem: asSeen)
            XCTAssertEqual(second.changes, TreeSnapshot(root).changes(since: untouched), "nothing set in between, \(asSeen)")

            // The host styles one label with a sheet of its own and sets another's alpha.
            XCTAssertEqual(Cascade(sheet(World.colors[2], 0.4)).apply(to: themed), [])
            try set.set("alpha", .number(0.5))
            let before = TreeSnapshot(root)
            engine.adopt(sheet(World.colors[0], 0.8))
            let third = Cascade(engine).restyle(root, after: second.styled, knownSameShape: nil, changesAsTheViewsSawThem: asSeen)
            let seen = TreeSnapshot(root).changes(since: before)
            if asSeen {
                XCTAssertEqual(third.changes, seen)
            } else {
                XCTAssertNotEqual(third.changes, seen, "by position from the previous tree")
                XCTAssertEqual(third.changes?.first { $0.viewIdentity == themed.identity && $0.property == "textColor" }?.old,
                               World.colors[1], "the previous tree's value, not the one the host set")
            }
            XCTAssertEqual(themed["textColor"], World.colors[0])
            XCTAssertEqual(set["alpha"], .number(0.5))
            XCTAssertEqual(alone["alpha"], .number(0.8))
            set.literals = []
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
        // Changes to another tree leave this tree's stamp as it was: its count is its own.
        let elsewhere = T.view(T.stack, "elsewhere", "", T.view(T.label, nil, "a"))
        let otherEdits: [(String, () -> Void)] = [
            ("a view elsewhere", { _ = T.view(T.stack, nil, "", T.view(T.label)) }),
            ("classes elsewhere", { elsewhere.children[0].setClasses(["b"]) }),
            ("id elsewhere", { elsewhere.id = "gone" }),
            ("child added elsewhere", { elsewhere.addChild(T.view(T.label)) }),
        ]
        for (name, edit) in otherEdits {
            edit()
            XCTAssertTrue(styled.isUnchanged(under: root), name)
        }
        let edits: [(String, () -> Void, Bool)] = [
            ("classes", { label.setClasses(["b"]) }, false),
            ("classes back", { label.setClasses(["a"]) }, true),
            ("id", { label.id = "heading" }, false),
            ("id back", { label.id = "title" }, true),
            ("child added", { root.addChild(other) }, false),
            ("child removed", { other.removeFromParent() }, true),
        ]
        // Each edit counts, back or not; the views compared again tell whether the shape holds.
        for (name, edit, sameShape) in edits {
            edit()
            XCTAssertFalse(styled.isUnchanged(under: root), name)
            XCTAssertEqual(styled.hasSameShape(as: root), sameShape, name)
        }
        let again = Cascade(sheet).restyle(root, after: styled)
        XCTAssertTrue(again.styled!.isUnchanged(under: root))
        XCTAssertEqual(again.restyled, [], "nothing changed: every view kept")
    }

    /// A tree styled from a view with a parent is stamped with its top root: a change above
    /// the styled view, beside it, or its parent going away all count; the freed parent's
    /// children are trees of their own.
    func testAShapeStampCountsChangesAboveTheStyledView() {
        let sheet = Stylesheet()
        sheet.addRule(".a .b", T.mut(T.label, "textColor", World.colors[0]), line: 1)
        let label = T.view(T.label, nil, "b"), sibling = T.view(T.label)
        let middle = T.view(T.stack, nil, "", label, sibling)
        var top: View? = T.view(T.stack, "top", "a", middle)
        func styled() -> StyledTree { Cascade(sheet).restyle(middle, after: nil).styled! }
        let edits: [(String, () -> Void)] = [
            ("classes above", { top!.setClasses(["c"]) }),
            ("a sibling's id", { sibling.id = "beside" }),
            ("a child added above", { top!.addChild(T.view(T.label)) }),
            ("moved out", { middle.removeFromParent() }),
            ("moved in", { top!.addChild(middle) }),
            ("the parent freed", { top = nil }),
        ]
        for (name, edit) in edits {
            let before = styled()
            XCTAssertTrue(before.isUnchanged(under: middle), name)
            edit()
            XCTAssertFalse(before.isUnchanged(under: middle), name)
        }
        XCTAssertNil(middle.parent)
        XCTAssertTrue(styled().isUnchanged(under: middle), "a root of its own now")
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
        let engine = StyleEngine(first.sheet)
        let styled = Cascade(engine).restyle(first.root, after: nil).styled
        let firstIndex = engine.ruleIndex
        let second = try evaluate(World.colors[1])
        XCTAssertTrue(styled?.hasSameShape(as: second.root) == true)
        let before = TreeSnapshot(first.root)
        engine.adopt(second.sheet)
        let restyle = Cascade(engine).restyle(second.root, after: styled)
        XCTAssertFalse(Self.sharesCandidates(firstIndex, engine.ruleIndex),
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

/// A `mver` that makes a font bold, new at every evaluation as a script's function is.
private final class Bolder: ValueTransform {
    let dependsOnlyOnValue: Bool
    init(valueOnly: Bool) { dependsOnlyOnValue = valueOnly }
    func transform(_ value: Value, path: StyleKeyPath, view: View) throws(Diagnostic) -> Value {
        guard case .font(let f) = value else { return value }
        return .font(Font(name: f.name, size: f.size, weight: .bold))
    }
}
