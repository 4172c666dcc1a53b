/// What `ArgumentParser.parse(_:)` found: the command, its arguments and the options given.
///
///     let parsed = try parser.parse(["lint", "styles/", "--format", "json"])
///     parsed.command             // "lint"
///     parsed.arguments           // ["styles/"]
///     parsed.value("format")     // "json"
///
/// Commands read options through the `OptionKey` they declared them with (`parsed[Options.all]`),
/// so a misspelt name does not compile. Underneath, options are looked up by their long name
/// without dashes; asking for one the command does not declare is a programming error, caught
/// by a precondition.
public struct ParsedArguments: Hashable, Sendable {
    /// The command's name, or nil for the default command (`stylerun app.lua`).
    public let command: String?
    /// The positional arguments in order, without the command's name.
    public let arguments: [String]
    /// Each valued option's values in the order given.
    private let valuesByName: [String: [String]]
    /// The flags given.
    private let flags: Set<String>
    /// The options the command declares, by long name.
    private let declared: Set<String>
    /// The arguments as given, without the program's name (to re-run the command elsewhere).
    public let original: [String]

    init(command: String?, arguments: [String], values: [String: [String]], flags: Set<String>, declared: Set<String>,
         original: [String]) {
        self.original = original
        self.command = command
        self.arguments = arguments
        self.valuesByName = values
        self.flags = flags
        self.declared = declared
    }

    /// Whether a flag was given.
    ///
    ///     parsed.flag("all")    // true for `stylerun app.lua --all`
    func flag(_ name: String) -> Bool {
        check(name)
        return flags.contains(name)
    }

    /// The value of a single-valued option, or nil when it was not given.
    ///
    ///     parsed.value("format") ?? "tree"
    func value(_ name: String) -> String? {
        check(name)
        return valuesByName[name]?.last
    }

    /// Every value of a repeatable option, in order.
    ///
    ///     parsed.values("explain")    // ["#subscribe", "Label"]
    func values(_ name: String) -> [String] {
        check(name)
        return valuesByName[name] ?? []
    }

    /// The value of a `.count` option as an Int (already validated by the parser).
    ///
    ///     parsed.count("max-warnings")    // 0 for `--max-warnings 0`
    func count(_ name: String) -> Int? {
        value(name).flatMap { Int($0) }
    }

    /// The value of a `.number` option as a Double (already validated by the parser).
    ///
    ///     parsed.number("timeout")    // 2.5 for `--timeout 2.5`
    func number(_ name: String) -> Double? {
        value(name).flatMap { Double($0) }
    }

    private func check(_ name: String) {
        precondition(declared.contains(name), "The option '--\(name)' is not declared for this command")
    }
}
