import Foundation
import StyleCore
import StyleLua
import XCTest

/// `when`, `kind(…, { control = true })`, pseudo-classes in `rule`, the state a constructor
/// gives a control, and the `traits` table, through the Lua bridge (SPEC §6.1, §6.2).
final class StateBindingsTests: XCTestCase {
    func testWhenAndPseudoClassesStyleControlsByTheirState() throws {
        let outcome = evaluateAndStyle("""
            kind("Toggle", View, {}, { control = true })
            kind("BigToggle", Toggle, {})
            rule("Toggle:selected", mut(View.alpha, 0.5))
            rule(".primary:disabled", mut(Button.titleColor, "#9E9E9E"))
            local pressed = when("highlighted", mut(View.alpha, 0.8))
            appearance(Button, concat(mut(View.alpha, 0.9), pressed, when({ state = { "selected", "focused" } }, mut(View.alpha, 0.7))))
            return StackView {
              Button { id = "plain" },
              Button { id = "pressed", isHighlighted = true },
              Button { id = "chosen", isSelected = true },
              Button { id = "off", class = "primary", isEnabled = false },
              Button { id = "own", isHighlighted = true, style = when("highlighted", mut(Button.title, "down")) },
              BigToggle { id = "big", isSelected = true },
            }
            """)
        guard case .styled(let root, _) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(view("plain", in: root)?["alpha"], num(0.9))
        XCTAssertEqual(view("pressed", in: root)?["alpha"], num(0.8))
        XCTAssertEqual(view("chosen", in: root)?["alpha"], num(0.7))
        XCTAssertEqual(view("off", in: root)?["titleColor"], hex("#9E9E9E"))
        XCTAssertEqual(view("off", in: root)?.state, .disabled)
        XCTAssertEqual(view("own", in: root)?["title"], str("down"))
        XCTAssertEqual(view("big", in: root)?["alpha"], num(0.5), "a sub-kind of a control is one")
    }

    /// A style that sets `isEnabled` does not disable the view: a state is the tree's.
    func testAStyleSettingIsEnabledDoesNotChangeTheState() throws {
        let outcome = evaluateAndStyle("""
            rule("Button", mut(Button.isEnabled, false))
            rule("Button:disabled", mut(Button.title, "disabled"))
            return Button { id = "b", title = "on" }
            """)
        guard case .styled(let root, _) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(root["isEnabled"], .bool(false))
        XCTAssertEqual(root.state, .normal)
        XCTAssertEqual(root["title"], str("on"))
    }

    func testTraitWhensFollowTheTraitsTheTreeIsStyledFor() throws {
        let script = """
            rule("Label", concat(
              when({ colorScheme = "dark" }, mut(Label.textColor, "#FFFFFF")),
              when({ contentSize = ">= accessibilityMedium", horizontalSizeClass = { "compact", "regular" } }, mut(Label.numberOfLines, 0))))
            return Label { id = "l", text = traits.colorScheme .. " " .. traits.contentSize }
            """
        var options = EvaluationOptions(stdlibPaths: [stdlibPath])
        options.traits = Traits(colorScheme: .dark, contentSize: .accessibilityLarge)
        let evaluation = try Evaluation.evaluate(source: script, chunk: "t.lua", folder: ".", options: options)
        let root = try XCTUnwrap(evaluation.root)
        XCTAssertEqual(Cascade(evaluation.stylesheet, traits: options.traits).apply(to: root), [])
        XCTAssertEqual(root["text"], str("dark accessibilityLarge"))
        XCTAssertEqual(root["textColor"], hex("#FFFFFF"))
        XCTAssertEqual(root["numberOfLines"], int(0))
        // The same evaluation styled for the default traits.
        XCTAssertEqual(Cascade(evaluation.stylesheet).apply(to: root), [])
        XCTAssertEqual(root["textColor"], hex("#000000"))
        XCTAssertEqual(root["numberOfLines"], int(1))
    }

    func testMistakesAreErrorsAtTheirColumnWithTheClosestName() {
        let cases: [(String, Diagnostic.Code, String, Int)] = [
            ("rule(\"Button:hilighted\", mut(View.alpha, 1))", .badSelector,
             "Unknown pseudo-class ':hilighted' in selector 'Button:hilighted'. Did you mean 'highlighted'?", 13),
            ("rule(\"Label:disabled\", mut(View.alpha, 1))", .unknownState, "gives ':disabled' to Label, which is not a control", 12),
            ("rule(\".primary:pressed\", mut(View.alpha, 1))", .badSelector,
             "Unknown pseudo-class ':pressed' in selector '.primary:pressed'. Did you mean 'highlighted'? UIKit's name for ':pressed' is 'highlighted'.", 15),
            ("local s = when(\"hilighted\", mut(View.alpha, 1))", .unknownState, "Unknown state 'hilighted'. Did you mean 'highlighted'?", 16),
            ("local s = when({ colorSheme = \"dark\" }, mut(View.alpha, 1))", .unknownTrait,
             "Unknown trait 'colorSheme'. Did you mean 'colorScheme'?", 18),
            ("local s = when({ colorScheme = \"drak\" }, mut(View.alpha, 1))", .unknownTrait,
             "'drak' is not a value of colorScheme. Did you mean 'dark'?", 33),
            ("local s = when({ contentSize = \">= huge\" }, mut(View.alpha, 1))", .unknownTrait, "'huge' is not a value of contentSize.", 36),
            ("local s = when(\"selected\", mut(Label.text, \"x\"))", .unknownState, "Label is not a control", 11),
            ("local s = when(3, mut(View.alpha, 1))", .badArgument, "a state name or a table of states and traits", 11),
            ("kind(\"T\", View, {}, { contrl = true })", .kindDeclaration, "kind has no option 'contrl'. Did you mean 'control'?", 23),
            ("traits.colorScheme = \"dark\"", .sandbox, "traits is read-only", 1),
            ("local x = traits.colorSheme", .unknownMember, "Did you mean 'colorScheme'?", 18),
        ]
        for (line, code, message, column) in cases {
            let outcome = evaluateAndStyle(line + "\nreturn Label {}", chunk: "bad.lua")
            guard case .failed(let diagnostics) = outcome, let d = diagnostics.first else {
                XCTFail("\(line): should fail")
                continue
            }
            XCTAssertEqual(d.code, code, "\(line): \(d)")
            XCTAssertTrue(d.message.contains(message), "\(line): \(d.message)")
            XCTAssertEqual(d.line, 1, line)
            XCTAssertEqual(d.column, column, "\(line): \(d)")
        }
    }
}
