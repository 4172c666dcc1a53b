import Foundation
import StyleCore
import StyleLua
import XCTest

// Over 400 lines on purpose: one table, a snippet per feature of the Lua API, read top to bottom.

/// A script that returns a view tree, and the values the cascade must give its views.
struct Snippet {
    var name: String
    var script: String
    /// `id` → dotted property path → the applied value.
    var expect: [String: [String: Value]]
    /// `id` → path → the color's `#RRGGBBAA` output (rounding to nearest).
    var hexOutput: [String: [String: String]] = [:]
    /// Passed as `EvaluationOptions(theme:)`.
    var theme: String? = nil
    /// Module files (relative path → text) written beside the script before it runs.
    var modules: [String: String] = [:]
    var line: UInt

    init(name: String, script: String, expect: [String: [String: Value]], hexOutput: [String: [String: String]] = [:],
         theme: String? = nil, modules: [String: String] = [:], line: UInt = #line) {
        self.name = name; self.script = script; self.expect = expect; self.hexOutput = hexOutput
        self.theme = theme; self.modules = modules; self.line = line
    }
}

/// End-to-end tests of the Lua API (REFERENCE §1.2–1.8): each snippet is evaluated, its tree styled
/// with `Cascade`, and the applied values compared at dotted paths.
final class SnippetTests: XCTestCase {
    static let snippets: [Snippet] = [
        // MARK: §3.2 Colors
        Snippet(name: "hex colors in every length, as strings, and the named colors", script: """
            return StackView { id = "root",
              View { id = "six", backgroundColor = color "#6E40C9" },
              View { id = "lower", backgroundColor = color "#6e40c9" },
              View { id = "three", backgroundColor = color "#F0A" },
              View { id = "eight", backgroundColor = color "#11223380" },
              Label { id = "string", textColor = "#00FF00" },
              View { id = "named", backgroundColor = color.white, tintColor = color.clear },
              Label { id = "black", textColor = color.black },
            }
            """, expect: [
                "six": ["backgroundColor": rgba(110 / 255, 64 / 255, 201 / 255)],
                "lower": ["backgroundColor": rgba(110 / 255, 64 / 255, 201 / 255)],
                "three": ["backgroundColor": rgba(1, 0, 170 / 255)],
                "eight": ["backgroundColor": rgba(17 / 255, 34 / 255, 51 / 255, 128 / 255)],
                "string": ["textColor": rgba(0, 1, 0)],
                "named": ["backgroundColor": rgba(1, 1, 1), "tintColor": rgba(0, 0, 0, 0)],
                "black": ["textColor": rgba(0, 0, 0)],
            ]),
        Snippet(name: "rgb with fractions and alpha, white, withAlpha", script: """
            return StackView { id = "root",
              View { id = "rgb", backgroundColor = rgb(255, 127.5, 0) },
              View { id = "rgba", backgroundColor = rgb(51, 102, 153, 0.5) },
              View { id = "white", backgroundColor = white(0.5), tintColor = white(1 / 3, 0.25) },
              View { id = "alpha", backgroundColor = color "#974DFF":withAlpha(0.6) },
            }
            """, expect: [
                "rgb": ["backgroundColor": rgba(1, 127.5 / 255, 0)],
                "rgba": ["backgroundColor": rgba(51 / 255, 102 / 255, 153 / 255, 0.5)],
                "white": ["backgroundColor": rgba(0.5, 0.5, 0.5), "tintColor": rgba(1 / 3, 1 / 3, 1 / 3, 0.25)],
                "alpha": ["backgroundColor": rgba(151 / 255, 77 / 255, 1, 0.6)],
            ]),
        Snippet(name: "colors keep their components; hex output rounds to nearest", script: """
            return StackView { id = "root",
              View { id = "up", backgroundColor = rgb(127.5, 0, 0) },
              View { id = "down", backgroundColor = rgb(127.4, 0, 0) },
              View { id = "half", backgroundColor = white(0.5) },
              View { id = "third", backgroundColor = white(2 / 3) },
              View { id = "alpha", backgroundColor = color "#6E40C9":withAlpha(0.5) },
            }
            """, expect: [
                "down": ["backgroundColor": rgba(127.4 / 255, 0, 0)],
                "third": ["backgroundColor": rgba(2 / 3, 2 / 3, 2 / 3)],
            ], hexOutput: [
                "up": ["backgroundColor": "#800000FF"],
                "down": ["backgroundColor": "#7F0000FF"],
                "half": ["backgroundColor": "#808080FF"],
                "third": ["backgroundColor": "#AAAAAAFF"],
                "alpha": ["backgroundColor": "#6E40C980"],
            ]),

        // MARK: §3.2 Fonts
        Snippet(name: "system, preferred and named fonts", script: """
            return StackView { id = "root",
              Label { id = "system", font = font.system(15) },
              Label { id = "weighted", font = font.system(13, "medium") },
              Label { id = "headline", font = font.preferred "headline" },
              Label { id = "largeTitle", font = font.preferred "largeTitle" },
              Label { id = "title3", font = font.preferred "title3" },
              Label { id = "subheadline", font = font.preferred "subheadline" },
              Label { id = "caption2", font = font.preferred "caption2" },
              Label { id = "named", font = font.named("Avenir-Heavy", 14) },
              Label { id = "default" },
            }
            """, expect: [
                "system": ["font": font(15)],
                "weighted": ["font": font(13, .medium)],
                "headline": ["font": font(17, .semibold, style: .headline)],
                "largeTitle": ["font": font(34, style: .largeTitle)],
                "title3": ["font": font(20, style: .title3)],
                "subheadline": ["font": font(15, style: .subheadline)],
                "caption2": ["font": font(11, style: .caption2)],
                "named": ["font": font(14, name: "Avenir-Heavy")],
                "default": ["font": font(17)],
            ]),
        Snippet(name: "font methods return new fonts and leave the original alone", script: """
            local body = font.preferred "body"
            return StackView { id = "root",
              Label { id = "bold", font = body:bolded() },
              Label { id = "italic", font = body:italic() },
              Label { id = "smallCaps", font = body:smallCaps() },
              Label { id = "size", font = body:withSize(20) },
              Label { id = "weight", font = body:withWeight("light") },
              Label { id = "chain", font = font.named("Avenir-Book", 12):bolded():italic():withSize(18) },
              Label { id = "original", font = body },
            }
            """, expect: [
                "bold": ["font": font(17, .bold, style: .body)],
                "italic": ["font": font(17, italic: true, style: .body)],
                "smallCaps": ["font": font(17, smallCaps: true, style: .body)],
                "size": ["font": font(20, style: .body)],
                "weight": ["font": font(17, .light, style: .body)],
                "chain": ["font": font(18, .bold, name: "Avenir-Book", italic: true)],
                "original": ["font": font(17, style: .body)],
            ]),
        Snippet(name: "font fields name, size and weight are readable", script: """
            local function describe(f) return string.format("%s %g %s", f.name, f.size, f.weight) end
            return StackView { id = "root",
              Label { id = "named", text = describe(font.named("Avenir-Heavy", 14)) },
              Label { id = "headline", text = describe(font.preferred "headline") },
            }
            """, expect: [
                "named": ["text": str("Avenir-Heavy 14 regular")],
                "headline": ["text": str("system 17 semibold")],
            ]),

        // MARK: §3.2 Insets, sizes, images, enums
        Snippet(name: "insets with one, two and four numbers, and as a table", script: """
            return StackView { id = "root",
              View { id = "all", layoutMargins = insets(12) },
              View { id = "two", layoutMargins = insets(4, 12) },
              View { id = "four", layoutMargins = insets(1, 2, 3, 4) },
              View { id = "table", layoutMargins = { top = 5, left = 6, bottom = 7, right = 8 } },
              Button { id = "field", contentEdgeInsets = insets(insets(1, 2, 3, 4).bottom) },
              View { id = "default" },
            }
            """, expect: [
                "all": ["layoutMargins": insets(12, 12, 12, 12)],
                "two": ["layoutMargins": insets(4, 12, 4, 12)],
                "four": ["layoutMargins": insets(1, 2, 3, 4)],
                "table": ["layoutMargins": insets(5, 6, 7, 8)],
                "field": ["contentEdgeInsets": insets(3, 3, 3, 3)],
                "default": ["layoutMargins": insets(8, 8, 8, 8)],
            ]),
        Snippet(name: "sizes from size() and from a table", script: """
            return StackView { id = "root",
              View { id = "call", style = mut(View.layer.shadowOffset, size(0, 2)) },
              View { id = "table", style = mut(View.layer.shadowOffset, { width = 3, height = 4 }) },
              View { id = "field", width = size(30, 40).width },
            }
            """, expect: [
                "call": ["layer.shadowOffset": size(0, 2)],
                "table": ["layer.shadowOffset": size(3, 4)],
                "field": ["width": num(30)],
            ]),
        Snippet(name: "images: a string is a named image; fromColor makes a color image", script: """
            return StackView { id = "root",
              ImageView { id = "string", image = "logo" },
              ImageView { id = "named", image = image "hero" },
              Button { id = "fill", backgroundImage = image.fromColor "#974DFF", image = image.fromColor(color.white) },
              ImageView { id = "none" },
            }
            """, expect: [
                "string": ["image": .image(.named("logo"))],
                "named": ["image": .image(.named("hero"))],
                "fill": ["backgroundImage": .image(.color(Color(red: 151 / 255, green: 77 / 255, blue: 1))),
                         "image": .image(.color(.white))],
                "none": ["image": .null],
            ]),
        Snippet(name: "enums by case name", script: """
            return StackView { id = "root", axis = "vertical", alignment = "firstBaseline",
              style = mut(StackView.distribution, "fillEqually"),
              Label { id = "label", textAlignment = "center", lineBreakMode = "byWordWrapping" },
              TextField { id = "field", keyboardType = "emailAddress", borderStyle = "roundedRect" },
              ImageView { id = "image", style = mut(ImageView.contentMode, "scaleAspectFit") },
            }
            """, expect: [
                "root": ["axis": enumCase("vertical"), "alignment": enumCase("firstBaseline"),
                         "distribution": enumCase("fillEqually")],
                "label": ["textAlignment": enumCase("center"), "lineBreakMode": enumCase("byWordWrapping")],
                "field": ["keyboardType": enumCase("emailAddress"), "borderStyle": enumCase("roundedRect")],
                "image": ["contentMode": enumCase("scaleAspectFit")],
            ]),
        Snippet(name: "nil clears an optional; a super-kind's key path styles a sub-kind", script: """
            return StackView { id = "root", style = mut(View.layer.cornerRadius, 4),
              Button { id = "button", style = mut(View.backgroundColor, "#FF0000") },
              View { id = "cleared", style = concat(mut(View.backgroundColor, "#FF0000"), mut(View.backgroundColor, nil)) },
            }
            """, expect: [
                "root": ["layer.cornerRadius": num(4)],
                "button": ["backgroundColor": rgba(1, 0, 0)],
                "cleared": ["backgroundColor": .null],
            ]),

        // MARK: §3.3–3.4 Key paths and styles, with the seeds' values
        Snippet(name: "seed: a subheadline font made bold through mver is system 15 bold", script: """
            local baseTextButtonStyle = concat(
              mut(Button.titleLabel.font, font.preferred "subheadline"),
              mver(Button.titleLabel.font, function(f) return f:bolded() end)
            )
            return Button { id = "button", style = baseTextButtonStyle }
            """, expect: ["button": ["titleLabel.font": font(15, .bold, style: .subheadline)]]),
        Snippet(name: "seed: contentEdgeInsets of two and four grid units", script: """
            local function grid(n) return n * 4 end
            return Button { id = "button", style = mut(Button.contentEdgeInsets, insets(grid(2), grid(4))) }
            """, expect: ["button": ["contentEdgeInsets": insets(8, 16, 8, 16)]]),
        Snippet(name: "seed: generous margins, then a deeper bottom margin", script: """
            local generousMargins = mut(View.layoutMargins, insets(24))
            return StackView { id = "root", style = concat(generousMargins, mut(View.layoutMargins.bottom, 32)) }
            """, expect: ["root": ["layoutMargins": insets(24, 24, 32, 24)]]),
        Snippet(name: "with and calling a style both stick, after the constructor's styles", script: """
            local red = mut(Button.titleColor, "#FF0000")
            return StackView { id = "root",
              with(Button { id = "with" }, red),
              red(Button { id = "called" }),
              Button { id = "listed", style = { red } },
              with(Button { id = "after", style = mut(Button.titleColor, "#00FF00") }, red),
            }
            """, expect: [
                "with": ["titleColor": rgba(1, 0, 0)],
                "called": ["titleColor": rgba(1, 0, 0)],
                "listed": ["titleColor": rgba(1, 0, 0)],
                "after": ["titleColor": rgba(1, 0, 0)],
            ]),
        Snippet(name: "mver with a function that mutates its argument and returns nothing", script: """
            return StackView { id = "root",
              View { id = "insets", style = mver(View.layoutMargins, function(m) m.bottom = 32 end) },
              View { id = "size", style = concat(mut(View.layer.shadowOffset, size(1, 1)),
                mver(View.layer.shadowOffset, function(s) s.height = 2 end)) },
              Label { id = "returned", style = mver(Label.numberOfLines, function(n) return n + 2 end) },
            }
            """, expect: [
                "insets": ["layoutMargins": insets(8, 8, 32, 8)],
                "size": ["layer.shadowOffset": size(1, 2)],
                "returned": ["numberOfLines": int(3)],
            ]),
        Snippet(name: "string paths resolve against the style's kind, or the view's", script: """
            local spacing = style(StackView, mut("spacing", 12))
            local lines = concat(mut(Label.font, font.system(12)), mut("numberOfLines", 0))
            return StackView { id = "root", style = { spacing, mut("layoutMargins.bottom", 4) },
              Label { id = "label", style = { mut("textAlignment", "center"), lines } },
            }
            """, expect: [
                "root": ["spacing": num(12), "layoutMargins": insets(8, 8, 4, 8)],
                "label": ["textAlignment": enumCase("center"), "numberOfLines": int(0), "font": font(12)],
            ]),
        Snippet(name: "a key path prints as a Swift key path", script: """
            return Label { id = "label", text = tostring(Button.titleLabel.font) }
            """, expect: ["label": ["text": str("\\Button.titleLabel.font")]]),
        Snippet(name: "function styles read and write the view through checked paths", script: """
            local card = style(View, function(v)
              v.layer.cornerRadius = 6
              v.layoutMargins.bottom = 4
            end)
            local grow = concat(mut(Label.numberOfLines, 3), function(v) v.numberOfLines = v.numberOfLines + 1 end)
            local relative = function(v) v.alpha = v.layoutMargins.top / 16 end
            local button = style(Button, function(b)
              b.titleColor = "#000"
              b.titleLabel.font = font.system(12)
            end)
            return StackView { id = "root",
              View { id = "card", style = card },
              Label { id = "grow", style = grow },
              View { id = "relative", style = relative },
              Button { id = "button", style = button },
            }
            """, expect: [
                "card": ["layer.cornerRadius": num(6), "layoutMargins": insets(8, 8, 4, 8)],
                "grow": ["numberOfLines": int(4)],
                "relative": ["alpha": num(0.5)],
                "button": ["titleColor": rgba(0, 0, 0), "titleLabel.font": font(12)],
            ]),
        Snippet(name: "`..` composes with a plain function on either side", script: """
            local twice = function(v) v.numberOfLines = v.numberOfLines * 2 end
            return StackView { id = "root",
              Label { id = "right", style = mut(Label.numberOfLines, 3) .. twice },
              Label { id = "left", style = twice .. mut(Label.numberOfLines, 5) },
              Label { id = "chain", style = mut(View.alpha, 0.5) .. mut(Label.numberOfLines, 2) .. twice },
            }
            """, expect: [
                "right": ["numberOfLines": int(6)],
                "left": ["numberOfLines": int(5)],
                "chain": ["numberOfLines": int(4), "alpha": num(0.5)],
            ]),
        Snippet(name: "load runs text in the sandbox, seeing the API", script: """
            local make = load("return mut(Label.numberOfLines, 7)")
            return Label { id = "label", style = make() }
            """, expect: ["label": ["numberOfLines": int(7)]]),

        // MARK: §3.5 The cascade
        Snippet(name: "appearance: super-kinds first, then source order", script: """
            appearance(Button, mut(View.alpha, 0.5))
            appearance(View, mut(View.alpha, 0.25))
            appearance(Label, mut(Label.numberOfLines, 2))
            appearance(Label, mut(Label.numberOfLines, 3))
            return StackView { id = "root",
              Button { id = "button" },
              Label { id = "label" },
              View { id = "view" },
            }
            """, expect: [
                "root": ["alpha": num(0.25)],
                "button": ["alpha": num(0.5)],
                "label": ["alpha": num(0.25), "numberOfLines": int(3)],
                "view": ["alpha": num(0.25)],
            ]),
        Snippet(name: "rules: specificity first, then source order", script: """
            rule("#x", mut(Label.numberOfLines, 2))
            rule("Label.big", mut(Label.numberOfLines, 3))
            rule(".big", mut(Label.numberOfLines, 4))
            rule("Label", mut(Label.numberOfLines, 5))
            rule(".a", mut(View.alpha, 0.5))
            rule(".b", mut(View.alpha, 0.25))
            return StackView { id = "root",
              Label { id = "x", class = "big" },
              Label { id = "y", class = "big extra" },
              Label { id = "z" },
              Label { id = "ab", class = { "b", "a" } },
            }
            """, expect: [
                "x": ["numberOfLines": int(2)],
                "y": ["numberOfLines": int(3)],
                "z": ["numberOfLines": int(5)],
                "ab": ["alpha": num(0.25), "numberOfLines": int(5)],
            ]),
        Snippet(name: "child and descendant combinators, selector lists", script: """
            rule("StackView > Label", mut(Label.numberOfLines, 2))
            rule("#root Label", mut(View.alpha, 0.5))
            rule(".a, .b", mut(View.isHidden, true))
            return StackView { id = "root",
              Label { id = "child", class = "a" },
              View { id = "middle", class = "b",
                Label { id = "grandchild" },
              },
            }
            """, expect: [
                "child": ["numberOfLines": int(2), "alpha": num(0.5), "isHidden": .bool(true)],
                "middle": ["alpha": num(1), "isHidden": .bool(true)],
                "grandchild": ["numberOfLines": int(1), "alpha": num(0.5), "isHidden": .bool(false)],
            ]),
        Snippet(name: "a selector without a kind skips views the style cannot apply to", script: """
            rule(".note", style(Label, mut(View.alpha, 0.5)))
            return StackView { id = "root",
              Label { id = "label", class = "note" },
              Button { id = "button", class = "note" },
            }
            """, expect: [
                "label": ["alpha": num(0.5)],
                "button": ["alpha": num(1)],
            ]),
        Snippet(name: "appearance < rules < own styles < literals; mver sees the earlier value", script: """
            appearance(Label, mut(Label.font, font.system(20)))
            rule("Label", mver(Label.font, function(f) return f:bolded() end))
            rule("#own", mut(Label.textColor, "#FF0000"))
            return StackView { id = "root",
              Label { id = "own", style = concat(mut(Label.textColor, "#00FF00"),
                mver(Label.font, function(f) return f:withSize(f.size + 1) end)) },
              Label { id = "literal", textColor = "#0000FF", font = font.system(9),
                style = mut(Label.textColor, "#00FF00") },
              Label { id = "plain" },
            }
            """, expect: [
                "own": ["textColor": rgba(0, 1, 0), "font": font(21, .bold)],
                "literal": ["textColor": rgba(0, 0, 1), "font": font(9)],
                "plain": ["textColor": rgba(0, 0, 0), "font": font(20, .bold)],
            ]),

        // MARK: §3.7 Themes and kinds
        Snippet(name: "themes: the default theme", script: themeScript, expect: [
            "root": ["backgroundColor": rgba(1, 1, 1), "tintColor": rgba(1, 0, 0)],
        ]),
        Snippet(name: "themes: a theme chosen by the host", script: themeScript, expect: [
            "root": ["backgroundColor": rgba(0, 0, 0), "tintColor": rgba(0, 0, 1)],
        ], theme: "dark"),
        Snippet(name: "kind declares a prototyping kind with typed properties", script: """
            local G = kind("GradientView", View, { fromColor = "Color?", toColor = "Color?" })
            appearance(GradientView, mut(GradientView.toColor, color.white))
            return StackView { id = "root",
              GradientView { id = "g", fromColor = "#FF0000", alpha = 0.5 },
              G { id = "h", style = mut(View.layer.cornerRadius, 2) },
            }
            """, expect: [
                "g": ["fromColor": rgba(1, 0, 0), "toColor": rgba(1, 1, 1), "alpha": num(0.5)],
                "h": ["fromColor": .null, "toColor": rgba(1, 1, 1), "layer.cornerRadius": num(2)],
            ]),

        // MARK: §3.9 Modules
        Snippet(name: "require \"base\" from the stdlib gives the seeds' style guide", script: """
            local base = require "base"
            return StackView { id = "root", style = base.baseStackViewStyle,
              Button { id = "subscribe", style = base.primaryButtonStyle },
              Button { id = "login", style = base.secondaryTextButtonStyle },
              View { id = "content", style = concat(base.generousMargins, mut(View.layoutMargins.bottom, base.grid(8))) },
            }
            """, expect: [
                "root": ["layoutMargins": insets(24, 24, 24, 24), "spacing": num(12), "axis": enumCase("vertical"),
                         "isLayoutMarginsRelativeArrangement": .bool(true),
                         "translatesAutoresizingMaskIntoConstraints": .bool(false)],
                "subscribe": ["titleLabel.font": font(15, .bold, style: .subheadline), "contentEdgeInsets": insets(8, 16, 8, 16),
                              "layer.cornerRadius": num(6), "layer.masksToBounds": .bool(true),
                              "backgroundImage": .image(.color(Color(hex: "#974DFF")!)), "titleColor": rgba(1, 1, 1)],
                "login": ["titleLabel.font": font(15, .bold, style: .subheadline), "titleColor": rgba(0, 0, 0),
                          "contentEdgeInsets": insets(0, 0, 0, 0)],
                "content": ["layoutMargins": insets(24, 24, 32, 24)],
            ]),
        Snippet(name: "require loads dotted names from the script's folder, once", script: """
            local a = require "styles.buttons"
            local b = require "styles.buttons"
            return StackView { id = "root",
              Button { id = "button", style = a.red, isEnabled = (a == b) },
            }
            """, expect: [
                "button": ["titleColor": rgba(1, 0, 0), "isEnabled": .bool(true)],
            ], modules: ["styles/buttons.lua": "return { red = mut(Button.titleColor, \"#FF0000\") }\n"]),
    ]

