/// How much contrast a text needs, as WCAG 2.2 asks: success criterion 1.4.3 (AA, contrast
/// minimum) or 1.4.6 (AAA, enhanced), for normal or large text.
///
///     ContrastRequirement(level: .AA, font: .system(17)).minimum            // 4.5
///     ContrastRequirement(level: .AA, font: .system(14, .bold)).minimum     // 3 (large: 14 pt bold)
///     ContrastRequirement(level: .AAA, font: .system(18)).minimum           // 4.5
public struct ContrastRequirement: Hashable, Sendable, CustomStringConvertible {
    public var level: ContrastLevel
    public var scale: TextScale

    public init(level: ContrastLevel, scale: TextScale) {
        self.level = level
        self.scale = scale
    }

    public init(level: ContrastLevel, font: Font) {
        self.init(level: level, scale: TextScale(font: font))
    }

    /// The least ratio that passes, from `ContrastLevel.thresholds`.
    public var minimum: Double {
        let t = level.thresholds
        return scale == .large ? t.large : t.normal
    }

    /// `AA, normal text`.
    public var description: String { "\(level.rawValue), \(scale.rawValue) text" }
}

/// The WCAG conformance level a lint asks of text contrast (`--contrast AA|AAA`).
public enum ContrastLevel: String, CaseIterable, Hashable, Sendable {
    case AA, AAA

    /// The least ratios of WCAG 2.2: 1.4.3 for AA, 1.4.6 for AAA.
    public var thresholds: (normal: Double, large: Double) {
        switch self {
        case .AA: (4.5, 3)
        case .AAA: (7, 4.5)
        }
    }
}

/// WCAG's two sizes of text: large is at least 18 points, or at least 14 points in a bold or
/// heavier weight (`bold`, `heavy`, `black`; `semibold` is not bold).
public enum TextScale: String, Hashable, Sendable {
    case normal, large

    public static let largeSize = 18.0
    public static let largeBoldSize = 14.0
    public static let boldWeights: Set<Font.Weight> = [.bold, .heavy, .black]

    public init(font: Font) {
        let isLarge = font.size >= Self.largeSize || (font.size >= Self.largeBoldSize && Self.boldWeights.contains(font.weight))
        self = isLarge ? .large : .normal
    }
}
