/// A colour that depends on the traits, as an asset-catalog colour or
/// `UIColor(dynamicProvider:)`: one value per colour scheme, and optionally one per colour
/// scheme at high contrast (a missing high-contrast one is its scheme's normal one).
///
///     let ink = DynamicColor(light: .black, dark: .white)
///     ink.resolved(colorScheme: .dark, contrast: .high)    // white: no highContrastDark, so dark
///     DynamicColor.semantic["label"]!.name                  // "label"
///
/// It is a `Value` of its own (`Value.dynamicColor`), valid wherever a `Color` is; the cascade
/// resolves it for the traits (`Value.resolved(for:)`), so a view only ever holds a `Color`.
public struct DynamicColor: Hashable, Sendable {
    public var light: Color
    public var dark: Color
    public var highContrastLight: Color?
    public var highContrastDark: Color?
    /// UIKit's name for a semantic colour (`label`); nil for a script's own.
    public var name: String?

    public init(light: Color, dark: Color, highContrastLight: Color? = nil, highContrastDark: Color? = nil, name: String? = nil) {
        self.light = light
        self.dark = dark
        self.highContrastLight = highContrastLight
        self.highContrastDark = highContrastDark
        self.name = name
    }

    /// The four variants by name, in the order `color.dynamic { … }` takes and outputs list them.
    public enum Variant: String, CaseIterable, Sendable {
        case light, dark, highContrastLight, highContrastDark

        public static var names: [String] { allCases.map(\.rawValue) }

        /// `drak` fails; `parse` names the closest variant.
        public static func parse(_ text: String) -> Result<Variant, DynamicColorError> {
            if let v = Variant(rawValue: text) { return .success(v) }
            return .failure(.unknownVariant(text, suggestion: Suggestion.closest(to: text, among: names)))
        }

        public var colorScheme: ColorScheme { self == .light || self == .highContrastLight ? .light : .dark }
        public var contrast: Contrast { self == .light || self == .dark ? .normal : .high }
    }

    /// The variant as given (nil for a missing high-contrast one).
    public subscript(given variant: Variant) -> Color? {
        switch variant {
        case .light: light
        case .dark: dark
        case .highContrastLight: highContrastLight
        case .highContrastDark: highContrastDark
        }
    }

    /// The colour a view takes for the variant's traits (a missing high-contrast one falls back).
    public subscript(variant: Variant) -> Color { resolved(colorScheme: variant.colorScheme, contrast: variant.contrast) }

    public func resolved(colorScheme: ColorScheme, contrast: Contrast) -> Color {
        switch (colorScheme, contrast) {
        case (.light, .normal): light
        case (.dark, .normal): dark
        case (.light, .high): highContrastLight ?? light
        case (.dark, .high): highContrastDark ?? dark
        }
    }

    public func resolved(for traits: Traits) -> Color { resolved(colorScheme: traits.colorScheme, contrast: traits.contrast) }

    /// The same colour function applied to every variant given (`c:withAlpha(0.5)` on a
    /// dynamic colour is a dynamic colour). The result is a script's own, so it has no name.
    public func map(_ transform: (Color) -> Color) -> DynamicColor {
        DynamicColor(light: transform(light), dark: transform(dark),
                     highContrastLight: highContrastLight.map(transform), highContrastDark: highContrastDark.map(transform))
    }

    /// Whether every variant is the same colour (nothing about it depends on the traits).
    public var isConstant: Bool { Variant.allCases.allSatisfy { self[$0] == light } }
}

/// A `color.dynamic { … }` table that cannot be one.
public enum DynamicColorError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownVariant(String, suggestion: String?)
    case missingVariant(DynamicColor.Variant)

    public var code: Diagnostic.Code { .badArgument }

    /// `'color.dynamic' has no variant 'drak'. Did you mean 'dark'?`
    public var message: String {
        switch self {
        case .unknownVariant(let name, let s):
            "'color.dynamic' has no variant '\(name)'." + Suggestion.sentence(s)
                + (s == nil ? " It takes " + DynamicColor.Variant.names.joined(separator: ", ") + "." : "")
        case .missingVariant(let v):
            "'color.dynamic' needs '\(v.rawValue)': give both light and dark (highContrastLight and highContrastDark are optional)."
        }
    }

    public var suggestion: String? {
        if case .unknownVariant(_, let s) = self { return s }
        return nil
    }

    public var description: String { message }
}
