import StyleCore

/// A small, declarative parser for a tool with a default command and subcommands.
///
///     let parser = ArgumentParser(program: "stylerun", commands: [
///         .init(summary: "Print the styled tree.", arguments: [.required("FILE.lua")], options: [
///             .choice("format", ["tree", "json", "html"], help: "Output format."),
///             .flag("all", help: "Show every property."),
///         ]),
///         .init(name: "lint", summary: "Check scripts.", arguments: [.repeating("PATH")], options: []),
///     ])
///     let parsed = try parser.parse(Array(CommandLine.arguments.dropFirst()))
///
/// Options have a long name (`--format`) and maybe a short one (`-o`); valued options take
/// `--name value` or `--name=value`. Options may come before or after the arguments, and `--`
/// ends them. A command other than the default is named by the first argument
/// (`stylerun lint styles/`); write `./lint` or `-- lint` for a file of that name.
/// Mistakes are `ArgumentError` values; `help(for:)` and `usage(for:)` are generated from the
/// same declarations.
public struct ArgumentParser: Sendable {
    /// The program's name, as usage lines show it.
    public let program: String
    /// The commands; the one without a name is the default.
    public let commands: [Command]

    /// An option a command accepts.
    public struct Option: Hashable, Sendable {
        /// What follows the option.
        public enum Value: Hashable, Sendable {
            /// Nothing: a flag.
            case none
            /// Any text, shown as the placeholder in help (`-o FILE`).
            case text(placeholder: String)
            /// One of the listed words (`--format tree|json|html`).
            case choice([String])
            /// A whole number, 0 or more (`--max-warnings N`).
            case count(placeholder: String)
            /// A finite number, 0 or more (`--timeout SECONDS`).
            case number(placeholder: String)
        }

        /// The long name without dashes (`"format"` for `--format`).
        public let name: String
        /// The one-letter alias without its dash (`"o"` for `-o`).
        public let short: Character?
        /// What follows the option, and so how its value is checked.
        public let value: Value
        /// Whether it may be given more than once; every value is kept.
        public let isRepeatable: Bool
        /// Whether, when given, missing or extra arguments are no error (`--help`, `--version`).
        public let standsAlone: Bool
        /// One line for the help text.
        public let help: String

        /// A flag: `--all`.
        ///
        ///     .flag("help", short: "h", standsAlone: true, help: "Show this help.")
        public static func flag(_ name: String, short: Character? = nil, standsAlone: Bool = false, help: String) -> Option {
            Option(name: name, short: short, value: .none, isRepeatable: false, standsAlone: standsAlone, help: help)
        }

        /// An option taking any text: `-o FILE`.
        ///
        ///     .text("output", short: "o", placeholder: "FILE", help: "Write to FILE.")
        public static func text(_ name: String, short: Character? = nil, placeholder: String,
                                repeatable: Bool = false, help: String) -> Option {
            Option(name: name, short: short, value: .text(placeholder: placeholder), isRepeatable: repeatable,
                   standsAlone: false, help: help)
        }

        /// An option taking one of a fixed set of words: `--format tree|json|html`.
        ///
        ///     .choice("format", ["tree", "json", "html"], help: "Output format.")
        public static func choice(_ name: String, short: Character? = nil, _ choices: [String], help: String) -> Option {
            precondition(!choices.isEmpty, "A choice option needs at least one choice")
            return Option(name: name, short: short, value: .choice(choices), isRepeatable: false, standsAlone: false, help: help)
        }

        /// An option taking a whole number, 0 or more: `--max-warnings N`.
        ///
        ///     .count("max-warnings", placeholder: "N", help: "Fail above N warnings.")
        public static func count(_ name: String, short: Character? = nil, placeholder: String = "N", help: String) -> Option {
            Option(name: name, short: short, value: .count(placeholder: placeholder), isRepeatable: false,
                   standsAlone: false, help: help)
        }

        /// An option taking a finite number, 0 or more: `--timeout SECONDS`.
        ///
        ///     .number("timeout", placeholder: "SECONDS", help: "Wall-clock budget.")
        public static func number(_ name: String, short: Character? = nil, placeholder: String, help: String) -> Option {
            Option(name: name, short: short, value: .number(placeholder: placeholder), isRepeatable: false,
                   standsAlone: false, help: help)
        }

        var takesValue: Bool { value != .none }
    }

