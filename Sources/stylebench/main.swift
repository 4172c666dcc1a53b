// stylebench: stylerun's benchmarks, each measured beside a baseline in the same run or as a
// median of many runs with its spread. `swift run -c release stylebench [--quick]`.
import Foundation
import StyleRun

let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "--memory-probe", arguments.count == 3, let views = Int(arguments[1]) {
    MemoryBenchmark.probe(views: views, provenance: arguments[2] == "provenance")
    exit(0)
}
if arguments.first == "--evalscale-probe", arguments.count == 2 {
    EvalScaleBenchmark.probe(arguments[1])
    exit(0)
}
if arguments.first == "--write-screen", (2...4).contains(arguments.count), arguments.count == 2 || Int(arguments[2]) != nil,
   arguments.count < 4 || arguments[3] == "random" {
    // The screen benchmark's script and stand-ins, for a profiler or a run by hand; the
    // evalscale benchmark's sizes with a number of views; `random`: the workload of random
    // class pairs (300 rules).
    let views = arguments.count >= 3 ? Int(arguments[2])! : 10_000
    let workload = arguments.count == 4 ? Workload(randomViews: views, rules: 300) : Workload(views: views)
    write(workload.screenSource(), to: arguments[1] + "/screen.lua")
    write(Workload.standInPrelude, to: arguments[1] + "/standins.lua")
    exit(0)
}
if arguments.first == "--restyle-probe", arguments.dropFirst().allSatisfy({ ["random", "alone", "view", "kept", "added", "comment"].contains($0) }) {
    // The screen benchmark's restyle after a one-rule edit, beside a full restyle of the edited
    // tree (or alone, for a profiler: a reload's after a rule edit, after a view edit, or a
    // kept tree's).
    let workload = arguments.contains("random") ? Workload(randomViews: 10_000, rules: 300) : Workload(views: 10_000)
    let only: ScreenBenchmark.ProbedRestyle? = arguments.contains("kept") ? .kept : arguments.contains("view") ? .viewEdit
        : arguments.contains("added") ? .ruleAdded : arguments.contains("comment") ? .commentAdded
        : arguments.contains("alone") ? .ruleEdit : nil
    ScreenBenchmark(stylerun: nil, workload: workload, runs: 1, reloads: 0).probeRestyle(rounds: 20, only: only)
    exit(0)
}
if arguments.first == "--watch-probe", arguments.dropFirst().allSatisfy({ $0 == "random" }), arguments.count <= 2 {
    // The screen benchmark's watch alone: 40 saves of a one-rule edit, each reloaded by a
    // watch as the designer's editor would see it (for a profiler).
    let workload = arguments.contains("random") ? Workload(randomViews: 10_000, rules: 300) : Workload(views: 10_000)
    ScreenBenchmark(stylerun: nil, workload: workload, runs: 1, reloads: 40).probeWatch()
    exit(0)
}
if arguments.first == "--layout-probe", arguments.count <= 2, arguments.dropFirst().allSatisfy({ ["cold", "warm"].contains($0) }) {
    // The layout benchmark's tree laid out 40 times: cold (a new measurer each time, fonts
    // opened and text shaped) or warm (a new engine over a measurer that has seen the texts).
    LayoutBenchmark(quick: false).probe(cold: arguments.contains("cold"), rounds: 40)
    exit(0)
}
if arguments.first == "--outside-probe", arguments.count == 2, let rules = Int(arguments[1]), rules > 0 {
    // The outside benchmark's match + apply alone: 10,000 views of random class pairs under
    // RULES random rules, applied 60 times (for a profiler).
    OutsideBenchmark(quick: false).probe(rules: rules, rounds: 60)
    exit(0)
}
if arguments == ["--reload-probe"] {
    // The reload benchmark's host tree alone: 60 theme switches of a 10,012-view tree.
    let rows = ReloadBenchmark(repository: ".", exampleRounds: 0, treeRounds: 60, treeViews: 10_000).hostTreeRows()
    print(rows.map { "\($0.measure): \($0.result)" }.joined(separator: "\n"))
    exit(0)
}
/// The checkout: stdlib/ and examples/ are read from it.
let repository: String = {
    let fromSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    if FileManager.default.fileExists(atPath: fromSource + "/examples") { return fromSource }
    return FileManager.default.currentDirectoryPath
}()

