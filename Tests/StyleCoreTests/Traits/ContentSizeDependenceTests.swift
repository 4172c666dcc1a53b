import XCTest
@testable import StyleCore

/// Whether a styling can come out otherwise at another content size: false only when nothing
/// written follows it, and then the tree styled at every size is the tree styled at one.
final class ContentSizeDependenceTests: XCTestCase {
    let body = Value.font(.preferred(.body))

    func screen() -> (root: View, label: View) {
        let label = T.view(T.label, "title", "title")
        return (T.view(T.stack, "root", "", T.view(T.view, nil, "card", label), T.view(T.button, "go")), label)
    }

    func testAStylesheetOfFixedValuesDoesNotDependOnIt() {
        let sheet = Stylesheet()
        sheet.addRule(".title", T.concat(T.mut(T.label, "font", .font(.system(20))), T.mut(T.label, "numberOfLines", .int(2))))
        sheet.addAppearance(T.label, T.mut(T.label, "textColor", .dynamicColor(DynamicColor(light: .black, dark: .white))))
        let dark = try! Style.when(Condition(traits: [.oneOf(.colorScheme, ["dark"])]), T.mut(T.view, "alpha", .number(0.5)), at: T.at(3))
        sheet.addRule("Button", dark)
        let (root, label) = screen()
        label.literals = [Literal(keyPath: T.keyPath(T.label, "text"), value: .string("Hello"), location: T.at(4))]
        XCTAssertFalse(sheet.stylingMayDependOnContentSize(of: root))
        assertStyledAlikeAtEverySize(sheet, root)
    }

    func testEachThingThatFollowsItIsFound() throws {
        let (root, label) = screen()
        let cases: [(String, (Stylesheet) throws -> Void)] = [
            ("a rule's Dynamic Type font", { $0.addRule(".title", T.mut(T.label, "font", self.body)) }),
            ("an appearance's", { $0.addAppearance(T.label, T.mut(T.label, "font", self.body)) }),
            ("a when asking the size", { sheet in
                let big = try Style.when(Condition(traits: [.contentSize(.atLeast, .accessibilityMedium)]),
                                         T.mut(T.label, "numberOfLines", .int(0)), at: T.at(2))
                sheet.addRule(".title", big)
            }),
            ("a when listing sizes", { sheet in
                let some = try Style.when(Condition(traits: [.oneOf(.contentSize, ["extraLarge"])]), T.mut(T.view, "alpha", .number(1)), at: T.at(2))
                sheet.addRule("Button", some)
            }),
            ("a when inside a concat", { sheet in
                let inner = try Style.when(Condition(traits: [.contentSize(.less, .large)]), T.mut(T.view, "alpha", .number(1)), at: T.at(2))
                sheet.addRule("Button", T.concat(T.mut(T.view, "alpha", .number(0.5)), inner))
            }),
            ("a function", { $0.addRule("Button", T.function(T.button) { _ in }) }),
            ("a transform of more than its value", { $0.addRule(".title", T.mver(T.label, "alpha") { $0 }) }),
        ]
        for (name, build) in cases {
            let sheet = Stylesheet()
            try build(sheet)
            XCTAssertTrue(sheet.stylingMayDependOnContentSize(of: root), name)
        }

        // In the tree: a view's own style, a literal.
        let plain = Stylesheet()
        label.styles = [T.mut(T.label, "font", body)]
        XCTAssertTrue(plain.stylingMayDependOnContentSize(of: root), "a view's own style")
        label.styles = []
        label.literals = [Literal(keyPath: T.keyPath(T.label, "font"), value: body, location: T.at(5))]
        XCTAssertTrue(plain.stylingMayDependOnContentSize(of: root), "a literal")
        label.literals = []
        XCTAssertFalse(plain.stylingMayDependOnContentSize(of: root))
    }

    func testWhensSharingTheirStylesAreReadOncePerPart() throws {
        // Each level holds the one below twice, each time in a `when` of its own: forty levels
        // are 2^40 paths to the bottom, and each distinct part is read once.
        func nested(_ bottom: Style) throws -> Style {
            var level = bottom
            for k in 0..<40 {
                let light = try Style.when(Condition(traits: [.oneOf(.colorScheme, ["light"])]), level, at: T.at(k))
                let dark = try Style.when(Condition(traits: [.oneOf(.colorScheme, ["dark"])]), level, at: T.at(k))
                level = T.concat(light, dark)
            }
            return level
        }
        XCTAssertFalse(try nested(T.mut(T.label, "alpha", .number(1))).mayDependOnContentSize)
        XCTAssertTrue(try nested(T.mut(T.label, "font", body)).mayDependOnContentSize)
    }

    func testAKindWhoseDefaultFollowsItIsFound() throws {
        var schema = Schema()
        let caption = try schema.register("Caption", superKind: T.label, properties: [
            .value("captionFont", .font, default: .font(.preferred(.caption1)), doc: "The caption's font."),
        ])
        let root = T.view(T.stack, nil, "", T.view(T.label))
        XCTAssertFalse(Stylesheet().stylingMayDependOnContentSize(of: root))
        root.addChild(View(kind: caption))
        XCTAssertTrue(Stylesheet().stylingMayDependOnContentSize(of: root))
    }

    /// The tree styled at each content size has the values it has at `large`.
    private func assertStyledAlikeAtEverySize(_ sheet: Stylesheet, _ root: View, file: StaticString = #filePath, line: UInt = #line) {
        let engine = StyleEngine(sheet)
        XCTAssertEqual(Cascade(engine).apply(to: root), [], file: file, line: line)
        var expected: [[Value]] = []
        root.forEachInTree { expected.append(Array($0.values)) }
        for size in ContentSize.allCases {
            engine.traits = Traits(contentSize: size)
            XCTAssertEqual(Cascade(engine).apply(to: root), [], file: file, line: line)
            var values: [[Value]] = []
            root.forEachInTree { values.append(Array($0.values)) }
            XCTAssertEqual(values, expected, "\(size)", file: file, line: line)
        }
    }
}
