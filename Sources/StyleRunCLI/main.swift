// stylerun: the command line. Parses arguments, calls the StyleRun library, prints.
import Foundation
import StyleRun

let version = "0.1.0"

let limitOptions: [ArgumentParser.Option] = [
    .number("timeout", placeholder: "SECONDS", help: "Wall-clock limit for evaluating and styling (default 5)."),
    .count("memory", placeholder: "MiB", help: "Memory limit of the Lua heap in MiB (default 256)."),
    .count("instructions", placeholder: "N", help: "Instruction limit (default 1000000000)."),
]

let parser = ArgumentParser(program: "stylerun", commands: [
    .init(summary: "Evaluate a style script, style the tree it returns, and print it.",
          arguments: [.required("FILE.lua")],
          options: [
              .text("theme", placeholder: "NAME", help: "The theme to use, from the script's themes { … }."),
              .choice("format", ["tree", "json"], help: "Output format (default tree)."),
              .text("output", short: "o", placeholder: "OUT", help: "Write the output to OUT instead of standard output."),
              .text("explain", placeholder: "SELECTOR", help: "Show, for each matching view, which contribution won each property."),
              .flag("all", help: "Print every property, not only those that differ from the defaults."),
              .flag("help", short: "h", standsAlone: true, help: "Show this help."),
              .flag("version", standsAlone: true, help: "Show the version."),
          ] + limitOptions),
    .init(name: "watch", summary: "Re-run a style script on every save of any file it loads, and print what changed.",
          arguments: [.required("FILE.lua")],
          options: [
              .text("theme", placeholder: "NAME", help: "The theme to use, from the script's themes { … }."),
              .choice("format", ["text", "json"], help: "Output format: text, or one JSON event per line (default text)."),
              .flag("help", short: "h", standsAlone: true, help: "Show this help."),
          ] + limitOptions),
    .init(name: "kinds", summary: "Print the schema: every kind and property with type, default and range.",
          arguments: [.optional("KIND")],
          options: [
              .flag("markdown", help: "Print a Markdown reference page instead."),
              .flag("help", short: "h", standsAlone: true, help: "Show this help."),
          ]),
])

/// Standard error, for diagnostics and messages.
func printError(_ text: String) {
    FileHandle.standardError.write((text.hasSuffix("\n") ? text : text + "\n").data(using: .utf8)!)
}

func write(_ text: String, to output: String?) -> Int32 {
    guard let output else {
        FileHandle.standardOutput.write(text.data(using: .utf8)!)
        return 0
    }
    do {
        try text.write(toFile: output, atomically: true, encoding: .utf8)
        return 0
    } catch {
        printError("stylerun: cannot write '\(output)': \(error.localizedDescription)")
        return 1
    }
}

/// Prints diagnostics where SPEC §4 puts them; returns the exit code.
func report(_ diagnostics: [Diagnostic], json: Bool, exitCode: Int32 = 1) -> Int32 {
    if json {
        let body = JSONValue.object([
            ("diagnostics", .array(diagnostics.map(\.json))),
            ("errors", .number(Double(diagnostics.filter { $0.severity == .error }.count))),
            ("warnings", .number(Double(diagnostics.filter { $0.severity == .warning }.count))),
        ])
        print(body.serialized(.pretty))
    } else {
        let renderer = DiagnosticRenderer(terminal: .detect(fileDescriptor: 2)) { try? SourceFile.read($0) }
        printError(renderer.render(diagnostics))
    }
    return exitCode
}

func run() -> Int32 {
    let parsed: ParsedArguments
    do throws(ArgumentError) {
        parsed = try parser.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        printError("stylerun: \(error.message)\n\(parser.usage(for: nil))")
        return 2
    }
    if parsed.flag("help") {
        print(parser.help(for: parsed.command), terminator: "")
        return 0
    }
    if parsed.command == "kinds" { return kinds(parsed) }
    if parsed.command != "watch", parsed.flag("version") {
        print("stylerun \(version)")
        return 0
    }
    guard let path = parsed.arguments.first else {
        printError("stylerun: give a script to run.\n\(parser.usage(for: nil))")
        return 2
    }
    let json = parsed.value("format") == "json"

    // A path that does not exist, or a folder, is a usage mistake (exit 2).
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) || isDirectory.boolValue {
        do throws(Diagnostic) {
            _ = try SourceFile.read(path)
        } catch {
            return report([error], json: json, exitCode: 2)
        }
    }

    let runtime = Runtime(log: { printError($0) })
    if let t = parsed.number("timeout") { runtime.limits.seconds = t }
    if let m = parsed.count("memory") { runtime.limits.memory = m << 20 }
    if let n = parsed.count("instructions") { runtime.limits.instructions = Int64(n) }
    if parsed.command == "watch" {
        return WatchCommand(file: path, theme: parsed.value("theme"), json: json, runtime: runtime).run()
    }

    do throws(DiagnosticList) {
        let sheet = try runtime.load(file: path, theme: parsed.value("theme"))
        let root = try sheet.applyToOwnTree()
        let output = parsed.value("output")
        if let selector = parsed.value("explain") {
            let views = try sheet.views(matching: selector, in: root)
            if views.isEmpty {
                printError("stylerun: no view matches '\(selector)'.")
                return 1
            }
            let renderer = ExplainRenderer(terminal: output == nil ? .detect(fileDescriptor: 1) : .plain)
            return write(json ? renderer.renderJSON(views) : renderer.render(views), to: output)
        }
        if json {
            return write(TreeJSONRenderer(all: parsed.flag("all")).render(root), to: output)
        }
        let terminal = output == nil ? Terminal.detect(fileDescriptor: 1) : .plain
        return write(TreeTextRenderer(all: parsed.flag("all"), terminal: terminal).render(root), to: output)
    } catch {
        return report(error.diagnostics, json: json)
    }
}

/// `stylerun kinds [KIND]`.
func kinds(_ parsed: ParsedArguments) -> Int32 {
    let schema = Schema.standard
    let renderer = SchemaRenderer(terminal: .detect(fileDescriptor: 1))
    guard let name = parsed.arguments.first else {
        print(parsed.flag("markdown") ? renderer.markdown(schema) : renderer.render(schema), terminator: "")
        return 0
    }
    guard let kind = schema.kind(named: name) else {
        let hint = Suggestion.closest(to: name, among: schema.viewKinds.map(\.name)).map { " Did you mean '\($0)'?" } ?? ""
        printError("stylerun: unknown kind '\(name)'.\(hint) Kinds: \(schema.viewKinds.map(\.name).joined(separator: ", ")).")
        return 2
    }
    print(renderer.render(kind), terminator: "")
    return 0
}

exit(run())
