import Foundation

/// `stylerun` on an example as a user runs it: the whole process, spawned, beside spawning
/// `/bin/true` (the cost of any process on this machine), alternately.
struct StartBenchmark {
    let stylerun: String?
    let example: String
    let runs: Int

    func run() -> [Row] {
        let name = "stylerun " + (example as NSString).lastPathComponent
        guard let stylerun else {
            return [Row(section: "start", measure: name,
                        result: "no release stylerun beside stylebench; run `swift build -c release` first")]
        }
        guard Spawn.run(stylerun, [example]).status == 0 else {
            return [Row(section: "start", measure: name, result: "\(stylerun) \(example) failed")]
        }
        var styled = Samples(), empty = Samples()
        for _ in 0..<runs {
            styled.append(milliseconds { Spawn.run(stylerun, [example]) })
            empty.append(milliseconds { Spawn.run("/bin/true", []) })
        }
        return [Row(section: "start", measure: "\(name), whole process", result: Table.p99(styled),
                    baseline: "/bin/true \(Table.p99(empty))", ratio: Table.ratio(styled.median / empty.median),
                    target: "< 10 ms", met: styled.median < 10)]
    }
}
