import StyleCore

/// Mistakes in using the stylerun API that are not about a property, as data: the runtime and
/// the static pass of lint both report them, in the same words.
public enum APIMisuse: Error, Hashable, Sendable {
    /// Reading a member an API table does not have: `color.redd`, `font.sytem`, a theme token,
    /// a member of a module (`base.roundedStyl`). `owner` is what the script calls the table.
    case unknownMember(owner: String, name: String, members: [String])
    /// An operator other than `..` and `+` on a style (`style * 2`), or any arithmetic on a
    /// value (`color + 1`); `operand` names what it was used on ("a style", "a Color").
    case badOperator(String, operand: String)
    /// `rgb(0.5, 0.85, 1)`: every channel in 0–1 with a fraction, UIKit's scale copied over.
    case rgbScale(channels: [Double], alpha: Double?)
    /// A call with too few or too many arguments; `parameters` as `APIEntry.said` writes them.
    case arity(function: String, parameters: String, got: Int, note: String?)
    /// A string where a Font is expected (`font = "title3"`), at `target` (`Label.font`).
    case stringForFont(String, target: String)
    /// A list (`{8, 16}`) where Insets or Size (`type`) is expected, with its numbers.
    case list(type: String, numbers: [Double], target: String)
    /// `spacing = "12"`: a number in quotes, where `type` (Number, Int) is expected.
    case quotedNumber(String, target: String, type: String)
    /// A constructor key close to `id`, `class` or `style` (`clas`) of a view of `kind`.
    case unknownConstructorKey(String, kind: String, suggestion: String)

    public var code: Diagnostic.Code {
        switch self {
        case .unknownMember: .unknownMember
        case .badOperator: .typeMismatch
        case .rgbScale: .rgbScale
        case .arity: .badArgument
        case .stringForFont, .list, .quotedNumber: .typeMismatch
        case .unknownConstructorKey: .unknownProperty
        }
    }

    public var severity: Diagnostic.Severity {
        if case .rgbScale = self { return .warning }
        return .error
    }

    public var message: String {
        switch self {
        case .unknownMember(let owner, let name, let members):
            if let near = suggestion { return "'\(owner)' has no member '\(name)'." + Suggestion.sentence(near) }
            let list = members.sorted()
            let shown = list.prefix(12).map { "'\($0)'" }.joined(separator: ", ") + (list.count > 12 ? " and \(list.count - 12) more" : "")
            return list.isEmpty ? "'\(owner)' has no member '\(name)'." : "'\(owner)' has no member '\(name)'; it has \(shown)."
        case .badOperator(let op, let operand):
            return "Cannot use '\(op)' on \(operand); compose styles with '..', '+' or concat(…), and compute with plain numbers."
        case .rgbScale(let channels, let alpha):
            let written = "rgb(" + (channels + (alpha.map { [$0] } ?? [])).map(formatNumber).joined(separator: ", ") + ")"
            return "\(written) is almost black: rgb takes channels from 0 to 255, as CSS and design tools write them, "
                + "not UIKit's 0–1." + Suggestion.sentence(suggestion)
        case .arity(let function, let parameters, let got, let note):
            // A named function in quotes; a description ("a style called on a view") as a sentence.
            let subject = function.contains(" ") ? function.prefix(1).uppercased() + function.dropFirst() : "'\(function)'"
            return "\(subject) takes \(parameters), got \(got == 0 ? "none" : got == 1 ? "1 argument" : "\(got) arguments")."
                + (note.map { " " + $0 } ?? "")
        case .stringForFont(let text, let target):
            if Self.textStyle(text) != nil {
                return "'\(target)' expects Font, got the string '\(text)'; a text style becomes a font with font.preferred."
                    + Suggestion.sentence(suggestion)
            }
            return "'\(target)' expects Font, got the string '\(text)'; make a font with font.named(name, size), "
                + "font.system(size) or font.preferred(textStyle)." + Suggestion.sentence(suggestion)
        case .unknownConstructorKey(let key, let kind, let suggestion):
            return "\(kind) has no property '\(key)'." + Suggestion.sentence(suggestion)
        case .quotedNumber(let text, let target, let type):
            return "'\(target)' expects \(type), got the string \"\(text)\"; numbers are written without quotes."
                + Suggestion.sentence(suggestion)
        case .list(let type, _, let target):
            let fields = type == "Size" ? "{width = …, height = …}" : "{top = …, left = …, bottom = …, right = …}"
            return "'\(target)' expects \(type), got a list; write \(type == "Size" ? "size(width, height)" : "insets(…)") or \(fields)."
                + Suggestion.sentence(suggestion)
        }
    }

    public var suggestion: String? {
        switch self {
        case .unknownMember(_, let name, let members):
            return Suggestion.closest(to: name, among: members)
        case .badOperator, .arity:
            return nil
        case .rgbScale(let channels, let alpha):
            let scaled = channels.map { formatNumber(($0 * 255).rounded()) }
            return "rgb(" + (scaled + (alpha.map { [formatNumber($0)] } ?? [])).joined(separator: ", ") + ")"
        case .stringForFont(let text, _):
            if let style = Self.textStyle(text) { return "font.preferred \"\(style.rawValue)\"" }
            return "font.named(\"\(text)\", 17)"
        case .unknownConstructorKey(_, _, let suggestion):
            return suggestion
        case .quotedNumber(let text, _, _):
            return text
        case .list(let type, let numbers, _):
            let args = numbers.map(formatNumber).joined(separator: ", ")
            if type == "Size" { return numbers.count == 2 ? "size(\(args))" : "size(width, height)" }
            return [1, 2, 4].contains(numbers.count) ? "insets(\(args))" : "insets(top, left, bottom, right)"
        }
    }

    /// `.quotedNumber` for a string that reads as a number where `type` expects one; nil otherwise.
    public static func quotedNumber(_ value: Value, for type: ValueType, target: String) -> APIMisuse? {
        guard case .string(let text) = value, type.wrapped == .number || type.wrapped == .int,
              let x = Double(text), x.isFinite else { return nil }
        return .quotedNumber(text, target: target, type: type.wrapped.description)
    }

    /// `class` for `clas`: the constructor's own keys, for a name that is no property.
    public static func constructorKey(near key: String) -> String? {
        Suggestion.closest(to: key, among: ["id", "class", "style"])
    }

    /// A text style named by `text`, in any case (`"Title3"`).
    public static func textStyle(_ text: String) -> Font.TextStyle? {
        Font.TextStyle.allCases.first { $0.rawValue.lowercased() == text.lowercased() }
    }

    /// Whether `rgb(r, g, b)` looks written on UIKit's 0–1 scale: all three in 0–1, one a fraction.
    public static func looksLikeUnitScale(_ channels: [Double]) -> Bool {
        channels.count == 3 && channels.allSatisfy { $0 >= 0 && $0 <= 1 } && channels.contains { $0 != $0.rounded() }
    }
}

extension Schema {
    /// `"vertical"` for `vertical` written bare (`axis = vertical`): a case of one of the
    /// schema's enums or of the font weights and text styles, quoted as scripts write them.
    public func quotedEnumCase(_ name: String) -> String? {
        if Font.Weight(rawValue: name) != nil || Font.TextStyle(rawValue: name) != nil { return "\"\(name)\"" }
        for kind in viewKinds {
            for property in kind.properties {
                if case .enumeration(let e) = property.type.wrapped, e.cases.contains(name) { return "\"\(name)\"" }
            }
        }
        return nil
    }
}
