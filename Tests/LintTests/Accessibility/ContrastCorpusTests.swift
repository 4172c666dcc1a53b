import Foundation
import StyleCore
import StyleLua
import StyleRun
import XCTest

/// A labelled corpus of screens, each with one measured text (`id = "t"`): the ratio a reader
/// sees, computed apart from stylerun by `contrast_corpus.py` beside this file (straight alpha,
/// each view flattened to one surface faded by its alpha, WCAG's formulas written out again),
/// and whether WCAG AA passes it. The test measures the ratios through `TextContrast` and the
/// verdicts through `stylerun lint`'s dynamic pass, and asserts a precision and recall of 1.
final class ContrastCorpusTests: XCTestCase {
    struct Case {
        let name: String
        let source: String
        /// From contrast_corpus.py; nil where the text is not measured (disabled, hidden).
        let ratio: Double?
        let fails: Bool
        var level: ContrastLevel = .AA
        var theme: String? = nil
        /// Which text of the view is measured, when it has more than one.
        var part: TextSample.Part? = nil
        /// The traits the text is seen in (light and normal contrast by default).
        var traits: Traits = .default
        /// The state of the control `#t` seen, when not the one it is in.
        var state: ControlState? = nil
    }

    static let dark = Traits(colorScheme: .dark)
    static let highLight = Traits(contrast: .high)
    static let dynamic = ##"return View { Label { id = "t", text = "x", textColor = color.dynamic { light = "#767676", dark = "#444444" } } }"##
    static let highContrast = """
        return View { Label { id = "t", text = "x", textColor = color.dynamic { light = "#999999", dark = "#999999",
          highContrastLight = "#595959", highContrastDark = "#DDDDDD" } } }
        """
    static let highlighted = """
        rule("Button", concat(mut(Button.titleColor, color.black), when("highlighted", mut(Button.titleColor, "#DDDDDD"))))
        return View { Button { id = "t", title = "Go" } }
        """
    static let selected = """
        rule("Button:selected", mut(Button.titleColor, "#BBBBBB"))
        rule("Button:disabled", mut(Button.titleColor, "#EEEEEE"))
        rule("Button", mut(Button.titleColor, color.black))
        return View { Button { id = "t", title = "Go" } }
        """

    static let themed = """
        local t = themes { default = "light", light = { bg = color.white }, dark = { bg = color.black } }
        return View { backgroundColor = t.bg, Label { id = "t", text = "x", textColor = "#CCCCCC" } }
        """

