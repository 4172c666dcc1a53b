import StyleCore
import XCTest

final class KeyPathTests: XCTestCase {
    private func resolve(_ path: String, in kind: Kind) -> Result<StyleKeyPath, StyleKeyPath.PathError> {
        StyleKeyPath.resolve(path.split(separator: ".").map(String.init), in: kind)
    }

    func testResolvesPropertiesFieldsAndSubObjects() throws {
        let font = try resolve("titleLabel.font", in: Schema.button).get()
        XCTAssertEqual(font.description, "\\Button.titleLabel.font")
        XCTAssertEqual(font.valueType, .font)
        XCTAssertEqual(font.property?.slot, Schema.button.property("titleLabel.font")?.slot)

        let bottom = try resolve("layoutMargins.bottom", in: Schema.view).get()
        XCTAssertEqual(bottom.path, "layoutMargins.bottom")
        XCTAssertEqual(bottom.valueType, .number)
        XCTAssertEqual(bottom.property?.path, "layoutMargins")

        let layer = try resolve("layer", in: Schema.view).get()
        XCTAssertNil(layer.valueType)
        XCTAssertNil(layer.property)
        XCTAssertEqual(try layer.appending("cornerRadius").get().qualifiedName, "View.layer.cornerRadius")
        XCTAssertEqual(try resolve("titleLabel.layer.shadowOffset.width", in: Schema.button).get().valueType, .number)
    }

    func testErrorsWithDidYouMean() {
        let cases: [(Kind, String, String)] = [
            (Schema.view, "layoutMargin", "View has no property 'layoutMargin'. Did you mean 'layoutMargins'?"),
            (Schema.view, "layer.cornerRadiu", "View.layer has no property 'cornerRadiu'. Did you mean 'cornerRadius'?"),
            (Schema.button, "titleLabel.fnot", "Button.titleLabel has no property 'fnot'. Did you mean 'font'?"),
            (Schema.view, "layoutMargins.botom", "'View.layoutMargins' is an Insets and has no field 'botom'. Did you mean 'bottom'?"),
            (Schema.view, "alpha.x", "'View.alpha' is a Number and has no field 'x'."),
            (Schema.view, "layoutMargins.top.x", "'View.layoutMargins.top' is a Number and has no field 'x'."),
            (Schema.label, "spacing", "Label has no property 'spacing'."),
        ]
        for (kind, path, message) in cases {
            guard case .failure(let e) = resolve(path, in: kind) else { XCTFail(path); continue }
            XCTAssertEqual(e.message, message, path)
        }
        guard case .failure(let e) = resolve("layoutMargin", in: Schema.view) else { return XCTFail() }
        XCTAssertEqual(e.suggestion, "layoutMargins")
        XCTAssertEqual(e.name, "layoutMargin")
    }

    func testASuperKindPathAppliesToSubKindsOnly() throws {
        let background = try resolve("backgroundColor", in: Schema.view).get()
        let button = View(kind: Schema.button)
        let application = StyleApplication(view: button, recordsProvenance: true)
        XCTAssertNoThrow(try application.set(background, .string("#FFF"), at: T.at(2)))
        XCTAssertEqual(button["backgroundColor"], .color(.white))

        let title = try resolve("title", in: Schema.button).get()
        let label = View(kind: Schema.label, id: "x")
        XCTAssertThrowsError(try StyleApplication(view: label, recordsProvenance: false).set(title, .string("x"), at: T.at(3))) {
            XCTAssertEqual(($0 as? Diagnostic)?.message, "'Button.title' cannot apply to Label#x: it is a Label, not a Button.")
        }
    }

    func testSuggestionDistance() {
        XCTAssertEqual(Suggestion.distance("layoutMargin", "layoutMargins"), 1)
        XCTAssertEqual(Suggestion.distance("ab", "ba"), 1)
        XCTAssertEqual(Suggestion.closest(to: "mutt", among: ["mut", "mver", "concat"]), "mut")
        XCTAssertNil(Suggestion.closest(to: "zzzzzz", among: ["mut", "mver"]))
        XCTAssertEqual(Suggestion.closest(to: "button", among: ["Button", "Label"]), "Button")
    }
}
