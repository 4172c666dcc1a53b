extension DynamicColor {
    /// UIKit's semantic colours (iOS 17) as dynamic colours, with UIKit's light, dark,
    /// high-contrast light and high-contrast dark values, in the order UIKit documents them:
    /// the element colours, then the system tints. Declared once: the `color` namespace of
    /// scripts, the API table (lint, editor definitions, the language server) and REFERENCE
    /// §1.2's table all read this list.
    ///
    ///     DynamicColor.semantic["label"]!.dark    // Color.white
    public static let semanticColors: [DynamicColor] = [
        // Element colours: labels, text, links, separators, backgrounds, fills.
        ui("label", (0, 0, 0, 1), (255, 255, 255, 1), (0, 0, 0, 1), (255, 255, 255, 1)),
        ui("secondaryLabel", (60, 60, 67, 0.6), (235, 235, 245, 0.6), (60, 60, 67, 0.8), (235, 235, 245, 0.7)),
        ui("tertiaryLabel", (60, 60, 67, 0.3), (235, 235, 245, 0.3), (60, 60, 67, 0.56), (235, 235, 245, 0.4)),
        ui("quaternaryLabel", (60, 60, 67, 0.18), (235, 235, 245, 0.16), (60, 60, 67, 0.3), (235, 235, 245, 0.26)),
        ui("placeholderText", (60, 60, 67, 0.3), (235, 235, 245, 0.3), (60, 60, 67, 0.56), (235, 235, 245, 0.4)),
        ui("link", (0, 122, 255, 1), (9, 132, 255, 1), (0, 64, 221, 1), (64, 156, 255, 1)),
        ui("separator", (60, 60, 67, 0.29), (84, 84, 88, 0.6), (60, 60, 67, 0.37), (84, 84, 88, 0.7)),
        ui("systemBackground", (255, 255, 255, 1), (0, 0, 0, 1), (255, 255, 255, 1), (0, 0, 0, 1)),
        ui("secondarySystemBackground", (242, 242, 247, 1), (28, 28, 30, 1), (235, 235, 240, 1), (36, 36, 38, 1)),
        ui("tertiarySystemBackground", (255, 255, 255, 1), (44, 44, 46, 1), (255, 255, 255, 1), (54, 54, 56, 1)),
        ui("systemFill", (120, 120, 128, 0.2), (120, 120, 128, 0.36), (120, 120, 128, 0.28), (120, 120, 128, 0.44)),
        // System tints.
        ui("systemBlue", (0, 122, 255, 1), (10, 132, 255, 1), (0, 64, 221, 1), (64, 156, 255, 1)),
        ui("systemRed", (255, 59, 48, 1), (255, 69, 58, 1), (215, 0, 21, 1), (255, 105, 97, 1)),
        ui("systemGreen", (52, 199, 89, 1), (48, 209, 88, 1), (36, 138, 61, 1), (48, 219, 91, 1)),
        ui("systemOrange", (255, 149, 0, 1), (255, 159, 10, 1), (201, 52, 0, 1), (255, 179, 64, 1)),
        ui("systemYellow", (255, 204, 0, 1), (255, 214, 10, 1), (178, 80, 0, 1), (255, 212, 38, 1)),
        ui("systemPink", (255, 45, 85, 1), (255, 55, 95, 1), (211, 15, 69, 1), (255, 100, 130, 1)),
        ui("systemPurple", (175, 82, 222, 1), (191, 90, 242, 1), (137, 68, 171, 1), (218, 143, 255, 1)),
        ui("systemTeal", (48, 176, 199, 1), (64, 200, 224, 1), (0, 130, 153, 1), (93, 230, 255, 1)),
        ui("systemIndigo", (88, 86, 214, 1), (94, 92, 230, 1), (54, 52, 163, 1), (125, 122, 255, 1)),
        ui("systemGray", (142, 142, 147, 1), (142, 142, 147, 1), (108, 108, 112, 1), (174, 174, 178, 1)),
    ]

    /// `semanticColors` by name.
    public static let semantic: [String: DynamicColor] = Dictionary(uniqueKeysWithValues: semanticColors.map { ($0.name!, $0) })

    public static var label: DynamicColor { semantic["label"]! }
    public static var systemBackground: DynamicColor { semantic["systemBackground"]! }

    /// The colour the screen stands on where its views draw nothing, as a window's root view
    /// shows `systemBackground`: white in light, black in dark. Renderers paint it and the
    /// accessibility checks measure against it.
    ///
    ///     DynamicColor.screenBackground(for: Traits(colorScheme: .dark))    // Color.black
    public static func screenBackground(for traits: Traits) -> Color { systemBackground.resolved(for: traits) }

    public static var secondarySystemBackground: DynamicColor { semantic["secondarySystemBackground"]! }

    private typealias RGBA = (Double, Double, Double, Double)

    /// A semantic colour from 0–255 channels and 0–1 alphas, as UIKit's documentation writes them.
    private static func ui(_ name: String, _ light: RGBA, _ dark: RGBA, _ hcLight: RGBA, _ hcDark: RGBA) -> DynamicColor {
        func c(_ v: RGBA) -> Color { Color(red: v.0 / 255, green: v.1 / 255, blue: v.2 / 255, alpha: v.3) }
        return DynamicColor(light: c(light), dark: c(dark), highContrastLight: c(hcLight), highContrastDark: c(hcDark), name: name)
    }
}

extension Traits {
    /// The colour the screen stands on for these traits: `systemBackground`, as
    /// `DynamicColor.screenBackground(for:)` gives it.
    public var screenBackground: Color { DynamicColor.screenBackground(for: self) }
}

extension DynamicColor {
    /// REFERENCE §1.2's table of semantic colours, one row per colour of `semanticColors`
    /// (`SemanticColorsTests` checks the reference against it).
    public static var referenceTable: String {
        var rows = ["| colour | light | dark | high contrast light | high contrast dark |", "|---|---|---|---|---|"]
        for c in semanticColors {
            rows.append("| `color.\(c.name!)` | " + Variant.allCases.map { "`\(c[$0].displayHex)`" }.joined(separator: " | ") + " |")
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
