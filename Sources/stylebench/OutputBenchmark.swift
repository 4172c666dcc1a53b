import Foundation
import StyleRun

/// The styled screen written out as JSON beside its tree text, in the same run: the workload's
/// tree (10,012 and 100,040 views) styled once, then each output written in its 64 KiB pieces to
/// a sink that only counts them (what `stylerun --format json -o /dev/null` does past styling),
/// alternately, the median of each and the median of their ratios.
struct OutputBenchmark {
    let quick: Bool

    func run() -> [Row] {
        var rows: [Row] = []
        for views in [10_000, 100_000] {
            let workload = Workload(views: views)
            let sheet = ScreenBenchmark.stylesheet(of: workload)
            let root = Trees.forCascade(workload)
            do throws(DiagnosticList) { try sheet.apply(to: root, recordingProvenance: false) } catch {
                fail("the generated stylesheet does not apply:\n\(error)")
            }
            let rounds = views >= 100_000 ? (quick ? 3 : 9) : (quick ? 5 : 31)
            var text = Samples(), json = Samples(), ratios = Samples()
            var textBytes = 0, jsonBytes = 0
            for round in 0...rounds {
                var counted = 0
                let t = milliseconds { TreeTextRenderer().write(root) { counted &+= $0.count } }
                textBytes = counted
                counted = 0
                let j = milliseconds { TreeJSONRenderer().write(root) { counted &+= $0.count } }
                jsonBytes = counted
                if round > 0 { text.append(t); json.append(j); ratios.append(j / t) }
            }
            let n = Table.count(Double(workload.viewCount))
            rows.append(Row(section: "output", measure: "JSON of \(n) views (\(mb(jsonBytes)))", result: Table.iqr(json),
                            baseline: "tree text (\(mb(textBytes))) \(Table.iqr(text))",
                            ratio: Table.ratio(ratios.median) + " (IQR \(Table.ratio(ratios.q1))–\(Table.ratio(ratios.q3)))",
                            target: "≤ 1.50×", met: ratios.median <= 1.5))
            if views == 10_000 { rows.append(readBack(root, rounds: rounds, written: json)) }
        }
        return rows
    }

    /// The 10,012 views' JSON read back by `JSONValue(parsing:)`, the reader lint's parent uses on
    /// its evaluator's findings, beside writing it.
    private func readBack(_ root: View, rounds: Int, written: Samples) -> Row {
        var bytes: [UInt8] = []
        TreeJSONRenderer().write(root) { bytes.append(contentsOf: $0) }
        let text = String(decoding: bytes, as: UTF8.self)
        var read = Samples()
        for round in 0...rounds {
            let ms = milliseconds {
                do throws(JSONParseError) { _ = try JSONValue(parsing: text) } catch { fail("the JSON does not read back: \(error)") }
            }
            if round > 0 { read.append(ms) }
        }
        return Row(section: "output", measure: "the same JSON read back (JSONValue(parsing:), as lint reads its evaluator's findings)",
                   result: Table.iqr(read), baseline: "writing it \(Table.ms(written.median))",
                   ratio: Table.ratio(read.median / written.median))
    }

    private func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }
}
