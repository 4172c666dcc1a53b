import StyleCore

/// A script's mistake found by a Lua binding, as data. Rendered to text in one place,
/// `message`, with its code and its suggestions; the binding that throws it says where it
/// points (`Evaluation.failure(_:pointingAt:)`). Errors of the core (`StyleError`, `ValueError`,
/// key paths, selectors, kinds) are carried as they are and rendered by their own types.
enum BindingError: Error {
    // Arguments
    /// `bad argument #2 to 'mut' (Color expected, got number)`, in sentence form.
    case badArgument(function: String, position: Int, expected: String, got: String)
    /// `concat { a, b }`: a Lua table of styles where one style is taken, as a list-taking
    /// Lua API would have it.
    case stylesInATable(function: String, position: Int)
    /// A value argument that does not read as its type (`mut(path, {…})` with a bad table).
    case badValueArgument(function: String, position: Int32, ValueReadError, expected: ValueType)
    /// A Lua value that does not read as the type of the property it is for.
    case unreadableValue(ValueReadError, target: String, expected: ValueType)
    case argumentOutOfRange(function: String, position: Int32, Double, ClosedRange<Double>)
    /// A name from a fixed list (`"semibold"` for a font weight), `what` naming the list.
    case invalidName(String, what: String, cases: [String])
    case notAColor(String)
    /// `color.dynamic { drak = … }`, or a table without `light` or `dark`.
    case dynamicColor(DynamicColorError)
    /// `color.label.red`: a dynamic colour has a component per variant, not one.
    case dynamicComponent(String)
    /// `image.fromColor(color.label)`, or a dynamic colour as a variant of another: a place
    /// that takes a colour of one value.
    case fixedColorExpected(function: String, got: String)
    case insetsArity(Int)

    // Globals, modules
    case undefinedGlobal(String, suggestion: String?)
    case badModuleName(String)
    case moduleOutsideFolder(String)
    case moduleNotFound(String, lookedFor: [String], suggestion: String? = nil)
    case requireCycle([String])
    // Design tokens
    case badTokenFileName(String)
    case tokenFileOutsideFolder(String)
    case tokenFileNotFound(String, lookedFor: [String], suggestion: String?)
    case unknownTokenMember(String, group: String, suggestion: String?)
    case tokensAreReadOnly(String)
    case deprecatedToken(String, note: String?)
    /// A module file that cannot be read (`SourceFile.read`'s diagnostic).
    case unreadableModule(Diagnostic)

    // Views in scripts
    case styledViewField(String)
    case viewNeedsTable(kind: String)
    case childNotAView(Int, of: String, got: String)
    case badViewKey(kind: String, got: String)
    case childrenGap(kind: String, position: Int)
    case alreadyAChild(String, parent: String)
    case badViewField(String, of: String, expected: String, got: String)
    case styleKindMismatch(style: String, view: String)
    /// A property a view does not have, with the kind that declares it when there is one.
    case unknownProperty(StyleKeyPath.PathError, declaredBy: Kind?, appliedTo: String?)

    // Styles and values
    case style(StyleError)
    case kindsAreReadOnly(String)
    /// `traits.colorScheme = "dark"`: the traits are the run's, given with --trait.
    case traitsAreReadOnly(String)
    case notAPropertyPath(String)
    case immutableValue(String)
    case valueWithoutFields(String)
    case fieldNotANumber(String, of: String, got: String)
    case unknownField(String, of: String, suggestion: String?)
    case viewIdentityInStyle(String)
    case staleView
    /// What an mver function returned, read or checked against the path's type.
    case badTransformResult(path: String, String, code: Diagnostic.Code)

    // Themes and kinds
    case themesDeclaredTwice
    case themeNotNamed
    case defaultNotAName
    case themeNotATable(String, got: String)
    case noThemes
    case noDefaultTheme([String])
    case unknownDefaultTheme(String, declared: [String])
    case unknownTheme(String, declared: [String])
    case themeWithoutThemes(String)
    case missingToken(theme: String, token: String, definedBy: String)
    case undefinedToken(String, tokens: [String])
    case badPropertyDeclaration
    /// `kind(…, { contrl = true })`: the options table takes `control` only.
    case unknownKindOption(String, suggestion: String?)
    case notAType(String)
    case kindRegistration(Schema.RegistrationError)
    case selector(SelectorError)
    case stylesheet(StylesheetError)

    /// A member, operator or scale mistake that lint's static pass reports in the same words.
    case misuse(APIMisuse)

