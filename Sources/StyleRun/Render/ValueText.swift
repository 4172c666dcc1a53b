import StyleCore

extension Value {
    /// The value as a designer reads it in the terminal (tree, explain, watch): its
    /// `description` (StyleCore's `ValueText.swift` says how each type is written).
    ///
    ///     Value.color(Color(hex: "#974DFF")!).displayText                 // #974DFF
    public var displayText: String { description }

    /// `displayText` with a swatch of the color before a color value when the terminal has colors.
    ///
    ///     Value.color(.white).styledText(Terminal(colors: true))    // "\u{1B}[38;2;255;255;255m██\u{1B}[0m #FFFFFF"
    public func styledText(_ terminal: Terminal) -> String {
        switch self {
        case .color(let c), .image(.color(let c)): terminal.swatch(c) + displayText
        default: displayText
        }
    }
}
