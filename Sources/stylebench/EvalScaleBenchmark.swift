#if canImport(Glibc)
import Glibc
#endif
import Foundation
import StyleRun

/// How the whole path of `stylerun screen.lua` grows with the screen: the generated screen
/// script (`Workload.screenSource`) at about 100,000, 300,000 and 1,000,000 views, each in a
/// child process of its own (so no size reuses another's heap): evaluate + build the views,
/// style them, write the tree text to a sink that counts it, with the CPU time of each step
/// (user and system, so page faults count; the shared machine's other work does not) and the
/// process's peak resident memory. Beside each, plain `lua5.4` running the same file over the
/// stand-ins (its CPU time, start included, and peak memory), the linear floor. The ratios are against the first
/// size, in the same run.
struct EvalScaleBenchmark {
    let quick: Bool

    /// The limits a million-view screen needs (REFERENCE §1.11): 4 GiB (its script cap is then
    /// 256 MiB), ten minutes, and instructions to spare.
    static func runtime() -> Runtime {
        let runtime = Runtime()
        runtime.limits.seconds = 600
        runtime.limits.memory = 4096 << 20
        runtime.limits.instructions = 100_000_000_000
        return runtime
    }

    /// One size's figures.
    struct Figures {
        var views = 0
        var evaluateMs = 0.0, styleMs = 0.0, outputMs = 0.0
        var peakKiB = 0.0, baseKiB = 0.0
        var wholeMs: Double { evaluateMs + styleMs + outputMs }
        var memoryKiB: Double { peakKiB - baseKiB }
    }

