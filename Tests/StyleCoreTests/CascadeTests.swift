import StyleCore
import XCTest

final class CascadeTests: XCTestCase {
    private let red = Value.color(Color(hex: "#FF0000")!)
    private let green = Value.color(Color(hex: "#00FF00")!)
    private let blue = Value.color(Color(hex: "#0000FF")!)

    private func apply(_ sheet: Stylesheet, to root: View, file: StaticString = #filePath, line: UInt = #line) {
        let diagnostics = Cascade(sheet).apply(to: root)
        XCTAssertEqual(diagnostics, [], file: file, line: line)
    }

    private func winner(_ view: View, _ path: String) -> Origin? {
        view.provenance?[view.kind.property(path)!.slot].last?.origin
    }

    // MARK: Rules: specificity, then source order

    func testIDBeatsClassesBeatsKindsWhateverTheOrder() {
        let ok = T.view(T.button, "ok", "primary large")
        let root = T.view(T.stack, "root", "", ok)
        let sheet = Stylesheet()
        sheet.addRule("#ok", T.mut(T.button, "titleColor", blue))
        sheet.addRule("Button.primary.large", T.mut(T.button, "titleColor", green))
        sheet.addRule("Button", T.mut(T.button, "titleColor", red))
        apply(sheet, to: root)
        XCTAssertEqual(ok["titleColor"], blue)
        XCTAssertEqual(winner(ok, "titleColor"), .rule(selector: "#ok"))
        let origins = ok.provenance![T.button.property("titleColor")!.slot].map(\.origin)
        XCTAssertEqual(origins, [.kindDefault, .rule(selector: "Button"), .rule(selector: "Button.primary.large"), .rule(selector: "#ok")])
    }

    func testEqualSpecificityIsDecidedBySourceOrderNeverAlphabetically() {
        for (first, second, expected) in [(".zeta", ".alpha", "alpha"), (".alpha", ".zeta", "zeta")] {
            let b = T.view(T.button, nil, "zeta alpha")
            let sheet = Stylesheet()
            sheet.addRule(first, T.mut(T.button, "title", .string(String(first.dropFirst()))))
            sheet.addRule(second, T.mut(T.button, "title", .string(String(second.dropFirst()))))
            apply(sheet, to: b)
            XCTAssertEqual(b["title"], .string(expected))
        }
    }

    func testDescendantAndChildInTheCascade() {
        let inner = T.view(T.label, "inner")
        let direct = T.view(T.label, "direct")
        let root = T.view(T.stack, nil, "card", direct, T.view(T.stack, nil, "", inner))
        let sheet = Stylesheet()
        sheet.addRule(".card Label", T.mut(T.label, "text", .string("descendant")))
        sheet.addRule(".card > Label", T.mut(T.label, "text", .string("child")))
        apply(sheet, to: root)
        XCTAssertEqual(direct["text"], .string("child"))
        XCTAssertEqual(inner["text"], .string("descendant"))
    }

    func testAListAppliesItsStyleOnceWithTheMatchingSelectorAsProvenance() {
        let b = T.view(T.button, nil, "primary")
        let root = T.view(T.stack, nil, "", b)
        let sheet = Stylesheet()
        sheet.addRule("ImageView, StackView > Button", T.mver(T.view, "layer.cornerRadius") { v in
            guard case .number(let r) = v else { return v }
            return .number(r + 4)
        })
        sheet.addRule(".primary, Button.primary", T.mver(T.view, "alpha") { v in
            guard case .number(let a) = v else { return v }
            return .number(a / 2)
        })
        apply(sheet, to: root)
        XCTAssertEqual(b["layer.cornerRadius"], .number(4))
        XCTAssertEqual(winner(b, "layer.cornerRadius"), .rule(selector: "StackView > Button"))
        // Both members match: the style runs once, as the more specific member.
        XCTAssertEqual(b["alpha"], .number(0.5))
        XCTAssertEqual(winner(b, "alpha"), .rule(selector: "Button.primary"))
        XCTAssertEqual(root["layer.cornerRadius"], .number(0))
    }

