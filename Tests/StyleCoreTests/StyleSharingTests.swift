import StyleCore
import XCTest

/// Siblings with the same kind and classes and no id share what appearances and rules gave
/// them; each still gets its own styles and literals, and the result is what each would get alone.
final class StyleSharingTests: XCTestCase {
    private let red = Value.color(Color(hex: "#FF0000")!)
    private let blue = Value.color(Color(hex: "#0000FF")!)

    private func sheet() -> Stylesheet {
        let sheet = Stylesheet()
        sheet.addAppearance(T.label, T.mut(T.label, "textColor", red, line: 1))
        sheet.addRule(".list > Label.item", T.mut(T.label, "numberOfLines", .int(2), line: 2))
        sheet.addRule(".list .item", T.concat(T.mut(T.view, "alpha", .number(0.5), line: 3),
                                              T.mut(T.label, "text", .string("from rule"), line: 4), line: 3), line: 3)
        sheet.addRule("#first", T.mut(T.label, "textColor", blue, line: 5))
        // A transform that looks at more of the view than its kind and classes.
        let byLiterals = try! Style.mver(.keyPath(T.keyPath(T.view, "alpha")), LiteralCounting(), root: T.view, at: T.at(6))
        sheet.addRule("StackView.list > Label.counted", byLiterals, line: 6)
        return sheet
    }

    /// Each child of a `.list` stack, styled in a tree of its own where it has no siblings.
    private func alone(_ child: View) -> View {
        let copy = View(kind: child.kind, id: child.id, classes: child.classes)
        copy.styles = child.styles
        copy.literals = child.literals
        let parent = T.view(T.stack, "root", "list", copy)
        XCTAssertEqual(Cascade(sheet()).apply(to: parent), [])
        return copy
    }

    func testSiblingsGetWhatEachWouldGetAlone() {
        let text = T.keyPath(T.label, "text")
        let children = (0..<6).map { i -> View in
            let label = View(kind: T.label, id: i == 0 ? "first" : nil, classes: i == 0 ? ["item"] : ["item", "counted"])
            if i % 2 == 0 { label.literals = [Literal(keyPath: text, value: .string("literal \(i)"), location: T.at(10 + i))] }
            if i == 3 { label.styles = [T.mut(T.label, "textColor", blue, line: 20)] }
            return label
        }
        let root = View(kind: T.stack, id: "root", classes: ["list"])
        for c in children { root.addChild(c) }
        for provenance in [true, false] {
            XCTAssertEqual(Cascade(sheet()).apply(to: root, recordingProvenance: provenance), [])
            for child in children {
                let expected = alone(child)
                XCTAssertEqual(child.values, expected.values, child.selectorDescription)
                if provenance { XCTAssertEqual(child.provenance, expected.provenance, child.selectorDescription) }
            }
        }
        XCTAssertEqual(children[1]["text"], .string("from rule"))
        XCTAssertEqual(children[2]["text"], .string("literal 2"))
        XCTAssertEqual(children[3]["textColor"], blue)
        XCTAssertEqual(children[4]["textColor"], red)
        XCTAssertEqual(children[0]["textColor"], blue)
        XCTAssertEqual(children[0]["alpha"], .number(0.5))
        XCTAssertEqual(children[1]["alpha"], .number(0.25))
        XCTAssertEqual(children[4]["alpha"], .number(0.75))
    }

    /// A `mver` whose result depends on the value alone runs once for views its rules cannot
    /// tell apart, and they share its result; one that may depend on more runs for every view.
    /// A field set into a value is shared too. Each view gets what it would get alone.
    func testValueOnlyTransformsRunOnceForLikeViews() {
        let valueOnly = CountingResize(valueOnly: true), other = CountingResize(valueOnly: false)
        func sheet() -> Stylesheet {
            let sheet = Stylesheet()
            sheet.addRule(".a", try! Style.mver(.keyPath(T.keyPath(T.label, "font")), valueOnly, root: T.label, at: T.at(1)), line: 1)
            sheet.addRule(".b", try! Style.mver(.keyPath(T.keyPath(T.label, "font")), other, root: T.label, at: T.at(2)), line: 2)
            sheet.addRule(".a, .b", T.mut(T.view, "layoutMargins.bottom", .number(7), line: 3), line: 3)
            return sheet
        }
        let root = T.view(T.stack, "root")
        let labels = (0..<8).map { T.view(T.label, nil, $0 < 4 ? "a" : "b") }
        for label in labels { root.addChild(label) }
        for provenance in [false, true] {
            valueOnly.calls = 0
            other.calls = 0
            XCTAssertEqual(Cascade(sheet()).apply(to: root, recordingProvenance: provenance), [])
            XCTAssertEqual(valueOnly.calls, 1, "the like views share one run")
            XCTAssertEqual(other.calls, 4, "a transform that may read more runs for every view")
            for label in labels {
                XCTAssertEqual(T.font(label["font"])?.size, 18)
                XCTAssertEqual(label["layoutMargins"], .insets(Insets(top: 8, left: 8, bottom: 7, right: 8)))
                let copy = View(kind: T.label, classes: label.classes)
                XCTAssertEqual(Cascade(sheet()).apply(to: T.view(T.stack, "root", "", copy), recordingProvenance: provenance), [])
                XCTAssertEqual(label.values, copy.values)
                if provenance { XCTAssertEqual(label.provenance, copy.provenance) }
            }
        }
    }
}

/// A `mver` of a label's font that counts its runs: one point larger.
private final class CountingResize: ValueTransform {
    let dependsOnlyOnValue: Bool
    var calls = 0
    init(valueOnly: Bool) { dependsOnlyOnValue = valueOnly }
    func transform(_ value: Value, path: StyleKeyPath, view: View) throws(Diagnostic) -> Value {
        calls += 1
        guard case .font(let f) = value else { return value }
        return .font(f.withSize(f.size + 1))
    }
}

private final class LiteralCounting: ValueTransform {
    func transform(_ value: Value, path: StyleKeyPath, view: View) throws(Diagnostic) -> Value {
        .number(view.literals.isEmpty ? 0.25 : 0.75)
    }
}
