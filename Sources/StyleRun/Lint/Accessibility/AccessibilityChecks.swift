import StyleCore

/// Which accessibility checks lint's dynamic pass runs on each screen, and how strictly.
///
///     var checks = AccessibilityChecks()      // on, WCAG AA
///     checks.contrastLevel = .AAA             // `stylerun lint --contrast AAA`
///
/// A screen is a file that returns a view. Its tree is styled again for every combination of
/// `AccessibilityMatrix` and each rule looks at the styled tree (REFERENCE §2.3, "Accessibility").
public struct AccessibilityChecks: Sendable, Hashable {
    /// Whether the checks run at all (stylebench compares lint with and without them).
    public var isEnabled: Bool
    /// The WCAG level text contrast is held to (`low-contrast`).
    public var contrastLevel: ContrastLevel

    public init(isEnabled: Bool = true, contrastLevel: ContrastLevel = .AA) {
        self.isEnabled = isEnabled
        self.contrastLevel = contrastLevel
    }

    public static let off = AccessibilityChecks(isEnabled: false)
}