    func testSelectorWithoutKindOrWithASuperKindSkipsViewsOfOtherKinds() {
        let note = T.view(T.label, nil, "note")
        let noteButton = T.view(T.button, nil, "note")
        let root = T.view(T.stack, nil, "", note, noteButton)
        let sheet = Stylesheet()
        sheet.addRule(".note", T.mut(T.label, "numberOfLines", .int(0)))
        sheet.addRule("View.note", T.mut(T.label, "textAlignment", .enumCase("center")))
        sheet.addRule("*", T.mut(T.button, "isEnabled", .bool(false)))
        apply(sheet, to: root)
        XCTAssertEqual(note["numberOfLines"], .int(0))
        XCTAssertEqual(note["textAlignment"], .enumCase("center"))
        XCTAssertEqual(noteButton["isEnabled"], .bool(false))
        XCTAssertEqual(root["isUserInteractionEnabled"], .bool(true))
        XCTAssertEqual(noteButton.provenance!.map(\.count).reduce(0, +), T.button.properties.count + 1)
    }

    // MARK: Appearances

    func testSubKindAppearanceWinsRegardlessOfSourceOrder() {
        let b = T.view(T.button)
        let l = T.view(T.label)
        let root = T.view(T.stack, nil, "", b, l)
        let sheet = Stylesheet()
        sheet.addAppearance(T.button, T.mut(T.button, "tintColor", green))
        sheet.addAppearance(T.view, T.mut(T.view, "tintColor", red))
        sheet.addAppearance(T.view, T.mut(T.view, "alpha", .number(0.5)))
        sheet.addAppearance(T.view, T.mut(T.view, "alpha", .number(0.75)))
        apply(sheet, to: root)
        XCTAssertEqual(b["tintColor"], green)
        XCTAssertEqual(winner(b, "tintColor"), .appearance(kind: "Button"))
        XCTAssertEqual(l["tintColor"], red)
        XCTAssertEqual(winner(l, "tintColor"), .appearance(kind: "View"))
        XCTAssertEqual(b["alpha"], .number(0.75))
    }

    func testViewAppearanceWithALabelStyleAppliesToLabelsOnly() {
        let l = T.view(T.label)
        let root = T.view(T.stack, nil, "", l, T.view(T.button))
        let sheet = Stylesheet()
        sheet.addAppearance(T.view, T.mut(T.label, "textColor", blue))
        apply(sheet, to: root)
        XCTAssertEqual(l["textColor"], blue)
    }

    // MARK: Order of the steps and mver

    func testMverTransformsWhatEarlierStepsProduced() {
        let title = T.view(T.label, nil, "title")
        let ok = T.view(T.button, "ok", "")
        let root = T.view(T.stack, nil, "", title, ok)
        let sheet = Stylesheet()
        sheet.addAppearance(T.label, T.mut(T.label, "font", .font(.system(15))))
        sheet.addRule(".title", T.mver(T.label, "font") { .font(T.font($0)!.bolded) })
        sheet.addRule("#ok", T.mut(T.button, "titleLabel.font", .font(.system(13))))
        sheet.addRule("Button", T.mut(T.view, "layoutMargins", .insets(Insets(all: 4))))
        ok.styles = [T.concat(T.mver(T.button, "titleLabel.font") { .font(T.font($0)!.italicized) },
                              T.mver(T.view, "layoutMargins") { v in
                                  guard case .insets(var i) = v else { return v }
                                  i.bottom = 32
                                  return .insets(i)
                              })]
        apply(sheet, to: root)
        XCTAssertEqual(T.font(title["font"]), .system(15, .bold))
        XCTAssertEqual(T.font(ok["titleLabel.font"]), Font(size: 13, italic: true))
        XCTAssertEqual(ok["layoutMargins"], .insets(Insets(top: 4, left: 4, bottom: 32, right: 4)))
        let font = ok.provenance![T.button.property("titleLabel.font")!.slot]
        XCTAssertEqual(font.map(\.origin), [.kindDefault, .rule(selector: "#ok"), .viewStyle(index: 1)])
        XCTAssertEqual(font.map(\.isTransform), [false, false, true])
    }

