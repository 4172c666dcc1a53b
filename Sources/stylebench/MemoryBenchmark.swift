import Foundation
import StyleRun

/// Resident memory per view: a child process (so no earlier benchmark's heap is reused)
/// evaluates the stylesheet, then builds and styles a large tree, reading /proc/self/statm
/// before and after.
struct MemoryBenchmark {
    let views: Int

    func run() -> [Row] {
        var rows: [Row] = []
        for provenance in [true, false] {
            let output = Spawn.run(Self.executable, ["--memory-probe", String(views), provenance ? "provenance" : "values"],
                                   capture: true).output
            let fields = output.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            guard fields.count == 3 else {
                rows.append(Row(section: "memory", measure: "per view", result: "the probe failed: \(output)"))
                continue
            }
            let (count, built, styled) = (fields[0], fields[1], fields[2])
            rows.append(Row(section: "memory",
                            measure: "\(Table.count(count)) views, built + styled\(provenance ? " with provenance" : "")",
                            result: String(format: "%.2f KiB/view", styled),
                            baseline: String(format: "built, unstyled %.2f KiB/view", built),
                            // Without provenance, the value store's target; explain's record costs more.
                            target: provenance ? "≤ 2 KiB/view" : "≤ 1 KiB/view", met: styled <= (provenance ? 2 : 1)))
        }
        return rows
    }

    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// In the child: prints `views builtKiB styledKiB` (per view).
    static func probe(views: Int, provenance: Bool) {
        let workload = Workload(views: views)
        let sheet: LoadedStylesheet
        do {
            sheet = try Runtime().load(source: workload.luaSource, name: "generated.lua")
        } catch {
            fail("\(error)")
        }
        let before = Machine.residentBytes
        let root = Trees.forCascade(workload)
        let built = Machine.residentBytes
        do {
            try sheet.apply(to: root, recordingProvenance: provenance)
        } catch {
            fail("\(error)")
        }
        let styled = Machine.residentBytes
        withExtendedLifetime(root) {
            let n = Double(workload.viewCount)
            print(workload.viewCount, Double(built - before) / 1024 / n, Double(styled - before) / 1024 / n)
        }
    }
}