    static let themeScript = """
        local t = themes {
          default = "light",
          light = { background = color.white, accent = "#FF0000" },
          dark = { background = color.black, accent = "#0000FF" },
        }
        rule("#root", mut(View.backgroundColor, t.background))
        return StackView { id = "root", tintColor = t.accent }
        """

    func testSnippets() throws {
        for snippet in Self.snippets {
            check(snippet)
        }
    }

    private func check(_ snippet: Snippet) {
        withModuleFolder(snippet.modules) { folder in checkRun(snippet, folder: folder, line: snippet.line) }
    }

    private func checkRun(_ snippet: Snippet, folder: String, line: UInt) {
        let options = EvaluationOptions(theme: snippet.theme, stdlibPaths: [stdlibPath])
        let root: View
        switch evaluateAndStyle(snippet.script, folder: folder, options: options) {
        case .failed(let diagnostics):
            XCTFail("\(snippet.name): \(diagnostics.map(\.description).joined(separator: "\n"))", line: line)
            return
        case .styled(let r, _):
            root = r
        }
        for (id, values) in snippet.expect {
            guard let v = view(id, in: root) else {
                XCTFail("\(snippet.name): no view #\(id)", line: line)
                continue
            }
            for (path, expected) in values {
                XCTAssertEqual(v[path], expected, "\(snippet.name): #\(id).\(path)", line: line)
            }
        }
        for (id, values) in snippet.hexOutput {
            guard let v = view(id, in: root) else {
                XCTFail("\(snippet.name): no view #\(id)", line: line)
                continue
            }
            for (path, expected) in values {
                guard case .color(let c)? = v[path] else {
                    XCTFail("\(snippet.name): #\(id).\(path) is \(String(describing: v[path])), not a color", line: line)
                    continue
                }
                XCTAssertEqual(c.hex, expected, "\(snippet.name): #\(id).\(path)", line: line)
            }
        }
    }

