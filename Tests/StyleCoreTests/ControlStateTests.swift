@testable import StyleCore
import XCTest

/// Controls, their states, state pseudo-classes and `when` (SPEC §6.1) and traits (§6.2).
final class ControlStateTests: XCTestCase {
    private let red = Value.color(Color(red: 1, green: 0, blue: 0))
    private let gray = Value.color(Color(red: 0.5, green: 0.5, blue: 0.5))

    func testControlsHaveTheStatePropertiesOnceAndSubKindsInherit() throws {
        XCTAssertTrue(Schema.button.isControl)
        XCTAssertTrue(Schema.textField.isControl)
        XCTAssertFalse(Schema.label.isControl)
        for path in ["isEnabled", "isSelected", "isHighlighted", "isFocused"] {
            XCTAssertNotNil(Schema.button.property(path), path)
            XCTAssertNotNil(Schema.textField.property(path), path)
            XCTAssertNil(Schema.label.property(path), path)
        }
        // Button declares isEnabled with its own doc; it is not declared twice.
        XCTAssertEqual(Schema.button.properties.filter { $0.path == "isEnabled" }.count, 1)
        XCTAssertEqual(Schema.textField.property("isEnabled")?.defaultValue, .bool(true))
        var schema = Schema.standard
        let toggle = try schema.register("Toggle", superKind: Schema.view, isControl: true, properties: [.value("on", .bool)])
        let fancy = try schema.register("FancyButton", superKind: Schema.button, properties: [])
        XCTAssertTrue(toggle.isControl)
        XCTAssertTrue(fancy.isControl)
        XCTAssertNotNil(toggle.property("isHighlighted"))
        XCTAssertThrowsError(try schema.register("Bad", superKind: Schema.view, isControl: true, properties: [.value("isSelected", .bool)]))
        XCTAssertTrue(schema.mayBeControl(Schema.view))
        XCTAssertFalse(schema.mayBeControl(Schema.label))
    }

    func testAViewsStateComesFromTheTreeAndTheOverride() {
        let button = View(kind: Schema.button)
        XCTAssertEqual(button.state, .normal)
        button.literals = [
            Literal(keyPath: T.keyPath(Schema.button, "isEnabled"), value: .bool(false), location: T.at(1)),
            Literal(keyPath: T.keyPath(Schema.button, "isHighlighted"), value: .bool(true), location: T.at(1)),
        ]
        XCTAssertEqual(button.state, [.disabled, .highlighted])
        button.stateOverride = .selected
        XCTAssertEqual(button.state, .selected)
        button.stateOverride = nil
        XCTAssertEqual(button.state, [.disabled, .highlighted])
        // A label is never in a state.
        let label = View(kind: Schema.label)
        label.stateOverride = .highlighted
        XCTAssertEqual(label.state, .normal)
    }

