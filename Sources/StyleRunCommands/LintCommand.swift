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
        options: [Options.format.option, Options.maxWarnings.option, Options.contrast.option, CommonOptions.noIsolation.option, .help])

    enum Options {
        static let format = OptionKey<LintFormat?>.choice("format", help: "Output format (default text).")
        static let contrast = OptionKey<ContrastLevel?>.choice("contrast", help: "The WCAG level text contrast must meet: AA (default, 4.5:1 and 3:1 for large text) or AAA (7:1 and 4.5:1).")
        static let maxWarnings = OptionKey<Int?>.count("max-warnings", placeholder: "N", help: "Fail when there are more than N warnings.")
    }

    public static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
        // Untrusted scripts (a pull request's, in CI) are evaluated in child processes.
        let checks = AccessibilityChecks(contrastLevel: arguments[Options.contrast] ?? .AA)
        var isolated = IsolatedDynamicPass()
        isolated.accessibility = checks
        let linter = Linter(dynamicPass: arguments[CommonOptions.noIsolation] ? InProcessDynamicPass(accessibility: checks) : isolated)
        let format = arguments[Options.format] ?? .text
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
        return report.fails(maxWarnings: arguments[Options.maxWarnings]) ? ExitStatus.failure : ExitStatus.success
    }
}