    /// A positional argument a command takes, for arity checks and usage lines.
    public enum Argument: Hashable, Sendable {
        /// Exactly one (`FILE.lua`).
        case required(String)
        /// Zero or one (`[KIND]`).
        case optional(String)
        /// Zero or more (`[PATH …]`); only last.
        case repeating(String)

        /// The placeholder as usage lines show it (`FILE.lua`).
        ///
        ///     ArgumentParser.Argument.repeating("PATH").name    // "PATH"
        public var name: String {
            switch self {
            case .required(let n), .optional(let n), .repeating(let n): n
            }
        }
    }

    /// A command: its name (nil for the default), arguments and options.
    public struct Command: Sendable {
        /// The word that selects it (`lint`), or nil for the default command.
        public let name: String?
        /// One line for the help text.
        public let summary: String
        /// Its positional arguments, in order.
        public let arguments: [Argument]
        /// Its options, in the order help lists them.
        public let options: [Option]

        /// A command.
        ///
        ///     .init(name: "kinds", summary: "Show the schema.", arguments: [.optional("KIND")], options: [help])
        public init(name: String? = nil, summary: String, arguments: [Argument], options: [Option]) {
            for (i, a) in arguments.enumerated() {
                if case .repeating = a { precondition(i == arguments.count - 1, "Only the last argument may repeat") }
            }
            var longs = Set<String>(), shorts = Set<Character>()
            for o in options {
                precondition(longs.insert(o.name).inserted, "The option '--\(o.name)' is declared twice")
                if let s = o.short { precondition(shorts.insert(s).inserted, "The option '-\(s)' is declared twice") }
            }
            self.name = name
            self.summary = summary
            self.arguments = arguments
            self.options = options
        }

        func option(named name: String) -> Option? { options.first { $0.name == name } }
        func option(short: Character) -> Option? { options.first { $0.short == short } }
    }

    /// A parser for `program` with its commands (at most one without a name).
    ///
    ///     ArgumentParser(program: "stylerun", commands: [run, watch, lint, types, kinds])
    /// Whether a path names something; a positional that does is never a misspelled command
    /// (a folder `broken` beside the command `tokens`). The command line's table gives it the
    /// file system; the parser itself reads nothing.
    public var pathExists: @Sendable (String) -> Bool = { _ in false }

    public init(program: String, commands: [Command]) {
        precondition(commands.filter { $0.name == nil }.count <= 1, "At most one command is the default")
        var takesValue: [String: Bool] = [:]
        for o in commands.flatMap(\.options) {
            // The command is found before it is known which command's options apply.
            precondition(takesValue.updateValue(o.takesValue, forKey: o.name) ?? o.takesValue == o.takesValue,
                         "The option '--\(o.name)' must take a value in every command or in none")
        }
        self.program = program
        self.commands = commands
    }

    // MARK: Parsing

    /// Parses the arguments after the program's name.
    ///
    ///     try parser.parse(["app.lua", "--format=json", "--all"])
    ///
    /// - Throws: `ArgumentError` for the first mistake found.
    public func parse(_ arguments: [String]) throws(ArgumentError) -> ParsedArguments {
        var tokens = arguments
        let command: Command
        if let found = findCommand(in: tokens) {
            tokens.remove(at: found.index)
            command = found.command
        } else if let fallback = commands.first(where: { $0.name == nil }) {
            command = fallback
        } else {
            let names = commands.compactMap(\.name)
            guard let first = tokens.first(where: { !isOption($0) }) else {
                throw .missingArgument("COMMAND (" + names.joined(separator: ", ") + ")")
            }
            throw .unknownCommand(first, suggestion: Suggestion.closest(to: first, among: names))
        }

        var positionals: [String] = []
        var values: [String: [String]] = [:]
        var flags = Set<String>()
        var index = 0
        var optionsEnded = false
        var literalCount = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if optionsEnded || !isOption(token) {
                positionals.append(token)
                continue
            }
            if token == "--" { optionsEnded = true; literalCount = tokens.count - index; continue }

            let (spelled, attached) = split(token)
            guard let option = lookUp(spelled, in: command) else {
                throw .unknownOption(spelled, suggestion: suggestion(for: spelled, in: command))
            }
            guard option.takesValue else {
                if attached != nil { throw .unexpectedValue(option: spelled) }
                flags.insert(option.name)
                continue
            }
            let value: String
            if let attached {
                value = attached
            } else if index < tokens.count, !isOption(tokens[index]) {
                value = tokens[index]
                index += 1
            } else {
                throw .missingValue(option: spelled)
            }
            try validate(value, for: option, spelled: spelled)
            if values[option.name] != nil, !option.isRepeatable { throw .duplicateOption(spelled) }
            values[option.name, default: []].append(value)
        }

