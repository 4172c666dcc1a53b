/// The system's side of a screen, as `UITraitCollection` holds it (SPEC §6.2): colour scheme,
/// the reader's text size, size classes, contrast and layout direction. Themes stay a brand's
/// choice; traits are what the device and the reader choose, and one evaluation of a script
/// serves every set of them (`when` keeps its parts, the cascade picks them per traits).
///
///     var traits = Traits()                          // light, large, compact × regular, …
///     try traits.set("colorScheme", to: "dark")
///     traits.contentSize >= .accessibilityMedium     // false
public struct Traits: Hashable, Sendable, CustomStringConvertible {
    public var colorScheme: ColorScheme
    public var contentSize: ContentSize
    public var horizontalSizeClass: SizeClass
    public var verticalSizeClass: SizeClass
    public var contrast: Contrast
    public var layoutDirection: LayoutDirection

    /// An iPhone in portrait with the default settings: light, `large` text, compact width,
    /// regular height, normal contrast, left to right.
    public init(colorScheme: ColorScheme = .light, contentSize: ContentSize = .large,
                horizontalSizeClass: SizeClass = .compact, verticalSizeClass: SizeClass = .regular,
                contrast: Contrast = .normal, layoutDirection: LayoutDirection = .leftToRight) {
        self.colorScheme = colorScheme
        self.contentSize = contentSize
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.contrast = contrast
        self.layoutDirection = layoutDirection
    }

    public static let `default` = Traits()

    /// Whether every trait has its default value.
    public var isDefault: Bool { self == .default }

    /// The traits by name, in the order SPEC §6.2 lists them: what `--trait`, `when {…}`,
    /// the `traits` table, editor completion and the docs enumerate.
    public static let names: [String] = Name.allCases.map(\.rawValue)

    public enum Name: String, CaseIterable, Sendable {
        case colorScheme, contentSize, horizontalSizeClass, verticalSizeClass, contrast, layoutDirection

        /// The values this trait takes, the default first.
        public var values: [String] {
            switch self {
            case .colorScheme: ColorScheme.allCases.map(\.rawValue)
            case .contentSize: [ContentSize.large.rawValue] + ContentSize.allCases.filter { $0 != .large }.map(\.rawValue)
            case .horizontalSizeClass: [SizeClass.compact.rawValue, SizeClass.regular.rawValue]
            case .verticalSizeClass: [SizeClass.regular.rawValue, SizeClass.compact.rawValue]
            case .contrast: Contrast.allCases.map(\.rawValue)
            case .layoutDirection: LayoutDirection.allCases.map(\.rawValue)
            }
        }

        /// `Traits.Name("colorSheme")` fails; `parse` says what was meant.
        public static func parse(_ text: String) -> Result<Name, TraitError> {
            if let name = Name(rawValue: text) { return .success(name) }
            return .failure(.unknownTrait(text, suggestion: Suggestion.closest(to: text, among: Traits.names)))
        }
    }

    /// One trait's value by name, as text (`"dark"`).
    public subscript(name: Name) -> String {
        switch name {
        case .colorScheme: colorScheme.rawValue
        case .contentSize: contentSize.rawValue
        case .horizontalSizeClass: horizontalSizeClass.rawValue
        case .verticalSizeClass: verticalSizeClass.rawValue
        case .contrast: contrast.rawValue
        case .layoutDirection: layoutDirection.rawValue
        }
    }

    /// Sets a trait from its name and value as a user writes them (`--trait contentSize=small`).
    public mutating func set(_ name: String, to value: String) throws(TraitError) {
        let trait = try Name.parse(name).get()
        try set(trait, to: value)
    }

    public mutating func set(_ trait: Name, to value: String) throws(TraitError) {
        guard trait.values.contains(value) else {
            throw .unknownValue(value, trait: trait, suggestion: Suggestion.closest(to: value, among: trait.values))
        }
        switch trait {
        case .colorScheme: colorScheme = ColorScheme(rawValue: value)!
        case .contentSize: contentSize = ContentSize(rawValue: value)!
        case .horizontalSizeClass: horizontalSizeClass = SizeClass(rawValue: value)!
        case .verticalSizeClass: verticalSizeClass = SizeClass(rawValue: value)!
        case .contrast: contrast = Contrast(rawValue: value)!
        case .layoutDirection: layoutDirection = LayoutDirection(rawValue: value)!
        }
    }

    /// `colorScheme=dark contentSize=accessibilityLarge`: the traits that differ from the
    /// defaults, in the order of `names` ("default" when none does).
    public var description: String {
        let changed = Name.allCases.filter { self[$0] != Traits.default[$0] }
        return changed.isEmpty ? "default" : changed.map { "\($0.rawValue)=\(self[$0])" }.joined(separator: " ")
    }
}

public enum ColorScheme: String, CaseIterable, Hashable, Sendable {
    case light, dark
}

public enum SizeClass: String, CaseIterable, Hashable, Sendable {
    case compact, regular
}

public enum Contrast: String, CaseIterable, Hashable, Sendable {
    case normal, high
}

public enum LayoutDirection: String, CaseIterable, Hashable, Sendable {
    case leftToRight, rightToLeft
}

/// The reader's preferred text size, as `UIContentSizeCategory`, ordered from the smallest to
/// the largest (`allCases` is in that order; `large` is the default).
public enum ContentSize: String, CaseIterable, Comparable, Hashable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    /// Position from the smallest (0) to the largest (11).
    public var rank: Int { Self.allCases.firstIndex(of: self)! }

    /// Whether this is one of the five accessibility sizes.
    public var isAccessibilitySize: Bool { self >= .accessibilityMedium }

    public static func < (a: ContentSize, b: ContentSize) -> Bool { a.rank < b.rank }
}

/// A trait name or value that does not exist, with the closest one that does.
public enum TraitError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownTrait(String, suggestion: String?)
    case unknownValue(String, trait: Traits.Name, suggestion: String?)

    public var code: Diagnostic.Code { .unknownTrait }

    public var suggestion: String? {
        switch self {
        case .unknownTrait(_, let s), .unknownValue(_, _, let s): s
        }
    }

    /// `Unknown trait 'colorSheme'. Did you mean 'colorScheme'?`
    public var message: String {
        switch self {
        case .unknownTrait(let name, let s):
            "Unknown trait '\(name)'." + Suggestion.sentence(s) + (s == nil ? " Traits are " + Traits.names.joined(separator: ", ") + "." : "")
        case .unknownValue(let value, let trait, let s):
            "'\(value)' is not a value of \(trait.rawValue)." + Suggestion.sentence(s)
                + (s == nil ? " It takes " + trait.values.joined(separator: ", ") + "." : "")
        }
    }

    public var description: String { message }
}
