import StyleRun
import XCTest
@testable import stylebench

/// The Blink pairing is only fair if the page is the same tree and the CSS the same rules:
/// selectors, specificity order and declarations as `BlinkPage` translates them.
final class BlinkPageTests: XCTestCase {
    private func css(_ selector: String) throws -> String {
        BlinkPage.css(try SelectorList.parse(selector, schema: .standard))
    }

    func testSelectorListsAndCombinatorsTranslate() throws {
        XCTAssertEqual(try css(".card--dark, .card--highlighted"), ".card--dark, .card--highlighted")
        XCTAssertEqual(try css(".card--highlighted > .card__row > Label"), ".card--highlighted > .card__row > sr-label")
        XCTAssertEqual(try css("StackView.section .card Button.card__action"),
                       "sr-stack-view.section .card sr-button.card__action")
        XCTAssertEqual(try css("#root"), "#root")
        XCTAssertEqual(try css("TextField#name.a.b"), "sr-text-field#name.a.b")
    }

    func testAKindWithSubKindsMatchesThemAllAtTypeSpecificity() throws {
        XCTAssertEqual(try css(".section--0 > View"),
                       ".section--0 > :is(sr-view, sr-label, sr-button, sr-text-field, sr-image-view, sr-stack-view)")
        XCTAssertEqual(try css("*"), "*")
    }

    func testIdentifiersAreEscaped() {
        XCTAssertEqual(BlinkPage.identifier("card__title"), "card__title")
        XCTAssertEqual(BlinkPage.identifier("2col"), "\\32 col")
        XCTAssertEqual(BlinkPage.identifier("a.b"), "a\\.b")
    }

    func testDeclarationsMapEachPropertyToOneCSSProperty() {
        let declarations = BlinkPage.declarations([
            .set(Schema.label, "font", .font(.system(18, .semibold)), lua: ""),
            .set(Schema.view, "layoutMargins", .insets(Insets(vertical: 8, horizontal: 16)), lua: ""),
            .setField(Schema.view, "layoutMargins", "bottom", 3),
            .set(Schema.stackView, "axis", .enumCase("vertical"), lua: ""),
            .set(Schema.label, "numberOfLines", .int(0), lua: ""),
            .set(Schema.view, "backgroundColor", .color(Color(hex: "#6E40C9")!), lua: ""),
            .resizeFont(14),
            .alphaFunction(0.95),
        ])
        XCTAssertEqual(declarations.map { "\($0.0): \($0.1)" }, [
            "font: 600 18px system-ui", "padding: 8px 16px 8px 16px", "padding-bottom: 3px",
            "flex-direction: column", "-webkit-line-clamp: none", "background-color: #6E40C9FF",
            "font-size: 14px", "opacity: 0.95",
        ])
    }

    func testThePageHasOneElementPerViewAndOneRulePerRule() throws {
        let workload = Workload(views: 100)
        let sheet = try Runtime().load(source: workload.luaSource, name: "generated.lua")
        let page = BlinkPage(workload, sheet: sheet.stylesheet)
        XCTAssertEqual(page.elementCount, workload.viewCount)
        XCTAssertEqual(page.selectors.count, workload.appearances.count + workload.rules.count)
        XCTAssertEqual(page.selectors.first, ":where(sr-view, sr-label, sr-button, sr-text-field, sr-image-view, sr-stack-view)")
        XCTAssertTrue(page.selectors.contains(":where(sr-label)"))
        XCTAssertTrue(page.html.contains(#"<sr-view id="card-0" class="card"><sr-stack-view class="card__row section__row">"#))
        XCTAssertTrue(page.html.contains(#"style="font-size-adjust: from-font; border-width: 1px">Title 0</sr-label>"#))
        XCTAssertTrue(page.html.contains(".card--compact .card__title { font-size: 14px; }"))
        XCTAssertTrue(page.html.contains(".sr-recalc * { scroll-snap-stop: normal; }"))

        // What the browser check compares against: stylerun's own matches, per CSS rule.
        let root = Trees.forCascade(workload)
        let matches = BlinkBenchmark.matches(sheet.stylesheet, root)
        XCTAssertEqual(matches.count, page.selectors.count)
        XCTAssertEqual(matches[0].count, workload.viewCount)  // appearance(View, …)
        let highlighted = page.selectors.firstIndex(of: ".card--highlighted > .card__row > sr-label")!
        XCTAssertEqual(matches[highlighted].count, 0)  // the first twenty cards have no modifier
        let title = page.selectors.firstIndex(of: ".card__title")!
        XCTAssertEqual(matches[title].count, 1)
    }
}
