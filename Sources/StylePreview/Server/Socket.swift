#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket's file descriptor with the few POSIX calls the server makes on it.
///
///     let listener = try Socket.listen(host: "127.0.0.1", port: 0)
///     listener.localPort    // the port the system chose
///
/// Reads and writes have timeouts, so a client that stops reading or sending cannot hold a
/// thread for ever; writes never raise SIGPIPE when the client has gone.
struct Socket: Sendable {
    let fd: Int32

    /// Why the server could not start listening.
    enum ListenError: Error, Equatable, CustomStringConvertible {
        case cannotResolve(host: String, reason: String)
        case cannotBind(host: String, port: Int, reason: String)

        var description: String {
            switch self {
            case .cannotResolve(let host, let reason): "cannot use the address '\(host)': \(reason)"
            case .cannotBind(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
            }
        }
    }

    /// A socket listening on `host` (a name or numeric address) and `port` (0: any free one).
    static func listen(host: String, port: Int) throws(ListenError) -> Socket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        #if os(Linux)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .cannotResolve(host: host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { lastError = Self.errorText(); continue }
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            if bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, systemListen(fd, 128) == 0 {
                return Socket(fd: fd)
            }
            lastError = Self.errorText()
            _ = systemClose(fd)
        }
        throw .cannotBind(host: host, port: port, reason: lastError)
    }

    /// The port the socket is bound to.
    var localPort: Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard ok == 0 else { return 0 }
        let family = storage.ss_family
        return withUnsafePointer(to: storage) { pointer -> Int in
            if family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }

    /// The next connection and its peer's address (`127.0.0.1`, `::1`), or nil once the
    /// listener was shut down.
    func accept() -> (socket: Socket, address: String)? {
        while true {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let client = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemAccept(fd, $0, &length) }
            }
            if client >= 0 { return (Socket(fd: client), Self.numericHost(&storage, length: length)) }
            if errno == EINTR || errno == ECONNABORTED || errno == EMFILE || errno == ENFILE {
                if errno == EMFILE || errno == ENFILE { usleep(50_000) }  // out of descriptors: wait for some to close
                continue
            }
            return nil
        }
    }

    /// The numeric host of a socket address (without the port).
    private static func numericHost(_ storage: inout sockaddr_storage, length: socklen_t) -> String {
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let status = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST)
            }
        }
        guard status == 0 else { return "unknown" }
        // The name ends at its terminating zero.
        let bytes = host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Gives reads and writes a timeout.
    func setTimeouts(seconds: Int) {
        var t = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &t, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &t, socklen_t(MemoryLayout<timeval>.size))
        #if !os(Linux)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Up to `count` bytes; empty at the end of the stream; nil on an error or timeout.
    func read(upTo count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, count, 0) }
            if n >= 0 { return Array(buffer.prefix(n)) }
            if errno == EINTR { continue }
            return nil
        }
    }

    /// Writes every byte; false when the client has gone or stopped reading.
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

    /// Whether the peer has closed its end (checked without waiting or consuming data).
    var peerHasClosed: Bool {
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if n == 0 { return true }
        return n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR
    }

    /// Ends both directions, waking any thread blocked on the socket.
    func shutdown() { _ = systemShutdown(fd) }

    func close() { _ = systemClose(fd) }

    #if os(Linux)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let sendFlags: Int32 = 0
    #endif

    static func errorText() -> String { String(cString: strerror(errno)) }
}

// The system calls whose names the methods above take for themselves.
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func systemAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>) -> Int32 {
    accept(fd, address, length)
}
private func systemShutdown(_ fd: Int32) -> Int32 { shutdown(fd, Int32(SHUT_RDWR)) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