    func testLiteralBeatsEverything() {
        let b = T.view(T.button, "ok", "primary")
        b.styles = [T.mut(T.button, "title", .string("style 1")), T.mut(T.button, "title", .string("style 2"), line: 7)]
        b.literals = [Literal(keyPath: T.keyPath(T.button, "title"), value: .string("literal"), location: T.at(9))]
        let sheet = Stylesheet()
        sheet.addAppearance(T.button, T.mut(T.button, "title", .string("appearance")))
        sheet.addRule("#ok.primary", T.mut(T.button, "title", .string("rule")))
        apply(sheet, to: b)
        XCTAssertEqual(b["title"], .string("literal"))
        let title = b.provenance![T.button.property("title")!.slot]
        XCTAssertEqual(title.map(\.origin), [.kindDefault, .appearance(kind: "Button"), .rule(selector: "#ok.primary"),
                                             .viewStyle(index: 1), .viewStyle(index: 2), .literal])
        XCTAssertEqual(title.map(\.location), [nil, T.at(1), T.at(1), T.at(1), T.at(7), T.at(9)])
    }

    // MARK: Re-applying

    func testReapplyingWithoutARuleReturnsTheDefault() {
        let b = T.view(T.button, nil, "primary")
        let sheet = Stylesheet()
        sheet.addRule(".primary", T.mut(T.button, "titleColor", red))
        apply(sheet, to: b)
        XCTAssertEqual(b["titleColor"], red)
        apply(Stylesheet(), to: b)
        XCTAssertEqual(b["titleColor"], .null)
        XCTAssertEqual(b.provenance![T.button.property("titleColor")!.slot], [Contribution(value: .null, origin: .kindDefault, location: nil)])
    }

    func testWithoutProvenance() {
        let b = T.view(T.button, nil, "primary")
        let sheet = Stylesheet()
        sheet.addRule(".primary", T.mut(T.button, "titleColor", red))
        XCTAssertEqual(Cascade(sheet).apply(to: b, recordingProvenance: false), [])
        XCTAssertEqual(b["titleColor"], red)
        XCTAssertNil(b.provenance)
    }

    // MARK: Errors

    func testStylesheetKindRules() {
        let sheet = Stylesheet()
        XCTAssertThrowsError(try sheet.rule(T.selector("StackView > Label.title"), T.mut(T.button, "title", .string("x")), at: T.at(3))) {
            XCTAssertEqual(($0 as? StylesheetError)?.message, "A Button style cannot apply to selector 'StackView > Label.title': a Label is never a Button.")
            XCTAssertEqual(($0 as? StylesheetError)?.code, .kindMismatch)
        }
        XCTAssertThrowsError(try sheet.rule(T.selector(".x, ImageView"), T.mut(T.label, "text", .string("x")), at: T.at(3))) {
            XCTAssertEqual(($0 as? StylesheetError)?.message, "A Label style cannot apply to selector 'ImageView': an ImageView is never a Label.")
            guard case .styleNeverMatches(_, _, _, let offset)? = $0 as? StylesheetError else { return XCTFail() }
            XCTAssertEqual(offset, 4)
        }
        XCTAssertThrowsError(try sheet.appearance(T.button, T.mut(T.label, "text", .string("x")), at: T.at(3))) {
            XCTAssertEqual(($0 as? StylesheetError)?.message, "A Label style cannot be the appearance of Button: a Button is never a Label.")
        }
        XCTAssertThrowsError(try sheet.appearance(Schema.layer, T.mut(T.view, "alpha", .number(1)), at: T.at(3)))
        XCTAssertNoThrow(try sheet.rule(T.selector("View.x, .y, Button"), T.mut(T.button, "title", .string("x")), at: T.at(4)))
        XCTAssertNoThrow(try sheet.rule(T.selector("Button.y"), T.mut(T.view, "alpha", .number(1)), at: T.at(4)))
        XCTAssertEqual(sheet.rules.map(\.order), [0, 1])
        XCTAssertEqual(sheet.appearances.count, 0)
    }

    func testViewStyleOfAnotherKindIsAnError() {
        let or = T.view(T.label, "or")
        or.styles = [T.mut(T.button, "title", .string("x"), line: 12)]
        let diagnostics = Cascade(Stylesheet()).apply(to: or)
        XCTAssertEqual(diagnostics.map(\.description), ["test.lua:12:1: error: A Button style cannot apply to Label#or. [kind-mismatch]"])
    }

