import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process run to completion under operating-system limits, with its output collected.
///
///     let outcome = try ChildProcess.run(executable: "/proc/self/exe", arguments: ["__child", "app.lua"],
///                                        limits: .init(addressSpace: 1 << 30, cpuSeconds: 10, wallClock: 15))
///     if case .signaled(let signal) = outcome.termination { print("crashed with signal \(signal)") }
///
/// The limits are applied to the child with `prlimit` as soon as it exists, before its standard
/// input is written and closed: a child that must never run unlimited reads its standard input
/// to the end before it starts its work (`stylerun __child` does). The wall-clock limit is
/// enforced by killing the child (SIGKILL).
public enum ChildProcess {
    /// What the operating system enforces on the child; nil leaves a limit as inherited.
    public struct ResourceLimits: Sendable, Hashable {
        /// RLIMIT_AS, in bytes: allocations past it fail.
        public var addressSpace: Int?
        /// RLIMIT_CPU, in seconds: SIGXCPU at the limit, SIGKILL a second later.
        public var cpuSeconds: Int?
        /// Seconds from the start after which the child is killed.
        public var wallClock: Double?
        /// Seconds the child may go without writing to standard output (counted from the start,
        /// then from its last write) before it is killed: a per-item wall clock for a child that
        /// reports each item of a batch as it finishes it.
        public var silence: Double?

        public init(addressSpace: Int? = nil, cpuSeconds: Int? = nil, wallClock: Double? = nil, silence: Double? = nil) {
            self.addressSpace = addressSpace
            self.cpuSeconds = cpuSeconds
            self.wallClock = wallClock
            self.silence = silence
        }
    }

