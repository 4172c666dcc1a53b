import Foundation
import StyleCore
import StyleRun

/// `stylerun tokens FILE.lua`: every token the script defines (its design-token files and its
/// `themes {}` values), resolved per theme, as DTCG, JSON or Swift; or where one is used.
public enum TokensCommand: Command {
    enum Format: String, CaseIterable, Sendable {
        case dtcg, json, swift
    }

    enum Options {
        static let format = OptionKey<Format?>.choice("format", help: "Output format (default dtcg).")
        static let output = OptionKey<String?>.text("output", short: "o", placeholder: "OUT", help: "Write the output to OUT instead of standard output.")
        static let usage = OptionKey<String?>.text("usage", placeholder: "TOKEN", help: "List the views and properties whose values come from TOKEN.")
        static let unused = OptionKey<Bool>.flag("unused-tokens", help: "List the tokens no view's value comes from.")
    }

    public static let spec = ArgumentParser.Command(
        name: "tokens", summary: "Write every design token a script defines, resolved per theme, or show where one is used.",
        arguments: [.required("FILE.lua")],
        options: [CommonOptions.theme.option, Options.format.option, Options.output.option, Options.usage.option,
                  Options.unused.option, .help] + LimitOptions.options)

    public static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
        guard let path = arguments.arguments.first else {
            console.error("stylerun tokens: give a script.")
            return ExitStatus.usage
        }
        if let problem = LimitOptions.check(arguments) {
            console.error("stylerun tokens: \(problem)")
            return ExitStatus.usage
        }
        if let failure = ScriptPath.check(path) {
            return console.report([failure], json: false, status: ScriptPath.status(failure))
        }
        let runtime = Runtime(log: { console.error($0) })
        LimitOptions.apply(arguments, to: runtime)
        let theme = arguments[CommonOptions.theme]
        do throws(DiagnosticList) {
            let catalog = try TokenCatalog(file: path, runtime: runtime, theme: theme)
            if let token = arguments[Options.usage] { return try usage(of: token, in: catalog, console: console) }
            if arguments[Options.unused] {
                let unused = try catalog.unusedTokens()
                console.out(unused.isEmpty ? "Every token is used.\n"
                            : unused.map { "\($0.name)  (\($0.location))\n" }.joined() + "\(unused.count) unused token\(unused.count == 1 ? "" : "s").\n")
                return ExitStatus.success
            }
            for t in catalog.untyped {
                console.error("stylerun tokens: \(t.location): the theme token '\(t.name)' is a \(t.value.typeName), which design tokens have no type for; it is left out.")
            }
            let text: String
            switch arguments[Options.format] ?? .dtcg {
            case .dtcg:
                // One document: the chosen theme's, or the default one's.
                text = DTCGWriter.document(catalog.themes[0].tokens)
            case .json:
                text = json(catalog).serialized(.pretty) + "\n"
            case .swift:
                text = SwiftWriter.file(catalog.themes.map { ($0.name, $0.tokens) }, source: (path as NSString).lastPathComponent)
            }
            return console.write(text, to: arguments[Options.output])
        } catch {
            return console.report(error.diagnostics, json: false)
        }
    }

    private static func usage(of token: String, in catalog: TokenCatalog, console: Console) throws(DiagnosticList) -> Int32 {
        let known = Set(catalog.themes.flatMap { $0.tokens.map(\.name) })
        guard known.contains(token) else {
            let hint = Suggestion.didYouMean(token, among: known.sorted()).text
            console.error("stylerun tokens: the script defines no token '\(token)'.\(hint)")
            return ExitStatus.usage
        }
        let uses = try catalog.uses(of: token)
        var text = ""
        for u in uses {
            let theme = u.theme.map { "[\($0)] " } ?? ""
            text += "\(theme)\(u.view)  \(u.property)  \(u.won ? "" : "(overridden) ")set by \(u.origin) at \(u.location)\n"
        }
        // A view's property counts once, however many themes and contributions it has.
        let count = Set(uses.map { "\($0.view) \($0.property)" }).count
        text += uses.isEmpty ? "No view uses '\(token)'.\n" : "\(count) use\(count == 1 ? "" : "s") of '\(token)'.\n"
        console.out(text)
        return ExitStatus.success
    }

    /// `{"themes": [{"theme": "light" | null, "tokens": {"color.danger": {"type", "value", "file", "line"}}}]}`.
    private static func json(_ catalog: TokenCatalog) -> JSONValue {
        .object([("themes", .array(catalog.themes.map { theme in
            .object([
                ("theme", theme.name.map(JSONValue.string) ?? .null),
                ("tokens", .object(theme.tokens.map { t in
                    (key: t.name, value: JSONValue.object([
                        ("type", .string(t.value.type.rawValue)),
                        ("value", jsonValue(t.value)),
                        ("file", .string(t.location.file)),
                        ("line", .number(Double(t.location.line))),
                    ]))
                })),
            ])
        }))])
    }

    /// A token's value in the tree JSON's shapes where it has one (colours `#RRGGBBAA`, fonts
    /// as font objects, lengths in points), else as its DTCG value.
    private static func jsonValue(_ v: TokenValue) -> JSONValue {
        switch v {
        case .color(let c, _): return .string(c.hex)
        case .dimension(let d): return .number(d.points)
        case .number(let x), .fontWeight(let x): return .number(x)
        case .typography(let t): return Value.font(t.font).json
        default:
            // The DTCG text of the value, parsed back: one writer for both formats.
            do {
                return try JSONValue(parsing: DTCGWriter.valueText(v))
            } catch {
                preconditionFailure("DTCGWriter writes JSON: \(error)")
            }
        }
    }
}
