import Foundation
import StyleRun

/// How match + apply grows: the workload at 10,000, 100,000 and 1,000,000 views with 310 rules,
/// and at 10,000 views with 310, 3,000 and 30,000 rules. Linear growth keeps the time per view
/// (per view and rule) level; each row's ratio is against the first of its series, same run.
struct ScaleBenchmark {
    let quick: Bool

    func run() -> [Row] {
        var rows: [Row] = []
        let viewCounts = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
        var first: (ms: Double, views: Int)?
        for views in viewCounts {
            let (ms, workload) = measure(views: views, blocks: 20)
            let n = workload.viewCount
            let perView = ms * 1e6 / Double(n)
            var row = Row(section: "scale", measure: "match + apply, \(Table.count(Double(n))) views, \(workload.rules.count) rules",
                          result: "\(Table.ms(ms)) (\(String(format: "%.0f", perView)) ns/view)")
            if let first {
                row.baseline = "\(Table.count(Double(first.views))) views \(Table.ms(first.ms))"
                row.ratio = Table.ratio(ms / first.ms) + " for " + Table.ratio(Double(n) / Double(first.views)) + " views"
            } else {
                first = (ms, n)
            }
            rows.append(row)
        }
        var firstRules: (ms: Double, rules: Int)?
        for blocks in quick ? [20, 200] : [20, 200, 2_000] {
            let (ms, workload) = measure(views: 10_000, blocks: blocks)
            let r = workload.rules.count
            var row = Row(section: "scale", measure: "match + apply, \(Table.count(Double(workload.viewCount))) views, \(Table.count(Double(r))) rules",
                          result: Table.ms(ms))
            if let firstRules {
                row.baseline = "\(Table.count(Double(firstRules.rules))) rules \(Table.ms(firstRules.ms))"
                row.ratio = Table.ratio(ms / firstRules.ms) + " for " + Table.ratio(Double(r) / Double(firstRules.rules)) + " rules"
            } else {
                firstRules = (ms, r)
            }
            rows.append(row)
        }
        rows += sharing()
        return rows
    }

    /// Style sharing on and off: a list of 10,000 like labels (100 stacks of 100
    /// `Label.card__text`, no ids, so each label but the first of a stack takes its previous
    /// sibling's result), and the workload's own tree, whose leaves have no like siblings.
    private func sharing() -> [Row] {
        let workload = Workload(views: 10_000)
        let sheet = ScreenBenchmark.stylesheet(of: workload)
        let list = View(kind: Schema.stackView, id: "root")
        for s in 0..<100 {
            let stack = View(kind: Schema.stackView, classes: ["section", "section--\(s % 5)"])
            for _ in 0..<100 { stack.addChild(View(kind: Schema.label, classes: ["card__text"])) }
            list.addChild(stack)
        }
        var rows: [Row] = []
        for (name, root) in [("a list of 10,101 like labels", list), ("the workload's 10,012 views (no like siblings)", Trees.forCascade(workload))] {
            var on = Samples(), off = Samples(), ratios = Samples()
            for round in 0...(quick ? 3 : 9) {
                let shared = time(sheet, root, sharing: true), alone = time(sheet, root, sharing: false)
                if round > 0 { on.append(shared); off.append(alone); ratios.append(shared / alone) }
            }
            rows.append(Row(section: "scale", measure: "style sharing, \(name)", result: Table.iqr(on),
                            baseline: "without sharing \(Table.iqr(off))",
                            ratio: Table.ratio(on.median / off.median) + " (IQR \(Table.ratio(ratios.q1))–\(Table.ratio(ratios.q3)))"))
        }
        return rows
    }

    private func time(_ sheet: LoadedStylesheet, _ root: View, sharing: Bool) -> Double {
        var cascade = Cascade(sheet.stylesheet)
        cascade.sharesStyles = sharing
        var diagnostics: [Diagnostic] = []
        let ms = milliseconds { diagnostics = cascade.apply(to: root, recordingProvenance: false) }
        if !diagnostics.isEmpty { fail("the generated stylesheet does not apply:\n\(DiagnosticList(diagnostics))") }
        return ms
    }

    /// The median time of styling the workload's tree (no provenance), after one warm-up.
    private func measure(views: Int, blocks: Int) -> (Double, Workload) {
        let workload = Workload(views: views, blocks: blocks)
        let sheet = ScreenBenchmark.stylesheet(of: workload)
        let root = Trees.forCascade(workload)
        var samples = Samples()
        let rounds = views >= 1_000_000 ? 2 : views >= 100_000 ? 3 : (quick ? 3 : 9)
        for round in 0...rounds {
            var failure: DiagnosticList?
            let ms = milliseconds {
                do throws(DiagnosticList) { try sheet.apply(to: root, recordingProvenance: false) } catch { failure = error }
            }
            if let failure { fail("the generated stylesheet does not apply:\n\(failure)") }
            if round > 0 { samples.append(ms) }
        }
        return (samples.median, workload)
    }
}