    func testPseudoClassesMatchStatesAndCountAsClasses() throws {
        let cases: [(String, Specificity)] = [
            ("Button:highlighted", Specificity(ids: 0, classes: 1, kinds: 1)),
            (".primary:disabled", Specificity(ids: 0, classes: 2, kinds: 0)),
            ("Button:selected:highlighted", Specificity(ids: 0, classes: 2, kinds: 1)),
            ("StackView > Button:focused.x", Specificity(ids: 0, classes: 2, kinds: 2)),
            ("View:normal", Specificity(ids: 0, classes: 1, kinds: 1)),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try SelectorList.parse(text, schema: T.schema).selectors[0].specificity, expected, text)
        }
        let both = try SelectorList.parse("Button:selected:highlighted", schema: T.schema)
        let normal = try SelectorList.parse("Button:normal", schema: T.schema)
        let button = View(kind: Schema.button)
        XCTAssertFalse(both.matches(button))
        XCTAssertTrue(normal.matches(button))
        button.stateOverride = [.selected]
        XCTAssertFalse(both.matches(button))
        XCTAssertFalse(normal.matches(button))
        button.stateOverride = [.selected, .highlighted, .focused]
        XCTAssertTrue(both.matches(button))
        // A pseudo-class in an ancestor's compound.
        var schema = Schema.standard
        let toggle = try schema.register("Toggle", superKind: Schema.view, isControl: true, properties: [])
        let inside = try SelectorList.parse("Toggle:selected Label", schema: schema)
        let parent = View(kind: toggle), label = View(kind: Schema.label)
        parent.addChild(label)
        XCTAssertFalse(inside.matches(label))
        parent.stateOverride = .selected
        XCTAssertTrue(inside.matches(label))
    }

    func testConditionsOfStatesAndTraits() throws {
        var c = Condition()
        try c.add("state", ["disabled", "highlighted+selected"])
        try c.add("colorScheme", ["dark"])
        try c.add("contentSize", [">= accessibilityMedium"])
        var dark = Traits(colorScheme: .dark, contentSize: .accessibilityLarge)
        XCTAssertTrue(c.holds(state: .disabled, traits: dark))
        XCTAssertTrue(c.holds(state: [.highlighted, .selected, .focused], traits: dark))
        XCTAssertFalse(c.holds(state: .highlighted, traits: dark))
        XCTAssertFalse(c.holds(state: .disabled, traits: .default))
        dark.contentSize = .extraExtraExtraLarge
        XCTAssertFalse(c.holds(state: .disabled, traits: dark))
        for (text, size, holds) in [("> large", ContentSize.extraLarge, true), ("> large", .large, false), ("< small", .extraSmall, true),
                                    ("<= small", .small, true), (">=extraSmall", .extraSmall, true)] {
            var t = Condition()
            try t.add("contentSize", [text])
            XCTAssertEqual(t.traitsHold(for: Traits(contentSize: size)), holds, text)
        }
        var any = Condition()
        try any.add("horizontalSizeClass", ["compact", "regular"])
        XCTAssertTrue(any.traitsHold(for: Traits(horizontalSizeClass: .regular)))
        XCTAssertEqual(try Condition.parse(state: "normal").get().stateHolds(.normal), true)
        XCTAssertEqual(try Condition.parse(state: "normal").get().stateHolds(.selected), false)
    }

    func testConditionErrorsNameTheClosest() {
        let cases: [(String, [String], String)] = [
            ("colorSheme", ["dark"], "Unknown trait 'colorSheme'. Did you mean 'colorScheme'?"),
            ("stat", ["disabled"], "Unknown trait 'stat'. Did you mean 'state'?"),
            ("colorScheme", ["drak"], "'drak' is not a value of colorScheme. Did you mean 'dark'?"),
            ("state", ["hilighted"], "Unknown state 'hilighted'. Did you mean 'highlighted'?"),
            ("contentSize", [">= accessibilityMedum"], "'accessibilityMedum' is not a value of contentSize. Did you mean 'accessibilityMedium'?"),
            ("state", [], "The condition gives 'state' an empty list; give it a value or a list of values."),
        ]
        for (name, values, message) in cases {
            var c = Condition()
            XCTAssertThrowsError(try c.add(name, values), name) { XCTAssertEqual(($0 as? ConditionError)?.message, message, name) }
        }
        XCTAssertEqual(Condition.parse(state: "pressed").failureMessage,
                       "Unknown state 'pressed'. Did you mean 'highlighted'? UIKit's name for 'pressed' is 'highlighted'.")
        XCTAssertEqual(Condition.parse(state: "Checked").failureMessage,
                       "Unknown state 'Checked'. Did you mean 'selected'? UIKit's name for 'Checked' is 'selected'.")
        XCTAssertEqual(Condition.parse(state: "wobbly").failureMessage, "Unknown state 'wobbly'. States are normal, highlighted, disabled, selected, focused.")
        // A state condition on a style that can only apply to non-controls.
        XCTAssertThrowsError(try Style.when(Condition(states: [.highlighted]), T.mut(Schema.label, "alpha", .number(0.5)),
                                            schema: .standard, at: T.at(3))) {
            XCTAssertEqual(($0 as? StyleError)?.code, .unknownState)
        }
    }

    /// The cascade: pseudo-class rules and `when` per view's state, trait `when`s per run, in
    /// source order, for appearances, rules, own styles and nested `when`s.
    func testTheCascadeResolvesForStateAndTraits() throws {
        let sheet = Stylesheet()
        sheet.addRule("Button:highlighted", T.mut(Schema.button, "titleColor", gray, line: 2))
        sheet.addRule(".primary:disabled", T.mut(Schema.button, "titleColor", red, line: 3))
        let dark = try Style.when(Condition(traits: [.oneOf(.colorScheme, ["dark"])]), T.mut(Schema.view, "alpha", .number(0.5), line: 4), at: T.at(4))
        let pressed = try Style.when(Condition(states: [.highlighted]),
                                     T.concat(T.mut(Schema.view, "alpha", .number(0.8), line: 5), dark, line: 5), at: T.at(5))
        // In source order: the `when` sits between two sets of alpha.
        sheet.addAppearance(Schema.button, T.concat(T.mut(Schema.view, "alpha", .number(0.9), line: 6), pressed,
                                                    T.mut(Schema.view, "isHidden", .bool(false), line: 6), line: 6))
        let a = T.view(Schema.button, "a", "primary"), b = T.view(Schema.button, "b", "primary"), c = T.view(Schema.button, "c")
        let label = T.view(Schema.label, "l")
        label.styles = [dark]
        let root = T.view(Schema.stackView, "root", "", a, b, c, label)
        b.stateOverride = .disabled
        c.stateOverride = .highlighted
        XCTAssertEqual(Cascade(sheet).apply(to: root), [])
        XCTAssertEqual(a["titleColor"], .null)
        XCTAssertEqual(b["titleColor"], red)
        XCTAssertEqual(c["titleColor"], gray)
        XCTAssertEqual(a["alpha"], .number(0.9))
        XCTAssertEqual(c["alpha"], .number(0.8))
        XCTAssertEqual(label["alpha"], .number(1))
        let engine = StyleEngine(sheet, traits: Traits(colorScheme: .dark))
        XCTAssertEqual(Cascade(engine).apply(to: root), [])
        XCTAssertEqual(c["alpha"], .number(0.5))
        XCTAssertEqual(a["alpha"], .number(0.9))
        XCTAssertEqual(label["alpha"], .number(0.5))
        // Traits changed on the engine: the kept results are not reused.
        engine.traits = .default
        XCTAssertEqual(Cascade(engine).apply(to: root), [])
        XCTAssertEqual(c["alpha"], .number(0.8))
        XCTAssertEqual(label["alpha"], .number(1))
        // A state changed between cascades of one engine.
        a.stateOverride = .highlighted
        XCTAssertEqual(Cascade(engine).apply(to: root), [])
        XCTAssertEqual(a["alpha"], .number(0.8))
        XCTAssertEqual(a["titleColor"], gray)
    }

    /// Views of one kind and matches in other states do not share a kept result, nor a match
    /// context, nor a restyle's carried matches.
    func testViewsOfOtherStatesDoNotShareResults() throws {
        let sheet = Stylesheet()
        sheet.addAppearance(Schema.button, try Style.when(Condition(states: [.selected]), T.mut(Schema.button, "titleColor", red), at: T.at(1)))
        sheet.addRule("Button:highlighted", T.mut(Schema.button, "titleColor", gray))
        let buttons = (0..<6).map { _ in T.view(Schema.button) }
        let root = View(kind: Schema.stackView)
        buttons.forEach(root.addChild)
        buttons[1].stateOverride = .selected
        buttons[3].stateOverride = .highlighted
        buttons[5].stateOverride = .selected
        let engine = StyleEngine(sheet)
        var styled = Cascade(engine).restyle(root, after: nil)
        XCTAssertEqual(styled.diagnostics, [])
        XCTAssertEqual(buttons.map { $0["titleColor"]! }, [Value]([.null, red, .null, gray, .null, red]))
        buttons[1].stateOverride = nil
        buttons[2].stateOverride = .highlighted
        styled = Cascade(engine).restyle(root, after: styled.styled)
        XCTAssertEqual(styled.diagnostics, [])
        XCTAssertEqual(buttons.map { $0["titleColor"]! }, [Value]([.null, .null, gray, gray, .null, red]))
        let reference = World.copyOf(root)
        XCTAssertEqual(ReferenceCascade(sheet).apply(to: reference), [])
        XCTAssertEqual(World.views(root).map(\.values), World.views(reference).map(\.values))
    }
}