    func run() -> [Row] {
        let sizes = quick ? [10_000, 100_000] : [100_000, 300_000, 1_000_000]
        let rounds = quick ? 1 : 3
        let folder = NSTemporaryDirectory() + "stylebench-evalscale-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let standIns = folder + "/standins.lua", peak = folder + "/peak.lua"
        write(Workload.standInPrelude, to: standIns)
        write(Self.peakWrapper, to: peak)
        let lua = Spawn.which("lua5.4")
        var screens: [(path: String, bytes: Int)] = []
        for size in sizes {
            let screen = folder + "/screen-\(size).lua"
            write(Workload(views: size).screenSource(), to: screen)
            screens.append((screen, (try? FileManager.default.attributesOfItem(atPath: screen)[.size] as? Int) ?? 0))
        }
        // The rounds go through every size in turn, so a busy moment of the machine falls on
        // all of them; each figure is the median of its rounds.
        var measured = Array(repeating: [Figures](), count: sizes.count)
        var plainMs = Array(repeating: Samples(), count: sizes.count), plainKiB = Array(repeating: Samples(), count: sizes.count)
        for _ in 0..<rounds {
            for (i, screen) in screens.enumerated() {
                let output = Spawn.run(MemoryBenchmark.executable, ["--evalscale-probe", screen.path], capture: true)
                let fields = output.output.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                guard output.status == 0, fields.count == 6 else { fail("the evalscale probe failed on \(screen.path): \(output.output)") }
                measured[i].append(Figures(views: Int(fields[0]), evaluateMs: fields[1], styleMs: fields[2], outputMs: fields[3],
                                           peakKiB: fields[4], baseKiB: fields[5]))
                if let lua {
                    let (status, cpu, output) = Self.spawnMeasuringCPU(lua, [peak, standIns, screen.path])
                    guard status == 0, let kib = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                        fail("lua5.4 \(standIns) \(screen.path) failed: \(output)")
                    }
                    plainMs[i].append(cpu)
                    plainKiB[i].append(kib)
                }
            }
        }
        var rows: [Row] = []
        var first: (Figures, whole: Double, lua: (ms: Double, kib: Double)?)?
        for (i, runs) in measured.enumerated() {
            func median(_ value: (Figures) -> Double) -> Double {
                var samples = Samples()
                for f in runs { samples.append(value(f)) }
                return samples.median
            }
            let f = Figures(views: runs[0].views, evaluateMs: median(\.evaluateMs), styleMs: median(\.styleMs),
                            outputMs: median(\.outputMs), peakKiB: median(\.memoryKiB), baseKiB: 0)
            let whole = median(\.wholeMs)
            let plain: (ms: Double, kib: Double)? = lua == nil ? nil : (plainMs[i].median, plainKiB[i].median)
            let n = Table.count(Double(f.views))
            let perView = { (ms: Double) in String(format: "%.2f µs/view", ms * 1000 / Double(f.views)) }
            let mib = { (kib: Double) in String(format: "%.0f MiB", kib / 1024) }
            let viewsRatio = first.map { " for " + Table.ratio(Double(f.views) / Double($0.0.views)) + " views" } ?? ""
            let of = rounds > 1 ? ", median of \(rounds)" : ""
            func step(_ name: String, _ value: KeyPath<Figures, Double>) -> Row {
                Row(section: "evalscale", measure: "\(name), \(n) views", result: "\(Table.ms(f[keyPath: value])) (\(perView(f[keyPath: value])))",
                    baseline: first.map { "\(Table.count(Double($0.0.views))) views \(Table.ms($0.0[keyPath: value]))" } ?? "",
                    ratio: first.map { Table.ratio(f[keyPath: value] / $0.0[keyPath: value]) + viewsRatio } ?? "")
            }
            rows.append(step("evaluate + build (\(String(format: "%.1f MB", Double(screens[i].bytes) / 1e6)) script, in process)", \.evaluateMs))
            rows.append(step("style", \.styleMs))
            rows.append(step("tree text", \.outputMs))
            var wholeRow = Row(section: "evalscale", measure: "evaluate + build + style + output, \(n) views\(of)",
                               result: "\(Table.ms(whole)) (\(perView(whole)))")
            var memory = Row(section: "evalscale", measure: "peak resident memory, \(n) views\(of)",
                             result: "\(mib(f.memoryKiB)) (\(String(format: "%.2f KiB/view", f.memoryKiB / Double(f.views))))")
            if let (base, baseWhole, _) = first {
                let timeRatio = whole / baseWhole, memoryRatio = f.memoryKiB / base.memoryKiB
                let scaled = Double(f.views) / Double(base.views) / 10  // the targets are for 10× the views
                wholeRow.baseline = "\(Table.count(Double(base.views))) views \(Table.ms(baseWhole))"
                wholeRow.ratio = Table.ratio(timeRatio) + viewsRatio
                memory.baseline = "\(Table.count(Double(base.views))) views \(mib(base.memoryKiB))"
                memory.ratio = Table.ratio(memoryRatio) + viewsRatio
                if f.views >= base.views * 9 {
                    wholeRow.target = "≤ " + Table.ratio(11 * scaled); wholeRow.met = timeRatio <= 11 * scaled
                    memory.target = "≤ " + Table.ratio(10.5 * scaled); memory.met = memoryRatio <= 10.5 * scaled
                }
            }
            rows += [wholeRow, memory]
            if let plain {
                var row = Row(section: "evalscale", measure: "lua5.4 + stand-ins, \(n) views, whole process\(of)",
                              result: "\(Table.ms(plain.ms)) (\(perView(plain.ms))), peak \(mib(plain.kib))")
                if let (base, _, basePlain) = first, let basePlain {
                    row.baseline = "\(Table.count(Double(base.views))) views \(Table.ms(basePlain.ms)), \(mib(basePlain.kib))"
                    row.ratio = "time " + Table.ratio(plain.ms / basePlain.ms) + ", memory " + Table.ratio(plain.kib / basePlain.kib) + viewsRatio
                }
                rows.append(row)
            }
            if first == nil { first = (f, whole, plain) }
        }
        return rows
    }

    /// In the child: evaluates the screen at `path` with `limits`, styles its tree and writes
    /// its tree text to a counting sink; prints `views evaluateMs styleMs outputMs peakKiB
    /// baseKiB` (peak: the process's resident high-water mark; base: resident before evaluating).
    static func probe(_ path: String) {
        let base = Double(Machine.residentBytes) / 1024
        let runtime = runtime()
        var sheet: LoadedStylesheet?
        let evaluate = cpuMilliseconds {
            do { sheet = try runtime.load(file: path) } catch { fail("the screen does not load:\n\(error)") }
        }
        var root: View?
        let style = cpuMilliseconds {
            do { root = try sheet!.applyToOwnTree(recordingProvenance: false) } catch { fail("the screen does not style:\n\(error)") }
        }
        var counted = 0
        let output = cpuMilliseconds { TreeTextRenderer().write(root!) { counted &+= $0.count } }
        guard counted > 0 else { fail("the tree text of \(path) is empty") }
        withExtendedLifetime((sheet, root)) {
            print(viewCount(root!), evaluate, style, output, peakResidentKiB, base)
        }
    }

    /// The CPU time `body` takes in this process (user and system: page faults count), in
    /// milliseconds: unlike wall time, not stretched when the shared machine runs other work.
    static func cpuMilliseconds(_ body: () -> Void) -> Double {
        func now() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
            return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
        }
        let start = now()
        body()
        return now() - start
    }

    /// The views of the tree under `root`, itself included.
    static func viewCount(_ root: View) -> Int {
        var stack = [root], n = 0
        while let view = stack.popLast() {
            n += 1
            stack += view.children
        }
        return n
    }

    /// VmHWM of this process, in KiB.
    static var peakResidentKiB: Double {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kib = Double(line.split(separator: " ", omittingEmptySubsequences: true)[1]) else { return .nan }
        return kib
    }

    /// Runs the stand-ins over a screen (`lua5.4 peak.lua standins.lua screen.lua`) and prints
    /// the process's resident high-water mark in KiB. Read inside the process: `wait4`'s
    /// `ru_maxrss` of a child started by `posix_spawn` counts the parent's memory, which the
    /// child shared until it ran `exec`.
    static let peakWrapper = """
    local standins, screen = arg[1], arg[2]
    arg = { [0] = standins, screen }
    dofile(standins)
    for line in io.lines("/proc/self/status") do
      local kib = line:match("^VmHWM:%s*(%d+)")
      if kib then print(kib) end
    end
    """

    /// Runs `path`; its exit status, CPU time in milliseconds (user and system, `wait4`'s
    /// `ru_utime` and `ru_stime`) and standard output.
    static func spawnMeasuringCPU(_ path: String, _ arguments: [String]) -> (Int32, Double, String) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipe: [Int32] = [-1, -1]
        _ = Glibc.pipe(&pipe)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(pipe[1])
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(pipe[0], &buffer, buffer.count)
            if n <= 0 { break }
            data.append(buffer, count: n)
        }
        close(pipe[0])
        guard spawned == 0 else { return (127, 0, "") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let cpu = { (t: timeval) in Double(t.tv_sec) * 1e3 + Double(t.tv_usec) / 1e3 }
        return (exitStatus, cpu(usage.ru_utime) + cpu(usage.ru_stime), String(decoding: data, as: UTF8.self))
    }
}
