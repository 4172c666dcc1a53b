import StyleRun

/// `stylerun types [-o FILE]`: the Lua language server definitions of every kind and function.
public enum TypesCommand: Command {
    enum Options {
        static let output = OptionKey<String?>.text("output", short: "o", placeholder: "FILE", help: "Write to FILE instead of standard output.")
    }

    public static let spec = ArgumentParser.Command(
        name: "types", summary: "Write Lua language server definitions of every kind and function.",
        arguments: [], options: [Options.output.option, .help])

    public static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
        console.write(LuaDefinitions().render(), to: arguments[Options.output])
    }
}