private extension Result where Failure == ConditionError {
    var failureMessage: String? { if case .failure(let e) = self { e.message } else { nil } }
}

/// `Cascade.setState(_:of:)`: one control's state changed, only what it can change restyled.
final class StateChangeTests: XCTestCase {
    private let gray = Value.color(Color(red: 0.5, green: 0.5, blue: 0.5))

    private func tree() -> (root: View, button: View, labels: [View]) {
        let labels = (0..<3).map { _ in View(kind: Schema.label) }
        let button = View(kind: Schema.button, id: "b")
        labels.forEach(button.addChild)
        let root = View(kind: Schema.stackView)
        root.addChild(button)
        root.addChild(View(kind: Schema.button, id: "other"))
        return (root, button, labels)
    }

    private func assertLikeTheReference(_ sheet: Stylesheet, _ root: View, file: StaticString = #filePath, line: UInt = #line) {
        let reference = World.copyOf(root)
        XCTAssertEqual(ReferenceCascade(sheet).apply(to: reference), [], file: file, line: line)
        XCTAssertEqual(World.views(root).map(\.values), World.views(reference).map(\.values), file: file, line: line)
    }

    func testOnlyTheViewIsRestyledWhenNoRuleLooksAtAnAncestorsState() {
        let sheet = Stylesheet()
        sheet.addRule("Button:highlighted", T.mut(Schema.button, "titleColor", gray))
        sheet.addRule("Label", T.mut(Schema.view, "alpha", .number(0.5)))
        let (root, button, _) = tree()
        let engine = StyleEngine(sheet)
        XCTAssertEqual(Cascade(engine).apply(to: root), [])
        let change = Cascade(engine).setState(.highlighted, of: button)
        XCTAssertEqual(change.diagnostics, [])
        XCTAssertEqual(change.restyled.map(ObjectIdentifier.init), [ObjectIdentifier(button)])
        XCTAssertEqual(button["titleColor"], gray)
        XCTAssertEqual(change.changes.map(\.description), ["#b titleColor: \(Value.null) → \(gray)"])
        XCTAssertEqual(change.changes.first?.viewIdentity, button.identity)
        assertLikeTheReference(sheet, root)
        // The same state again changes nothing.
        XCTAssertTrue(Cascade(engine).setState(.highlighted, of: button).restyled.isEmpty)
    }

