import Foundation
import StyleRun

/// Match + apply on workloads stylebench did not shape (`Workload(randomViews:rules:seed:)`):
/// random class pairs on a random tree, and rules of one to three compounds with descendant
/// and child combinators drawn from the same classes, so rules really match. At 300, 3,000 and
/// 30,000 rules on 10,000 views, beside writing each view's final values through the API
/// (`StyleApplication.write`, one write per property the cascade set), which is the floor any
/// styling of the same tree pays.
struct OutsideBenchmark {
    let quick: Bool

    func run() -> [Row] {
        var rows: [Row] = []
        for rules in quick ? [300, 3_000] : [300, 3_000, 30_000] {
            progress("outside: 10,000 views, \(rules) rules…")
            rows += measure(views: 10_000, rules: rules)
        }
        return rows
    }

    private func measure(views: Int, rules: Int) -> [Row] {
        let workload = Workload(randomViews: views, rules: rules)
        let sheet = ScreenBenchmark.stylesheet(of: workload)
        let root = Trees.forCascade(workload)
        apply(sheet, root)

        // What the cascade matched, and the final values it wrote: the floor writes those.
        var all: [View] = []
        root.forEachInTree { all.append($0) }
        let index = sheet.stylesheet.ruleIndex
        let matched = all.reduce(0) { $0 + index.matches(for: $1).count }
        let floorViews = all.map { View(kind: $0.kind, id: $0.id, classes: $0.classes) }
        let setters = all.map { view -> Overture.Setter in
            var writes: [Overture.Setter] = []
            for property in view.kind.properties where view[property] != property.defaultValue {
                // Constants as a program states them once; a text is the view's own content.
                let value = view[property]
                if case .string = value { writes.append(Overture.content(property, value)) } else { writes.append(Overture.mut(property, value)) }
            }
            return Overture.concat(writes)
        }

        let rounds = quick ? 5 : 15
        var cascade = Samples(), floor = Samples(), ratios = Samples()
        for _ in 0..<(rounds + 2) {
            let c = milliseconds { apply(sheet, root) }
            let f = milliseconds { Overture.run(floorViews, setters, recordingProvenance: false) }
            cascade.append(c); floor.append(f); ratios.append(c / f)
        }
        let perView = String(format: "%.1f", Double(matched) / Double(all.count))
        let target: (text: String, limit: Double)? = rules <= 300 ? ("≤ 3.00×", 3) : nil
        return [Row(section: "outside",
                    measure: "match + apply, \(Table.count(Double(all.count))) views, \(Table.count(Double(rules))) random rules (\(perView) matched rules per view)",
                    result: Table.iqr(cascade), baseline: "final values through the API \(Table.iqr(floor))",
                    ratio: Table.ratio(cascade.median / floor.median) + " (IQR \(Table.ratio(ratios.q1))–\(Table.ratio(ratios.q3)))",
                    target: target?.text ?? "", met: target.map { cascade.median / floor.median <= $0.limit })]
    }

    /// The match + apply alone, `rounds` times after one to warm up (for a profiler).
    func probe(rules: Int, rounds: Int) {
        let workload = Workload(randomViews: 10_000, rules: rules)
        let sheet = ScreenBenchmark.stylesheet(of: workload)
        let root = Trees.forCascade(workload)
        apply(sheet, root)
        var times = Samples()
        for _ in 0..<rounds { times.append(milliseconds { apply(sheet, root) }) }
        print("match + apply, 10,000 views, \(Table.count(Double(rules))) random rules: \(Table.iqr(times))")
    }

    private func apply(_ sheet: LoadedStylesheet, _ root: View) {
        do {
            try sheet.apply(to: root, recordingProvenance: false)
        } catch {
            fail("the random workload does not apply:\n\(error.diagnostics.map(\.description).joined(separator: "\n"))")
        }
    }
}