    /// `print` goes to the log, prefixed with `file:line:`.
    func testPrintGoesToTheLogWithFileAndLine() {
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines()
        let options = EvaluationOptions(stdlibPaths: [stdlibPath], log: { lines.all.append($0) })
        let script = """
            local x = 42
            print("hello", x, nil)
            return Label { id = "l" }
            """
        guard case .styled = evaluateAndStyle(script, chunk: "app.lua", options: options) else {
            return XCTFail("the script should run")
        }
        XCTAssertEqual(lines.all.count, 1)
        XCTAssertEqual(lines.all.first, "app.lua:2: hello\t42\tnil")
    }

    /// Each evaluation has its own state: a kind or a global from one does not leak into the next.
    func testEvaluationsAreIndependent() {
        guard case .styled = evaluateAndStyle("kind(\"Card\", View, {}) ; return Card { id = \"c\" }") else {
            return XCTFail("the first script should run")
        }
        guard case .failed(let diagnostics) = evaluateAndStyle("return Card { id = \"c\" }") else {
            return XCTFail("Card should not exist in a new evaluation")
        }
        XCTAssertEqual(diagnostics.first?.code, .undefinedGlobal)
    }

    /// The cascade can run again on the same tree (a reload) with the same result.
    func testReapplyingGivesTheSameValues() throws {
        let script = """
            local twice = function(v) v.numberOfLines = v.numberOfLines * 2 end
            return Label { id = "l", style = mut(Label.numberOfLines, 3) .. twice }
            """
        let evaluation = try Evaluation.evaluate(source: script, chunk: "app.lua")
        let root = try XCTUnwrap(evaluation.root)
        XCTAssertEqual(Cascade(evaluation.stylesheet).apply(to: root), [])
        XCTAssertEqual(Cascade(evaluation.stylesheet).apply(to: root), [])
        XCTAssertEqual(root["numberOfLines"], .int(6))
    }
}
