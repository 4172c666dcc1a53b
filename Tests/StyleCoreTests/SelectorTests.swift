import StyleCore
import XCTest

final class SelectorTests: XCTestCase {
    func testParsesCompoundsCombinatorsAndLists() throws {
        let list = try SelectorList.parse("  StackView#root > Button.primary.large ,#cancel .x", schema: T.schema)
        XCTAssertEqual(list.selectors.count, 2)
        let first = list.selectors[0]
        XCTAssertEqual(first.text, "StackView#root > Button.primary.large")
        XCTAssertEqual(first.offset, 2)
        XCTAssertEqual(first.combinators, [.child])
        XCTAssertEqual(first.compounds[0].kind, T.stack)
        XCTAssertEqual(first.compounds[0].id, "root")
        XCTAssertEqual(first.subject.kind, T.button)
        XCTAssertEqual(first.subject.classes, ["primary", "large"])
        XCTAssertEqual(first.subject.offset, 19)
        let second = list.selectors[1]
        XCTAssertEqual(second.text, "#cancel .x")
        XCTAssertEqual(second.combinators, [.descendant])
        XCTAssertNil(second.subject.kind)
        XCTAssertEqual(list.text, "  StackView#root > Button.primary.large ,#cancel .x")
    }

    func testBEMClassNames() throws {
        for name in ["card__title--large", "block--mod", "a-b_c", "_private", "x1"] {
            let list = try SelectorList.parse("Label.\(name)", schema: T.schema)
            XCTAssertEqual(list.selectors[0].subject.classes, [name], name)
        }
        let list = try SelectorList.parse("#item-3", schema: T.schema)
        XCTAssertEqual(list.selectors[0].subject.id, "item-3")
    }

    func testWhitespaceOfAnyKindIsADescendantCombinator() throws {
        let list = try SelectorList.parse("StackView\n\t Label", schema: T.schema)
        XCTAssertEqual(list.selectors[0].combinators, [.descendant])
        XCTAssertEqual(try SelectorList.parse("StackView>Label", schema: T.schema).selectors[0].combinators, [.child])
        XCTAssertEqual(try SelectorList.parse("A > B .c", schema: schemaWithAB()).selectors[0].combinators, [.child, .descendant])
    }