        let standsAlone = command.options.contains { $0.standsAlone && flags.contains($0.name) }
        if !standsAlone {
            // After `--` an argument is a file name whatever it looks like.
            let literal = optionsEnded && positionals.count == literalCount
            try checkArity(positionals, of: command, firstIsLiteral: literal)
        }
        return ParsedArguments(command: command.name, arguments: positionals, values: values, flags: flags,
                               declared: Set(command.options.map(\.name)), original: arguments)
    }

    /// The first argument when it names a command, skipping options and their values.
    /// The name of the command `arguments` name (nil: the default one), as `parse` finds it:
    /// whose usage a usage error prints, `stylerun lint [PATH …] [options]` after a mistake in
    /// a lint command line.
    public func commandName(in arguments: [String]) -> String? {
        findCommand(in: arguments)?.command.name
    }

    private func findCommand(in tokens: [String]) -> (index: Int, command: Command)? {
        let all = commands.flatMap(\.options)
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token == "--" { return nil }
            if isOption(token) {
                let (spelled, attached) = split(token)
                let option = all.first { "--" + $0.name == spelled || $0.short.map { "-" + String($0) } == spelled }
                index += (option?.takesValue == true && attached == nil) ? 2 : 1
                continue
            }
            guard let command = commands.first(where: { $0.name == token }) else { return nil }
            return (index, command)
        }
        return nil
    }

    /// `-x`, `--name` and `--name=value`; a lone `-` (standard input) and negative numbers are not.
    private func isOption(_ token: String) -> Bool {
        token.hasPrefix("-") && token != "-" && Double(token) == nil
    }

    /// `--name=value` → (`--name`, `value`).
    private func split(_ token: String) -> (String, String?) {
        guard let eq = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<eq]), String(token[token.index(after: eq)...]))
    }

    private func lookUp(_ spelled: String, in command: Command) -> Option? {
        if spelled.hasPrefix("--") { return command.option(named: String(spelled.dropFirst(2))) }
        let name = spelled.dropFirst()
        guard name.count == 1, let c = name.first else { return nil }
        return command.option(short: c)
    }

    /// The closest long option, for a long name or a long name written with one dash (`-all`).
    private func suggestion(for spelled: String, in command: Command) -> String? {
        let bare = spelled.hasPrefix("--") ? String(spelled.dropFirst(2)) : String(spelled.dropFirst())
        guard bare.count > 1 else { return nil }
        return Suggestion.closest(to: bare, among: command.options.map(\.name)).map { "--" + $0 }
    }

    private func validate(_ value: String, for option: Option, spelled: String) throws(ArgumentError) {
        switch option.value {
        case .none, .text: return
        case .choice(let choices):
            guard choices.contains(value) else { throw .invalidValue(value, option: spelled, expected: .oneOf(choices)) }
        case .count:
            guard let n = Int(value), n >= 0 else { throw .invalidValue(value, option: spelled, expected: .count) }
        case .number:
            guard let x = Double(value), x.isFinite, x >= 0 else {
                throw .invalidValue(value, option: spelled, expected: .number)
            }
        }
    }

    private func checkArity(_ positionals: [String], of command: Command, firstIsLiteral: Bool) throws(ArgumentError) {
        // A misspelled command reads as a file name to the default command; catch the
        // likely ones (no extension, no folder) before "file not found" would.
        if command.name == nil, !firstIsLiteral, let first = positionals.first, !first.contains("."), !first.contains("/"),
           !pathExists(first), let s = Suggestion.closest(to: first, among: commands.compactMap(\.name)) {
            throw .unknownCommand(first, suggestion: s)
        }
        var remaining = positionals[...]
        for argument in command.arguments {
            switch argument {
            case .required(let name):
                guard !remaining.isEmpty else { throw .missingArgument(name) }
                remaining.removeFirst()
            case .optional:
                if !remaining.isEmpty { remaining.removeFirst() }
            case .repeating:
                remaining.removeAll()
            }
        }
        if let extra = remaining.first { throw .unexpectedArgument(extra) }
    }
}
