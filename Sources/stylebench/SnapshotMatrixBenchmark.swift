import Foundation
import StyleCore
import StyleRun

/// `stylerun snapshot` over a trait matrix: the screens of examples/ compared with their
/// snapshots for 2 colour schemes × 12 content sizes (24 trait sets), in process. The baseline,
/// in the same run, is the least that work can cost: one evaluation per screen and theme, and
/// 24 stylings of its tree. The target: the matrix run takes at most twice that, so traits add
/// stylings, not evaluations.
struct SnapshotMatrixBenchmark {
    let repository: String
    let rounds: Int

    func run() -> [Row] {
        let folder = NSTemporaryDirectory() + "stylebench-snapshot-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: repository + "/examples") where name.hasSuffix(".lua") {
                try FileManager.default.copyItem(atPath: repository + "/examples/" + name, toPath: folder + "/" + name)
            }
        } catch {
            return [Row(section: "snapshot", measure: "could not copy examples/: \(error)", result: "—")]
        }
        let sizes = ContentSize.allCases.map(\.rawValue).joined(separator: ",")
        guard let matrix = try? SnapshotMatrix.parse(options: ["colorScheme=light,dark", "contentSize=" + sizes]) else {
            return [Row(section: "snapshot", measure: "the matrix does not parse", result: "—")]
        }
        let runner = SnapshotRunner(evaluator: InProcessSnapshotEvaluator(), options: SnapshotOptions(matrix: matrix))
        // The first run records; the measured ones compare every file, as CI does.
        let first = (try? runner.run(paths: [folder])) ?? SnapshotReport(results: [], skipped: [])
        let screens = Set(first.results.map(\.script)).sorted()

        var matrixRun = Samples(), baseline = Samples(), captured = Samples()
        var matched = 0
        for _ in 0..<rounds {
            matrixRun.append(milliseconds {
                matched = ((try? runner.run(paths: [folder]))?.results ?? []).filter { $0.status == .matched }.count
            })
            baseline.append(milliseconds { Self.evaluateAndStyle(screens, traitSets: matrix.traitSets, capturing: false) })
            captured.append(milliseconds { Self.evaluateAndStyle(screens, traitSets: matrix.traitSets, capturing: true) })
        }
        let described = "\(screens.count) screens of examples/ × their themes × \(matrix.traitSets.count) trait sets, \(matched) snapshots matched"
        let ratio = matrixRun.median / baseline.median
        return [
            Row(section: "snapshot", measure: "1 evaluation per screen and theme + \(matrix.traitSets.count) stylings", result: Table.iqr(baseline)),
            Row(section: "snapshot", measure: "the same, each styling captured as a snapshot's records", result: Table.iqr(captured),
                baseline: Table.ms(baseline.median), ratio: Table.ratio(captured.median / baseline.median)),
            Row(section: "snapshot", measure: "snapshot matrix 2 colour schemes × 12 sizes: \(described)", result: Table.iqr(matrixRun),
                baseline: Table.ms(baseline.median), ratio: Table.ratio(ratio), target: "≤ 2×", met: ratio <= 2),
        ]
    }

    /// What the matrix cannot do without: each screen evaluated once per theme, its tree styled
    /// for every trait set (and, `capturing`, recorded as a snapshot's views and values).
    static func evaluateAndStyle(_ screens: [String], traitSets: [Traits], capturing: Bool) {
        let runtime = Runtime()
        // A screen that does not load or style would make the baseline measure less than the
        // matrix does: the run stops instead.
        func load(_ file: String, theme: String? = nil) -> LoadedStylesheet {
            do { return try runtime.load(file: file, theme: theme) } catch { fail("\(file) does not load:\n\(error)") }
        }
        for file in screens {
            let first = load(file)
            guard let root = first.root else { continue }  // a module, not a screen
            for theme in first.themeNames.isEmpty ? [nil] : first.themeNames.sorted().map(Optional.some) {
                let sheet = theme == nil || theme == first.activeTheme ? first : load(file, theme: theme)
                guard let tree = sheet === first ? root : sheet.root else { continue }
                // As the snapshot evaluator records a theme's tree for each trait set.
                let recorder = StyleSnapshot.Recorder()
                for traits in traitSets {
                    sheet.traits = traits
                    do { try sheet.apply(to: tree) } catch { fail("\(file) does not style for \(traits):\n\(error)") }
                    if capturing { _ = StyleSnapshot(tree, recorder: recorder) }
                }
            }
        }
    }
}