    /// How the child ended.
    public enum Termination: Sendable, Hashable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it (a crash, or SIGXCPU/SIGKILL at the CPU limit).
        case signaled(Int32)
        /// It ran past the wall-clock limit (or was silent past `silence`) and was killed.
        case timedOut(seconds: Double)
    }

    /// Everything the child wrote, and how it ended.
    public struct Outcome: Sendable {
        public var stdout: Data
        public var stderr: Data
        public var termination: Termination
    }

    /// A spawn that failed before the child ran (no such executable, out of processes).
    public struct SpawnError: Error, CustomStringConvertible {
        public var operation: String
        public var code: Int32
        public var description: String { "\(operation) failed: \(String(cString: strerror(code)))" }
    }

    /// The running executable, to re-execute it in an internal mode.
    public static var currentExecutable: String {
        #if os(Linux)
        return "/proc/self/exe"
        #else
        return CommandLine.arguments.first ?? "stylerun"
        #endif
    }

    /// Runs `executable` with `arguments` (without the program name), waits for it and returns
    /// its output.
    ///
    /// - Parameters:
    ///   - environment: added to (or replacing) this process's environment.
    ///   - input: written to the child's standard input after the limits are applied; then it is
    ///     closed.
    /// - Throws: `SpawnError` when the child could not be started.
    public static func run(executable: String, arguments: [String], environment: [String: String] = [:],
                           limits: ResourceLimits = .init(), input: Data = Data()) throws(SpawnError) -> Outcome {
        let started = monotonicSeconds()
        // A socket pair for standard input: writing to it after the child is gone is EPIPE with
        // MSG_NOSIGNAL, not a SIGPIPE that would end this process.
        var inputPair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &inputPair) == 0 else {
            throw SpawnError(operation: "socketpair", code: errno)
        }
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        // Close-on-exec, so that children spawned meanwhile by other threads do not keep them open.
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0,
              (outPipe + errPipe).allSatisfy({ fcntl($0, F_SETFD, FD_CLOEXEC) == 0 }) else {
            let code = errno
            for fd in inputPair + outPipe + errPipe where fd >= 0 { close(fd) }
            throw SpawnError(operation: "pipe", code: code)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Default signal handling and an empty mask in the child, whatever this process set.
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        let argv = [executable] + arguments
        let envp = env.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let status = withCStrings(argv) { cArgv in
            withCStrings(envp) { cEnvp in posix_spawn(&pid, executable, &actions, &attributes, cArgv, cEnvp) }
        }
        close(inputPair[1])
        close(outPipe[1])
        close(errPipe[1])
        guard status == 0 else {
            close(inputPair[0]); close(outPipe[0]); close(errPipe[0])
            throw SpawnError(operation: "posix_spawn '\(executable)'", code: status)
        }

        // A child that could not be limited is not run: the limits are the point of isolating it.
        if let failure = apply(limits, to: pid) {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            close(inputPair[0]); close(outPipe[0]); close(errPipe[0])
            throw failure
        }
        return collect(pid: pid, input: input, inputFD: inputPair[0], outFD: outPipe[0], errFD: errPipe[0],
                       deadline: limits.wallClock.map { started + $0 }, silence: limits.silence, started: started)
    }

    // MARK: Limits

    /// glibc's `prlimit(2)` wrapper, which Swift's Glibc module does not declare (it is a GNU
    /// extension); looked up once by name.
    private typealias PrlimitFunction = @convention(c) (pid_t, Int32, UnsafePointer<rlimit>?, UnsafeMutablePointer<rlimit>?) -> Int32
    private static let prlimitFunction: PrlimitFunction? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prlimit") else { return nil }  // RTLD_DEFAULT
        return unsafeBitCast(symbol, to: PrlimitFunction.self)
    }()

    /// Applies the limits; the error of the first that could not be applied, else nil.
    static func apply(_ limits: ResourceLimits, to pid: pid_t) -> SpawnError? {
        guard limits.addressSpace != nil || limits.cpuSeconds != nil else { return nil }
        guard let prlimit = prlimitFunction else { return SpawnError(operation: "prlimit (not in this C library)", code: ENOSYS) }
        if let bytes = limits.addressSpace {
            var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
            if prlimit(pid, Int32(RLIMIT_AS.rawValue), &limit, nil) != 0 { return SpawnError(operation: "prlimit (address space)", code: errno) }
        }
        if let seconds = limits.cpuSeconds {
            // The soft limit sends SIGXCPU; the hard limit, a second later, SIGKILL.
            var limit = rlimit(rlim_cur: rlim_t(seconds), rlim_max: rlim_t(seconds + 1))
            if prlimit(pid, Int32(RLIMIT_CPU.rawValue), &limit, nil) != 0 { return SpawnError(operation: "prlimit (CPU time)", code: errno) }
        }
        return nil
    }

    // MARK: Collecting output

    /// Feeds standard input and drains standard output and error until the child closes them
    /// (or the deadline passes and it is killed), then reaps it.
    private static func collect(pid: pid_t, input: Data, inputFD: Int32, outFD: Int32, errFD: Int32,
                                deadline: Double?, silence: Double?, started: Double) -> Outcome {
        var stdout = Data(), stderr = Data()
        var pending = input
        let inFD: Int32 = inputFD
        if pending.isEmpty { shutdown(inFD, Int32(SHUT_WR)) }
        var open: [Int32] = [outFD, errFD]
        var timedOut = false
        var buffer = [UInt8](repeating: 0, count: 65536)
        var lastOutput = started
        while !open.isEmpty {
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if !pending.isEmpty { fds.append(pollfd(fd: inFD, events: Int16(POLLOUT), revents: 0)) }
            var timeout: Int32 = -1
            let quiet = silence.map { lastOutput + $0 }
            if let deadline = [deadline, quiet].compactMap({ $0 }).min() {
                let left = deadline - monotonicSeconds()
                if left <= 0 {
                    kill(pid, SIGKILL)
                    timedOut = true
                    break
                }
                timeout = Int32(min(left * 1000, 1000).rounded(.up))
            }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            for entry in fds where entry.revents != 0 {
                if entry.fd == inFD {
                    let written = pending.withUnsafeBytes { send(inFD, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    if written > 0 { pending.removeFirst(written) }
                    if written < 0 && errno != EINTR && errno != EAGAIN { pending.removeAll() }
                    if pending.isEmpty { shutdown(inFD, Int32(SHUT_WR)) }
                    continue
                }
                let n = read(entry.fd, &buffer, buffer.count)
                if n > 0 {
                    if entry.fd == outFD {
                        stdout.append(buffer, count: n)
                        lastOutput = monotonicSeconds()
                    } else {
                        stderr.append(buffer, count: n)
                    }
                } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                    close(entry.fd)
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
        for fd in open { close(fd) }
        close(inFD)

        var status: Int32 = 0
        // The child closed its output; it may still be running (it could close them early).
        while true {
            let reaped = waitpid(pid, &status, timedOut ? 0 : WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { break }
            if let deadline, monotonicSeconds() > deadline, !timedOut {
                kill(pid, SIGKILL)
                timedOut = true
                continue
            }
            usleep(1000)
        }
        let termination: Termination
        if timedOut {
            termination = .timedOut(seconds: monotonicSeconds() - started)
        } else if status & 0x7F == 0 {
            termination = .exited((status >> 8) & 0xFF)  // WIFEXITED, WEXITSTATUS
        } else {
            termination = .signaled(status & 0x7F)       // WTERMSIG
        }
        return Outcome(stdout: stdout, stderr: stderr, termination: termination)
    }

    // MARK: Helpers

    private static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// A NULL-terminated array of C strings for `body`, freed afterwards.
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { for p in pointers { free(p) } }
        return body(pointers)
    }
}
