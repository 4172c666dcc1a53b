import Dispatch
import Foundation
import StyleCore
import StyleRun

/// A generated screen of about 10,000 views built by its own script (`Workload.screenSource`):
/// `stylerun screen.lua --no-isolation -o /dev/null` as a user runs it, beside plain `lua5.4`
/// running the same script over stand-in constructors, alternately; the same in process
/// (evaluate, then style); and `Runtime.watch` reloading it after a one-rule edit is saved.
///
/// Two workloads: stylebench's own (BEM blocks, 310 rules) and one it did not shape
/// (`Workload(randomViews:rules:)`, random class pairs and descendant and child selectors, 300
/// rules), whose rows say "random classes".
struct ScreenBenchmark {
    let stylerun: String?
    let workload: Workload
    /// Shown after the views in the rows: the workload, when it is not stylebench's own.
    let label: String
    let runs: Int
    let reloads: Int

    init(stylerun: String?, workload: Workload, label: String = "", runs: Int, reloads: Int) {
        self.stylerun = stylerun
        self.workload = workload
        self.label = label
        self.runs = runs
        self.reloads = reloads
    }

    /// A runtime whose time limit leaves room for a profiler (valgrind runs 50× slower) and for
    /// styling a million views (the default 5 s covers evaluation and styling together).
    static func runtime() -> Runtime {
        let runtime = Runtime()
        runtime.limits.seconds = 600
        return runtime
    }

    /// The workload's generated stylesheet, loaded with `runtime()`; stops the run if it does
    /// not load (a benchmark of a broken stylesheet measures nothing).
    static func stylesheet(of workload: Workload) -> LoadedStylesheet {
        do {
            return try runtime().load(source: workload.luaSource, name: "generated.lua")
        } catch {
            fail("the generated stylesheet does not load:\n\(error.diagnostics.map(\.description).joined(separator: "\n"))")
        }
    }

    /// One engine for every evaluation, as a watch's reloads share theirs (`Reloader`). The
    /// stylesheet it adopted before is held until the next one's restyle has been timed: a
    /// watch frees what a reload replaced after its event, and the engine's adopting the next
    /// stylesheet would otherwise free the last one's tree inside the timing.
    private struct SharedEngine {
        private var engine: StyleEngine?
        private var adopted: LoadedStylesheet?

        /// Gives `sheet` the shared engine (the first sheet's own becomes it).
        mutating func share(with sheet: LoadedStylesheet) {
            if let engine { sheet.share(engine) } else { engine = sheet.engine }
        }

        /// `sheet`'s restyle has been timed: the stylesheet held before it may go.
        mutating func timed(_ sheet: LoadedStylesheet) { adopted = sheet }
    }

    /// Collects the events of one watch; the benchmark waits for each in turn.
    private final class Events: @unchecked Sendable {
        let arrived = DispatchSemaphore(value: 0)
        var last: ReloadEvent?
    }

    /// Which restyles a probe runs alone, for a profiler.
    enum ProbedRestyle { case ruleEdit, viewEdit, kept, ruleAdded, commentAdded }

