import Dispatch
import Foundation
import LuaSyntax
import StyleRun

/// A static checker the lint benchmark can time: runs once over some files.
///
/// Engines are compared on the same corpus in the same run. An in-process checker (a Swift
/// function over the files' text) and an external program both fit.
protocol LintEngine: Sendable {
    var name: String { get }
    /// Checks `files` once; false when the engine failed to run.
    func check(_ files: [String]) -> Bool
}

/// A linter that is a program: `executable leading… files… trailing…`; exit statuses 0 and 1
/// (warnings found) both count as a run.
struct ProgramLinter: LintEngine {
    let name: String
    let executable: String
    var leading: [String] = []
    var trailing: [String] = []

    func check(_ files: [String]) -> Bool {
        let status = Spawn.run(executable, leading + files + trailing).status
        return status == 0 || status == 1
    }
}

/// The parser `stylerun lint` is built on, in this process: read and parse each file (a syntax
/// error is a result too). The floor of what a lint pass costs, before its checks.
struct ParseLinter: LintEngine {
    let name = "LuaSyntax parse (in process)"

    func check(_ files: [String]) -> Bool {
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { return false }
            _ = try? LuaParser.parse(source: Array(data), chunkName: file)
        }
        return true
    }
}

/// Lines per second over a corpus of the stdlib, the examples and generated scripts: one
/// process over every file, and one process per core over a share of the files each.
struct LintBenchmark {
    let repository: String
    let stylerun: String?
    let rounds: Int

    /// The stylerun API as globals, so luacheck checks the scripts as stylerun sees them.
    static let globals = ["mut", "mver", "concat", "style", "with", "appearance", "rule", "themes", "kind",
                          "color", "rgb", "white", "font", "insets", "size", "image",
                          "View", "Label", "Button", "TextField", "ImageView", "StackView"]

    func run() -> [Row] {
        let folder = NSTemporaryDirectory() + "stylebench-lint-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = corpus(generatedInto: folder)
        let lines = files.reduce(0) { total, file in
            total + ((try? String(contentsOfFile: file, encoding: .utf8))?.reduce(0) { $1 == "\n" ? $0 + 1 : $0 } ?? 0)
        }

        var engines: [any LintEngine] = [ParseLinter()]
        if let stylerun, Spawn.run(stylerun, ["lint", "--help"], capture: true).output.contains("stylerun lint") {
            engines.append(ProgramLinter(name: "stylerun lint", executable: stylerun, leading: ["lint"]))
        }
        if let luacheck = Spawn.which("luacheck") {
            engines.append(ProgramLinter(name: "luacheck", executable: luacheck,
                                         leading: ["--no-config", "--codes", "--std", "lua54"],
                                         trailing: ["--read-globals"] + Self.globals))
        }
        let described = "\(files.count) files, \(Table.count(Double(lines))) lines"
        var rows: [Row] = []
        var baseline: (name: String, single: Double, parallel: Double)?
        var measured: [(name: String, single: Double, parallel: Double)] = []
        for engine in engines {
            let single = linesPerSecond(engine, shards: [files], lines: lines)
            let parallel = linesPerSecond(engine, shards: shard(files, Machine.cores), lines: lines)
            guard let single, let parallel else {
                rows.append(Row(section: "lint", measure: "\(engine.name), \(described)", result: "failed to run"))
                continue
            }
            measured.append((engine.name, single, parallel))
            if engine.name == "luacheck" { baseline = (engine.name, single, parallel) }
        }
        for m in measured {
            for (mode, value, base) in [("1 core", m.single, baseline?.single), ("\(Machine.cores) cores", m.parallel, baseline?.parallel)] {
                var row = Row(section: "lint", measure: "\(m.name), \(mode), \(described)",
                              result: "\(Table.count(value)) lines/s")
                if let base, m.name != baseline?.name {
                    row.baseline = "luacheck \(Table.count(base)) lines/s"
                    row.ratio = Table.ratio(value / base)
                    if m.name == "stylerun lint" {
                        row.target = "≥ 2.00×"
                        row.met = value / base >= 2
                    }
                }
                rows.append(row)
            }
        }
        if !engines.contains(where: { $0.name == "stylerun lint" }) {
            rows.append(Row(section: "lint", measure: "stylerun lint", result: "not in this stylerun yet: its parser and luacheck are measured"))
        }
        return rows
    }

    /// Median lines per second over the rounds, all shards running at once; nil if a run failed.
    private func linesPerSecond(_ engine: any LintEngine, shards: [[String]], lines: Int) -> Double? {
        var samples = Samples()
        for _ in 0..<rounds {
            let failed = Failures()
            let ms = milliseconds {
                DispatchQueue.concurrentPerform(iterations: shards.count) { i in
                    if !engine.check(shards[i]) { failed.record() }
                }
            }
            guard !failed.any else { return nil }
            samples.append(Double(lines) / (ms / 1000))
        }
        return samples.median
    }

    private final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func record() { lock.withLock { count += 1 } }
        var any: Bool { lock.withLock { count > 0 } }
    }

    private func shard(_ files: [String], _ n: Int) -> [[String]] {
        var shards = Array(repeating: [String](), count: max(1, min(n, files.count)))
        for (i, f) in files.enumerated() { shards[i % shards.count].append(f) }
        return shards
    }

    /// The stdlib, the examples, and generated stylesheets and tree scripts written to `folder`.
    func corpus(generatedInto folder: String) -> [String] {
        var files: [String] = []
        for dir in ["stdlib", "examples"] {
            let path = repository + "/" + dir
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".lua") }
            files += names.sorted().map { path + "/" + $0 }
        }
        for (i, views) in [10_000, 3_000, 1_000].enumerated() {
            let workload = Workload(views: views)
            let sheet = folder + "/generated-stylesheet-\(i).lua"
            write(workload.luaSource, to: sheet)
            let tree = folder + "/generated-tree-\(i).lua"
            write(Self.treeScript(workload), to: tree)
            files += [sheet, tree]
        }
        return files
    }

    /// The workload's tree as a script that builds it with constructors.
    static func treeScript(_ workload: Workload) -> String {
        var out = "-- Generated by stylebench: the benchmark tree as constructors.\n"
        func render(_ view: View, _ depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            var fields: [String] = []
            if let id = view.id { fields.append("id = \"\(id)\"") }
            if !view.classes.isEmpty { fields.append("class = \"\(view.classes.joined(separator: " "))\"") }
            for literal in view.literals {
                if case .string(let s) = literal.value { fields.append("\(literal.keyPath.path) = \"\(s)\"") }
            }
            let head = "\(indent)\(view.kind.name) { " + fields.joined(separator: ", ")
            if view.children.isEmpty {
                out += head + " },\n"
            } else {
                out += head + ",\n"
                for child in view.children { render(child, depth + 1) }
                out += "\(indent)},\n"
            }
        }
        let root = Trees.forCascade(workload)
        out += "return "
        render(root, 0)
        out.removeLast(2)
        return out + "\n"
    }
}
