import StyleCore

/// `low-contrast`: a text whose colour, as the reader sees it, is too close to the background
/// actually behind it (WCAG 2.2 SC 1.4.3 at AA, 1.4.6 at AAA).
///
///     let findings = LowContrastRule(level: .AA).findings(in: root, traits: .default)
///
/// Each text of `TextContrast.samples` is measured; one under its requirement (4.5:1, 3:1 for
/// large text; 7:1 and 4.5:1 at AAA) is a finding with the nearest passing colour of its hue.
public struct LowContrastRule: Sendable {
    public static let code = Diagnostic.Code.lowContrast
    public var level: ContrastLevel

    public init(level: ContrastLevel) { self.level = level }

    /// `cache`: what the walk works out of the tree, kept across the trait sets it is checked in.
    public func findings(in root: View, traits: Traits, cache: TextContrast.TreeCache = .init()) -> [LowContrastFinding] {
        // Texts of one colour over the same layers fail alike: the nearest passing colour is
        // searched for once (a screen's cards repeat their classes thousands of times).
        var suggestions: [SuggestionKey: Color?] = [:]
        return TextContrast.samples(in: root, screen: ScreenColors(for: traits), cache: cache).compactMap {
            finding($0, suggestions: &suggestions)
        }
    }

    /// The finding for one measured text, nil when it passes.
    public func finding(_ sample: TextSample) -> LowContrastFinding? {
        var suggestions: [SuggestionKey: Color?] = [:]
        return finding(sample, suggestions: &suggestions)
    }

    /// What the nearest passing colour depends on: the text's colour, the ratio to reach, and
    /// what the text is seen over.
    struct SuggestionKey: Hashable {
        let color: Color
        let minimum: Double
        let layers: [CompositingLayer]
        let screen: Color
    }

    private func finding(_ sample: TextSample, suggestions: inout [SuggestionKey: Color?]) -> LowContrastFinding? {
        let requirement = ContrastRequirement(level: level, font: sample.font)
        let ratio = sample.ratio
        guard ratio < requirement.minimum else { return nil }
        // The placeholder's colour is UIKit's and no property of the schema sets it: a warning a
        // host acts on (`attributedPlaceholder`), where a colour the script set is an error.
        let background = sample.background
        let key = SuggestionKey(color: sample.color.color, minimum: requirement.minimum, layers: sample.layers, screen: sample.screen)
        let suggestion: Color?
        if let known = suggestions[key] {
            suggestion = known
        } else {
            suggestion = ContrastSuggestion.nearest(to: sample.color.color, minimum: requirement.minimum) {
                ContrastRatio.of(sample.foreground($0), background)
            }
            suggestions[key] = suggestion
        }
        return LowContrastFinding(sample: sample, ratio: ratio, requirement: requirement, background: background,
                                  severity: sample.part == .placeholder ? .warning : .error,
                                  suggestion: suggestion.map { ($0, ContrastRatio.of(sample.foreground($0), background)) })
    }
}

/// A text that fails its contrast requirement.
public struct LowContrastFinding {
    public let sample: TextSample
    public let ratio: Double
    public let requirement: ContrastRequirement
    public let background: Color
    public let severity: Diagnostic.Severity
    /// The nearest colour of the text's hue that passes, and its ratio; nil when none does.
    public let suggestion: (color: Color, ratio: Double)?

    /// `Text #EEEEEE (textColor of Label#note, set at app.lua:12) on #FFFFFF (screen background)
    /// is 1.16:1, needs 4.5:1 (AA, normal text); #767676 passes (4.54:1).`
    public var message: String { message(naming: \.description) }

    /// The message, with each source location written by `naming` (`base.lua:151 (stdlib)`).
    public func message(naming: (SourceLocation) -> String) -> String {
        let part = switch sample.part {
        case .text: "Text"
        case .title: "Title"
        case .placeholder: "Placeholder"
        }
        var m = "\(part) \(sample.color.color.displayHex) (\(Self.describe(sample.color, naming)))"
        m += " on \(background.displayHex) (\(backgroundDescription(naming)))"
        m += " is \(ContrastRatio.text(ratio)), needs \(ContrastRatio.thresholdText(requirement.minimum)) (\(requirement))"
        if let suggestion {
            m += "; \(suggestion.color.displayHex) passes (\(ContrastRatio.text(suggestion.ratio)))"
        } else {
            m += "; no colour of this hue passes at alpha \(Color.alphaText(sample.color.color.alpha))"
        }
        return m
    }

    private func backgroundDescription(_ naming: (SourceLocation) -> String) -> String {
        var parts: [String] = []
        let alone = sample.sources.count == 1 && sample.sources[0].color.displayHex == background.displayHex
        for (i, source) in sample.sources.enumerated() {
            let described = Self.describe(source, naming)
            // A single opaque fill is the background itself: its colour is said once.
            let own = alone ? described : "\(source.color.displayHex) \(described)"
            parts.append(i == 0 ? own : "over \(own)")
        }
        let faded = zip(sample.layers, fadedViews).compactMap { layer, view -> String? in
            guard layer.opacity < 1, let view else { return nil }
            let at = TextContrast.location(of: "alpha", in: view).map { ", set at \(naming($0))" } ?? ""
            return "alpha \(formatNumber(layer.opacity)) of \(TextContrast.name(view))\(at)"
        }
        return parts.joined(separator: ", ") + (faded.isEmpty ? "" : ", faded by " + faded.joined(separator: " and "))
    }

    /// The view of each layer, root first (nil for a button's title label, which is no node).
    private var fadedViews: [View?] {
        var chain: [View] = []
        var v: View? = sample.view
        while let view = v { chain.append(view); v = view.parent }
        let views: [View?] = chain.reversed()
        return sample.layers.count > views.count ? views + [nil] : views
    }

    static func describe(_ source: ColorSource, _ naming: (SourceLocation) -> String) -> String {
        if let location = source.location { return "\(source.role), set at \(naming(location))" }
        return source.role
    }
}
