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
              .choice("format", ["tree", "json", "html"], help: "Output format (default tree)."),
              .text("output", short: "o", placeholder: "OUT", help: "Write the output to OUT instead of standard output."),
              .text("explain", placeholder: "SELECTOR", help: "Show, for each matching view, which contribution won each property."),
              .flag("all", help: "Print every property, not only those that differ from the defaults."),
              .flag("help", short: "h", standsAlone: true, help: "Show this help."),
              .flag("version", standsAlone: true, help: "Show the version."),
              .flag("no-isolation", help: "Evaluate in this process instead of a child process: faster, for scripts you trust."),
          ] + limitOptions),
    .init(name: "watch", summary: "Re-run a style script on every save of any file it loads, and print what changed.",
          arguments: [.required("FILE.lua")],
          options: [
              .text("theme", placeholder: "NAME", help: "The theme to use, from the script's themes { … }."),
              .choice("format", ["text", "json"], help: "Output format: text, or one JSON event per line (default text)."),
              .flag("help", short: "h", standsAlone: true, help: "Show this help."),
          ] + limitOptions),
    .init(name: "lint", summary: "Check style scripts against the schema and report every problem (for CI).",
          arguments: [.repeating("PATH")],
          options: [
              .choice("format", LintFormat.allCases.map(\.rawValue), help: "Output format (default text)."),
              .count("max-warnings", placeholder: "N", help: "Fail when there are more than N warnings."),
              .flag("no-isolation", help: "Evaluate the scripts in this process instead of child processes: faster, for scripts you trust."),
              .flag("help", short: "h", standsAlone: true, help: "Show this help."),
          ]),
    .init(name: "types", summary: "Write Lua language server definitions of every kind and function.",
          arguments: [],
          options: [
              .text("output", short: "o", placeholder: "FILE", help: "Write to FILE instead of standard output."),
              .flag("help", short: "h", standsAlone: true, help: "Show this help."),
          ]),
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
        let renderer = DiagnosticRenderer(terminal: terminal(2)) { try? SourceFile.read($0) }
        printError(renderer.render(diagnostics))
    }
    return exitCode
}

/// `stylerun __child ARGUMENTS…`: the child of an isolated run (see `IsolatedRun`). It starts
/// once its parent has closed standard input, which it does after applying the limits.
let isChild = CommandLine.arguments.dropFirst().first == IsolatedRun.childCommand
let arguments = Array(CommandLine.arguments.dropFirst(isChild ? 2 : 1))
/// The parent's standard output and error are terminals (for colors in the child's output).
let parentTerminals = ProcessInfo.processInfo.environment["STYLERUN_PARENT_TERMINALS"] ?? ""

/// Colors for standard output (1) or error (2), as the parent would decide them for a child.
func terminal(_ fd: Int32) -> Terminal {
    guard isChild else { return .detect(fileDescriptor: fd) }
    let env = ProcessInfo.processInfo.environment.filter { $0.key == "NO_COLOR" || $0.key == "TERM" }
    return Terminal(environment: env, isTerminal: parentTerminals.contains(String(fd)))
}

func run() -> Int32 {
    let parsed: ParsedArguments
    let input = isChild ? FileHandle.standardInput.readDataToEndOfFile() : Data()
    if isChild, arguments == [IsolatedDynamicPass.childMode] { return IsolatedDynamicPass.runChild(input: input) }
    do throws(ArgumentError) {
        parsed = try parser.parse(arguments)
    } catch {
        printError("stylerun: \(error.message)\n\(parser.usage(for: nil))")
        return 2
    }
    if parsed.flag("help") {
        print(parser.help(for: parsed.command), terminator: "")
        return 0
    }
    if parsed.command == "kinds" { return kinds(parsed) }
    if parsed.command == "lint" {
        // Untrusted scripts (a pull request's, in CI) are evaluated in child processes.
        let linter = Linter(dynamicPass: parsed.flag("no-isolation") ? nil : IsolatedDynamicPass())
        return LintCommand(paths: parsed.arguments, format: parsed.value("format").flatMap(LintFormat.init) ?? .text,
                           maxWarnings: parsed.count("max-warnings"), linter: linter, version: version).run()
    }
    if parsed.command == "types" { return write(LuaDefinitions().render(), to: parsed.value("output")) }
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
    if let m = parsed.count("memory") { runtime.limits.memory = min(m, 1 << 40) << 20 }  // no overflow
    if let n = parsed.count("instructions") { runtime.limits.instructions = Int64(n) }
    if parsed.command == nil, !isChild, !parsed.flag("no-isolation") {
        return runIsolated(path: path, runtime: runtime, json: json)
    }
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
            let renderer = ExplainRenderer(terminal: output == nil ? terminal(1) : .plain)
            return write(json ? renderer.renderJSON(views) : renderer.render(views), to: output)
        }
        if json {
            return write(TreeJSONRenderer(all: parsed.flag("all")).render(root), to: output)
        }
        if parsed.value("format") == "html" {
            let title = URL(fileURLWithPath: path).lastPathComponent
            return write(HTMLRenderer().render(root, title: title), to: output)
        }
        return write(TreeTextRenderer(all: parsed.flag("all"), terminal: output == nil ? terminal(1) : .plain).render(root), to: output)
    } catch {
        return report(error.diagnostics, json: json)
    }
}

/// `stylerun FILE` for an untrusted script: the same command in a child process, whose output
/// is passed on; a crash, kill or operating-system limit there is a diagnostic for the file.
func runIsolated(path: String, runtime: Runtime, json: Bool) -> Int32 {
    let terminals = [1, 2].filter { isatty(Int32($0)) == 1 }.map(String.init).joined(separator: ",")
    let run: IsolatedRun
    do throws(ChildProcess.SpawnError) {
        run = try IsolatedRun.run(arguments: arguments, limits: runtime.limits, environment: ["STYLERUN_PARENT_TERMINALS": terminals])
    } catch {
        printError("stylerun: cannot start the evaluator process: \(error). Use --no-isolation to evaluate in this process.")
        return 1
    }
    FileHandle.standardOutput.write(run.outcome.stdout)
    // A child that did not end on its own may have left a runtime's crash report (a trap's
    // "Fatal error") on standard error: the diagnostic below replaces it.
    guard let failure = run.failure(file: path) else { FileHandle.standardError.write(run.outcome.stderr); return exitStatus(run) }
    return report([failure], json: json)
}

func exitStatus(_ run: IsolatedRun) -> Int32 {
    if case .exited(let status) = run.outcome.termination { return status }
    return 1
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
