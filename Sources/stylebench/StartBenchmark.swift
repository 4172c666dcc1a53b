import Foundation

/// `stylerun` on an example as a user runs it: the whole process, spawned, output discarded.
/// The isolated default (a child process evaluates) and `--no-isolation` alternate with
/// spawning `/bin/true` (the cost of any process on this machine), round by round, so the three
/// see the same moments of the machine's load.
struct StartBenchmark {
    let stylerun: String?
    let example: String
    let runs: Int

    /// One way of running the example, with its target (median, milliseconds).
    private struct Variant {
        var label: String
        var arguments: [String]
        var target: Double
    }

    func run() -> [Row] {
        let name = "stylerun " + (example as NSString).lastPathComponent
        guard let stylerun else {
            return [Row(section: "start", measure: name,
                        result: "no release stylerun beside stylebench; run `swift build -c release` first")]
        }
        let variants = [
            Variant(label: "\(name) (isolated)", arguments: [example], target: 15),
            Variant(label: "\(name) --no-isolation", arguments: ["--no-isolation", example], target: 10),
        ]
        for variant in variants where Spawn.run(stylerun, variant.arguments).status != 0 {
            return [Row(section: "start", measure: variant.label,
                        result: "\(stylerun) \(variant.arguments.joined(separator: " ")) failed")]
        }
        var samples = Array(repeating: Samples(), count: variants.count), empty = Samples()
        for _ in 0..<runs {
            for (i, variant) in variants.enumerated() {
                samples[i].append(milliseconds { Spawn.run(stylerun, variant.arguments) })
                empty.append(milliseconds { Spawn.run("/bin/true", []) })
            }
        }
        return zip(variants, samples).map { variant, styled in
            Row(section: "start", measure: "\(variant.label), whole process", result: Table.p99(styled),
                baseline: "/bin/true \(Table.p99(empty))", ratio: Table.ratio(styled.median / empty.median),
                target: "≤ \(Int(variant.target)) ms", met: styled.median <= variant.target)
        }
    }
}