    func testFailureIsTransactionalAndDiagnosticsAreCollectedAcrossViews() {
        let bad = T.view(T.label, "bad", "title")
        let or = T.view(T.label, "or")
        let fine = T.view(T.button, "fine", "primary")
        let root = T.view(T.stack, "root", "", bad, or, fine)
        let good = Stylesheet()
        good.addRule(".title", T.mut(T.label, "text", .string("Hello")))
        good.addRule(".primary", T.mut(T.button, "titleColor", red))
        apply(good, to: root)
        let before = TreeSnapshot(root)
        let provenanceBefore = [root, bad, or, fine].map(\.provenance)

        let broken = Stylesheet()
        broken.addRule(".primary", T.mut(T.button, "titleColor", blue))
        broken.addRule("Label", T.function(T.label, line: 20) { app throws(Diagnostic) in
            try app.set(T.keyPath(T.label, "numberOfLines"), .int(3), at: T.at(21))
            if app.view.id == "bad" { throw Diagnostic(.runtimeError, "boom on \(app.view.selectorDescription)", at: T.at(22)) }
        })
        or.styles = [T.mut(T.button, "title", .string("x"), line: 30)]
        let diagnostics = Cascade(broken).apply(to: root)
        XCTAssertEqual(diagnostics.map(\.message), ["boom on Label#bad.title", "A Button style cannot apply to Label#or."])
        XCTAssertEqual(TreeSnapshot(root).changes(since: before), [])
        XCTAssertEqual(fine["titleColor"], red)
        XCTAssertEqual(or["numberOfLines"], .int(1))
        XCTAssertEqual([root, bad, or, fine].map(\.provenance), provenanceBefore)

        or.styles = []
        apply(broken.withoutFailingRule(), to: root)
        XCTAssertEqual(fine["titleColor"], blue)
        XCTAssertEqual(bad["text"], .null)
    }

    func testDuplicateIDsAreAnErrorAtTheSecondView() {
        let first = View(kind: T.label, id: "title", location: SourceLocation(file: "app.lua", line: 3, column: 3))
        let second = View(kind: T.button, id: "title", location: SourceLocation(file: "app.lua", line: 4, column: 3))
        let root = T.view(T.stack, nil, "", first, second)
        let sheet = Stylesheet()
        sheet.addRule("Label", T.mut(T.label, "text", .string("x")))
        let diagnostics = Cascade(sheet).apply(to: root)
        XCTAssertEqual(diagnostics.map(\.description), [
            "app.lua:4:3: error: The id 'title' is used by Label#title (first at app.lua:3) and again by Button#title; ids must be unique in a tree. [duplicate-id]",
        ])
        XCTAssertEqual(first["text"], .null)
    }

    /// Every reuse of an id is reported once, in tree order, each naming the id's first view,
    /// among many unique ids.
    func testEveryReusedIDIsReportedInTreeOrderAgainstItsFirstView() {
        func view(_ id: String, _ line: Int) -> View {
            View(kind: T.label, id: id, location: SourceLocation(file: "app.lua", line: line, column: 3))
        }
        let root = T.view(T.stack)
        let ids = ["a", "b"] + (0..<40).map { "unique-\($0)" } + ["a", "b", "c", "a", "c"]
        for (line, id) in ids.enumerated() { root.addChild(view(id, line + 1)) }
        let diagnostics = Cascade(Stylesheet()).apply(to: root)
        XCTAssertEqual(diagnostics.map { "\($0.location.line): \($0.message)" }, [
            "43: The id 'a' is used by Label#a (first at app.lua:1) and again by Label#a; ids must be unique in a tree.",
            "44: The id 'b' is used by Label#b (first at app.lua:2) and again by Label#b; ids must be unique in a tree.",
            "46: The id 'a' is used by Label#a (first at app.lua:1) and again by Label#a; ids must be unique in a tree.",
            "47: The id 'c' is used by Label#c (first at app.lua:45) and again by Label#c; ids must be unique in a tree.",
        ])
    }
}

private extension Stylesheet {
    /// The same rules minus the function rule that throws.
    func withoutFailingRule() -> Stylesheet {
        let sheet = Stylesheet()
        for rule in rules where rule.selector.text != "Label" {
            _ = try? sheet.rule(rule.selector, rule.style, at: rule.location)
        }
        return sheet
    }
}
