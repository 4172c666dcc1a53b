import StyleCore
import TestSupport
import XCTest
@testable import StyleRun

final class TreeJSONRendererTests: XCTestCase {
    func testSubscribeTreeShowsOnlyValuesThatDifferFromDefaults() {
        assertSnapshot(TreeJSONRenderer().render(subscribeTree()))
    }

    func testAViewIsKindIdClassesPropertiesAndChildrenInThatOrder() throws {
        let json = try JSONValue(parsing: TreeJSONRenderer().render(subscribeTree()))
        XCTAssertEqual(json.keys, ["kind", "id", "classes", "properties", "children"])
        XCTAssertEqual(json["kind"], "StackView")
        XCTAssertEqual(json["children"]?[1]?["classes"], ["primary"])
        XCTAssertEqual(json["children"]?[2]?["id"], .null)
        XCTAssertEqual(json["children"]?[2]?["children"]?[0]?["children"], [])
    }

    func testPropertiesUseFlattenedPathsWithWholeValuesInSlotOrder() throws {
        let button = try XCTUnwrap(try JSONValue(parsing: TreeJSONRenderer().render(subscribeTree()))["children"]?[1])
        XCTAssertEqual(button["properties"]?.keys, [
            "layer.cornerRadius", "layer.masksToBounds", "title", "titleColor", "backgroundImage",
            "titleLabel.font", "contentEdgeInsets",
        ])
        XCTAssertEqual(button["properties"]?["titleLabel.font"],
                       ["name": "system", "size": 17, "weight": "bold", "italic": false, "smallCaps": false])
        XCTAssertEqual(button["properties"]?["contentEdgeInsets"], ["top": 8, "left": 16, "bottom": 8, "right": 16])
    }

    func testAValueWrittenEqualToItsDefaultIsNotListed() {
        let label = View(kind: Schema.label)
        ValueWriter(label).set("alpha", .number(1)).set("font", .font(.system(17))).set("numberOfLines", .int(0))
        XCTAssertEqual(TreeJSONRenderer().json(for: label)["properties"], ["numberOfLines": 0])
    }

    func testAllListsEveryPropertyOfTheKind() {
        let button = View(kind: Schema.button, id: "b")
        let properties = TreeJSONRenderer(all: true).json(for: button)["properties"]
        XCTAssertEqual(properties?.keys, Schema.button.properties.map(\.path))
        XCTAssertEqual(properties?["alpha"], 1)
        XCTAssertEqual(properties?["titleColor"], .null)
        XCTAssertEqual(properties?["layoutMargins"], ["top": 8, "left": 8, "bottom": 8, "right": 8])
        XCTAssertEqual(properties?["layer.shadowOffset"], ["width": 0, "height": 0])
        XCTAssertEqual(properties?["titleLabel.textAlignment"], "natural")
    }

    func testUnstyledLeafRendersPrettyWithOneTrailingNewline() {
        XCTAssertEqual(TreeJSONRenderer().render(View(kind: Schema.imageView, id: "logo", classes: ["hero", "wide"])), """
            {
              "kind": "ImageView",
              "id": "logo",
              "classes": [
                "hero",
                "wide"
              ],
              "properties": {},
              "children": []
            }

            """)
    }
}
