import StyleCore

/// A token as `stylerun tokens` writes it: its resolved value (aliases followed), and what
/// its file said about it.
public struct ExportedToken: Sendable {
    public var name: String
    public var value: TokenValue
    public var description: String?
    public var deprecated: String?
    public var location: SourceLocation

    public init(name: String, value: TokenValue, description: String? = nil, deprecated: String? = nil, location: SourceLocation) {
        self.name = name
        self.value = value
        self.description = description
        self.deprecated = deprecated
        self.location = location
    }

    /// A design-token file's tokens, in the order the files declare them.
    public static func all(of set: TokenSet) -> [ExportedToken] {
        set.names.compactMap { name in
            guard let t = set.tokens[name] else { return nil }
            return ExportedToken(name: name, value: t.value, description: t.definition.description,
                                 deprecated: t.definition.deprecated, location: t.definition.location)
        }
    }

    /// A `themes {}` value as a token of the format's nearest type: colours, numbers, fonts
    /// (typography) and strings (a font family); nil for insets, sizes, images and booleans,
    /// which the format has no type for.
    public static func typed(_ value: Value) -> TokenValue? {
        switch value {
        case .color(let c): .color(c, written: ColorWritten(space: "srgb", components: [c.red, c.green, c.blue], alpha: c.alpha))
        case .number(let x): .number(x)
        case .int(let i): .number(Double(i))
        case .font(let f):
            .typography(TypographyValue(fontFamily: [f.name], fontSize: Dimension(f.size, .px), fontWeight: FontWeights.number(f.weight)))
        case .string(let s), .enumCase(let s): .fontFamily([s])
        default: nil
        }
    }
}