if arguments.first == "--write-lint-corpus", arguments.count == 2 {
    // The lint benchmark's generated scripts, and the list of every file it lints (for a
    // profiler: `stylerun lint $(cat FOLDER/files.txt)`).
    let files = LintBenchmark(repository: repository, stylerun: nil, rounds: 0).corpus(generatedInto: arguments[1])
    write(files.joined(separator: "\n") + "\n", to: arguments[1] + "/files.txt")
    exit(0)
}
if arguments.first == "--write-page", arguments.count == 2 {
    // The blink benchmark's page (10,012 views, 310 rules), for scripts/blink-recalc.py --page.
    let workload = Workload(views: 10_000)
    write(BlinkPage(workload, sheet: ScreenBenchmark.stylesheet(of: workload).stylesheet).html, to: arguments[1] + "/page.html")
    exit(0)
}
let sections = ["apply", "outside", "screen", "reload", "scale", "evalscale", "output", "layout", "lint", "a11y", "snapshot", "start", "memory", "lsp", "blink", "tokens", "states"]
/// `--only SECTION`: one benchmark, e.g. under a profiler.
let only: String? = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
let understood = arguments.enumerated().allSatisfy { i, a in
    a == "--quick" || a == "--only" || (i > 0 && arguments[i - 1] == "--only" && sections.contains(a))
}
if arguments.contains("--help") || arguments.contains("-h") || !understood || (arguments.contains("--only") && only == nil) {
    print("""
    usage: stylebench [--quick] [--only apply|outside|screen|reload|scale|evalscale|output|layout|lint|a11y|snapshot|start|memory|lsp|blink|tokens|states]
           stylebench --write-screen FOLDER [VIEWS [random]] | --write-page FOLDER | --write-lint-corpus FOLDER | --restyle-probe [random] [alone|view|kept|added|comment]
           stylebench --reload-probe | --watch-probe [random] | --layout-probe [cold|warm] | --outside-probe RULES

    Runs stylerun's benchmarks and prints a table.
    --quick   fewer rounds and a smaller memory tree: a smoke run of a few seconds.
    --only    run one benchmark (for a profiler).
    --write-screen FOLDER [VIEWS [random]]   write the screen benchmark's screen.lua (10,000 views or VIEWS; random: the
                            workload of random class pairs) and standins.lua there.
    --restyle-probe [random] [alone|view|kept|added|comment]   a reload's restyle after a one-rule edit (the tree kept) and after a
                            view's edit (a new tree), 20 times each, beside 20 full restyles of the edited tree, then
                            the same for a host's tree kept across reloads (alone: the rule edit's only, view: the
                            view edit's only, kept: the host tree's only, added: a rule added on a line of its own,
                            comment: a comment line added; for a profiler).
    --reload-probe          the reload benchmark's host tree alone: 60 theme switches of 10,012 views (for a profiler).
    --watch-probe [random]  the screen benchmark's watch alone: 40 saves of a one-rule edit, each reloaded (for a profiler).
    --layout-probe [cold|warm]   the layout benchmark's tree laid out 40 times, warm (the default: a new engine over a
                            measurer that has seen its texts) or cold (a new measurer each time; for a profiler).
    --outside-probe RULES   the outside benchmark's match + apply alone: 10,000 views of random class pairs under RULES
                            random rules, applied 60 times (for a profiler).
    --write-page FOLDER     write the blink benchmark's page.html (10,012 views, 310 rules) there.
    --write-lint-corpus FOLDER   write the lint benchmark's generated scripts there, and files.txt: every file it lints.
    Build the release stylerun first (`swift build -c release`) for the start benchmark.
    """)
    exit(arguments.contains("--help") || arguments.contains("-h") ? 0 : 2)
}
let quick = arguments.contains("--quick")
func runs(_ section: String) -> Bool { only == nil || only == section }

