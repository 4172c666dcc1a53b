import StyleCore

extension Value {
    /// The value as a designer reads it in the terminal (tree, explain, watch): its
    /// `description` (StyleCore's `ValueText.swift` says how each type is written).
    ///
    ///     Value.color(Color(hex: "#974DFF")!).displayText                 // #974DFF
    public var displayText: String { description }

    /// `displayText` with a swatch of the color before a color value (before each variant of a
    /// dynamic one) when the terminal has colors.
    ///
    ///     Value.color(.white).styledText(Terminal(colors: true))    // "\u{1B}[38;2;255;255;255m██\u{1B}[0m #FFFFFF"
    public func styledText(_ terminal: Terminal) -> String {
        switch self {
        case .color(let c), .image(.color(let c)): terminal.swatch(c) + displayText
        // A swatch before each variant's hex: `label(light ██ #000000, dark ██ #FFFFFF, …)`.
        case .dynamicColor(let d):
            (d.name ?? "dynamic") + "("
                + DynamicColor.Variant.allCases.map { "\($0.rawValue) " + terminal.swatch(d[$0]) + d[$0].displayHex }.joined(separator: ", ")
                + ")"
        default: displayText
        }
    }
}
