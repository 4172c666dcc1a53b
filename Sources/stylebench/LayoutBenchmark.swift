import Foundation
import StyleLayout
import StyleRun
import StyleText

/// Layout beside styling, in the same run: the workload's tree (10,012 views) styled, then laid
/// out at 375 points with text in real fonts, alternately, each the median of its rounds;
/// laying out again with nothing changed; and 10,000 distinct labels measured, cold and then
/// again from the measurer's cache.
struct LayoutBenchmark {
    let quick: Bool

    /// The benchmark's tree styled once and laid out `rounds` times, cold or warm (for a
    /// profiler); prints the median.
    func probe(cold: Bool, rounds: Int) {
        let workload = Workload(views: 10_000)
        let sheet = ScreenBenchmark.stylesheet(of: workload)
        let root = Trees.forCascade(workload)
        do throws(DiagnosticList) { try sheet.apply(to: root, recordingProvenance: false) } catch {
            fail("the generated stylesheet does not apply:\n\(error)")
        }
        let kept = LayoutEngine(measurer: FontTextMeasurer())
        _ = kept.layout(root)
        var times = Samples()
        for _ in 0..<rounds {
            times.append(milliseconds {
                _ = LayoutEngine(measurer: cold ? FontTextMeasurer() : kept.measurer).layout(root)
            })
        }
        print("\(cold ? "cold" : "warm") layout of \(Table.count(Double(kept.layout(root).count))) views: \(Table.iqr(times))")
    }

    func run() -> [Row] {
        var rows: [Row] = []
        let workload = Workload(views: 10_000)
        let sheet = ScreenBenchmark.stylesheet(of: workload)
        let root = Trees.forCascade(workload)
        let rounds = quick ? 3 : 21
        var style = Samples(), cold = Samples(), warm = Samples(), again = Samples()
        var coldRatios = Samples(), warmRatios = Samples()
        let kept = LayoutEngine(measurer: FontTextMeasurer())
        var frames = 0
        for round in 0...rounds {
            let s = milliseconds {
                do throws(DiagnosticList) { try sheet.apply(to: root, recordingProvenance: false) } catch {
                    fail("the generated stylesheet does not apply:\n\(error)")
                }
            }
            // Cold: a new measurer opens the fonts and shapes every text.
            let c = milliseconds { frames = LayoutEngine(measurer: FontTextMeasurer()).layout(root).count }
            // Warm: a new engine (every frame computed) over a measurer that has seen the texts.
            let w = milliseconds { _ = LayoutEngine(measurer: kept.measurer).layout(root) }
            // Again: the kept engine, nothing changed since its last layout.
            _ = kept.layout(root)
            let a = milliseconds { _ = kept.layout(root) }
            if round > 0 {
                style.append(s); cold.append(c); warm.append(w); again.append(a)
                coldRatios.append(c / s); warmRatios.append(w / s)
            }
        }
        let n = Table.count(Double(frames))
        rows.append(Row(section: "layout", measure: "lay out \(n) views, fonts opened and text shaped (cold)", result: Table.iqr(cold),
                        baseline: "styling them \(Table.iqr(style))",
                        ratio: Table.ratio(coldRatios.median) + " (IQR \(Table.ratio(coldRatios.q1))–\(Table.ratio(coldRatios.q3)))",
                        target: "≤ 2.00×", met: coldRatios.median <= 2))
        rows.append(Row(section: "layout", measure: "lay out \(n) views, text measured before (warm)", result: Table.iqr(warm),
                        baseline: "styling them \(Table.iqr(style))",
                        ratio: Table.ratio(warmRatios.median) + " (IQR \(Table.ratio(warmRatios.q1))–\(Table.ratio(warmRatios.q3)))",
                        target: "≤ 1.00×", met: warmRatios.median <= 1))
        rows.append(Row(section: "layout", measure: "lay out \(n) views again, nothing moved (frames kept)", result: Table.iqr(again),
                        baseline: "warm layout \(Table.iqr(warm))", ratio: Table.ratio(again.median / warm.median),
                        target: "≤ 0.25×", met: again.median / warm.median <= 0.25))

        // 10,000 labels of distinct text, wrapped at 300 points, in three weights.
        let labels = (0..<10_000).map { i in
            TextRequest(text: "Episode \(i): styling with functions, part \(i % 97)", font: .system(15, [.regular, .semibold, .bold][i % 3]),
                        maxWidth: 300, numberOfLines: 0, lineBreakMode: .byWordWrapping)
        }
        var first = Samples(), cached = Samples(), cacheRatios = Samples()
        for _ in 0..<(quick ? 2 : 7) {
            let measurer = FontTextMeasurer()
            let f = milliseconds { for r in labels { _ = measurer.measure(r) } }
            let c = milliseconds { for r in labels { _ = measurer.measure(r) } }
            first.append(f); cached.append(c); cacheRatios.append(c / f)
        }
        rows.append(Row(section: "layout", measure: "measure 10,000 distinct labels again (cached)", result: Table.iqr(cached),
                        baseline: "shaping and wrapping them \(Table.iqr(first)) (\(String(format: "%.1f", first.median * 0.1)) µs a label)",
                        ratio: Table.ratio(cacheRatios.median), target: "≤ 0.10×", met: cacheRatios.median <= 0.1))
        return rows
    }
}

