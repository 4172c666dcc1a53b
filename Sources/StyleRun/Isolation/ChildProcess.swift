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
    ///   - isCancelled: asked every 20 ms while the child runs; when it returns true the child is
    ///     killed, and the outcome is `.timedOut`.
    /// - Throws: `SpawnError` when the child could not be started.
    public static func run(executable: String, arguments: [String], environment: [String: String] = [:],
                           limits: ResourceLimits = .init(), input: Data = Data(),
                           isCancelled: (@Sendable () -> Bool)? = nil) throws(SpawnError) -> Outcome {
        let started = monotonicSeconds()
        let fds = try openPipes()
        let inputPair = fds.input, outPipe = fds.output, errPipe = fds.error

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

        return try limit(pid, limits, fds: fds, started: started, input: input, isCancelled: isCancelled)
    }

    /// The pipes of a child: a socket pair for standard input (writing to it after the child is
    /// gone is EPIPE with MSG_NOSIGNAL, not a SIGPIPE that would end this process), pipes for
    /// its output and error; all close-on-exec, so that children spawned meanwhile by other
    /// threads do not keep them open. The parent's ends are `[0]`.
    private static func openPipes() throws(SpawnError) -> (input: [Int32], output: [Int32], error: [Int32]) {
        var inputPair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &inputPair) == 0 else {
            throw SpawnError(operation: "socketpair", code: errno)
        }
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0,
              (outPipe + errPipe).allSatisfy({ fcntl($0, F_SETFD, FD_CLOEXEC) == 0 }) else {
            let code = errno
            for fd in inputPair + outPipe + errPipe where fd >= 0 { close(fd) }
            throw SpawnError(operation: "pipe", code: code)
        }
        // The child's ends are [1]; the input pair's [1] is the child's standard input.
        return (input: [inputPair[0], inputPair[1]], output: outPipe, error: errPipe)
    }

    /// Applies the limits to the started child, then collects its output.
    private static func limit(_ pid: pid_t, _ limits: ResourceLimits, fds: (input: [Int32], output: [Int32], error: [Int32]),
                              started: Double, input: Data, isCancelled: (@Sendable () -> Bool)?) throws(SpawnError) -> Outcome {
        // A child that could not be limited is not run: the limits are the point of isolating it.
        if let failure = apply(limits, to: pid) {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            close(fds.input[0]); close(fds.output[0]); close(fds.error[0])
            throw failure
        }
        return collect(pid: pid, input: input, inputFD: fds.input[0], outFD: fds.output[0], errFD: fds.error[0],
                       deadline: limits.wallClock.map { started + $0 }, silence: limits.silence, started: started,
                       isCancelled: isCancelled)
    }

    /// Runs `body` in a copy of this process made by `fork`, under the same limits and with
    /// the same collecting of its output as `run`; the copy's exit status is what `body` returns.
    ///
    /// The copy starts from this process as it is (the runtime loaded, the arguments parsed), so
    /// it skips what a new executable pays at every start. It begins with default signal
    /// handling and an empty mask (a crash ends it with its signal, as in a spawned child),
    /// standard input, output and error on the collecting pipes, and waits for standard input
    /// to close, which happens once the limits are applied. `body` must write only through file
    /// descriptors (never through C stdio buffers) and must not return to its caller's frames:
    /// the copy ends with `_exit` when it returns.
    ///
    /// - Returns: nil, without forking, when this process runs other threads (a copy of a
    ///   multithreaded process could inherit a lock another thread held): then use `run`.
    public static func fork(limits: ResourceLimits = .init(), body: () -> Int32) throws(SpawnError) -> Outcome? {
        guard isSingleThreaded else { return nil }
        let started = monotonicSeconds()
        let fds = try openPipes()
        // Every signal is held from before the fork until the copy has the default handlers: a
        // signal in between would otherwise run this process's handlers (Swift's backtracer for
        // SIGSEGV) in the copy, which then hangs instead of dying of it.
        var all = sigset_t(), previous = sigset_t()
        sigfillset(&all)
        sigprocmask(SIG_SETMASK, &all, &previous)
        let pid = Glibc.fork()
        if pid == 0 {
            // The copy: its standard descriptors on the pipes, the parent's ends closed.
            dup2(fds.input[1], 0)
            dup2(fds.output[1], 1)
            dup2(fds.error[1], 2)
            for fd in fds.input + fds.output + fds.error where fd > 2 { close(fd) }
            var none = sigset_t()
            sigemptyset(&none)
            for number in 1..<Int32(32) where number != SIGKILL && number != SIGSTOP { signal(number, SIG_DFL) }
            sigprocmask(SIG_SETMASK, &none, nil)
            // Nothing runs before the limits are in place: the parent closes standard input then.
            var byte: UInt8 = 0
            while true {
                let n = read(0, &byte, 1)
                if n == 0 || (n < 0 && errno != EINTR) { break }
            }
            _exit(body())
        }
        sigprocmask(SIG_SETMASK, &previous, nil)
        close(fds.input[1])
        close(fds.output[1])
        close(fds.error[1])
        guard pid > 0 else {
            let code = errno
            close(fds.input[0]); close(fds.output[0]); close(fds.error[0])
            throw SpawnError(operation: "fork", code: code)
        }
        return try limit(pid, limits, fds: fds, started: started, input: Data(), isCancelled: nil)
    }

    /// Whether this process runs a single thread (from /proc/self/stat's thread count).
    static var isSingleThreaded: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return false }
        // After the command name: state, ppid, … num_threads is the 18th field from there.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return fields.count > 17 && fields[17] == "1"
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
                                deadline: Double?, silence: Double?, started: Double,
                                isCancelled: (@Sendable () -> Bool)?) -> Outcome {
        var stdout = Data(), stderr = Data()
        var pending = input
        let inFD: Int32 = inputFD
        if pending.isEmpty { shutdown(inFD, Int32(SHUT_WR)) }
        var open: [Int32] = [outFD, errFD]
        var timedOut = false
        var buffer = [UInt8](repeating: 0, count: 65536)
        var lastOutput = started
        while !open.isEmpty {
            if let isCancelled, isCancelled() {
                kill(pid, SIGKILL)
                timedOut = true
                break
            }
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
            // A caller that may cancel is asked again at least every 20 ms.
            if isCancelled != nil { timeout = timeout < 0 ? 20 : min(timeout, 20) }
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
        // The child closed its output; it may still be running (it could close them early), or
        // be a moment from its end: look again after 50 µs, then less and less often.
        var pause: UInt32 = 50
        while true {
            let reaped = waitpid(pid, &status, timedOut ? 0 : WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { break }
            if let deadline, monotonicSeconds() > deadline, !timedOut {
                kill(pid, SIGKILL)
                timedOut = true
                continue
            }
            usleep(pause)
            pause = min(pause * 2, 1000)
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
