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
        options: [
            .flag("update", help: "Record missing snapshots, rewrite those that differ, delete obsolete ones."),
            .choice("format", SnapshotFormat.allCases.map(\.rawValue), help: "Output format (default text)."),
            .flag("images", help: "Also compare PNG screenshots of the HTML render (needs Chromium)."),
            .number("image-tolerance", placeholder: "PERCENT", help: "With --images: the percentage of pixels that may differ (default 0)."),
            .flag("no-isolation", help: "Evaluate the scripts in this process instead of child processes: faster, for scripts you trust."),
            .help,
        ] + LimitOptions.options)

    public static func run(_ arguments: ParsedArguments, console: Console) -> Int32 {
        let runtime = Runtime()
        LimitOptions.apply(arguments, to: runtime)
        let evaluator: any SnapshotEvaluator = arguments.flag("no-isolation")
            ? InProcessSnapshotEvaluator(limits: runtime.limits, stdlibPaths: runtime.stdlibPaths)
            : IsolatedSnapshotEvaluator(limits: runtime.limits, stdlibPaths: runtime.stdlibPaths)
        var options = SnapshotOptions(update: arguments.flag("update"), ci: SnapshotOptions.isCI())
        if arguments.flag("images") {
            guard let chromium = StyleRun.Chromium.find() else {
                let variable = StyleRun.Chromium.variable
                let looked = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
                    .map { "\(variable) names '\($0)', which is not an executable" }
                    ?? "looked for \(StyleRun.Chromium.names.joined(separator: ", ")) on PATH; set \(variable) to its path"
                console.error("stylerun snapshot: --images needs Chromium, and none was found (\(looked)). Install it (Debian: apt-get install chromium) or leave out --images.")
                return ExitStatus.failure
            }
            options.images = ImageSnapshotOptions(chromium: chromium, tolerance: arguments.number("image-tolerance") ?? 0)
        } else if arguments.value("image-tolerance") != nil {
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
        let format = arguments.value("format").flatMap(SnapshotFormat.init) ?? .text
        console.out(format.render(report, terminal: console.terminal(1)))
        return report.exitCode
    }
}
