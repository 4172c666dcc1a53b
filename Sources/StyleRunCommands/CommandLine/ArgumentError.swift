import StyleCore

/// A mistake on the command line, as data; `message` is the one place it becomes text.
///
///     do { _ = try parser.parse(["app.lua", "--formt", "json"]) }
///     catch { print(error.message) }    // Unknown option '--formt'. Did you mean '--format'?
///
/// Options are named as the user spelled them (`-o` or `--output`). A tool exits with status 2
/// after printing one of these.
public enum ArgumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An option no declaration matches, with the closest declared one.
    case unknownOption(String, suggestion: String?)
    /// A first argument that is not a command (`lnit`), with the closest one.
    case unknownCommand(String, suggestion: String?)
    /// A valued option at the end, or followed by another option.
    case missingValue(option: String)
    /// A value outside what the option accepts.
    case invalidValue(String, option: String, expected: Expectation)
    /// `--flag=value` for an option that takes none.
    case unexpectedValue(option: String)
    /// A single-valued option given twice.
    case duplicateOption(String)
    /// A required argument (`FILE.lua`) that is not there.
    case missingArgument(String)
    /// More arguments than the command takes.
    case unexpectedArgument(String)

    /// What a valued option accepts, for `invalidValue`.
    public enum Expectation: Hashable, Sendable {
        case oneOf([String])
        case count
        case number
    }

    /// The sentence to show, ending with a period or a question.
    ///
    ///     ArgumentError.missingValue(option: "--format").message    // Missing value for '--format'.
    public var message: String {
        switch self {
        case .unknownOption(let name, let suggestion):
            return "Unknown option '\(name)'." + Suggestion.sentence(suggestion)
        case .unknownCommand(let name, let suggestion):
            return "Unknown command '\(name)'." + Suggestion.sentence(suggestion)
        case .missingValue(let option):
            return "Missing value for '\(option)'."
        case .invalidValue(let value, let option, .oneOf(let choices)):
            return "Invalid value '\(value)' for '\(option)'; use \(ArgumentError.list(choices))."
        case .invalidValue(let value, let option, .count):
            return "Invalid value '\(value)' for '\(option)'; use a whole number, 0 or more."
        case .invalidValue(let value, let option, .number):
            return "Invalid value '\(value)' for '\(option)'; use a number, 0 or more."
        case .unexpectedValue(let option):
            return "Option '\(option)' does not take a value."
        case .duplicateOption(let option):
            return "Option '\(option)' can be given only once."
        case .missingArgument(let name):
            return "Missing argument \(name)."
        case .unexpectedArgument(let argument):
            return "Unexpected argument '\(argument)'."
        }
    }

    public var description: String { message }

    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`.
    static func list(_ items: [String]) -> String {
        let quoted = items.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}
