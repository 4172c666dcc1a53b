import Foundation
import StyleCore
import StyleRun

/// `stylerun lint [PATH …]`: lints, prints the report on standard output, returns the status.
///
/// Status 0 when clean, 1 for errors or more warnings than `--max-warnings`, 2 when a path
/// does not exist (the usage message goes to standard error).
public enum LintCommand: Command {
    public static let spec = ArgumentParser.Command(
        name: "lint", summary: "Check style scripts against the schema and report every problem (for CI).",
        arguments: [.repeating("PATH")],
        options: [
            .choice("format", LintFormat.allCases.map(\.rawValue), help: "Output format (default text)."),
            .count("max-warnings", placeholder: "N", help: "Fail when there are more than N warnings."),
            .flag("no-isolation", help: "Evaluate the scripts in this process instead of child processes: faster, for scripts you trust."),
            .help,
        ])

    public static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
        // Untrusted scripts (a pull request's, in CI) are evaluated in child processes.
        let linter = Linter(dynamicPass: arguments.flag("no-isolation") ? nil : IsolatedDynamicPass())
        let format = arguments.value("format").flatMap(LintFormat.init) ?? .text
        let report: LintReport
        do throws(LintPathError) {
            report = try linter.lint(paths: arguments.arguments)
        } catch {
            console.error("stylerun lint: \(error.message)")
            return ExitStatus.usage
        }
        let output = format.render(report, terminal: console.terminal(1),
                                   source: { try? SourceFile.read($0) }, version: RunCommand.version)
        console.out(output)
        return report.fails(maxWarnings: arguments.count("max-warnings")) ? ExitStatus.failure : ExitStatus.success
    }
}
