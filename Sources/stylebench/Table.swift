import Foundation

/// One line of the results table.
struct Row {
    var section: String
    var measure: String
    var result: String
    var baseline: String = ""
    var ratio: String = ""
    var target: String = ""
    /// Whether the target was met; nil when the row has no target.
    var met: Bool? = nil
}

/// Formats and prints rows as an aligned table (also valid Markdown).
enum Table {
    static func ms(_ x: Double) -> String {
        x < 0.1 ? String(format: "%.3f ms", x) : x < 10 ? String(format: "%.2f ms", x) : String(format: "%.1f ms", x)
    }

    /// `12.3 ms (IQR 11.9–12.8)`.
    static func iqr(_ s: Samples) -> String {
        "\(ms(s.median)) (IQR \(trim(ms(s.q1)))–\(ms(s.q3)), n=\(s.count))"
    }

    /// `12.3 ms (p99 15.0 ms)`.
    static func p99(_ s: Samples) -> String {
        "\(ms(s.median)) (p99 \(ms(s.p99)), n=\(s.count))"
    }

    static func ratio(_ x: Double) -> String { String(format: "%.2f×", x) }

    static func count(_ x: Double) -> String {
        let n = Int(x.rounded())
        var digits = Array(String(n))
        var i = digits.count - 3
        while i > 0 { digits.insert(",", at: i); i -= 3 }
        return String(digits)
    }

    private static func trim(_ s: String) -> String { s.replacingOccurrences(of: " ms", with: "") }

    static func render(_ rows: [Row]) -> String {
        let header = ["benchmark", "measure", "result", "baseline (same run)", "ratio", "target", ""]
        let cells = rows.map { r in
            [r.section, r.measure, r.result, r.baseline, r.ratio, r.target,
             r.met.map { $0 ? "met" : "MISSED" } ?? ""]
        }
        var widths = header.map(\.count)
        for line in cells {
            for (i, c) in line.enumerated() { widths[i] = max(widths[i], c.count) }
        }
        func line(_ c: [String]) -> String {
            "| " + zip(c, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: " | ") + " |"
        }
        var out = line(header) + "\n"
        out += "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|\n"
        for c in cells { out += line(c) + "\n" }
        return out
    }
}
