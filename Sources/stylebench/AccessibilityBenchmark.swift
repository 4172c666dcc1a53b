import Foundation
import StyleCore
import StyleRun

/// What lint's accessibility checks add: `Linter` in process over examples/ and a generated
/// 200-view screen in two themes, with the checks off (the baseline) and on, in the same run.
/// The target: the checks' whole matrix (every theme × light and dark × normal and high
/// contrast × each control's other states, one layout at the default traits and one per
/// content size from large to AX5) adds at most a second.
struct AccessibilityBenchmark {
    let repository: String
    let rounds: Int

    func run() -> [Row] {
        let folder = NSTemporaryDirectory() + "stylebench-a11y-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let screen = folder + "/screen.lua"
        try? Self.screen(views: 200).write(toFile: screen, atomically: true, encoding: .utf8)
        let examples = ((try? FileManager.default.contentsOfDirectory(atPath: repository + "/examples")) ?? [])
            .filter { $0.hasSuffix(".lua") }.sorted().map { repository + "/examples/" + $0 }
        let files = examples + [screen]

        func linter(_ checks: AccessibilityChecks) -> Linter {
            Linter(dynamicPass: InProcessDynamicPass(accessibility: checks), isParallel: false)
        }
        let off = linter(.off), on = linter(AccessibilityChecks())
        var without = Samples(), with = Samples()
        var findings: [Diagnostic.Code: Int] = [:]
        _ = off.lint(files: files)
        _ = on.lint(files: files)
        for _ in 0..<rounds {
            without.append(milliseconds { _ = off.lint(files: files) })
            with.append(milliseconds { findings = Dictionary(grouping: on.lint(files: files).diagnostics, by: \.code).mapValues(\.count) })
        }
        let added = with.median - without.median
        let counts = [Diagnostic.Code.lowContrast, .fixedFontSize, .smallTouchTarget, .truncatedText]
            .map { "\(findings[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
        let described = "\(files.count) files (examples/ + a 200-view screen in 2 themes), \(counts)"
        return [
            Row(section: "a11y", measure: "lint, checks off: \(described)", result: Table.ms(without.median)),
            Row(section: "a11y", measure: "lint, checks on (every theme × 4 trait sets × states, layouts at 8 content sizes)", result: Table.ms(with.median),
                baseline: Table.ms(without.median), ratio: Table.ratio(with.median / without.median),
                target: "adds ≤ 1 s (\(Table.ms(added)))", met: added <= 1000),
        ]
    }

    /// A screen of `views` views: cards with translucent fills over a themed background, each
    /// with a title, a body text, a button and a field; some texts too pale.
    static func screen(views: Int) -> String {
        var s = """
            local t = themes {
              default = "light",
              light = { bg = color.white, card = "#0000000D", text = "#222222", muted = "#999999", accent = "#0062CC" },
              dark = { bg = color.black, card = "#FFFFFF1A", text = "#EEEEEE", muted = "#777777", accent = "#4DA3FF" },
            }
            rule(".card", mut(View.backgroundColor, t.card))
            rule(".title", concat(mut(Label.textColor, t.text), mut(Label.font, font.system(20, "bold"))))
            rule(".body", mut(Label.textColor, t.muted))
            rule("Button", concat(mut(Button.titleColor, color.white), mut(View.backgroundColor, t.accent)))
            return StackView { id = "root", axis = "vertical", backgroundColor = t.bg,

            """
        let cards = max(1, (views - 1) / 5)
        for i in 0..<cards {
            s += """
                  View { class = "card", alpha = \(i % 3 == 0 ? "0.9" : "1"),
                    Label { class = "title", text = "Card \(i)" },
                    Label { class = "body", text = "Body text of card \(i)" },
                    Button { title = "Open \(i)" },
                    TextField { textColor = t.text, placeholder = "Note" },
                  },

                """
        }
        return s + "}\n"
    }
}
