#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection to a server, with the few POSIX calls a remote watch makes on it.
///
///     let socket = try ClientSocket.connect(host: "127.0.0.1", port: 7481, timeoutSeconds: 5)
///     _ = socket.write(Array("GET / HTTP/1.1\r\n…".utf8))
///     socket.read(upTo: 4096)    // .bytes([…]), .end, .timedOut or .failed
///
/// Reads wait at most `readTimeoutSeconds` (so a reader can notice it was stopped, and count a
/// silent server's time); writes never raise SIGPIPE.
struct ClientSocket: Sendable {
    let fd: Int32

    /// Why no connection was made, as a sentence's end: "connection refused".
    struct ConnectError: Error, Sendable {
        let reason: String
    }

    enum ReadResult: Equatable {
        case bytes([UInt8])
        case end
        case timedOut
        case failed(String)
    }

    /// Connects to `host` (a name or numeric address) and `port`, trying each address the name
    /// resolves to, each within `timeoutSeconds`.
    static func connect(host: String, port: Int, timeoutSeconds: Double,
                        readTimeoutSeconds: Double = 1) throws(ConnectError) -> ClientSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_flags = AI_NUMERICSERV
        #if os(Linux)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw ConnectError(reason: "cannot find the address '\(host)' (\(String(cString: gai_strerror(status))))")
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { lastError = Self.errorText(); continue }
            if let failure = connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen, timeoutSeconds: timeoutSeconds) {
                lastError = failure
                _ = systemClose(fd)
                continue
            }
            let socket = ClientSocket(fd: fd)
            socket.setTimeouts(seconds: readTimeoutSeconds)
            return socket
        }
        throw ConnectError(reason: lastError)
    }

    /// Connects without blocking for longer than the timeout: nil, or the system's reason.
    private static func connect(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t,
                                timeoutSeconds: Double) -> String? {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(fd, F_SETFL, flags) }
        if systemConnect(fd, address, length) == 0 { return nil }
        guard errno == EINPROGRESS || errno == EINTR else { return errorText() }
        var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let ready = poll(&poller, 1, Int32(max(1, timeoutSeconds * 1000)))
        guard ready > 0 else { return ready == 0 ? "no answer within \(Int(timeoutSeconds)) s" : errorText() }
        var failure: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &size)
        return failure == 0 ? nil : String(cString: strerror(failure))
    }

    private func setTimeouts(seconds: Double) {
        var t = timeval(tv_sec: Int(seconds), tv_usec: .init((seconds - seconds.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &t, socklen_t(MemoryLayout<timeval>.size))
        var w = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &w, socklen_t(MemoryLayout<timeval>.size))
        #if !os(Linux)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Up to `count` bytes, within the read timeout.
    func read(upTo count: Int) -> ReadResult {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, count, 0) }
            if n > 0 { return .bytes(Array(buffer.prefix(n))) }
            if n == 0 { return .end }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return .timedOut }
            return .failed(Self.errorText())
        }
    }

    /// Writes every byte; false when the server has gone.
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, bytes.count - offset, Self.sendFlags) }
            if n > 0 { offset += n; continue }
            if n < 0, errno == EINTR { continue }
            return false
        }
        return true
    }

    /// Ends both directions, waking a thread blocked reading.
    func shutdown() { _ = systemShutdown(fd) }

    func close() { _ = systemClose(fd) }

    #if os(Linux)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let sendFlags: Int32 = 0
    #endif

    static func errorText() -> String { String(cString: strerror(errno)).lowercased() }
}

// The system calls whose names the methods above take for themselves.
private func systemConnect(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}
private func systemShutdown(_ fd: Int32) -> Int32 { shutdown(fd, Int32(SHUT_RDWR)) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