/// The stylerun built beside this binary (same configuration), if any.
let stylerun: String? = {
    let path = (MemoryBenchmark.executable as NSString).deletingLastPathComponent + "/stylerun"
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}()

func progress(_ text: String) {
    FileHandle.standardError.write("stylebench: \(text)\n".data(using: .utf8)!)
}

#if DEBUG
let configuration = "debug (numbers are meaningless: use -c release)"
#else
let configuration = "release"
#endif

print("stylebench — \(quick ? "quick run" : "full run"), \(configuration) build")
print("machine: \(Machine.cores) cores, \(Machine.cpuModel), \(Machine.memory) RAM, load average \(Machine.load) at start")
print("date: \(ISO8601DateFormatter().string(from: Date()))")
print("")

var rows: [Row] = []
let started = monotonicNanoseconds()
if runs("apply") {
    progress("apply…")
    rows += ApplyBenchmark(views: 10_000, rounds: quick ? 5 : 40).run()
}
if runs("outside") {
    progress("outside…")
    rows += OutsideBenchmark(quick: quick).run()
}
if runs("screen") {
    progress("screen…")
    rows += ScreenBenchmark(stylerun: stylerun, workload: Workload(views: 10_000), runs: quick ? 3 : 15, reloads: quick ? 3 : 15).run()
    progress("screen: random classes…")
    rows += ScreenBenchmark(stylerun: stylerun, workload: Workload(randomViews: 10_000, rules: 300), label: " (random classes, 300 rules)",
                            runs: quick ? 3 : 15, reloads: quick ? 3 : 15).run()
}
if runs("reload") {
    progress("reload…")
    rows += ReloadBenchmark(repository: repository, exampleRounds: quick ? 10 : 200, treeRounds: quick ? 5 : 60,
                            treeViews: 10_000).run()
}
if runs("states") {
    progress("states…")
    rows += HostStateBenchmark(rounds: quick ? 5 : 40).run()
}
if runs("tokens") {
    progress("tokens…")
    rows += TokenBenchmark(rounds: quick ? 5 : 40).run()
}
if runs("scale") {
    progress("scale…")
    rows += ScaleBenchmark(quick: quick).run()
}
if only == "evalscale" {  // minutes and gigabytes at a million views: only when asked for
    progress("evalscale…")
    rows += EvalScaleBenchmark(quick: quick).run()
}
if runs("output") {
    progress("output…")
    rows += OutputBenchmark(quick: quick).run()
}
if runs("layout") {
    progress("layout…")
    rows += LayoutBenchmark(quick: quick).run()
}
if runs("lint") {
    progress("lint…")
    rows += LintBenchmark(repository: repository, stylerun: stylerun, rounds: quick ? 1 : 5).run()
}
if runs("a11y") {
    progress("a11y…")
    rows += AccessibilityBenchmark(repository: repository, rounds: quick ? 2 : 10).run()
}
if runs("snapshot") {
    progress("snapshot…")
    rows += SnapshotMatrixBenchmark(repository: repository, rounds: quick ? 2 : 10).run()
}
if runs("start") {
    progress("start…")
    rows += StartBenchmark(stylerun: stylerun, example: repository + "/examples/subscribe.lua", runs: quick ? 10 : 100).run()
}
if runs("memory") {
    progress("memory…")
    rows += MemoryBenchmark(views: quick ? 20_000 : 100_000).run()
}

if runs("lsp") {
    progress("lsp…")
    rows += LSPBenchmark(rounds: quick ? 20 : 200).run()
}

if runs("blink") {
    progress("blink…")
    rows += BlinkBenchmark(repository: repository, quick: quick).run()
}

print(Table.render(rows))
let seconds = Double(monotonicNanoseconds() - started) / 1e9
let missed = rows.filter { $0.met == false }.count
print(String(format: "%d targets met, %d missed; %.0f s.", rows.filter { $0.met == true }.count, missed, seconds))