    func testSpecificityTable() throws {
        let cases: [(String, Specificity)] = [
            ("*", Specificity(ids: 0, classes: 0, kinds: 0)),
            ("Button", Specificity(ids: 0, classes: 0, kinds: 1)),
            (".primary", Specificity(ids: 0, classes: 1, kinds: 0)),
            ("Button.primary.large", Specificity(ids: 0, classes: 2, kinds: 1)),
            ("#root", Specificity(ids: 1, classes: 0, kinds: 0)),
            ("StackView#root > .row Label.title", Specificity(ids: 1, classes: 2, kinds: 2)),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try SelectorList.parse(text, schema: T.schema).selectors[0].specificity, expected, text)
        }
        // Lexicographic: one id beats any number of classes, one class any number of kinds.
        XCTAssertLessThan(Specificity(ids: 0, classes: 9, kinds: 9), Specificity(ids: 1, classes: 0, kinds: 0))
        XCTAssertLessThan(Specificity(ids: 0, classes: 0, kinds: 9), Specificity(ids: 0, classes: 1, kinds: 0))
    }

    func testErrorTable() {
        // (selector, message, offset, length, code)
        let cases: [(String, String, Int, Int, Diagnostic.Code)] = [
            ("Buton.primary", "Unknown kind 'Buton' in selector 'Buton.primary'. Did you mean 'Button'?", 0, 5, .unknownKind),
            ("StackView > lable", "Unknown kind 'lable' in selector 'StackView > lable'. Did you mean 'Label'?", 12, 5, .unknownKind),
            ("Gizmo", "Unknown kind 'Gizmo' in selector 'Gizmo'.", 0, 5, .unknownKind),
            ("Layer", "'Layer' in selector 'Layer' is a sub-object, not a view kind; selectors match views only. "
                + "Style it through a key path of its owner, e.g. 'View.layer.cornerRadius'.", 0, 5, .unknownKind),
            ("", "The selector is empty; write a kind, '#id' or '.class', e.g. 'Button.primary'.", 0, 0, .badSelector),
            ("   ", "The selector is empty; write a kind, '#id' or '.class', e.g. 'Button.primary'.", 0, 3, .badSelector),
            ("Label >", "The combinator '>' in selector 'Label >' needs a compound on both sides, e.g. 'StackView > Label'.", 6, 1, .badSelector),
            ("> Label", "The combinator '>' in selector '> Label' needs a compound on both sides, e.g. 'StackView > Label'.", 0, 1, .badSelector),
            ("A > > B", "The combinator '>' in selector 'A > > B' needs a compound on both sides, e.g. 'StackView > Label'.", 2, 1, .badSelector),
            ("Label >, Button", "The combinator '>' in selector 'Label >, Button' needs a compound on both sides, e.g. 'StackView > Label'.", 6, 1, .badSelector),
            ("Label,", "Selector 'Label,' has an empty item in its ',' list.", 5, 1, .badSelector),
            ("Label,,Button", "Selector 'Label,,Button' has an empty item in its ',' list.", 6, 1, .badSelector),
            (", Label", "Selector ', Label' has an empty item in its ',' list.", 0, 1, .badSelector),
            // State pseudo-classes (SPEC §6.1): an unknown one is pointed at, colon included.
            ("Button:hover", "Unknown pseudo-class ':hover' in selector 'Button:hover'. "
                + "The states are :normal, :highlighted, :disabled, :selected, :focused.", 6, 6, .badSelector),
            ("Button:hilighted", "Unknown pseudo-class ':hilighted' in selector 'Button:hilighted'. Did you mean 'highlighted'?", 6, 10, .badSelector),
            ("StackView > .primary:selectd", "Unknown pseudo-class ':selectd' in selector 'StackView > .primary:selectd'. Did you mean 'selected'?", 20, 8, .badSelector),
            ("Label:disabled", "Selector 'Label:disabled' gives ':disabled' to Label, which is not a control; only controls "
                + "(Button, TextField, kinds declared with control = true) have states.", 5, 9, .unknownState),
            ("StackView:focused Button", "Selector 'StackView:focused Button' gives ':focused' to StackView, which is not a control; "
                + "only controls (Button, TextField, kinds declared with control = true) have states.", 9, 8, .unknownState),
            ("Button:", "Expected a state (normal, highlighted, disabled, selected, focused) after ':' in selector 'Button:'.", 6, 1, .badSelector),
            ("Button:normal:selected", "Selector 'Button:normal:selected' asks for ':normal' and ':selected'; ':normal' is the absence of every other state.", 13, 9, .badSelector),
            ("Label[x]", "Unexpected character '[' in selector 'Label[x]' at column 6. "
                + "Attribute selectors are not supported; use a class.", 5, 1, .badSelector),
            ("Label + Button", "Unexpected character '+' in selector 'Label + Button' at column 7. "
                + "Only descendant (space) and child ('>') combinators are supported.", 6, 1, .badSelector),
            ("Label.a$b", "Unexpected character '$' in selector 'Label.a$b' at column 8. "
                + "A selector is made of kinds, '#id', '.class', spaces, '>' and ','.", 7, 1, .badSelector),
            ("Label.", "Expected a class name after '.' in selector 'Label.'.", 5, 1, .badSelector),
            ("# .x", "Expected an id after '#' in selector '# .x'.", 0, 1, .badSelector),
            ("#a#b", "Selector '#a#b' gives two ids, '#a' and '#b'; a view has only one.", 2, 2, .badSelector),
        ]
        for (text, message, offset, length, code) in cases {
            do {
                _ = try SelectorList.parse(text, schema: schemaWithAB())
                XCTFail("'\(text)' parsed")
            } catch {
                XCTAssertEqual(error.message, message, text)
                XCTAssertEqual(error.offset, offset, text)
                XCTAssertEqual(error.length, length, text)
                XCTAssertEqual(error.code, code, text)
            }
        }
    }

    /// Text beyond ASCII: offsets and columns count characters, whitespace of any script is a
    /// combinator, and any other such character is unexpected, named as written.
    func testTextBeyondASCIICountsCharacters() throws {
        let spaced = try SelectorList.parse("StackView\u{00A0}Label,\u{3000}Button", schema: T.schema)
        XCTAssertEqual(spaced.selectors.map(\.text), ["StackView\u{00A0}Label", "Button"])
        XCTAssertEqual(spaced.selectors.map(\.offset), [0, 17])
        XCTAssertEqual(spaced.selectors[0].combinators, [.descendant])
        let crlf = try SelectorList.parse("StackView\r\n.a", schema: T.schema)
        XCTAssertEqual(crlf.selectors[0].compounds.map(\.offset), [0, 10])
        for (text, character, offset) in [("Label.café", "é", 9), ("é Label", "é", 0), ("Label.a\u{00A0}.b$", "$", 10), ("🙂.a", "🙂", 0)] {
            do {
                _ = try SelectorList.parse(text, schema: T.schema)
                XCTFail("'\(text)' parsed")
            } catch {
                XCTAssertEqual(error.offset, offset, text)
                XCTAssertTrue(error.message.hasPrefix("Unexpected character '\(character)' in selector '\(text)' at column \(offset + 1)."), error.message)
            }
        }
    }

    func testUnknownKindSuggestionAndDiagnosticColumn() {
        do {
            _ = try SelectorList.parse("StackView > Buton", schema: T.schema)
            XCTFail("parsed")
        } catch {
            XCTAssertEqual(error.suggestions, ["Button"])
            // The literal `rule("StackView > Buton", …)` opens its text at column 7.
            let d = error.diagnostic(selectorStartsAt: SourceLocation(file: "app.lua", line: 4, column: 7))
            XCTAssertEqual(d.description, "app.lua:4:19: error: Unknown kind 'Buton' in selector 'StackView > Buton'. Did you mean 'Button'? [unknown-kind]")
            XCTAssertEqual(d.endColumn, 24)
            XCTAssertEqual(d.suggestions, ["Button"])
        }
    }

    func testHostKindsAreKnownToSelectors() throws {
        var schema = Schema.standard
        let gradient = try schema.register("GradientView", superKind: Schema.view, properties: [.value("fromColor", .optional(.color))])
        let list = try SelectorList.parse("GradientView.hero", schema: schema)
        XCTAssertEqual(list.selectors[0].subject.kind, gradient)
        XCTAssertThrowsError(try SelectorList.parse("GradientView", schema: .standard))
    }

    func testKindMatchesSubKinds() {
        let button = T.view(T.button, "ok", "primary")
        XCTAssertTrue(T.selector("View").matches(button))
        XCTAssertTrue(T.selector("Button").matches(button))
        XCTAssertTrue(T.selector("*").matches(button))
        XCTAssertFalse(T.selector("Label").matches(button))
        XCTAssertTrue(T.selector("View#ok.primary").matches(button))
        XCTAssertFalse(T.selector(".primary.large").matches(button))
        XCTAssertFalse(T.selector("#other").matches(button))
    }

    func testDescendantVersusChild() {
        let title = T.view(T.label, "title", "")
        let card = T.view(T.stack, nil, "card", T.view(T.stack, nil, "row", title))
        let root = T.view(T.stack, "root", "", card)
        defer { withExtendedLifetime(root) {} }  // a parent is held weakly
        XCTAssertTrue(T.selector(".card Label").matches(title))
        XCTAssertFalse(T.selector(".card > Label").matches(title))
        XCTAssertTrue(T.selector(".card > .row > Label").matches(title))
        XCTAssertTrue(T.selector("#root .row > #title").matches(title))
        XCTAssertFalse(T.selector("#root > .row Label").matches(title))
        XCTAssertFalse(T.selector("Label .card").matches(title))
        // Backtracking: the first ancestor matching `StackView` is not the one that has a
        // `#root` parent; a later one is.
        XCTAssertTrue(T.selector("#root > StackView Label").matches(title))
    }

    func testBestMatchOfAListIsItsMostSpecificMatchingMember() {
        let label = T.view(T.label, "title", "headline")
        let list = T.selector("Button, Label, .headline, Label.headline, #nope")
        XCTAssertEqual(list.bestMatch(for: label)?.text, "Label.headline")
        XCTAssertTrue(list.matches(label))
        XCTAssertNil(T.selector("Button, #nope").bestMatch(for: label))
        // A tie goes to the first written.
        XCTAssertEqual(T.selector(".headline, Label").bestMatch(for: T.view(T.label, nil, "headline"))?.text, ".headline")
    }

    /// The standard schema plus kinds `A` and `B`, for short selectors.
    private func schemaWithAB() -> Schema {
        var schema = Schema.standard
        _ = try? schema.register("A", superKind: Schema.view, properties: [])
        _ = try? schema.register("B", superKind: Schema.view, properties: [])
        return schema
    }
}

