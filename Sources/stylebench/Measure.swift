#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Nanoseconds on the monotonic clock.
func monotonicNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

/// Milliseconds one call of `body` takes.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    try timed(body).milliseconds
}

/// `body`'s result and how long it took: the result is let go by the caller, outside the timing.
func timed<T>(_ body: () throws -> T) rethrows -> (result: T, milliseconds: Double) {
    let start = monotonicNanoseconds()
    let result = try body()
    return (result, Double(monotonicNanoseconds() - start) / 1_000_000)
}

/// Repeated measurements of one thing, in milliseconds (or any unit).
struct Samples {
    private(set) var values: [Double] = []

    mutating func append(_ x: Double) { values.append(x) }

    var count: Int { values.count }
    var median: Double { quantile(0.5) }
    var p99: Double { quantile(0.99) }
    var q1: Double { quantile(0.25) }
    var q3: Double { quantile(0.75) }

    /// Linear interpolation between the closest ranks.
    func quantile(_ q: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down)), upper = Int(position.rounded(.up))
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }
}

/// The machine the run is on, as the table's header shows it.
enum Machine {
    static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    static var cpuModel: String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown CPU" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown CPU"
    }

    static var memory: String {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemTotal:") }),
              let kib = Double(line.split(separator: " ")[1]) else { return "?" }
        return String(format: "%.1f GiB", kib / 1_048_576)
    }

    static var load: String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))
            .map { $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? "?"
    }

    /// Resident pages of this process, from /proc/self/statm.
    static var residentBytes: Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }
}

/// Running other programs with posix_spawn: what `start`, `lint` and the memory probe time.
enum Spawn {
    /// Runs `path` with `arguments`, output discarded (or captured); returns its exit status
    /// and, when captured, its standard output.
    @discardableResult
    static func run(_ path: String, _ arguments: [String], capture: Bool = false,
                    environment: [String: String]? = nil) -> (status: Int32, output: String) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipe: [Int32] = [-1, -1]
        if capture {
            _ = Glibc.pipe(&pipe)
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipe[0])
            posix_spawn_file_actions_addclose(&actions, pipe[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let env = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { env?.forEach { free($0) } }
        var pid = pid_t()
        let spawned = env.map { e in posix_spawn(&pid, path, &actions, nil, argv, e) }
            ?? posix_spawn(&pid, path, &actions, nil, argv, environ)
        var output = ""
        if capture {
            close(pipe[1])
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(pipe[0], &buffer, buffer.count)
                if n <= 0 { break }
                data.append(buffer, count: n)
            }
            close(pipe[0])
            output = String(decoding: data, as: UTF8.self)
        }
        guard spawned == 0 else { return (127, output) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, output)
    }

    /// The absolute path of a program on `PATH`, or nil.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}

/// Writes a generated file; the benchmark cannot go on without it.
func write(_ text: String, to path: String) {
    do {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        fail("cannot write \(path): \(error.localizedDescription)")
    }
}