    // The host
    case noLuaState
    /// A function style or mver function applied after the evaluation that made it was released.
    case scriptReleased

    var code: Diagnostic.Code {
        switch self {
        case .badArgument, .stylesInATable, .insetsArity, .viewNeedsTable, .childNotAView, .badViewKey, .childrenGap, .alreadyAChild,
             .themeNotNamed, .defaultNotAName, .themeNotATable:
            .badArgument
        case .badValueArgument, .unreadableValue, .notAColor, .badViewField, .immutableValue, .valueWithoutFields, .fieldNotANumber:
            .typeMismatch
        case .argumentOutOfRange: .outOfRange
        case .dynamicColor(let e): e.code
        case .dynamicComponent, .fixedColorExpected: .typeMismatch
        case .invalidName: .invalidEnum
        case .undefinedGlobal: .undefinedGlobal
        case .badModuleName, .moduleNotFound: .moduleNotFound
        case .moduleOutsideFolder, .kindsAreReadOnly, .viewIdentityInStyle, .traitsAreReadOnly: .sandbox
        case .requireCycle: .requireCycle
        case .badTokenFileName, .tokenFileNotFound: .moduleNotFound
        case .tokenFileOutsideFolder, .tokensAreReadOnly: .sandbox
        case .unknownTokenMember: .undefinedToken
        case .deprecatedToken: "deprecated-token"
        case .unreadableModule(let d): d.code
        case .styledViewField, .unknownProperty, .notAPropertyPath, .unknownField: .unknownProperty
        case .styleKindMismatch: .kindMismatch
        case .style(let e): e.code
        case .staleView: .runtimeError
        case .badTransformResult(_, _, let code): code
        case .themesDeclaredTwice, .noThemes, .noDefaultTheme, .unknownDefaultTheme, .unknownTheme, .themeWithoutThemes:
            .unknownTheme
        case .missingToken: .missingToken
        case .undefinedToken: .undefinedToken
        case .badPropertyDeclaration, .notAType, .kindRegistration, .unknownKindOption: .kindDeclaration
        case .selector(let e): e.code
        case .stylesheet(let e): e.code
        case .noLuaState: .limitExceeded
        case .misuse(let m): m.code
        case .scriptReleased: .runtimeError
        }
    }

