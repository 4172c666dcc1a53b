import Dispatch
import Foundation
import StyleRun

/// Save → applied, through the watcher's own reload path (`Runtime.watch`), without the file
/// system's debounce: `WatchHandle.setTheme` re-evaluates, re-applies and diffs exactly as a
/// save does, so each round is one full reload (read files, evaluate, cascade, diff, swap).
///
/// Each round starts with the watch's queue idle, as a save finds it: after reporting a reload
/// the watch frees what it replaced (the previous tree's records, the old Lua state), and that
/// cleanup is timed on its own rather than added to the next reload's time.
struct ReloadBenchmark {
    let repository: String
    let exampleRounds: Int
    let treeRounds: Int
    let treeViews: Int

    /// Collects the events of one watch; the benchmark waits for each in turn.
    private final class Events: @unchecked Sendable {
        let arrived = DispatchSemaphore(value: 0)
        var last: ReloadEvent?
    }

    func run() -> [Row] {
        var rows: [Row] = []
        rows += exampleRows()
        rows += hostTreeRows()
        return rows
    }

    /// Each example reloaded, alternating between its first two themes when it has them.
    private func exampleRows() -> [Row] {
        var rows: [Row] = []
        let examples = ((try? FileManager.default.contentsOfDirectory(atPath: repository + "/examples")) ?? [])
            .filter { $0.hasSuffix(".lua") }.sorted()
        for name in examples {
            let path = repository + "/examples/" + name
            // A script with themes alternates between two, so every reload changes values.
            let themes = (try? Runtime().load(file: path).themeNames) ?? []
            let cycle: [String?] = themes.count >= 2 ? Array(themes.prefix(2)) : [nil]
            let (wall, changes, _) = measure(file: path, tree: nil, themes: cycle, rounds: exampleRounds)
            rows.append(Row(section: "reload", measure: "examples/\(name) (\(changes) changes per reload)",
                            result: Table.p99(wall), target: "< 5 ms", met: wall.median < 5))
        }
        return rows
    }

    /// The generated stylesheet watched into a host's tree of `treeViews`, switching between its
    /// light and dark themes: alone, `stylebench --reload-probe`, for a profiler.
    func hostTreeRows() -> [Row] {
        var rows: [Row] = []
        let workload = Workload(views: treeViews)
        let folder = NSTemporaryDirectory() + "stylebench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/generated.lua"
        write(workload.luaSource, to: file)
        let tree = Trees.forCascade(workload)
        let (wall, changes, cleanup) = measure(file: file, tree: tree, themes: ["light", "dark"], rounds: treeRounds)
        let views = Table.count(Double(workload.viewCount))
        rows.append(Row(section: "reload", measure: "\(views)-view host tree, \(workload.rules.count) rules (\(changes) changes per reload)",
                        result: Table.p99(wall), target: "< 16 ms", met: wall.median < 16))
        rows.append(Row(section: "reload", measure: "\(views)-view host tree: freeing what a reload replaced, after its event",
                        result: Table.p99(cleanup)))
        return rows
    }

    /// Reloads `rounds` times, cycling through `themes`: the time from asking to the event, the
    /// number of changes, and the time from the event until the queue is idle again.
    private func measure(file: String, tree: View?, themes: [String?], rounds: Int) -> (Samples, Int, Samples) {
        let events = Events()
        let queue = DispatchQueue(label: "stylebench.reload")
        let handle = Runtime().watch(file: file, tree: tree, theme: themes[0], queue: queue) { event in
            events.last = event
            events.arrived.signal()
        }
        defer { handle.stop() }
        events.arrived.wait()
        check(events.last, file)

        var wall = Samples(), cleanup = Samples()
        var changes = 0
        queue.sync {}
        for i in 0..<(rounds + 2) {
            let start = monotonicNanoseconds()
            handle.setTheme(themes[(i + 1) % themes.count])
            events.arrived.wait()
            let arrived = monotonicNanoseconds()
            queue.sync {}  // the watch frees what the reload replaced
            let idle = monotonicNanoseconds()
            check(events.last, file)
            if case .reloaded(_, _, let c)? = events.last { changes = c.count }
            if i >= 2 {  // the first two warm the caches
                wall.append(Double(arrived - start) / 1_000_000)
                cleanup.append(Double(idle - arrived) / 1_000_000)
            }
        }
        return (wall, changes, cleanup)
    }

    private func check(_ event: ReloadEvent?, _ file: String) {
        if case .failed(_, let diagnostics)? = event {
            fail("reloading \(file) failed:\n\(DiagnosticList(diagnostics))")
        }
    }
}
