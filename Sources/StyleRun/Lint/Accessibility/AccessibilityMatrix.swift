import StyleCore

/// The combinations a screen is checked in: every theme × every set of traits that changes
/// what a reader sees (colour scheme × contrast) × each state its controls take.
///
///     AccessibilityMatrix.traitSets            // light normal, light high, dark normal, dark high
///     AccessibilityMatrix.otherStates(of: b)   // [highlighted, selected, focused] for a normal button
///
/// A finding is reported once, with the combinations it fails in (`AccessibilityFindings`).
public enum AccessibilityMatrix {
    /// The trait sets each theme is styled in: every colour scheme × contrast, the other traits
    /// at their defaults. Light and normal first, the traits a run styles for by default.
    public static let traitSets: [Traits] = ColorScheme.allCases.flatMap { scheme in
        Contrast.allCases.map { Traits(colorScheme: scheme, contrast: $0) }
    }

    /// The states a control is checked in besides its current one: `normal`, `highlighted`,
    /// `selected` and `focused`. `disabled` is not: WCAG exempts inactive components.
    public static func otherStates(of view: View) -> [ControlState] {
        guard view.kind.isControl else { return [] }
        return [ControlState.normal, .highlighted, .selected, .focused].filter { $0 != view.state }
    }

    /// The content sizes `truncated-text` lays a screen out at, the default first.
    public static let contentSizes: [ContentSize] = ContentSize.allCases.filter { $0 >= .large }

    /// The width `small-touch-target` and `truncated-text` lay a screen out at (an iPhone's).
    public static let width = 375.0
}

/// One combination a finding was seen in.
public struct AccessibilityCondition: Hashable, Sendable, CustomStringConvertible {
    /// The theme, when the script declares themes.
    public var theme: String?
    /// The traits, for a rule checked in each trait set; nil for one checked once per theme.
    public var traits: Traits?
    /// The control's state, for a control; nil for other views.
    public var state: ControlState?

    public init(theme: String?, traits: Traits?, state: ControlState? = nil) {
        self.theme = theme
        self.traits = traits
        self.state = state
    }

    /// `theme 'dark', colorScheme=light contrast=normal, state normal`; empty for a rule checked
    /// once in a script without themes.
    public var description: String {
        var parts: [String] = []
        if let theme { parts.append("theme '\(theme)'") }
        if let traits { parts.append("colorScheme=\(traits.colorScheme.rawValue) contrast=\(traits.contrast.rawValue)") }
        if let state { parts.append("state \(state)") }
        return parts.joined(separator: ", ")
    }
}
