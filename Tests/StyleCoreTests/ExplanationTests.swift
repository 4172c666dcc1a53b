import StyleCore
import XCTest

final class ExplanationTests: XCTestCase {
    func testWinnerAndOverriddenContributions() throws {
        let title = T.view(T.label, "title", "headline")
        title.literals = [Literal(keyPath: T.keyPath(T.label, "text"), value: .string("Hello"), location: T.at(30))]
        let sheet = Stylesheet()
        sheet.addAppearance(T.label, T.mut(T.label, "font", .font(.system(15)), line: 10))
        sheet.addRule(".headline", T.mver(T.label, "font", line: 20) { .font(T.font($0)!.bolded) })
        XCTAssertEqual(Cascade(sheet).apply(to: title), [])

        let explanations = explain(title)
        XCTAssertEqual(explanations.map(\.property.path), ["text", "font"])
        let font = try XCTUnwrap(explanations.last)
        XCTAssertEqual(font.value, .font(.system(15, .bold)))
        XCTAssertEqual(font.winner.origin, .rule(selector: ".headline"))
        XCTAssertTrue(font.winner.isTransform)
        XCTAssertEqual(font.winner.location, T.at(20))
        XCTAssertEqual(font.overridden.map(\.origin), [.appearance(kind: "Label"), .kindDefault])
        XCTAssertEqual(font.overridden.map(\.value), [.font(.system(15)), .font(.system(17))])
        XCTAssertEqual(explanations.first?.winner.origin, .literal)

        let all = explain(title, includingDefaults: true)
        XCTAssertEqual(all.count, T.label.properties.count)
        XCTAssertEqual(all.first { $0.property.path == "alpha" }?.winner.origin, .kindDefault)
        XCTAssertEqual(all.first { $0.property.path == "alpha" }?.overridden.count, 0)
    }

    func testNothingToExplainWithoutProvenance() {
        let title = T.view(T.label, "title")
        XCTAssertEqual(Cascade(Stylesheet()).apply(to: title, recordingProvenance: false), [])
        XCTAssertTrue(explain(title, includingDefaults: true).isEmpty)
    }
}
