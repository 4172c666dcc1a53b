import Foundation
import StyleCore
import StyleRun

/// `stylerun snapshot [PATH …]`: compares every screen script under the paths, in each of its
/// themes, with its recorded snapshot; records, rewrites and deletes with `--update`.
///
/// Status 0 when everything matches (or was written), 1 for a difference, a missing snapshot
/// under CI, a script that fails, an obsolete snapshot or a screenshot that differs, 2 for bad
/// usage. The report goes to standard output.
public enum SnapshotCommand: Command {
    public static let spec = ArgumentParser.Command(
        name: "snapshot", summary: "Compare each screen script, in each theme, with its recorded snapshot (for CI).",
        arguments: [.repeating("PATH")],
        options: [Options.update.option, Options.format.option, Options.images.option, Options.imageTolerance.option,
                  Options.trait.option, StateOptions.state.option, CommonOptions.noIsolation.option, .help] + LayoutArguments.options + LimitOptions.options)

    enum Options {
        static let update = OptionKey<Bool>.flag("update", help: "Record missing snapshots, rewrite those that differ, delete obsolete ones.")
        static let format = OptionKey<SnapshotFormat?>.choice("format", help: "Output format (default text).")
        static let images = OptionKey<Bool>.flag("images", help: "Also compare PNG screenshots of the HTML render (needs Chromium).")
        static let imageTolerance = OptionKey<Double?>.number(
            "image-tolerance", placeholder: "PERCENT", help: "With --images: the percentage of pixels that may differ (default 0).")
        static let trait = OptionKey<[String]>.repeatedText(
            "trait", placeholder: "NAME=VALUE[,VALUE…]",
            help: "Snapshot for these traits, each set of the cross product (colorScheme=light,dark). Repeatable; replaces stylerun.snapshots.json.")
    }

    public static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
        if let problem = LayoutArguments.check(arguments) {
            console.error("stylerun snapshot: \(problem)")
            return ExitStatus.usage
        }
        let runtime = Runtime()
        LimitOptions.apply(arguments, to: runtime)
        let width = LayoutArguments.width(arguments)
        let states = arguments[StateOptions.state]
        if let problem = StateOptions.checkAssignments(states) {
            console.error("stylerun snapshot: \(problem.message)" + (problem.code == .badArgument ? "" : " [\(problem.code)]"))
            return ExitStatus.usage
        }
        let evaluator: any SnapshotEvaluator
        if arguments[CommonOptions.noIsolation] {
            var inProcess = InProcessSnapshotEvaluator(limits: runtime.limits, stdlibPaths: runtime.stdlibPaths)
            inProcess.layoutWidth = width
            inProcess.states = states
            evaluator = inProcess
        } else {
            var isolated = IsolatedSnapshotEvaluator(limits: runtime.limits, stdlibPaths: runtime.stdlibPaths)
            isolated.layoutWidth = width
            isolated.states = states
            evaluator = isolated
        }
        var options = SnapshotOptions(update: arguments[Options.update], ci: SnapshotOptions.isCI(), states: states)
        if !arguments[Options.trait].isEmpty {
            do throws(SnapshotMatrix.Problem) {
                options.matrix = try SnapshotMatrix.parse(options: arguments[Options.trait])
            } catch {
                console.error("stylerun snapshot: \(error.diagnostic.message)" + (error.code == .badArgument ? "" : " [\(error.code)]"))
                return ExitStatus.usage
            }
        }
        if arguments[Options.images] {
            guard let chromium = StyleRun.Chromium.find() else {
                let variable = StyleRun.Chromium.variable
                let looked = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
                    .map { "\(variable) names '\($0)', which is not an executable" }
                    ?? "looked for \(StyleRun.Chromium.names.joined(separator: ", ")) on PATH; set \(variable) to its path"
                console.error("stylerun snapshot: --images needs Chromium, and none was found (\(looked)). Install it (Debian: apt-get install chromium) or leave out --images.")
                return ExitStatus.failure
            }
            options.images = ImageSnapshotOptions(chromium: chromium, tolerance: arguments[Options.imageTolerance] ?? 0)
        } else if arguments[Options.imageTolerance] != nil {
            console.error("stylerun snapshot: --image-tolerance applies to screenshots; add --images.")
            return ExitStatus.usage
        }
        let report: SnapshotReport
        do throws(LintPathError) {
            report = try SnapshotRunner(evaluator: evaluator, options: options).run(paths: arguments.arguments)
        } catch {
            console.error("stylerun snapshot: \(error.message)")
            return ExitStatus.usage
        }
        let format = arguments[Options.format] ?? .text
        console.out(format.render(report, terminal: console.terminal(1)))
        return report.exitCode
    }
}
