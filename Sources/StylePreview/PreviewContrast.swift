import StyleRun

/// The contrast of a screen's texts as the inspector shows it (SPEC §6.4): for each text of a
/// view, its ratio against the background actually behind it, the threshold it needs and
/// whether it passes; and the views `low-contrast` finds failing, for the toolbar's outline.
///
///     let contrast = PreviewContrast(root, traits: traits)
///     contrast.readouts[ObjectIdentifier(label)]    // [{"part": "text", "ratio": 4.54, …}]
///     contrast.failing                               // the views lint would report
///
/// Everything is measured by the library's contrast model (`TextContrast`, `LowContrastRule`),
/// the one `stylerun lint` uses, at WCAG AA, for the traits the screen is styled for: the page
/// only shows what it is sent.
struct PreviewContrast {
    /// Each view's texts, measured, by view.
    private(set) var readouts: [ObjectIdentifier: [JSONValue]] = [:]
    /// The views with a `low-contrast` finding, each with the finding's message (files as
    /// they are; the state relativizes them).
    private(set) var failing: [(view: View, message: String)] = []

    static let level = ContrastLevel.AA

    init(_ root: View, traits: Traits) {
        let rule = LowContrastRule(level: Self.level)
        for sample in TextContrast.samples(in: root, screen: .of(traits.colorScheme)) {
            let finding = rule.finding(sample)
            let requirement = finding?.requirement ?? ContrastRequirement(level: Self.level, font: sample.font)
            let ratio = sample.ratio
            var members: [(key: String, value: JSONValue)] = [
                (key: "part", value: .string(sample.part.rawValue)),
                (key: "color", value: .string(sample.color.color.hex)),
                (key: "foreground", value: .string(sample.foreground.hex)),
                (key: "background", value: .string(sample.background.hex)),
                (key: "ratio", value: .number(ratio)),
                (key: "ratioText", value: .string(ContrastRatio.text(ratio))),
                (key: "minimum", value: .number(requirement.minimum)),
                (key: "minimumText", value: .string(ContrastRatio.thresholdText(requirement.minimum))),
                (key: "requirement", value: .string(requirement.description)),
                (key: "passes", value: .bool(finding == nil)),
            ]
            if let finding {
                members.append((key: "message", value: .string(finding.message)))
                failing.append((sample.view, finding.message))
            }
            readouts[ObjectIdentifier(sample.view), default: []].append(.object(members))
        }
    }
}
