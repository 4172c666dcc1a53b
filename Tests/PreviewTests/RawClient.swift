#if canImport(Glibc)
import Glibc
#endif
import Foundation
import XCTest

/// A bare TCP client, to send what no polite HTTP library would: malformed and oversized
/// requests, half a request, a client that vanishes.
final class RawClient {
    let fd: Int32

    init(port: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            close(fd)
            throw XCTSkip("cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        var t = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &t, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Everything until the server closes the connection (or 10 s pass).
    func readAll() -> String {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
            if n <= 0 { break }
            out += buffer.prefix(n)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads until `marker` has arrived.
    func read(until marker: String) -> String {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: out, as: UTF8.self).contains(marker) {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
            if n <= 0 { break }
            out += buffer.prefix(n)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether the server closes the connection within `reads` more reads (each what arrives
    /// next: a keep-alive, say), so that a stream left open fails instead of reading for ever.
    func isClosed(within reads: Int) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<reads {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
            if n == 0 { return true }
            if n < 0 { return errno == ECONNRESET }
        }
        return false
    }

    /// Sends one request and returns the whole response.
    static func request(_ text: String, port: Int) throws -> String {
        let client = try RawClient(port: port)
        client.send(text)
        return client.readAll()
    }
}

/// Waits up to `seconds` for `condition`.
func eventually(_ seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}
