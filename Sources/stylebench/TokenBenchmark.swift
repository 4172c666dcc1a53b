import Foundation
import StyleRun

/// What a design-token file adds to an evaluation: a script styling 200 views evaluated alone
/// and with a 2,000-token file loaded (colours, dimensions, typography and shadows, a quarter
/// of them aliases) and a few of its tokens read, alternately in the same run. The target: the
/// file adds at most 20 ms. The file's reading alone (JSON, aliases, types) is its own row.
struct TokenBenchmark {
    let rounds: Int

    static let tokenCount = 2_000

    /// A 2,000-token DTCG file: 20 groups of 100, each group one type.
    static func file() -> String {
        var groups: [String] = []
        let types = ["color", "dimension", "typography", "shadow"]
        for g in 0..<20 {
            let type = types[g % types.count]
            var tokens: [String] = []
            for i in 0..<(tokenCount / 20) {
                let value: String
                if i % 4 == 3 {
                    value = "\"{g\(g).t\(i - 1)}\""
                } else {
                    switch type {
                    case "color": value = "{\"colorSpace\": \"srgb\", \"components\": [\(Double(i) / 100), 0.5, \(Double(g) / 20)], \"hex\": \"#808080\"}"
                    case "dimension": value = "{\"value\": \(i), \"unit\": \"px\"}"
                    case "typography": value = "{\"fontFamily\": [\"Helvetica\", \"sans-serif\"], \"fontSize\": {\"value\": \(10 + i % 30), \"unit\": \"px\"}, \"fontWeight\": \(100 * (1 + i % 9)), \"lineHeight\": 1.4}"
                    default: value = "{\"color\": {\"colorSpace\": \"srgb\", \"components\": [0, 0, 0], \"alpha\": 0.25}, \"offsetX\": {\"value\": 0, \"unit\": \"px\"}, \"offsetY\": {\"value\": \(i % 8), \"unit\": \"px\"}, \"blur\": {\"value\": 8, \"unit\": \"px\"}, \"spread\": {\"value\": 0, \"unit\": \"px\"}}"
                    }
                }
                tokens.append("    \"t\(i)\": {\"$value\": \(value), \"$description\": \"Token \(i) of group \(g)\"}")
            }
            groups.append("  \"g\(g)\": {\n    \"$type\": \"\(type)\",\n" + tokens.joined(separator: ",\n") + "\n  }")
        }
        return "{\n" + groups.joined(separator: ",\n") + "\n}\n"
    }

    /// 200 labels in 20 stacks, with rules; `withTokens` loads the file and styles from it.
    static func script(withTokens: Bool) -> String {
        let head = withTokens ? """
            local t = tokens "bench.tokens.json"
            local accent, body, gap, lift = t.g0.t7, t.g2.t5, t.g1.t12, t.g3.t4
            """ : """
            local accent, body, gap, lift = color "#336699", font.system(15), 12, { color = color.black, opacity = 0.25, radius = 4 }
            """
        return head + """

            rule("Label.note", concat(mut(Label.textColor, accent), mut(Label.font, body)))
            rule("StackView", concat(mut(StackView.spacing, gap), mut(View.layer.shadowColor, lift.color),
                                     mut(View.layer.shadowOpacity, lift.opacity), mut(View.layer.shadowRadius, lift.radius)))
            local stacks = {}
            for s = 1, 20 do
              local labels = {}
              for i = 1, 10 do labels[i] = Label { class = "note", text = "Label " .. i } end
              stacks[s] = StackView(labels)
            end
            return StackView(stacks)
            """
    }

    /// This thread's CPU time in milliseconds.
    static func threadCPU() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
    }

    func run() -> [Row] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylebench-tokens-\(ProcessInfo.processInfo.processIdentifier)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }  // a leftover temporary folder harms no later run
        let text = Self.file()
        try! text.write(to: folder.appendingPathComponent("bench.tokens.json"), atomically: true, encoding: .utf8)
        let runtime = Runtime()
        // Wall clock and this thread's CPU time: on a shared machine the second is what the
        // work costs, the first what a user waits.
        var plain = (Samples(), Samples()), withTokens = (Samples(), Samples()), parse = (Samples(), Samples())
        func time(_ into: inout (Samples, Samples), _ body: () -> Void) {
            let cpu = Self.threadCPU()
            into.0.append(milliseconds(body))
            into.1.append(Self.threadCPU() - cpu)
        }
        for _ in 0..<rounds {
            time(&plain) {
                let sheet = try! runtime.load(source: Self.script(withTokens: false), name: "bench.lua", folder: folder.path)
                _ = try! sheet.applyToOwnTree(recordingProvenance: false)
            }
            time(&withTokens) {
                let sheet = try! runtime.load(source: Self.script(withTokens: true), name: "bench.lua", folder: folder.path)
                _ = try! sheet.applyToOwnTree(recordingProvenance: false)
            }
            time(&parse) {
                let set = TokenSet(files: [("bench.tokens.json", text)])
                precondition(set.errors.isEmpty && set.tokens.count == Self.tokenCount, "the benchmark's file is sound")
            }
        }
        let added = withTokens.1.median - plain.1.median
        func both(_ s: (Samples, Samples)) -> String { "\(Table.ms(s.0.median)) (CPU \(Table.ms(s.1.median)))" }
        return [
            Row(section: "tokens", measure: "evaluate + style 200 views, no token file", result: both(plain)),
            Row(section: "tokens", measure: "the same with a \(Table.count(Double(Self.tokenCount)))-token file (\(text.utf8.count / 1024) KiB)",
                result: both(withTokens), baseline: Table.ms(plain.1.median) + " CPU", ratio: Table.ratio(withTokens.1.median / plain.1.median),
                target: "adds ≤ 20 ms CPU (adds \(Table.ms(added)))", met: added <= 20),
            Row(section: "tokens", measure: "reading the token file alone (JSON, aliases, types)", result: both(parse)),
        ]
    }
}
