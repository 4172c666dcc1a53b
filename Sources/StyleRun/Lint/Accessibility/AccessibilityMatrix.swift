import StyleCore

/// The combinations a screen is checked in: every theme × every set of traits that changes
/// what a reader sees (colour scheme × contrast) × each state its controls take.
///
///     AccessibilityMatrix.traitSets    // [default]: the cascade does not take traits yet
///
/// A finding is reported once, with the combinations it fails in (`AccessibilityFindings`).
public enum AccessibilityMatrix {
    /// The trait sets each theme is styled in. The cascade styles a tree for the default traits
    /// only: until it resolves dynamic colours and `when` conditions per traits, styling in dark
    /// would measure light colours on a black screen. When it does, this is every colour scheme
    /// × contrast (`Traits.Name.colorScheme.values` × `Traits.Name.contrast.values`).
    public static let traitSets: [Traits] = [.default]
}

/// One combination a finding was seen in.
public struct AccessibilityCondition: Hashable, Sendable, CustomStringConvertible {
    /// The theme, when the script declares themes.
    public var theme: String?
    public var traits: Traits
    /// The control's state, for a control; nil for other views.
    public var state: ControlState?

    public init(theme: String?, traits: Traits, state: ControlState? = nil) {
        self.theme = theme
        self.traits = traits
        self.state = state
    }

    /// `theme 'dark', colorScheme=light contrast=normal, state normal`.
    public var description: String {
        var parts: [String] = []
        if let theme { parts.append("theme '\(theme)'") }
        parts.append("colorScheme=\(traits.colorScheme.rawValue) contrast=\(traits.contrast.rawValue)")
        if let state { parts.append("state \(state)") }
        return parts.joined(separator: ", ")
    }
}
