import Foundation
import StyleRun

/// Evaluate, match and apply a generated stylesheet on a 10,000-view tree, beside hand-written
/// Overture-style setters that produce the same values on the same tree.
struct ApplyBenchmark {
    let views: Int
    let rounds: Int

    func run() -> [Row] {
        let workload = Workload(views: views)
        let source = workload.luaSource
        let runtime = Runtime()

        var evaluate = Samples()
        var loaded: LoadedStylesheet?
        for _ in 0..<max(3, rounds / 2) {
            evaluate.append(milliseconds { loaded = load(runtime, source) })
        }
        let sheet = loaded!

        let cascadeRoot = Trees.forCascade(workload)
        let closures = Trees.forClosures(workload)
        for provenance in [false, true] {
            apply(sheet, cascadeRoot, provenance)
            Overture.run(closures.views, closures.setters, recordingProvenance: provenance)
            checkSameValues(cascadeRoot, closures.root)
        }

        var cascade = Samples(), handWritten = Samples(), cascadeP = Samples(), handWrittenP = Samples()
        var ratios = Samples(), ratiosP = Samples()
        for _ in 0..<rounds {
            let c = milliseconds { apply(sheet, cascadeRoot, false) }
            let h = milliseconds { Overture.run(closures.views, closures.setters, recordingProvenance: false) }
            let cp = milliseconds { apply(sheet, cascadeRoot, true) }
            let hp = milliseconds { Overture.run(closures.views, closures.setters, recordingProvenance: true) }
            cascade.append(c); handWritten.append(h); cascadeP.append(cp); handWrittenP.append(hp)
            ratios.append(c / h); ratiosP.append(cp / hp)
        }
        checkSameValues(cascadeRoot, closures.root)

        let n = Table.count(Double(workload.viewCount))
        let rules = "\(workload.rules.count) rules, \(workload.appearances.count) appearances"
        let loadRatio = (evaluate.median + cascade.median) / handWritten.median
        return [
            Row(section: "apply", measure: "evaluate stylesheet (\(rules))", result: Table.iqr(evaluate)),
            Row(section: "apply", measure: "match + apply, \(n) views",
                result: Table.iqr(cascade), baseline: "closures \(Table.iqr(handWritten))",
                ratio: Table.ratio(cascade.median / handWritten.median) + " (IQR \(Table.ratio(ratios.q1))–\(Table.ratio(ratios.q3)))",
                target: "≤ 1.20×", met: cascade.median / handWritten.median <= 1.2),
            Row(section: "apply", measure: "match + apply + provenance, \(n) views",
                result: Table.iqr(cascadeP), baseline: "closures \(Table.iqr(handWrittenP))",
                ratio: Table.ratio(cascadeP.median / handWrittenP.median) + " (IQR \(Table.ratio(ratiosP.q1))–\(Table.ratio(ratiosP.q3)))",
                target: "≤ 1.50×", met: cascadeP.median / handWrittenP.median <= 1.5),
            Row(section: "apply", measure: "evaluate + match + apply, \(n) views",
                result: Table.ms(evaluate.median + cascade.median), baseline: "closures \(Table.ms(handWritten.median))",
                ratio: Table.ratio(loadRatio)),
        ]
    }

    private func load(_ runtime: Runtime, _ source: String) -> LoadedStylesheet {
        do {
            return try runtime.load(source: source, name: "generated.lua")
        } catch {
            fail("the generated stylesheet does not load:\n\(error.diagnostics.map(\.description).joined(separator: "\n"))")
        }
    }

    private func apply(_ sheet: LoadedStylesheet, _ root: View, _ provenance: Bool) {
        do {
            try sheet.apply(to: root, recordingProvenance: provenance)
        } catch {
            fail("the generated stylesheet does not apply:\n\(error.diagnostics.map(\.description).joined(separator: "\n"))")
        }
    }

    /// The comparison is only fair when both produce the same tree.
    private func checkSameValues(_ cascade: View, _ closures: View) {
        if let difference = Trees.firstDifference(cascade, closures) {
            fail("the cascade and the hand-written setters disagree: \(difference)")
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write("stylebench: \(message)\n".data(using: .utf8)!)
    exit(1)
}
