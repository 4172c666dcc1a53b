import Dispatch
import Foundation
import StyleRun

/// Save → applied, through the watcher's own reload path (`Runtime.watch`), without the file
/// system's debounce: `WatchHandle.setTheme` re-evaluates, re-applies and diffs exactly as a
/// save does, so each round is one full reload (read files, evaluate, cascade, diff, swap).
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
        let examples = ((try? FileManager.default.contentsOfDirectory(atPath: repository + "/examples")) ?? [])
            .filter { $0.hasSuffix(".lua") }.sorted()
        for name in examples {
            let path = repository + "/examples/" + name
            // A script with themes alternates between two, so every reload changes values.
            let themes = (try? Runtime().load(file: path).themeNames) ?? []
            let cycle: [String?] = themes.count >= 2 ? Array(themes.prefix(2)) : [nil]
            let (wall, changes) = measure(file: path, tree: nil, themes: cycle, rounds: exampleRounds)
            rows.append(Row(section: "reload", measure: "examples/\(name) (\(changes) changes per reload)",
                            result: Table.p99(wall), target: "< 5 ms", met: wall.median < 5))
        }

        let workload = Workload(views: treeViews)
        let folder = NSTemporaryDirectory() + "stylebench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/generated.lua"
        write(workload.luaSource, to: file)
        let tree = Trees.forCascade(workload)
        let (wall, changes) = measure(file: file, tree: tree, themes: ["light", "dark"], rounds: treeRounds)
        rows.append(Row(section: "reload", measure: "\(Table.count(Double(workload.viewCount)))-view host tree, \(workload.rules.count) rules (\(changes) changes per reload)",
                        result: Table.p99(wall), target: "< 16 ms", met: wall.median < 16))
        return rows
    }

    /// Reloads `rounds` times, cycling through `themes`; the time from asking to the event.
    private func measure(file: String, tree: View?, themes: [String?], rounds: Int) -> (Samples, Int) {
        let events = Events()
        let queue = DispatchQueue(label: "stylebench.reload")
        let handle = Runtime().watch(file: file, tree: tree, theme: themes[0], queue: queue) { event in
            events.last = event
            events.arrived.signal()
        }
        defer { handle.stop() }
        events.arrived.wait()
        check(events.last, file)

        var wall = Samples()
        var changes = 0
        for i in 0..<(rounds + 2) {
            let start = monotonicNanoseconds()
            handle.setTheme(themes[(i + 1) % themes.count])
            events.arrived.wait()
            let ms = Double(monotonicNanoseconds() - start) / 1_000_000
            check(events.last, file)
            if case .reloaded(_, _, let c)? = events.last { changes = c.count }
            if i >= 2 { wall.append(ms) }  // the first two warm the caches
        }
        return (wall, changes)
    }

    private func check(_ event: ReloadEvent?, _ file: String) {
        if case .failed(_, let diagnostics)? = event {
            fail("reloading \(file) failed:\n\(DiagnosticList(diagnostics))")
        }
    }
}
