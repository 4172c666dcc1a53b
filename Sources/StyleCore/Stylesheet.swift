/// What a script declared for the cascade: `appearance`s and `rule`s in source order, and the
/// tree it returned.
///
/// Adding checks the kind rule of REFERENCE §1.6: a style must be able to apply to the views it targets.
///
///     let sheet = Stylesheet()
///     try sheet.appearance(Schema.label, labelStyle, at: loc)
///     try sheet.rule(SelectorList.parse("Button.primary", schema: .standard), primary, at: loc)
///     Cascade(sheet).apply(to: root)
public final class Stylesheet {
    /// In source order.
    public private(set) var appearances: [Appearance] = []
    /// In source order; `rules[i].order == i`.
    public private(set) var rules: [Rule] = []
    /// The tree the script returned, if it returned one.
    public var root: View?

    public init() {}

    /// Adds `appearance(kind, style)`: a default for every view of `kind` and its sub-kinds.
    ///
    ///     try sheet.appearance(Schema.view, mut(.keyPath(alpha), .number(0.9), root: Schema.view, at: loc), at: loc)
    ///
    /// A `View` appearance with a `Label` style applies to Labels only.
    /// - Throws: `StylesheetError` when no view of `kind` can be of the style's kind.
    @discardableResult
    public func appearance(_ kind: Kind, _ style: Style, at location: SourceLocation) throws(StylesheetError) -> Appearance {
        guard kind.isViewKind else { throw .notAViewKind(kind) }
        guard kind.isRelated(to: style.kind) else { throw .appearanceNeverApplies(styleKind: style.kind, kind: kind) }
        let appearance = Appearance(kind: kind, style: style, location: location, order: appearances.count)
        appearances.append(appearance)
        return appearance
    }

    /// Adds `rule(selector, style)`.
    ///
    ///     try sheet.rule(SelectorList.parse(".note", schema: .standard), labelStyle, at: loc)
    ///
    /// A selector with no kind (`.note`) or a super-kind (`View.x`) applies the style only to
    /// matching views of the style's kind, skipping the others silently.
    /// - Throws: `StylesheetError` when a complex selector's subject kind and the style's kind
    ///   are unrelated (`Label.title` with a Button style).
    @discardableResult
    public func rule(_ selector: SelectorList, _ style: Style, at location: SourceLocation) throws(StylesheetError) -> Rule {
        for complex in selector.selectors {
            if let kind = complex.subject.kind, !kind.isRelated(to: style.kind) {
                throw .styleNeverMatches(styleKind: style.kind, selector: complex.text, selectorKind: kind,
                                         offset: complex.subject.offset)
            }
        }
        let rule = Rule(selector: selector, style: style, location: location, order: rules.count)
        rules.append(rule)
        return rule
    }

    /// The rules bucketed for matching, built anew: a cascade uses its engine's
    /// (`StyleEngine.ruleIndex`), built once.
    public var ruleIndex: RuleIndex { RuleIndex(rules) }
}

/// `appearance(Kind, style)`: defaults for a kind and its sub-kinds (`UIAppearance`).
///
///     let appearance = try sheet.appearance(Schema.label, bodyText, at: loc)
///     appearance.applies(to: title)   // true for a Label
public struct Appearance {
    public let kind: Kind
    public let style: Style
    public let location: SourceLocation
    /// Position among the stylesheet's appearances; later wins among the same kind depth.
    public let order: Int

    /// Whether this appearance styles `view`: the view is of `kind` and of the style's kind.
    public func applies(to view: View) -> Bool { view.kind.isA(kind) && view.kind.isA(style.kind) }
}

/// `rule(selector, style)`: a CSS-like rule.
///
///     let rule = try sheet.rule(SelectorList.parse("Button.primary", schema: .standard), primary, at: loc)
///     rule.selector.matches(subscribe)
public struct Rule {
    public let selector: SelectorList
    public let style: Style
    public let location: SourceLocation
    /// Position among the stylesheet's rules; breaks specificity ties (later wins).
    public let order: Int
}

/// Why an appearance or rule cannot be added (rendered at the call's location by the caller).
public enum StylesheetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `selector` is the complex selector as written; `offset` is where its subject starts in
    /// the whole selector text.
    case styleNeverMatches(styleKind: Kind, selector: String, selectorKind: Kind, offset: Int)
    case appearanceNeverApplies(styleKind: Kind, kind: Kind)
    /// `appearance(Layer, …)`: sub-objects are styled through their owner.
    case notAViewKind(Kind)

    public var code: Diagnostic.Code { .kindMismatch }

    /// `A Button style cannot apply to selector 'Label.title': a Label is never a Button.`
    public var message: String {
        switch self {
        case .styleNeverMatches(let styleKind, let selector, let selectorKind, _):
            "\(styleKind.article(capitalized: true)) style cannot apply to selector '\(selector)': \(selectorKind.article) is never \(styleKind.article)."
        case .appearanceNeverApplies(let styleKind, let kind):
            "\(styleKind.article(capitalized: true)) style cannot be the appearance of \(kind.name): \(kind.article) is never \(styleKind.article)."
        case .notAViewKind(let kind):
            "'\(kind.name)' is a sub-object, not a view kind; style it through a key path of its owner."
        }
    }

    public var description: String { message }
}

extension Kind {
    /// `a Button`, `an ImageView`: how messages name one view of this kind.
    var article: String { article(capitalized: false) }

    func article(capitalized: Bool) -> String {
        let vowel = name.first.map { "AEIOUaeiou".contains($0) } ?? false
        return (vowel ? (capitalized ? "An" : "an") : (capitalized ? "A" : "a")) + " " + name
    }
}