/// Descendant combinators backtrack; on a deep tree a selector of many compounds that cannot
/// match used to try every placement of its compounds on the ancestors (a hang, not an answer).
final class DeepSelectorTests: XCTestCase {
    private func chain(_ depth: Int) -> (root: View, leaf: View) {
        let leaf = View(kind: Schema.view, id: "leaf")
        var top = leaf
        for i in 0..<depth {
            let parent = View(kind: Schema.view, classes: i == depth / 2 ? ["middle"] : [])
            parent.addChild(top)
            top = parent
        }
        return (top, leaf)
    }

    func testManyDescendantCompoundsOnADeepTreeAnswerQuickly() throws {
        let (root, leaf) = chain(300)
        let impossible = try SelectorList.parse("Label " + String(repeating: "View ", count: 12) + "View", schema: .standard)
        XCTAssertFalse(impossible.matches(leaf))
        let possible = try SelectorList.parse(String(repeating: "View ", count: 12) + ".middle " + String(repeating: "View ", count: 12) + "#leaf", schema: .standard)
        XCTAssertTrue(possible.matches(leaf))
        let tooMany = try SelectorList.parse(String(repeating: "View ", count: 302) + "#leaf", schema: .standard)
        XCTAssertFalse(tooMany.matches(leaf))
        XCTAssertNotNil(root)
    }
}
