import Foundation
import StyleCore
import StyleRun
import XCTest
@testable import StylePreview

/// The inspector's data says which token a value came from, through every alias.
final class PreviewTokenTests: XCTestCase {
    func testTheExplainDataCarriesTheTokenAndItsAliases() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/tokens")
        let sheet = try Runtime().load(file: folder.appendingPathComponent("app.lua").path)
        let root = try sheet.applyToOwnTree()
        let explain = PreviewStateBuilder.explain(root)
        guard case .array(let views) = explain else { return XCTFail() }
        let title = try XCTUnwrap(views.first { $0["id"] == .string("title") })
        guard case .array(let properties)? = title["properties"] else { return XCTFail() }
        let token = try XCTUnwrap(properties.first { $0["property"] == .string("textColor") }?["token"])
        XCTAssertEqual(token["name"], .string("color.danger"))
        XCTAssertEqual(token["line"], .number(4))
        XCTAssertEqual(token["aliases"]?[0]?["name"], .string("palette.red.500"))
        XCTAssertTrue(PreviewScript.source.contains("data-stylerun\": \"token\""), "the inspector shows it")
    }
}