    static let corpus: [Case] = [
        Case(name: "paleGray", source: ##"return View { Label { id = "t", text = "x", textColor = "#EEEEEE" } }"##, ratio: 1.1602, fails: true),
        Case(name: "gray767676", source: ##"return View { Label { id = "t", text = "x", textColor = "#767676" } }"##, ratio: 4.5422, fails: false),
        Case(name: "gray767676 at AAA", source: ##"return View { Label { id = "t", text = "x", textColor = "#767676" } }"##, ratio: 4.5422, fails: true, level: .AAA),
        Case(name: "gray777777", source: ##"return View { Label { id = "t", text = "x", textColor = "#777777" } }"##, ratio: 4.4781, fails: true),
        Case(name: "nestedTranslucent", source: """
            return View { backgroundColor = "#FF000080", View { backgroundColor = "#0000FF40",
              Label { id = "t", text = "x", textColor = "#000000" } } }
            """, ratio: 5.3582, fails: false),
        Case(name: "nestedTranslucentGray", source: """
            return View { backgroundColor = "#00000080", View { backgroundColor = "#00000080",
              Label { id = "t", text = "x", textColor = "#666666" } } }
            """, ratio: 1.8269, fails: true),
        Case(name: "colorImage", source: """
            return View { ImageView { image = image.fromColor "#333333", Label { id = "t", text = "x", textColor = color.white } } }
            """, ratio: 12.6347, fails: false),
        Case(name: "buttonBackgroundImage", source: """
            return Button { id = "t", title = "Go", titleColor = color.white, backgroundColor = color.white,
              backgroundImage = image.fromColor "#FF0000" }
            """, ratio: 3.9985, fails: true),
        Case(name: "fadedAncestor", source: """
            return View { View { alpha = 0.3, backgroundColor = color.white, Label { id = "t", text = "x", textColor = color.black } } }
            """, ratio: 2.1085, fails: true),
        Case(name: "fadedOverBlack", source: """
            return View { backgroundColor = color.black, View { alpha = 0.5, Label { id = "t", text = "x", textColor = color.white } } }
            """, ratio: 5.2808, fails: false),
        Case(name: "translucentText", source: ##"return Label { id = "t", text = "x", textColor = "#00000080" }"##, ratio: 4.0041, fails: true),
        Case(name: "edge 17.9 pt", source: ##"return Label { id = "t", text = "x", textColor = "#949494", font = font.system(17.9) }"##, ratio: 3.0335, fails: true),
        Case(name: "edge 18 pt", source: ##"return Label { id = "t", text = "x", textColor = "#949494", font = font.system(18) }"##, ratio: 3.0335, fails: false),
        Case(name: "edge 14 pt bold", source: ##"return Label { id = "t", text = "x", textColor = "#949494", font = font.system(14, "bold") }"##, ratio: 3.0335, fails: false),
        Case(name: "edge 14 pt heavy", source: ##"return Label { id = "t", text = "x", textColor = "#949494", font = font.system(14, "heavy") }"##, ratio: 3.0335, fails: false),
        Case(name: "edge 14 pt semibold", source: ##"return Label { id = "t", text = "x", textColor = "#949494", font = font.system(14, "semibold") }"##, ratio: 3.0335, fails: true),
        Case(name: "edge 13.9 pt bold", source: ##"return Label { id = "t", text = "x", textColor = "#949494", font = font.system(13.9, "bold") }"##, ratio: 3.0335, fails: true),
        Case(name: "edge 18 pt at AAA", source: ##"return Label { id = "t", text = "x", textColor = "#949494", font = font.system(18) }"##, ratio: 3.0335, fails: true, level: .AAA),
        Case(name: "systemBlue", source: ##"return Button { id = "t", title = "Go" }"##, ratio: 4.0170, fails: true),
        Case(name: "systemBlue large", source: ##"return Button { id = "t", title = "Go", style = mut(Button.titleLabel.font, font.system(18)) }"##,
             ratio: 4.0170, fails: false),
        Case(name: "inheritedTint", source: ##"return View { tintColor = color.black, Button { id = "t", title = "Go" } }"##, ratio: 21, fails: false),
        Case(name: "ownBackground", source: ##"return Label { id = "t", text = "x", textColor = "#333333", backgroundColor = color.black }"##,
             ratio: 1.6621, fails: true),
        Case(name: "titleOnFadedBlue", source: """
            return View { Button { id = "t", title = "Go", alpha = 0.6, backgroundColor = "#0000FF", titleColor = color.white } }
            """, ratio: 4.2774, fails: true),
        Case(name: "placeholder", source: ##"return TextField { id = "t", text = "", textColor = color.black, placeholder = "Email" }"##,
             ratio: 1.7323, fails: true, part: .placeholder),
        Case(name: "roundedRectOnBlack", source: """
            return View { backgroundColor = color.black, TextField { id = "t", borderStyle = "roundedRect", textColor = color.black } }
            """, ratio: 21, fails: false),
        Case(name: "disabled", source: ##"return Button { id = "t", title = "Off", isEnabled = false, titleColor = "#EEEEEE" }"##, ratio: nil, fails: false),
        Case(name: "hidden", source: ##"return View { Label { id = "t", text = "x", textColor = "#EEEEEE", isHidden = true } }"##, ratio: nil, fails: false),
        Case(name: "hiddenAncestor", source: ##"return View { isHidden = true, Label { id = "t", text = "x", textColor = "#EEEEEE" } }"##, ratio: nil, fails: false),
        Case(name: "noText", source: ##"return View { Label { id = "t", textColor = "#EEEEEE" } }"##, ratio: nil, fails: false),
        Case(name: "lightThemeText", source: themed, ratio: 1.6059, fails: true, theme: "light"),
        Case(name: "darkThemeText", source: themed, ratio: 13.0765, fails: false, theme: "dark"),
        // Dark and high contrast: the screen is systemBackground, a label's default colour `label`.
        Case(name: "darkDefaultLabel", source: ##"return View { Label { id = "t", text = "x" } }"##, ratio: 21, fails: false, traits: dark),
        Case(name: "gray555555 light", source: ##"return View { Label { id = "t", text = "x", textColor = "#555555" } }"##, ratio: 7.4552, fails: false),
        Case(name: "gray555555 dark", source: ##"return View { Label { id = "t", text = "x", textColor = "#555555" } }"##, ratio: 2.8168, fails: true, traits: dark),
        Case(name: "paleGray dark", source: ##"return View { Label { id = "t", text = "x", textColor = "#EEEEEE" } }"##, ratio: 18.0999, fails: false, traits: dark),
        Case(name: "dynamic light", source: dynamic, ratio: 4.5422, fails: false),
        Case(name: "dynamic dark", source: dynamic, ratio: 2.1561, fails: true, traits: dark),
        Case(name: "dynamic normal contrast", source: highContrast, ratio: 2.8490, fails: true),
        Case(name: "dynamic high contrast", source: highContrast, ratio: 7.0047, fails: false, traits: highLight),
        Case(name: "secondaryLabel dark", source: ##"return View { Label { id = "t", text = "x", textColor = color.secondaryLabel } }"##,
             ratio: 6.3638, fails: false, traits: dark),
        Case(name: "tertiaryLabel light", source: ##"return View { Label { id = "t", text = "x", textColor = color.tertiaryLabel } }"##,
             ratio: 1.7323, fails: true),
        Case(name: "tertiaryLabel high contrast", source: ##"return View { Label { id = "t", text = "x", textColor = color.tertiaryLabel } }"##,
             ratio: 3.1082, fails: true, traits: highLight),
        Case(name: "systemBlue dark", source: ##"return Button { id = "t", title = "Go" }"##, ratio: 5.7574, fails: false, traits: dark),
        Case(name: "systemBlue high contrast", source: ##"return Button { id = "t", title = "Go" }"##, ratio: 7.5609, fails: false, traits: highLight),
        Case(name: "inheritedTint dark", source: ##"return View { tintColor = color.black, Button { id = "t", title = "Go" } }"##,
             ratio: 1, fails: true, traits: dark),
        // The other states of a control: highlighted and selected are checked, disabled is exempt.
        Case(name: "normal of highlighted", source: highlighted, ratio: 21, fails: false),
        Case(name: "highlighted", source: highlighted, ratio: 1.3582, fails: true, state: .highlighted),
        Case(name: "highlighted dark", source: highlighted, ratio: 15.4611, fails: false, traits: dark, state: .highlighted),
        Case(name: "selected", source: selected, ratio: 1.9198, fails: true, state: .selected),
        Case(name: "focused of selected", source: selected, ratio: 21, fails: false, state: .focused),
        Case(name: "disabled state", source: selected, ratio: nil, fails: false, state: .disabled),
    ]

    /// The ratio of the text `#t` as `TextContrast` measures it, nil when it is not measured.
    private func measuredRatio(_ c: Case) throws -> Double? {
        let evaluation = try Evaluation.evaluate(source: c.source, chunk: "corpus.lua", options: EvaluationOptions(theme: c.theme))
        let root = try XCTUnwrap(evaluation.root)
        XCTAssertEqual(Cascade(evaluation.stylesheet, traits: c.traits).apply(to: root), [], c.name)
        let screen = ScreenColors(for: c.traits)
        func measure() -> [TextSample] {
            TextContrast.samples(in: root, screen: screen).filter { $0.view.id == "t" && (c.part == nil || $0.part == c.part) }
        }
        var samples = measure()
        if let state = c.state {
            var t: View?
            root.forEachInTree { if $0.id == "t" { t = $0 } }
            samples = StateStyling.with(try XCTUnwrap(t), in: state, stylesheet: evaluation.stylesheet, traits: c.traits) { measure() }.result
        }
        XCTAssertLessThanOrEqual(samples.count, 1, c.name)
        return samples.first?.ratio
    }

    /// Whether lint reports a low-contrast finding for the text, in the case's theme.
    private func lintFails(_ c: Case) -> Bool {
        let pass = InProcessDynamicPass(stdlibPaths: [], accessibility: AccessibilityChecks(contrastLevel: c.level))
        let found = pass.check(file: "corpus.lua", source: c.source).filter { $0.code == .lowContrast }
        // The combination the case is about, as "Fails in …" lists each.
        var condition = (c.theme.map { "theme '\($0)', " } ?? "")
            + "colorScheme=\(c.traits.colorScheme.rawValue) contrast=\(c.traits.contrast.rawValue)"
        let isControl = c.source.contains("Button {") || c.source.contains("TextField {")
        if isControl { condition += ", state \(c.state ?? .normal)" }
        return found.contains { d in
            guard let range = d.message.range(of: "Fails in ") else { return false }
            return d.message[range.upperBound...].dropLast().components(separatedBy: "; ").contains(condition)
        }
    }

    func testRatiosAgreeWithTheIndependentComputation() throws {
        for c in Self.corpus {
            let measured = try measuredRatio(c)
            guard let expected = c.ratio else {
                XCTAssertNil(measured, "\(c.name) is not measured")
                continue
            }
            let ratio = try XCTUnwrap(measured, c.name)
            XCTAssertEqual(ratio, expected, accuracy: 0.0001, c.name)
        }
    }

    func testPrecisionAndRecallOverTheCorpusAreOne() {
        var truePositives = 0, falsePositives = 0, falseNegatives = 0
        for c in Self.corpus {
            let predicted = lintFails(c)
            switch (predicted, c.fails) {
            case (true, true): truePositives += 1
            case (true, false): falsePositives += 1; XCTFail("\(c.name): reported, but passes")
            case (false, true): falseNegatives += 1; XCTFail("\(c.name): fails, but not reported")
            case (false, false): break
            }
        }
        let precision = Double(truePositives) / Double(max(truePositives + falsePositives, 1))
        let recall = Double(truePositives) / Double(max(truePositives + falseNegatives, 1))
        print("contrast corpus: \(Self.corpus.count) cases, \(truePositives) failing found, precision \(precision), recall \(recall)")
        XCTAssertGreaterThan(truePositives, 10)
        XCTAssertEqual(precision, 1)
        XCTAssertEqual(recall, 1)
    }
}
