import StyleCore
import TestSupport
import XCTest
@testable import StyleRun

final class HTMLRendererTests: XCTestCase {
    func testSubscribeTreeRendersAsThePageInTheSnapshot() {
        assertSnapshot(HTMLRenderer().render(subscribeTree(), title: "subscribe.lua"))
    }

    func testThePageIsSelfContained() {
        let html = HTMLRenderer().render(subscribeTree(), title: "subscribe.lua")
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"), html)
        XCTAssertTrue(html.contains("<title>subscribe.lua</title>"), html)
        XCTAssertTrue(html.contains("<style>"), html)
        for external in ["<script", "<link", "src=", "url(", "@import", "http:", "https:"] {
            XCTAssertFalse(html.contains(external), "the page has \(external)")
        }
        XCTAssertTrue(html.hasSuffix("</html>\n"), html)
    }

    func testEveryViewCarriesKindIdAndClasses() {
        let root = View(kind: Schema.stackView, id: "root")
        root.addChild(View(kind: Schema.button, id: "subscribe", classes: ["primary", "card__title--large"]))
        root.addChild(View(kind: Schema.label))
        let html = HTMLRenderer().render(root, title: "t")
        XCTAssertTrue(html.contains(#"<div data-kind="StackView" id="root" style="#), html)
        XCTAssertTrue(html.contains(#"<div data-kind="Button" id="subscribe" class="primary card__title--large" role="button""#), html)
        // A view without id or classes has neither attribute: an empty id is not valid HTML.
        XCTAssertTrue(html.contains(#"<div data-kind="Label" style="#), html)
        XCTAssertEqual(html.components(separatedBy: "<div data-kind=").count - 1, 3)
    }

    func testTextIdsClassesAndTitleAreEscaped() {
        let root = View(kind: Schema.view, id: #"a"b<c>&'d"#, classes: [#"x"y"#, "<z>"])
        let label = View(kind: Schema.label)
        ValueWriter(label).set("text", .string(#"<script>alert("Tom & 'Jerry'")</script>"#))
        root.addChild(label)
        let html = HTMLRenderer().render(root, title: "<b>&</b>")
        XCTAssertTrue(html.contains("<title>&lt;b&gt;&amp;&lt;/b&gt;</title>"), html)
        XCTAssertTrue(html.contains(#"id="a&quot;b&lt;c&gt;&amp;&#39;d""#), html)
        XCTAssertTrue(html.contains(#"class="x&quot;y &lt;z&gt;""#), html)
        XCTAssertTrue(html.contains("&lt;script&gt;alert(&quot;Tom &amp; &#39;Jerry&#39;&quot;)&lt;/script&gt;</div>"), html)
        XCTAssertFalse(html.contains("<script"), html)
    }

    func testEscapingTable() {
        let cases: [(String, String)] = [
            ("plain", "plain"),
            ("&", "&amp;"),
            ("<>", "&lt;&gt;"),
            (#"""#, "&quot;"),
            ("'", "&#39;"),
            ("&amp;", "&amp;amp;"),
            ("👋 café", "👋 café"),
            ("a\u{0}b", "a\u{FFFD}b"),
        ]
        for (input, expected) in cases {
            XCTAssertEqual(HTMLRenderer.escaped(input), expected, input)
        }
    }

    func testAStackViewIsAFlexboxAlongItsAxis() {
        let column = View(kind: Schema.stackView, id: "column")
        ValueWriter(column)
            .set("axis", .enumCase("vertical"))
            .set("spacing", .number(12))
            .set("alignment", .enumCase("leading"))
            .set("distribution", .enumCase("equalSpacing"))
            .set("isLayoutMarginsRelativeArrangement", .bool(true))
            .set("layoutMargins", .insets(Insets(top: 1, left: 2, bottom: 3, right: 4)))
        let row = View(kind: Schema.stackView, id: "row")
        ValueWriter(row).set("distribution", .enumCase("fillEqually"))
        row.addChild(View(kind: Schema.view, id: "cell"))
        column.addChild(row)
        let html = HTMLRenderer().render(column, title: "t")
        XCTAssertTrue(html.contains(#"id="column" style="display: flex; flex-direction: column; gap: 12px; align-items: flex-start; justify-content: space-between; padding: 1px 4px 3px 2px""#), html)
        XCTAssertTrue(html.contains(#"id="row" style="display: flex; flex-direction: row; align-items: stretch""#), html)
        XCTAssertTrue(html.contains(#"id="cell" style="flex: 1 1 0""#), html)
    }

    func testLayoutMarginsPadAStackOnlyWhenItsArrangementIsRelativeToThem() {
        let stack = View(kind: Schema.stackView, id: "s")
        let writer = ValueWriter(stack).set("layoutMargins", .insets(Insets(all: 16)))
        XCTAssertFalse(HTMLRenderer().render(stack, title: "t").contains("padding: 16px"))
        writer.set("isLayoutMarginsRelativeArrangement", .bool(true))
        XCTAssertTrue(HTMLRenderer().render(stack, title: "t").contains("padding: 16px 16px 16px 16px"))
    }

    func testColorsAreRGBA() {
        XCTAssertEqual(HTMLRenderer.css(colorHex("#974DFF")), "rgba(151, 77, 255, 1)")
        XCTAssertEqual(HTMLRenderer.css(Color.black.withAlpha(0.6)), "rgba(0, 0, 0, 0.6)")
        XCTAssertEqual(HTMLRenderer.css(Color(red: 1, green: 1, blue: 1, alpha: 1.0 / 3)), "rgba(255, 255, 255, 0.333)")
        XCTAssertEqual(HTMLRenderer.css(Color.clear), "rgba(0, 0, 0, 0)")

        let html = HTMLRenderer().render(subscribeTree(), title: "t")
        XCTAssertTrue(html.contains("background-image: linear-gradient(rgba(151, 77, 255, 1), rgba(151, 77, 255, 1))"), html)
        XCTAssertTrue(html.contains("color: rgba(255, 255, 255, 1)"), html)
        XCTAssertTrue(html.contains("background-color: rgba(245, 245, 245, 0.5)"), html)
        XCTAssertTrue(html.contains("color: rgba(0, 0, 0, 0.6)"), html)
    }

    func testAButtonTakesItsTitleFontInsetsAndCorners() throws {
        let button = try XCTUnwrap(subscribeTree().children.first { $0.id == "subscribe" })
        let html = HTMLRenderer().render(button, title: "t")
        XCTAssertTrue(html.contains(">See subscription options</div>"), html)
        XCTAssertTrue(html.contains("font-size: 17px; font-weight: 700"), html)
        XCTAssertTrue(html.contains("padding: 8px 16px 8px 16px"), html)
        XCTAssertTrue(html.contains("border-radius: 6px"), html)
        XCTAssertTrue(html.contains("overflow: hidden"), html)
    }

    func testViewAndLayerPropertiesBecomeCSS() {
        let view = View(kind: Schema.view, id: "v")
        ValueWriter(view)
            .set("alpha", .number(0.5))
            .set("width", .number(100))
            .set("aspectRatio", .number(1.5))
            .set("layer.borderWidth", .number(2))
            .set("layer.borderColor", .color(colorHex("#FF0000")))
            .set("layer.shadowOpacity", .number(0.5))
            .set("layer.shadowRadius", .number(4))
            .set("layer.shadowOffset", .size(Size(width: 0, height: 2)))
            .set("isHidden", .bool(true))
        let html = HTMLRenderer().render(view, title: "t")
        XCTAssertTrue(html.contains(#"style="opacity: 0.5; width: 100px; flex-shrink: 0; aspect-ratio: 1.5; border: 2px solid rgba(255, 0, 0, 1); box-shadow: 0 2px 8px rgba(0, 0, 0, 0.5); display: none""#), html)
    }

    func testLabelFontColorAlignmentAndLines() {
        let label = View(kind: Schema.label, id: "l")
        let writer = ValueWriter(label)
            .set("text", .string("Hi"))
            .set("font", .font(Font(name: "Avenir-Heavy", size: 15, weight: .semibold, italic: true, smallCaps: true)))
            .set("textAlignment", .enumCase("center"))
            .set("numberOfLines", .int(2))
        let html = HTMLRenderer().render(label, title: "t")
        // The PostScript name decides the face: Avenir's Heavy is 800, whatever `weight` says.
        XCTAssertTrue(html.contains("font-family: &quot;Avenir-Heavy&quot;, &quot;Avenir&quot;, -apple-system, system-ui"), html)
        XCTAssertTrue(html.contains("font-size: 15px; font-weight: 800; font-style: italic; font-variant: small-caps; color: rgba(0, 0, 0, 1); text-align: center"), html)
        XCTAssertTrue(html.contains("-webkit-line-clamp: 2; line-clamp: 2"), html)

        writer.set("numberOfLines", .int(1))
        XCTAssertTrue(HTMLRenderer().render(label, title: "t").contains("white-space: pre; overflow: hidden; text-overflow: ellipsis"))
        writer.set("numberOfLines", .int(0))
        let unlimited = HTMLRenderer().render(label, title: "t")
        XCTAssertFalse(unlimited.contains("line-clamp"), unlimited)
        XCTAssertTrue(unlimited.contains("white-space: pre-wrap"), unlimited)
        // A word wider than the frame breaks between characters, as the layout measured it.
        XCTAssertTrue(unlimited.contains("overflow-wrap: break-word"), unlimited)
    }

    func testATextFieldShowsItsTextOrItsPlaceholder() {
        let field = View(kind: Schema.textField, id: "email")
        let writer = ValueWriter(field).set("placeholder", .string("you@example.com")).set("borderStyle", .enumCase("roundedRect"))
        let empty = HTMLRenderer().render(field, title: "t")
        XCTAssertTrue(empty.contains(#"<span data-part="placeholder" style="color: rgba(60, 60, 67, 0.3)">you@example.com</span>"#), empty)
        XCTAssertTrue(empty.contains("border-radius: 5px"), empty)

        writer.set("text", .string("a<b"))
        XCTAssertTrue(HTMLRenderer().render(field, title: "t").contains(">a&lt;b</div>"))
        writer.set("isSecureTextEntry", .bool(true))
        XCTAssertTrue(HTMLRenderer().render(field, title: "t").contains(">•••</div>"))
    }

    func testAnImageViewIsABoxWithItsColorOrName() {
        let named = View(kind: Schema.imageView, id: "logo")
        ValueWriter(named).set("image", .image(.named("logo")))
        XCTAssertTrue(HTMLRenderer().render(named, title: "t").contains(">logo</div>"))

        let filled = View(kind: Schema.imageView, id: "swatch")
        ValueWriter(filled).set("image", .image(.color(colorHex("#00FF00")))).set("width", .number(20)).set("height", .number(20))
        let html = HTMLRenderer().render(filled, title: "t")
        XCTAssertTrue(html.contains("background-image: linear-gradient(rgba(0, 255, 0, 1), rgba(0, 255, 0, 1))"), html)
        XCTAssertFalse(html.contains("min-width: 44px"), html)
    }

    func testAKindDeclaredByAScriptLooksLikeItsStandardSuperKind() {
        let badge = Kind(name: "Badge", superKind: Schema.label, doc: "", declarations: [])
        let view = View(kind: badge, id: "b")
        ValueWriter(view).set("text", .string("New"))
        let html = HTMLRenderer().render(view, title: "t")
        XCTAssertTrue(html.contains(#"<div data-kind="Badge" id="b""#), html)
        XCTAssertTrue(html.contains("font-size: 17px"), html)
        XCTAssertTrue(html.contains(">New</div>"), html)
    }

    func testANamedFontTakesItsWeightAndSlantFromItsName() {
        let cases: [(String, String, Font.Weight?, Bool)] = [
            ("Lato-Bold", "Lato", .bold, false),
            ("Lato-BoldItalic", "Lato", .bold, true),
            ("Lato-Italic", "Lato", .regular, true),
            ("HelveticaNeue-UltraLight", "HelveticaNeue", .ultraLight, false),
            ("Avenir-HeavyOblique", "Avenir", .heavy, true),
            ("Montserrat-SemiBold", "Montserrat", .semibold, false),
            ("Inter-Black", "Inter", .black, false),
            ("Georgia", "Georgia", nil, false),
            ("Brand-Custom", "Brand-Custom", nil, false),
        ]
        for (name, family, weight, italic) in cases {
            let face = HTMLRenderer.face(ofPostScriptName: name)
            XCTAssertEqual(face.family, family, name)
            XCTAssertEqual(face.weight, weight, name)
            XCTAssertEqual(face.italic, italic, name)
        }
        let label = View(kind: Schema.label, id: "l")
        ValueWriter(label).set("font", .font(Font(name: "Lato-Bold", size: 17)))
        let html = HTMLRenderer().render(label, title: "t")
        XCTAssertTrue(html.contains("font-family: &quot;Lato-Bold&quot;, &quot;Lato&quot;, -apple-system"), html)
        XCTAssertTrue(html.contains("font-weight: 700"), html)
        XCTAssertTrue(html.contains("&quot;Noto Color Emoji&quot;"), "no emoji font in the fallbacks: \(html)")
    }

    func testADeclaredKindsGradientColoursDrawALinearGradient() {
        let gradient = Kind(name: "GradientView", superKind: Schema.view, doc: "", declarations: [
            .value("fromColor", .optional(.color)), .value("toColor", .optional(.color)),
        ])
        let screen = View(kind: Schema.view, id: "screen")
        let view = View(kind: gradient, id: "g")
        ValueWriter(view).set("fromColor", .color(colorHex("#80D9FF"))).set("toColor", .color(.white))
        screen.addChild(view)
        let card = View(kind: Schema.view, id: "card")
        screen.addChild(card)
        card.addChild(View(kind: Schema.label, id: "inside"))
        let html = HTMLRenderer().render(screen, title: "t")
        XCTAssertTrue(html.contains("background-image: linear-gradient(to bottom, rgba(128, 217, 255, 1), rgba(255, 255, 255, 1))"), html)
        // Childless and sizeless in a plain view: it fills its parent, behind the others.
        XCTAssertTrue(html.contains(#"id="g" style="position: absolute; inset: 0; background-image"#), html)
        // A plain view's margins pad its children.
        XCTAssertTrue(html.contains(#"id="card" style="padding: 8px 8px 8px 8px""#), html)
        XCTAssertTrue(html.contains(#"id="screen" style="padding: 8px 8px 8px 8px""#), html)

        ValueWriter(view).set("fromColor", .null).set("toColor", .null)
        XCTAssertFalse(HTMLRenderer().render(screen, title: "t").contains("linear-gradient"))
    }

    func testATextFieldCentresItsTextVertically() {
        let field = View(kind: Schema.textField, id: "f")
        ValueWriter(field).set("text", .string("hi")).set("height", .number(44)).set("textAlignment", .enumCase("center"))
        let html = HTMLRenderer().render(field, title: "t")
        XCTAssertTrue(html.contains("display: flex; align-items: center; justify-content: center"), html)
    }

    func testThePageAroundTheScreenTakesTheRootsBackground() {
        let root = View(kind: Schema.stackView, id: "root")
        XCTAssertFalse(HTMLRenderer().render(root, title: "t").contains("html, [data-stylerun"))
        ValueWriter(root).set("backgroundColor", .color(.black))
        let html = HTMLRenderer().render(root, title: "t")
        XCTAssertTrue(html.contains(#"html, [data-stylerun="screen"] { background: rgba(0, 0, 0, 1); }"#), html)
        XCTAssertEqual(HTMLRenderer.screenBackground(of: root), .black)
    }

    /// The screen stands on the traits' systemBackground, its text is their label colour.
    func testTheScreenIsSystemBackgroundForTheTraits() {
        let root = View(kind: Schema.stackView, id: "root")
        let light = HTMLRenderer().render(root, title: "t")
        XCTAssertTrue(light.contains(#"[data-stylerun="screen"] { width: 375px; min-height: 200px; background: rgba(255, 255, 255, 1);"#), light)
        XCTAssertTrue(light.contains("color: rgba(0, 0, 0, 1); font-family:"), light)
        XCTAssertTrue(light.contains("html { background: rgba(242, 242, 247, 1); }"), light)
        XCTAssertEqual(HTMLRenderer.pageStyleSheet, HTMLRenderer.pageStyleSheet(for: .default))
        var renderer = HTMLRenderer()
        renderer.traits = Traits(colorScheme: .dark)
        let dark = renderer.render(root, title: "t")
        XCTAssertTrue(dark.contains(#"[data-stylerun="screen"] { width: 375px; min-height: 200px; background: rgba(0, 0, 0, 1);"#), dark)
        XCTAssertTrue(dark.contains("color: rgba(255, 255, 255, 1); font-family:"), dark)
        XCTAssertTrue(dark.contains("html { background: rgba(28, 28, 30, 1); }"), dark)
    }

    func testPreviewMarksReferencesAndLinksImages() {
        let root = View(kind: Schema.stackView, id: "root")
        let image = View(kind: Schema.imageView)
        ValueWriter(image).set("image", .image(.named("logo"))).set("contentMode", .enumCase("scaleAspectFit"))
        root.addChild(image)
        let screen = HTMLRenderer(imageURL: { "/images/" + $0 }, marksReferences: true).renderScreen(root)
        XCTAssertTrue(screen.contains(##"data-kind="StackView" id="root" data-ref="#root""##), screen)
        XCTAssertTrue(screen.contains(#"data-ref="StackView#root &gt; ImageView[1]""#), screen)
        XCTAssertTrue(screen.contains(#"<img data-part="image" src="/images/logo" alt="logo" style="display: block; width: 100%; height: 100%; object-fit: contain">"#), screen)
        XCTAssertFalse(HTMLRenderer().renderScreen(root).contains("data-ref"))
    }
}