    /// The restyle after a one-rule edit, many times, beside full restyles of the edited tree,
    /// then the same for one tree kept across reloads (`stylebench --restyle-probe [random]
    /// [alone|kept]`); `only`: one kind of restyle, without its baseline, for a profiler.
    func probeRestyle(rounds: Int, only: ProbedRestyle?) {
        let folder = NSTemporaryDirectory() + "stylebench-restyle-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if only == .ruleAdded || only == .commentAdded {
            let adds: AddedLine = only == .ruleAdded ? .rule : .comment
            let reloads = restyleInProcess(workload, folder + "/edited.lua", rounds: rounds, adds: adds)
            let without = restyleInProcess(workload, folder + "/edited.lua", rounds: rounds, adds: adds, withoutLines: true)
            let full = fullRestyles(workload, folder + "/edited.lua", rounds: rounds)
            print("\(adds) added on a line of its own: restyle of \(reloads.restyled) of \(workload.viewCount) views: \(Table.iqr(reloads.withComparison)); "
                  + "without the lines' map \(without.restyled) restyled: \(Table.iqr(without.withComparison)); full restyle \(Table.iqr(full)); "
                  + "\(Table.ratio(reloads.withComparison.median / full.median)) against \(Table.ratio(without.withComparison.median / full.median))")
            return
        }
        if only != .kept {
            for editsView in [false, true] where only == nil || (only == .viewEdit) == editsView {
                let reloads = restyleInProcess(workload, folder + "/edited.lua", rounds: rounds, editsView: editsView)
                let samples = reloads.restyle
                var line = "\(editsView ? "view" : "rule") edit, tree kept in \(reloads.kept) of \(samples.count): "
                line += "restyle of \(reloads.restyled) of \(workload.viewCount) views: \(Table.iqr(samples)), with the comparison \(Table.iqr(reloads.withComparison))"
                if only == nil {
                    let full = fullRestyles(workload, folder + "/edited.lua", rounds: rounds)
                    line += "; full restyle \(Table.iqr(full)); \(Table.ratio(samples.median / full.median)), \(Table.ratio(reloads.withComparison.median / full.median))"
                }
                print(line)
            }
        }
        if only == nil || only == .kept {
            let host = hostRestyles(workload, folder + "/edited.lua", rounds: rounds, withFull: only == nil)
            var line = "kept tree: restyle (\(host.restyled) restyled, \(host.rebased) rebased, \(host.visited) reached) \(Table.iqr(host.0))"
            if only == nil { line += "; full restyle \(Table.iqr(host.1)); \(Table.ratio(host.0.median / host.1.median))" }
            print(line)
        }
    }

    /// The watch rows alone: the screen saved with a one-rule edit and back, `reloads` times.
    func probeWatch() {
        let folder = NSTemporaryDirectory() + "stylebench-watch-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let screen = folder + "/screen.lua"
        write(workload.screenSource(), to: screen)
        let (reload, wall, changes) = watchEdits(workload, screen)
        print("reload (\(changes) changes): \(Table.p99(reload)); save → event: \(Table.p99(wall))")
    }

    func run() -> [Row] {
        let workload = self.workload
        let folder = NSTemporaryDirectory() + "stylebench-screen-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let screen = folder + "/screen.lua", standIns = folder + "/standins.lua"
        write(workload.screenSource(), to: screen)
        write(Workload.standInPrelude, to: standIns)
        let n = Table.count(Double(workload.viewCount))
        let rules = workload.rules.count
        var rows: [Row] = []

        let inProcess = self.inProcess(screen)
        rows.append(Row(section: "screen", measure: "evaluate the \(n)-view screen script (in process)", result: Table.iqr(inProcess.evaluate)))
        rows.append(Row(section: "screen", measure: "style the \(n)-view screen, \(rules) rules (in process)", result: Table.iqr(inProcess.style)))

        // Stylebench's own screen at most 3× plain Lua; the one it did not shape at most 2.5×.
        let limit = label.isEmpty ? 3.0 : 2.5
        if let stylerun, let lua = Spawn.which("lua5.4") {
            guard Spawn.run(stylerun, [screen, "--no-isolation", "-o", "/dev/null"]).status == 0 else {
                fail("stylerun \(screen) failed")
            }
            guard Spawn.run(lua, [standIns, screen]).status == 0 else { fail("lua5.4 \(standIns) \(screen) failed") }
            var styled = Samples(), isolated = Samples(), plain = Samples(), ratios = Samples()
            for _ in 0..<runs {
                let s = milliseconds { Spawn.run(stylerun, [screen, "--no-isolation", "-o", "/dev/null"]) }
                let p = milliseconds { Spawn.run(lua, [standIns, screen]) }
                isolated.append(milliseconds { Spawn.run(stylerun, [screen, "-o", "/dev/null"]) })
                styled.append(s); plain.append(p); ratios.append(s / p)
            }
            rows.append(Row(section: "screen", measure: "stylerun screen.lua --no-isolation, \(n) views, whole process",
                            result: Table.iqr(styled), baseline: "lua5.4 + stand-ins \(Table.iqr(plain))",
                            ratio: Table.ratio(styled.median / plain.median) + " (IQR \(Table.ratio(ratios.q1))–\(Table.ratio(ratios.q3)))",
                            target: "≤ " + Table.ratio(limit),
                            met: styled.median / plain.median <= limit))
            rows.append(Row(section: "screen", measure: "stylerun screen.lua (isolated), \(n) views, whole process",
                            result: Table.iqr(isolated), baseline: "lua5.4 + stand-ins \(Table.ms(plain.median))",
                            ratio: Table.ratio(isolated.median / plain.median)))
        } else {
            rows.append(Row(section: "screen", measure: "stylerun screen.lua beside lua5.4",
                            result: "needs the release stylerun beside stylebench and lua5.4 on PATH"))
        }

        // Like for like: the edited tree restyled after the first, and restyled whole (no
        // previous tree), each remembering its tree and recording provenance as a reload does.
        // A watch's reload after a one-rule edit: the script builds its tree as before, so the
        // last tree is kept and restyled; the target holds with the comparison that keeps it.
        // After a view's edit the new tree is restyled after the last one's, view by view.
        let reloads = restyleInProcess(workload, folder + "/edited.lua", rounds: max(6, runs))
        let full = fullRestyles(workload, folder + "/edited.lua", rounds: max(3, runs))
        let restyle = reloads.withComparison
        rows.append(Row(section: "screen", measure: "restyle after a one-rule edit, with the comparison that keeps the tree (in process; \(reloads.restyled) of \(n) views restyled; kept in \(reloads.kept) of \(reloads.restyle.count))",
                        result: Table.iqr(restyle), baseline: "full restyle \(Table.iqr(full))",
                        ratio: Table.ratio(restyle.median / full.median), target: "≤ 0.15×", met: restyle.median <= 0.15 * full.median))
        rows.append(Row(section: "screen", measure: "the same, the restyle alone",
                        result: Table.iqr(reloads.restyle), baseline: "full restyle \(Table.ms(full.median))",
                        ratio: Table.ratio(reloads.restyle.median / full.median)))
        let viewEdits = restyleInProcess(workload, folder + "/edited.lua", rounds: max(6, runs), editsView: true)
        rows.append(Row(section: "screen", measure: "restyle after a view's text edit, a new tree (\(viewEdits.restyled) of \(n) views restyled)",
                        result: Table.iqr(viewEdits.withComparison), baseline: "full restyle \(Table.ms(full.median))",
                        ratio: Table.ratio(viewEdits.withComparison.median / full.median)))
        // A line added moves every line below it: the views and rules that only moved are
        // the same (`LineMap`), so only what the added rule matches is restyled.
        for (adds, what) in [(AddedLine.rule, "a rule"), (.comment, "a comment")] {
            let added = restyleInProcess(workload, folder + "/edited.lua", rounds: max(6, runs), adds: adds)
            let without = restyleInProcess(workload, folder + "/edited.lua", rounds: max(6, runs), adds: adds, withoutLines: true)
            rows.append(Row(section: "screen", measure: "restyle after \(what) added on a line of its own, every line below it moved (\(added.restyled) of \(n) views restyled)",
                            result: Table.iqr(added.withComparison), baseline: "full restyle \(Table.ms(full.median))",
                            ratio: Table.ratio(added.withComparison.median / full.median)))
            rows.append(Row(section: "screen", measure: "the same, the restyle not told how the lines moved (\(without.restyled) restyled)",
                            result: Table.iqr(without.withComparison), baseline: "full restyle \(Table.ms(full.median))",
                            ratio: Table.ratio(without.withComparison.median / full.median)))
        }
        let host = hostRestyles(workload, folder + "/edited.lua", rounds: max(6, runs))
        rows.append(Row(section: "screen", measure: "restyle of a kept tree after a one-rule edit (\(host.restyled) restyled, \(host.rebased) rebased, \(host.visited) reached of \(n))",
                        result: Table.iqr(host.0), baseline: "full restyle \(Table.iqr(host.1))",
                        ratio: Table.ratio(host.0.median / host.1.median), target: "≤ 0.15×", met: host.0.median <= 0.15 * host.1.median))

        let (reload, wall, changes) = watchEdits(workload, screen)
        rows.append(Row(section: "screen", measure: "watch: reload after a one-rule edit, \(n) views (\(changes) changes)",
                        result: Table.p99(reload), target: "≤ 100 ms", met: reload.median <= 100))
        rows.append(Row(section: "screen", measure: "watch: save → event after a one-rule edit (a completed save ends the burst)",
                        result: Table.p99(wall), target: "≤ 60 ms", met: wall.median <= 60))
        return rows.map { row in
            var row = row
            row.measure += label
            return row
        }
    }

    /// `Runtime.load(file:)` and `applyToOwnTree()` of the screen, timed apart.
    private func inProcess(_ screen: String) -> (evaluate: Samples, style: Samples) {
        var evaluate = Samples(), style = Samples()
        for _ in 0..<max(3, runs) {
            var sheet: LoadedStylesheet?
            evaluate.append(milliseconds {
                do { sheet = try ScreenBenchmark.runtime().load(file: screen) } catch { fail("the screen does not load:\n\(error)") }
            })
            style.append(milliseconds {
                do { _ = try sheet!.applyToOwnTree() } catch { fail("the screen does not style:\n\(error)") }
            })
        }
        return (evaluate, style)
    }

    /// What `restyleInProcess` measured: each restyle alone, and with the comparison before it
    /// that decides whether the last tree is kept (`LoadedStylesheet.adoptTree(of:)`); how many
    /// views the last restyle restyled, and in how many rounds the tree was kept.
    struct ReloadRestyles {
        var restyle = Samples()
        var withComparison = Samples()
        var restyled = 0
        var kept = 0
    }

    /// The screen's script saved edited and back, alternately (one file: locations stay the
    /// same), each save evaluated and its tree restyled after the last one's as a watch's reload
    /// does (`Reloader`): the last good tree kept when the script built it alike, one engine
    /// shared. `editsView`: the edit changes a view's text, so that each save builds another
    /// tree, restyled after the last one's by comparing them view by view.
    /// `adds`: the edit adds a line of its own (a rule, a comment), moving every line below
    /// it; the restyle is given how the lines moved (`LineMap`), as a watch's is.
    /// `withoutLines`: the restyle is not told how the lines moved (as before `LineMap`).
    func restyleInProcess(_ workload: Workload, _ file: String, rounds: Int? = nil, editsView: Bool = false,
                          adds: AddedLine? = nil, withoutLines: Bool = false) -> ReloadRestyles {
        var out = ReloadRestyles()
        let sources = [workload.screenSource(),
                       adds != nil ? workload.screenSource(adds: adds) : editsView ? workload.screenSource(editsView: true) : workload.screenSource(edit: 1)]
        // How the lines moved from each source to the other.
        let moves = [1, 0].map { from in
            var lines = LineMap()
            if adds != nil, !withoutLines { lines.add(file: file, before: Array(sources[from].utf8), after: Array(sources[1 - from].utf8)) }
            return lines
        }
        do {
            write(sources[0], to: file)
            var last = try ScreenBenchmark.runtime().load(file: file)
            var styled = try last.restyle(last.root!, after: nil).styled
            var engine = SharedEngine()
            engine.share(with: last)
            engine.timed(last)
            for round in 0..<(rounds ?? max(3, runs)) {
                write(sources[(round + 1) % 2], to: file)
                let sheet = try ScreenBenchmark.runtime().load(file: file)
                engine.share(with: sheet)
                let (kept, comparing) = timed { sheet.adoptTree(of: last) }
                let root = sheet.root!
                // The result is let go outside the timing: what a round replaced is freed after it.
                let lines = moves[(round + 1) % 2]
                let (restyle, ms) = try timed { try sheet.restyle(root, after: styled, lines: lines) }
                out.restyle.append(ms)
                out.withComparison.append(comparing + ms)
                out.restyled = restyle.restyled.count
                if kept { out.kept += 1 }
                styled = restyle.styled
                engine.timed(sheet)
                last = sheet
            }
        } catch {
            fail("the screen does not restyle:\n\(error)")
        }
        return out
    }

    /// The edited script's tree styled whole, `rounds` times (`restyle(_:after: nil)`), each
    /// evaluation sharing one engine as a watch's reloads do: the probe's baseline.
    private func fullRestyles(_ workload: Workload, _ file: String, rounds: Int) -> Samples {
        var samples = Samples()
        write(workload.screenSource(edit: 1), to: file)
        do {
            var engine = SharedEngine()
            for _ in 0..<rounds {
                let sheet = try ScreenBenchmark.runtime().load(file: file)
                engine.share(with: sheet)
                let root = sheet.root!
                samples.append(try timed { try sheet.restyle(root, after: nil) }.milliseconds)
                engine.timed(sheet)
            }
        } catch {
            fail("the screen does not restyle:\n\(error)")
        }
        return samples
    }

    /// One tree kept across reloads, as a host keeps its own views: the first load's tree
    /// restyled by the edited and the original stylesheet in turn, each restyle after the last
    /// (`rounds` of them), beside full restyles (no previous tree) of a twin tree, alternately:
    /// restyling the kept tree whole would leave it other values than its last restyle's.
    /// Returns both, and how many views the last restyle restyled and rebased, and how many
    /// its walk reached (`Restyle.visited`).
    private func hostRestyles(_ workload: Workload, _ file: String, rounds: Int, withFull: Bool = true)
        -> (Samples, Samples, restyled: Int, rebased: Int, visited: Int) {
        var samples = Samples(), full = Samples()
        var restyled = 0, rebased = 0, visited = 0
        do {
            write(workload.screenSource(), to: file)
            let original = try ScreenBenchmark.runtime().load(file: file)
            write(workload.screenSource(edit: 1), to: file)
            let edited = try ScreenBenchmark.runtime().load(file: file)
            let root = original.root!
            let twin = try ScreenBenchmark.runtime().load(source: workload.screenSource(), name: file).root!
            var styled = try original.restyle(root, after: nil).styled
            for round in 0..<rounds {
                let sheet = round % 2 == 0 ? edited : original
                let (restyle, ms) = try timed { try sheet.restyle(root, after: styled) }
                samples.append(ms)
                styled = restyle.styled
                (restyled, rebased, visited) = (restyle.restyled.count, restyle.rebased.count, restyle.visited)
                guard withFull else { continue }
                full.append(try timed { try sheet.restyle(twin, after: nil) }.milliseconds)
            }
        } catch {
            fail("the screen does not restyle:\n\(error)")
        }
        return (samples, full, restyled, rebased, visited)
    }

    /// Saves the screen with one rule's value changed, back and forth, and waits for each
    /// reload: the reload's own time (as the event reports it) and the wall time from the save.
    private func watchEdits(_ workload: Workload, _ screen: String) -> (Samples, Samples, Int) {
        let versions = [workload.screenSource(edit: 0), workload.screenSource(edit: 1)]
        precondition(versions[0] != versions[1], "The edit changes the script")
        let events = Events()
        let handle = ScreenBenchmark.runtime().watch(file: screen, queue: DispatchQueue(label: "stylebench.screen")) { event in
            events.last = event
            events.arrived.signal()
        }
        defer { handle.stop() }
        events.arrived.wait()
        var reload = Samples(), wall = Samples()
        var changes = 0
        for i in 0..<(reloads + 1) {
            usleep(100_000)  // the watcher settles: a save is one reload
            let start = monotonicNanoseconds()
            write(versions[(i + 1) % 2], to: screen)
            guard events.arrived.wait(timeout: .now() + 30) == .success else { fail("no reload after saving \(screen)") }
            let ms = Double(monotonicNanoseconds() - start) / 1_000_000
            guard case .reloaded(let took, _, let c)? = events.last else { fail("reloading \(screen) failed: \(String(describing: events.last))") }
            if i >= 1 {  // the first warms the caches
                reload.append(took)
                wall.append(ms)
            }
            changes = c.count
        }
        return (reload, wall, changes)
    }
}
