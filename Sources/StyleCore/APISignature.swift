/// How many arguments each API function takes, as the reference writes it: every call is
/// checked, so `font.named("Lato", 20, "bold")` is an error rather than a silently dropped
/// weight (REFERENCE §1.2).
public struct APISignature: Sendable {
    public let arguments: ClosedRange<Int>
    /// `2 arguments (postScriptName, size)`.
    public let parameters: String
    /// A sentence about the usual mistake, where there is one.
    public var note: String? = nil

    /// By the name messages use: globals, namespace members (`font.named`), methods (`withSize`).
    public static let all: [String: APISignature] = [
        "mut": APISignature(arguments: 2...2, parameters: "2 arguments (path, value)"),
        "mver": APISignature(arguments: 2...2, parameters: "2 arguments (path, function)"),
        "style": APISignature(arguments: 1...Int.max, parameters: "a kind and then its parts"),
        "with": APISignature(arguments: 2...2, parameters: "2 arguments (view, style)"),
        "appearance": APISignature(arguments: 2...2, parameters: "2 arguments (Kind, style)"),
        "rule": APISignature(arguments: 2...2, parameters: "2 arguments (selector, style)"),
        "themes": APISignature(arguments: 1...1, parameters: "1 argument (a table of themes)"),
        "kind": APISignature(arguments: 2...3, parameters: "2 or 3 arguments (name, superKind [, properties])"),
        "require": APISignature(arguments: 1...1, parameters: "1 argument (a module name)"),
        "color": APISignature(arguments: 1...1, parameters: "1 argument (a hex string like \"#6E40C9\")"),
        "rgb": APISignature(arguments: 3...4, parameters: "3 or 4 arguments (red, green, blue [, alpha])"),
        "white": APISignature(arguments: 1...2, parameters: "1 or 2 arguments (white [, alpha])"),
        "size": APISignature(arguments: 2...2, parameters: "2 arguments (width, height)"),
        "image": APISignature(arguments: 1...1, parameters: "1 argument (an image name)"),
        "image.fromColor": APISignature(arguments: 1...1, parameters: "1 argument (a color)"),
        "font.system": APISignature(arguments: 1...2, parameters: "1 or 2 arguments (size [, weight])"),
        "font.preferred": APISignature(arguments: 1...1, parameters: "1 argument (a text style)"),
        "font.named": APISignature(arguments: 2...2, parameters: "2 arguments (postScriptName, size)",
                                   note: "The weight is part of the PostScript name, as in font.named(\"Lato-Bold\", 20)."),
        "a style called on a view": APISignature(arguments: 1...1, parameters: "1 argument (the view to style)"),
        "withAlpha": APISignature(arguments: 1...1, parameters: "1 argument (alpha)"),
        "bolded": APISignature(arguments: 0...0, parameters: "no arguments"),
        "italic": APISignature(arguments: 0...0, parameters: "no arguments"),
        "smallCaps": APISignature(arguments: 0...0, parameters: "no arguments"),
        "withSize": APISignature(arguments: 1...1, parameters: "1 argument (size)"),
        "withWeight": APISignature(arguments: 1...1, parameters: "1 argument (weight)"),
    ]
}