    func testDescendantsAreRestyledWhenARuleLooksAtAnAncestorsState() {
        let sheet = Stylesheet()
        sheet.addRule("Button:highlighted > Label", T.mut(Schema.view, "alpha", .number(0.5)))
        let (root, button, labels) = tree()
        let engine = StyleEngine(sheet)
        XCTAssertEqual(Cascade(engine).apply(to: root), [])
        let before = TreeSnapshot(root)
        let change = Cascade(engine).setState(.highlighted, of: button)
        XCTAssertEqual(change.restyled.count, 1 + labels.count)
        XCTAssertEqual(change.changes, TreeSnapshot(root).changes(since: before), "what a diff of the whole tree finds")
        XCTAssertEqual(labels.map { $0["alpha"]! }, [Value](repeating: .number(0.5), count: 3))
        XCTAssertEqual(change.changes.count, 3)
        XCTAssertEqual(Set(change.changes.map(\.property)), ["alpha"])
        assertLikeTheReference(sheet, root)
        XCTAssertEqual(Cascade(engine).setState(nil, of: button).restyled.count, 4)
        XCTAssertEqual(labels[0]["alpha"], .number(1))
        assertLikeTheReference(sheet, root)
    }

    func testAStateChangeKeepsWhatTheRestOfTheTreeUses() {
        // 300 results kept for the tree: one view restyled alone must not prune them as a
        // cascade that used few would, nor leave the tree's next restyle different.
        let sheet = Stylesheet()
        for i in 0..<300 { sheet.addRule(".c\(i)", T.mut(Schema.view, "alpha", .number(Double(i) / 1000), line: i + 1), line: i + 1) }
        sheet.addRule("Button:highlighted", T.mut(Schema.button, "titleColor", gray, line: 301), line: 301)
        let root = View(kind: Schema.stackView)
        for i in 0..<300 { root.addChild(View(kind: Schema.label, classes: ["c\(i)"])) }
        let button = View(kind: Schema.button, id: "b")
        root.addChild(button)
        let engine = StyleEngine(sheet)
        XCTAssertEqual(Cascade(engine).apply(to: root, recordingProvenance: false), [])
        let kept = engine.matchedResults?.count ?? 0
        XCTAssertGreaterThanOrEqual(kept, 300)
        for state in [ControlState.highlighted, nil, .highlighted] {
            XCTAssertEqual(Cascade(engine).setState(state, of: button, recordingProvenance: false).restyled.count, 1)
            // The highlighted button's result is one more.
            XCTAssertGreaterThanOrEqual(engine.matchedResults?.count ?? 0, kept, "the tree's results are kept")
            XCTAssertEqual(engine.lastTreeSize, 302, "the tree's size, not the view's")
        }
        XCTAssertEqual(Cascade(engine).apply(to: root, recordingProvenance: false), [])
        XCTAssertEqual(button["titleColor"], gray)
        assertLikeTheReference(sheet, root)
    }

    func testAFailureKeepsTheFormerStateAndValues() {
        let sheet = Stylesheet()
        sheet.addRule("Button:disabled", T.function(Schema.button) { app throws(Diagnostic) in
            throw Diagnostic(.typeMismatch, "fails when disabled", at: T.at(9))
        })
        let (root, button, _) = tree()
        let engine = StyleEngine(sheet)
        XCTAssertEqual(Cascade(engine).apply(to: root), [])
        let before = button.values
        let change = Cascade(engine).setState(.disabled, of: button)
        XCTAssertEqual(change.diagnostics.map(\.message), ["fails when disabled"])
        XCTAssertEqual(button.state, .normal)
        XCTAssertEqual(button.values, before)
    }
}
