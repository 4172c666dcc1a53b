/// An option as a command declares it and reads it: one constant for both, typed by what
/// reading it gives, so a misspelt option name does not compile and a value is read as the type
/// its declaration checked.
///
///     enum Options {
///         static let format = OptionKey<Format?>.choice("format", help: "Output format.")
///         static let all = OptionKey<Bool>.flag("all", help: "Print every property.")
///     }
///     static let spec = ArgumentParser.Command(summary: "…", arguments: [],
///                                              options: [Options.format.option, Options.all.option])
///     let format = parsed[Options.format] ?? .tree      // a Format, not a String
public struct OptionKey<Value>: Sendable {
    /// The declaration the parser checks the command line against.
    public let option: ArgumentParser.Option
    private let read: @Sendable (ParsedArguments) -> Value

    private init(_ option: ArgumentParser.Option, read: @escaping @Sendable (ParsedArguments) -> Value) {
        self.option = option
        self.read = read
    }

    /// The option's value in `parsed`.
    func value(in parsed: ParsedArguments) -> Value { read(parsed) }
}

extension OptionKey where Value == Bool {
    /// A flag: `--all`; true when given.
    public static func flag(_ name: String, short: Character? = nil, standsAlone: Bool = false, help: String) -> Self {
        Self(.flag(name, short: short, standsAlone: standsAlone, help: help)) { $0.flag(name) }
    }
}

extension OptionKey where Value == String? {
    /// An option taking any text: `-o FILE`; nil when not given, the last value when repeated.
    public static func text(_ name: String, short: Character? = nil, placeholder: String, help: String) -> Self {
        Self(.text(name, short: short, placeholder: placeholder, help: help)) { $0.value(name) }
    }
}

extension OptionKey where Value == [String] {
    /// A repeatable option taking any text: `--state SELECTOR=STATE`, every value in order.
    public static func repeatedText(_ name: String, short: Character? = nil, placeholder: String, help: String) -> Self {
        Self(.text(name, short: short, placeholder: placeholder, repeatable: true, help: help)) { $0.values(name) }
    }
}

extension OptionKey where Value == Int? {
    /// An option taking a whole number, 0 or more: `--max-warnings N`.
    public static func count(_ name: String, short: Character? = nil, placeholder: String = "N", help: String) -> Self {
        Self(.count(name, short: short, placeholder: placeholder, help: help)) { $0.count(name) }
    }
}

extension OptionKey where Value == Double? {
    /// An option taking a finite number, 0 or more: `--timeout SECONDS`.
    public static func number(_ name: String, short: Character? = nil, placeholder: String, help: String) -> Self {
        Self(.number(name, short: short, placeholder: placeholder, help: help)) { $0.number(name) }
    }
}

extension OptionKey {
    /// An option taking one of an enumeration's raw values (`--format tree|json|html`), read as
    /// that enumeration's case; the choices and their order are the enumeration's.
    public static func choice<Choice>(_ name: String, short: Character? = nil, help: String) -> Self
    where Value == Choice?, Choice: RawRepresentable & CaseIterable & Sendable, Choice.RawValue == String {
        Self(.choice(name, short: short, Choice.allCases.map(\.rawValue), help: help)) { parsed in
            parsed.value(name).map { spelled in
                guard let choice = Choice(rawValue: spelled) else {
                    preconditionFailure("The parser accepted '\(spelled)' for '--\(name)', which is not one of its choices")
                }
                return choice
            }
        }
    }
}

extension ParsedArguments {
    /// The value of an option the command declares.
    ///
    ///     if parsed[RunCommand.Options.all] { … }
    public subscript<Value>(_ key: OptionKey<Value>) -> Value { key.value(in: self) }
}
