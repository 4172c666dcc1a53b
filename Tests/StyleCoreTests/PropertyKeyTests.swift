import StyleCore
import XCTest

/// Typed keys: reads, the host's own content, string paths, and trees built in Swift.
final class PropertyKeyTests: XCTestCase {
    func testTypedReadsGiveTheSwiftTypeOfTheSchema() {
        let label = View(kind: Schema.label)
        XCTAssertEqual(label[Label.textColor], .black)
        XCTAssertEqual(label[Label.text], nil)
        XCTAssertEqual(label[Label.numberOfLines], 1)
        XCTAssertEqual(label[Label.textAlignment], .natural)
        XCTAssertEqual(label[View.alpha], 1)
        XCTAssertEqual(label[Label.layer.cornerRadius], 0)
        XCTAssertEqual(View(kind: Schema.button)[Button.titleLabel.font], .system(17))
        XCTAssertEqual(View(kind: Schema.textField)[TextField.keyboardType], .default)
    }

    func testSetWritesTheLiteralLayerAtTheCallersLine() throws {
        let label = View(kind: Schema.label)
        try label.set(Label.text, "Ada"); let line = #line
        XCTAssertEqual(label[Label.text], "Ada")
        XCTAssertEqual(label.literals.map(\.keyPath.path), ["text"])
        XCTAssertEqual(label.literals[0].location, SourceLocation(file: "StyleCoreTests/PropertyKeyTests.swift", line: line))
        try label.set(Label.text, "Grace")
        XCTAssertEqual(label.literals.count, 1, "setting again replaces the literal")
        XCTAssertEqual(label[Label.text], "Grace")
        try label.set(Label.layer.cornerRadius, 6)
        XCTAssertEqual(label["layer.cornerRadius"], .number(6))
    }

    func testSetChecksRangesAndLeavesTheViewAsItWas() {
        let view = View(kind: Schema.view)
        XCTAssertThrowsError(try view.set(View.alpha, 2)) { error in
            let d = error as! Diagnostic
            XCTAssertEqual(d.code, .outOfRange)
            XCTAssertEqual(d.file, "StyleCoreTests/PropertyKeyTests.swift")
        }
        XCTAssertEqual(view[View.alpha], 1)
        XCTAssertTrue(view.literals.isEmpty)
    }

    func testStringPathsThrowWithASuggestion() throws {
        let label = View(kind: Schema.label)
        XCTAssertThrowsError(try label.value(at: "textColour")) { error in
            let d = error as! Diagnostic
            XCTAssertEqual(d.message, "Label has no property 'textColour'. Did you mean 'textColor'?")
            XCTAssertEqual(d.suggestions, ["textColor"])
        }
        XCTAssertThrowsError(try label.set("txt", .string("x"))) { error in
            XCTAssertEqual((error as! Diagnostic).suggestions, ["text"])
        }
        XCTAssertThrowsError(try label.set("text", .number(1))) { error in
            XCTAssertEqual((error as! Diagnostic).code, .typeMismatch)
        }
        try label.set("layoutMargins.bottom", .number(24))
        XCTAssertEqual(try label.value(at: "layoutMargins.bottom"), .number(24))
        XCTAssertEqual(label[View.layoutMargins], Insets(top: 8, left: 8, bottom: 24, right: 8))
        try label.set(View.layoutMargins, Insets(all: 4))
        XCTAssertEqual(label.literals.map(\.keyPath.path), ["layoutMargins"], "a whole value replaces its fields")
        try label.set("layoutMargins.top", .number(12))
        XCTAssertEqual(label.literals.map(\.keyPath.path), ["layoutMargins", "layoutMargins.top"])
        XCTAssertEqual(label[View.layoutMargins], Insets(top: 12, left: 4, bottom: 4, right: 4))
    }

    func testHostKindsDeclareTheirPropertiesFromTheirKeys() throws {
        enum Shape: String, CaseIterable, StyleEnum { case circle, squircle }
        let ringColor = PropertyKey<Color?>("ringColor")
        let diameter = PropertyKey<Double>("diameter")
        let shape = PropertyKey<Shape>("shape")
        var schema = Schema.standard
        let avatar = try schema.register("AvatarView", superKind: Schema.view, properties: [
            .key(ringColor), .key(diameter, default: 40, range: .nonNegative), .key(shape),
        ])
        XCTAssertEqual(avatar.property("shape")?.type, .enumeration(EnumType(name: "Shape", cases: ["circle", "squircle"])))
        let view = View(avatar)
        XCTAssertEqual(view[diameter], 40)
        XCTAssertNil(view[ringColor])
        try view.set(shape, .squircle)
        XCTAssertEqual(view[shape], .squircle)
        XCTAssertThrowsError(try view.set(diameter, -1))
    }

    func testASwiftEnumReadsAnEnumWrittenAsItsCases() throws {
        enum Direction: String, CaseIterable, StyleEnum { case up, down }
        var schema = Schema.standard
        let arrow = try schema.register("Arrow", superKind: .view, properties: [.value("direction", try XCTUnwrap(ValueType(parsing: "up|down")))])
        let view = View(arrow)
        try view.set(PropertyKey<Direction>("direction"), .down)
        XCTAssertEqual(view[PropertyKey<Direction>("direction")], .down)
        XCTAssertEqual(view["direction"], .enumCase("down"))
    }

    func testATreeBuiltInSwiftHasItsKindsIdsClassesContentAndChildren() {
        let tags = ["swift", "lua"]
        let root = View(.stackView, id: "root", classes: ["card"]) {
            View(.label, id: "name", Label.text("Ada"), Label.numberOfLines(0))
            View(.button, classes: ["primary"], Button.title("Follow"))
            for tag in tags { View(.label, classes: ["tag"], Label.text(tag)) }
        }
        XCTAssertEqual(root.children.map(\.selectorDescription), ["Label#name", "Button.primary", "Label.tag", "Label.tag"])
        XCTAssertEqual(root.classes, ["card"])
        XCTAssertEqual(root.children[0][Label.text], "Ada")
        XCTAssertEqual(root.children[0][Label.numberOfLines], 0)
        XCTAssertEqual(root.children[3][Label.text], "lua")
        XCTAssertEqual(root.children[1].literals.first?.location.file, "StyleCoreTests/PropertyKeyTests.swift")
        XCTAssertEqual(root.location?.file, "StyleCoreTests/PropertyKeyTests.swift")
    }
}