    /// The sentence a designer reads.
    var message: String {
        switch self {
        case .badArgument(let function, let position, let expected, let got):
            return "Bad argument #\(position) to '\(function)': expected \(expected), got \(got)."
        case .stylesInATable(let function, let position):
            let fix = ["concat", "style"].contains(function)
                ? "pass the styles themselves as arguments, \(function)(\(function == "style" ? "Kind, " : "")a, b, …), or a list as \(function)(\(function == "style" ? "Kind, " : "")table.unpack(list))"
                : "compose them into one style first, concat(a, b, …), or concat(table.unpack(list)) for a list"
            return "Bad argument #\(position) to '\(function)': expected a style or a function(view), got a table of styles; \(fix)."
        case .badValueArgument(let function, let position, let error, let expected):
            return "Bad argument #\(position) to '\(function)': \(error.message(for: function, expected: expected))"
        case .unreadableValue(let error, let target, let expected):
            return error.message(for: target, expected: expected)
        case .argumentOutOfRange(let function, let position, let x, let range):
            return "Argument #\(position) to '\(function)' is \(formatNumber(x)); it must be from \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound))."
        case .invalidName(let name, let what, let cases):
            return "'\(name)' is not a \(what); use \(Self.quoted(cases))." + Suggestion.sentence(Suggestion.closest(to: name, among: cases))
        case .dynamicColor(let e):
            return e.message
        case .dynamicComponent(let field):
            return "A dynamic colour has no single '\(field)': it depends on the colour scheme and contrast. Read it of one variant, as in c.light.\(field) or c.dark.\(field)."
        case .fixedColorExpected(let function, let got):
            return "'\(function)' takes a colour of one value, got the dynamic colour \(got); pick one variant, as in c.light or c.dark."
        case .notAColor(let text):
            return "'\(text)' is not a color; write '#RGB', '#RRGGBB' or '#RRGGBBAA'." + Suggestion.sentence(suggestions.first)
        case .insetsArity(let n):
            return "insets takes 1 (all), 2 (vertical, horizontal) or 4 (top, left, bottom, right) numbers, got \(n)."
        case .undefinedGlobal(let name, let suggestion):
            return "Undefined global '\(name)'." + Suggestion.sentence(suggestion)
        case .badModuleName(let name):
            return "'\(name)' is not a module name; use names separated by dots, like \"styles.buttons\" (no paths)."
        case .moduleOutsideFolder(let name):
            return "Module '\(name)' resolves outside its folder; modules must live inside the script's folder or the stdlib."
        case .moduleNotFound(let name, let paths, let suggestion):
            return "Module '\(name)' not found; looked for \(paths.map { "'\($0)'" }.joined(separator: " and "))."
                + Suggestion.sentence(suggestion)
        case .badTokenFileName(let name):
            return "'\(name)' is not a token file name; name a .json file in the script's folder or below it, like \"brand.tokens.json\"."
        case .tokenFileOutsideFolder(let name):
            return "The token file '\(name)' resolves outside its folder; token files must live inside the script's folder or the stdlib."
        case .tokenFileNotFound(let name, let paths, let suggestion):
            return "Token file '\(name)' not found; looked for \(paths.map { "'\($0)'" }.joined(separator: " and "))." + Suggestion.sentence(suggestion)
        case .unknownTokenMember(let name, let group, let suggestion):
            return (group.isEmpty ? "The tokens have no token or group '\(name)'." : "The group '\(group)' has no token or group '\(name)'.") + Suggestion.sentence(suggestion)
        case .tokensAreReadOnly(let name):
            return "Tokens are read-only: cannot set '\(name)'; change the token file, or copy the value into a local."
        case .deprecatedToken(let name, let note):
            return "The token '\(name)' is deprecated" + (note.map { ": \($0)" } ?? ".")
        case .requireCycle(let files):
            return "Modules require each other in a cycle: \(files.joined(separator: " → "))."
        case .unreadableModule(let d):
            return d.message
        case .styledViewField(let name):
            return "A view in a script exposes 'id', 'kind', 'classes' and 'children'; '\(name)' is set by styles and read after the cascade."
        case .viewNeedsTable(let kind):
            return "Build a view with a table: \(kind) { id = \"…\", … }."
        case .childNotAView(let i, let kind, let got):
            return "Child \(i) of \(kind) must be a view, got \(got)."
        case .badViewKey(let kind, let got):
            return "\(kind) { … } takes names and children, not a \(got) key."
        case .childrenGap(let kind, let position):
            return "The children of \(kind) have a gap at position \(position) (a nil in the list?)."
        case .alreadyAChild(let child, let parent):
            return "\(child) is already a child of \(parent); a view has one parent."
        case .badViewField(let key, let kind, let expected, let got):
            return "'\(key)' of \(kind) must be \(expected), got \(got)."
        case .styleKindMismatch(let style, let view):
            return "A \(style) style cannot apply to \(view)."
        case .unknownProperty(let error, let declaredBy, let view):
            var message = error.message
            if error.suggestion == nil, case .unknownMember(let n, _, _, let kind) = error, let declaredBy {
                message += " '\(n)' exists on \(declaredBy.name), not \(kind.name)."
            }
            if let view { message += " (applied to \(view))" }
            return message
        case .style(let e):
            return e.message
        case .traitsAreReadOnly(let name):
            return "traits is read-only: '\(name)' is the run's, given with --trait \(name)=VALUE (or by the host); use when({ \(name) = … }, style) to style for it."
        case .kindsAreReadOnly(let kind):
            return "Kinds cannot be changed from a script; declare properties with kind(\"\(kind)Name\", \(kind), { … })."
        case .notAPropertyPath(let s):
            return "'\(s)' is not a property path; write names separated by dots, like \"layoutMargins.bottom\"."
        case .immutableValue(let type):
            return "\(type) values cannot be changed; make a new one (inside mver, change the argument)."
        case .valueWithoutFields(let type):
            return "\(type) values have no fields to set; use its methods."
        case .fieldNotANumber(let key, let type, let got):
            return "The field '\(key)' of \(type) must be a number, got \(got)."
        case .unknownField(let key, let type, let suggestion):
            return "\(type) has no field '\(key)'." + Suggestion.sentence(suggestion)
        case .viewIdentityInStyle(let name):
            return "A style cannot change a view's \(name); set it in the view's constructor."
        case .staleView:
            return "This view was kept after its style function returned; a style function may only touch its view while it runs."
        case .badTransformResult(let path, let reason, _):
            return "The mver function for '\(path)' returned a bad value: " + reason
        case .themesDeclaredTwice:
            return "themes { … } may be declared once per evaluation."
        case .themeNotNamed:
            return "themes { … } takes named themes, like dark = { … }."
        case .defaultNotAName:
            return "'default' must name a theme."
        case .themeNotATable(let name, let got):
            return "Theme '\(name)' must be a table of tokens, got \(got)."
        case .noThemes:
            return "themes { … } declares no theme."
        case .noDefaultTheme(let names):
            return "themes { … } needs default = \"…\" naming one of \(names.map { "'\($0)'" }.joined(separator: ", "))."
        case .unknownDefaultTheme(let name, let declared):
            return "The default theme '\(name)' is not declared." + Suggestion.sentence(Suggestion.closest(to: name, among: declared))
        case .unknownTheme(let name, let declared):
            return "There is no theme '\(name)'; the script declares \(declared.map { "'\($0)'" }.joined(separator: ", "))."
                + Suggestion.sentence(Suggestion.closest(to: name, among: declared))
        case .themeWithoutThemes(let name):
            return "The theme '\(name)' was chosen, but the script declares no themes."
        case .missingToken(let theme, let token, let definer):
            return "Theme '\(theme)' does not define the token '\(token)' (theme '\(definer)' does); every theme must define the same tokens."
        case .undefinedToken(let name, let tokens):
            return "The theme has no token '\(name)'." + Suggestion.sentence(Suggestion.closest(to: name, among: tokens))
        case .badPropertyDeclaration:
            return "Declare properties as name = \"Type\", e.g. fromColor = \"Color?\"."
        case .unknownKindOption(let name, let suggestion):
            return "kind has no option '\(name)'." + Suggestion.sentence(suggestion) + " Its options are { control = true }."
        case .notAType(let text):
            return "'\(text)' is not a type; use \(ValueType.spelledNames.joined(separator: ", ")), an enum like \"left|right\", each with '?' for optional."
                + Suggestion.sentence(Self.typeSuggestion(text))
        case .kindRegistration(let e):
            return e.message
        case .selector(let e):
            return e.message
        case .stylesheet(let e):
            return e.message
        case .noLuaState:
            return "Could not create a Lua state."
        case .misuse(let m):
            return m.message
        case .scriptReleased:
            return "This function style's script was released before the stylesheet was applied; keep the loaded stylesheet (its LoadedStylesheet or Evaluation) as long as you apply it."
        }
    }

