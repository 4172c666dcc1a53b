import StyleCore
import StyleRun

/// `stylerun kinds [KIND]`: the schema, readable, or as a Markdown reference page.
public enum KindsCommand: Command {
    public static let spec = ArgumentParser.Command(
        name: "kinds", summary: "Print the schema: every kind and property with type, default and range.",
        arguments: [.optional("KIND")],
        options: [Options.markdown.option, .help])

    enum Options {
        static let markdown = OptionKey<Bool>.flag("markdown", help: "Print a Markdown reference page instead.")
    }

    public static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
        let schema = Schema.standard
        let renderer = SchemaRenderer(terminal: console.terminal(1))
        guard let name = arguments.arguments.first else {
            console.out(arguments[Options.markdown] ? renderer.markdown(schema) : renderer.render(schema))
            return ExitStatus.success
        }
        guard let kind = schema.kind(named: name) else {
            let names = schema.viewKinds.map(\.name)
            let hint = Suggestion.didYouMean(name, among: names).text
            console.error("stylerun: unknown kind '\(name)'.\(hint) Kinds: \(names.joined(separator: ", ")).")
            return ExitStatus.usage
        }
        console.out(renderer.render(kind))
        return ExitStatus.success
    }
}
