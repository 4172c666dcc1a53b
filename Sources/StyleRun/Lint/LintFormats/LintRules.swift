import StyleCore

/// What each diagnostic code means, for SARIF's rule list and for people reading a code.
///
/// The code is the stable id (tools and `-- stylerun: ignore <code>` refer to it); the name
/// and description are for people and may be reworded.
///
///     LintRule.named(.unknownProperty).name    // "UnknownProperty"
public struct LintRule: Sendable, Equatable {
    public let code: Diagnostic.Code
    /// The code in UpperCamelCase, as SARIF viewers title a rule.
    public var name: String {
        code.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
    public let summary: String
    public let severity: Diagnostic.Severity

    /// The rule of a code; a code outside the catalog gets a rule named after it.
    public static func named(_ code: Diagnostic.Code) -> LintRule {
        catalog.first { $0.code == code }
            ?? LintRule(code: code, summary: "stylerun diagnostic '\(code.rawValue)'.", severity: .error)
    }

    /// Every rule stylerun reports, in a fixed order.
    public static let catalog: [LintRule] = [
        LintRule(code: .syntaxError, summary: "The file is not valid Lua 5.4.", severity: .error),
        LintRule(code: .unknownProperty, summary: "A key path, field or property name that the kind does not have.", severity: .error),
        LintRule(code: .typeMismatch, summary: "A value of the wrong type for the property it is given to.", severity: .error),
        LintRule(code: .invalidEnum, summary: "A string that is not one of the enum's cases.", severity: .error),
        LintRule(code: .outOfRange, summary: "A number outside the property's range.", severity: .error),
        LintRule(code: .kindMismatch, summary: "A style applied to, or combined with, a kind it cannot apply to.", severity: .error),
        LintRule(code: .unknownMember, summary: "A member that color, font, image, a module or a theme does not have.", severity: .error),
        LintRule(code: .unknownKind, summary: "A kind name that the schema does not have.", severity: .error),
        LintRule(code: .badSelector, summary: "A rule selector that does not parse.", severity: .error),
        LintRule(code: .undefinedGlobal, summary: "A global read that nothing defines.", severity: .error),
        LintRule(code: .undefinedToken, summary: "A theme token that the theme does not define.", severity: .error),
        LintRule(code: .missingToken, summary: "A theme lacking a token that another theme defines.", severity: .error),
        LintRule(code: .unknownTheme, summary: "A themes { … } declaration or theme choice that names no declared theme.", severity: .error),
        LintRule(code: .badArgument, summary: "A stylerun function called with the wrong arguments.", severity: .error),
        LintRule(code: .duplicateID, summary: "Two views of one tree with the same id.", severity: .error),
        LintRule(code: .kindDeclaration, summary: "A kind(…) declaration that cannot be registered.", severity: .error),
        LintRule(code: .moduleNotFound, summary: "A require of a module that is not in the script's folder or the stdlib.", severity: .error),
        LintRule(code: .requireCycle, summary: "Modules that require each other in a cycle.", severity: .error),
        LintRule(code: .badReturn, summary: "A script returning something stylerun cannot use.", severity: .error),
        LintRule(code: .sandbox, summary: "Something the sandbox does not allow.", severity: .error),
        LintRule(code: .runtimeError, summary: "A Lua error raised while the script ran.", severity: .error),
        LintRule(code: .crash, summary: "The evaluator died while running the script.", severity: .error),
        LintRule(code: .limitExceeded, summary: "The script ran past its time, instruction or memory limit.", severity: .error),
        LintRule(code: .duplicateSet, summary: "A property set twice in one composition (also through helpers); the first value is dead.", severity: .warning),
        LintRule(code: .grid, summary: "A spacing, margin or inset off the 4-point grid.", severity: .warning),
        LintRule(code: .colorLiteral, summary: "A color written as a literal where theme tokens exist.", severity: .warning),
        LintRule(code: .rgbScale, summary: "rgb(…) with every channel in 0–1: UIKit's scale where rgb takes 0–255.", severity: .warning),
        LintRule(code: .unmatchedRule, summary: "A rule naming an id or class that no view of the script's tree has.", severity: .warning),
        LintRule(code: .overriddenLiteral, summary: "A property given in a view's constructor that a style applied later replaces.", severity: .warning),
        LintRule(code: .lowContrast, summary: "Text whose colour, as drawn over the background behind it, is under WCAG 2.2's contrast minimum (4.5:1, 3:1 for large text; 7:1 and 4.5:1 at AAA).", severity: .error),
        LintRule(code: .fixedFontSize, summary: "Text in a font the script set that does not follow Dynamic Type (no text style): it stays one size whatever the reader's text size.", severity: .warning),
        LintRule(code: .smallTouchTarget, summary: "A control whose laid-out frame, at 375 points wide, is under 44 × 44 points.", severity: .warning),
        LintRule(code: .truncatedText, summary: "A label whose text does not fit its frame at some content size from large to accessibilityExtraExtraExtraLarge.", severity: .warning),
        LintRule(code: .unreadableFile, summary: "A file that is not Lua source text (binary, not UTF-8, too large).", severity: .error),
        LintRule(code: .fileNotFound, summary: "A file that does not exist.", severity: .error),
        LintRule(code: .notAFile, summary: "A folder where a file was expected.", severity: .error),
    ]
}