    /// The names a designer probably meant, for editors' quick fixes.
    var suggestions: [String] {
        let suggestion: String?
        switch self {
        case .badValueArgument(_, _, let e, _), .unreadableValue(let e, _, _): return e.suggestions
        case .unreadableModule(let d): return d.suggestions
        case .style(let e): return e.suggestions
        case .selector(let e): return e.suggestions
        case .invalidName(let name, _, let cases): suggestion = Suggestion.closest(to: name, among: cases)
        case .undefinedGlobal(_, let s), .unknownField(_, _, let s), .unknownKindOption(_, let s): suggestion = s
        case .unknownProperty(let e, _, _): suggestion = e.suggestion
        case .unknownDefaultTheme(let name, let declared), .unknownTheme(let name, let declared):
            suggestion = Suggestion.closest(to: name, among: declared)
        case .undefinedToken(let name, let tokens): suggestion = Suggestion.closest(to: name, among: tokens)
        case .notAType(let text): suggestion = Self.typeSuggestion(text)
        case .misuse(let m): suggestion = m.suggestion
        case .dynamicColor(let e): suggestion = e.suggestion
        case .notAColor(let text): suggestion = ValueError.badHexColor(text).suggestions.first
        case .moduleNotFound(_, _, let s), .tokenFileNotFound(_, _, let s), .unknownTokenMember(_, _, let s): suggestion = s
        default: suggestion = nil
        }
        return suggestion.map { [$0] } ?? []
    }

    private static func typeSuggestion(_ text: String) -> String? {
        Suggestion.closest(to: text.replacingOccurrences(of: "?", with: ""), among: ValueType.spelledNames)
    }

    /// `'a', 'b', 'c'`.
    private static func quoted(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }
}

extension Diagnostic {
    /// `error` at `location`, underlining `length` characters.
    init(_ error: BindingError, at location: SourceLocation, length: Int = 0) {
        self.init(error.code, error.message, at: location, length: length, suggestions: error.suggestions)
    }
}
