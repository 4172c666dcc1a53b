import Foundation

/// A small HTTP/1.1 server over POSIX sockets: one thread per connection, one request per
/// connection, and event streams that stay open.
///
///     let server = try HTTPServer(host: "127.0.0.1", port: 0) { request in
///         request.path == "/" ? .response(.text(200, "hello")) : .response(.text(404, "no"))
///     }
///     server.start()
///     print(server.port)
///     server.stop()
///
/// What it refuses, and how: a malformed or oversized head gets its 4xx (`HTTPRequest`), a
/// `Host` the policy does not name, or an `Origin` other than its own, gets 403 (`HostPolicy`),
/// a head not whole within `limits.timeoutSeconds` (on the injected clock) is dropped, and a
/// client silent that long is dropped. Crowding is `ConnectionTable`'s: requests and event
/// streams are counted apart, one address cannot take every request, and the oldest
/// connection still sending its head makes room for a new one; 503 only when every request is
/// being answered. A client that vanishes is noticed at the next write or keep-alive (every
/// `limits.keepAliveSeconds`) and its thread ends.
public final class HTTPServer: @unchecked Sendable {
    /// What the handler answers a request with.
    public enum Reply: Sendable {
        /// A complete response.
        case response(HTTPResponse)
        /// An event stream of `hub`'s messages, open until the client or the server goes.
        case events(EventHub)
    }

    /// How many clients, how patient, how often a keep-alive.
    public struct Limits: Sendable {
        /// Requests (connections reading a head or being answered) open at once.
        public var maximumConnections = 64
        /// Requests from one address open at once.
        public var maximumConnectionsPerAddress = 32
        /// Event streams open at once, apart from the requests.
        public var maximumEventStreams = 16
        /// How long a read or write may wait before the client is dropped, and how long a
        /// client has to send its whole head.
        public var timeoutSeconds = 10
        /// How long an event stream stays silent before a keep-alive comment.
        public var keepAliveSeconds = 5.0

        public init() {}
        public static let `default` = Limits()
    }

    public let limits: Limits

    /// The port it listens on (the system's choice when asked for 0).
    public let port: Int
    public let hostPolicy: HostPolicy
    private let listener: Socket
    private let handler: @Sendable (HTTPRequest) -> Reply
    /// Seconds on a monotonic clock; injected so that tests of the head's deadline need not wait.
    private let clock: @Sendable () -> Double
    // Guarded by `lock`: the open connections, so that `stop()` can wake their threads, and
    // which of them to close when crowded.
    private let lock = NSLock()
    private var open: [Int32: Socket] = [:]
    private var table: ConnectionTable
    private var stopped = false

    /// Binds `host`:`port`; nothing is served until `start()`.
    ///
    /// - Throws: `HTTPServer.StartError` when the address cannot be used or the port is taken.
    ///
    /// - Parameter clock: seconds on a clock that never goes back (the system's uptime by default).
    public init(host: String, port: Int, limits: Limits = .default,
                clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime },
                handler: @escaping @Sendable (HTTPRequest) -> Reply) throws(StartError) {
        self.limits = limits
        self.clock = clock
        self.table = ConnectionTable(limits: limits)
        do throws(Socket.ListenError) {
            listener = try Socket.listen(host: host, port: port)
        } catch {
            throw StartError(message: error.description)
        }
        self.port = listener.localPort
        self.hostPolicy = HostPolicy(boundHost: host, port: self.port)
        self.handler = handler
        signal(SIGPIPE, SIG_IGN)
    }

    /// Why the server could not start: the address, and the system's reason.
    public struct StartError: Error, CustomStringConvertible, Sendable {
        public let message: String
        public var description: String { message }
    }

    /// Starts accepting connections on a thread of its own.
    public func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "stylerun.preview.accept"
        thread.start()
    }

    /// Stops accepting, closes every connection (ending event streams) and returns. Calling it
    /// again does nothing.
    public func stop() {
        // Under the lock, as closing is: a descriptor is never shut down after it was closed
        // and perhaps reused for another file.
        lock.withLock {
            guard !stopped else { return }
            stopped = true
            listener.shutdown()
            open.values.forEach { $0.shutdown() }
        }
    }

    /// The number of connections open now (requests, event streams, and those closing).
    public var connectionCount: Int { lock.withLock { open.count } }

    /// The number of event streams open now.
    public var eventStreamCount: Int { lock.withLock { table.count(.streaming) } }

    private func acceptLoop() {
        while let (client, address) = listener.accept() {
            // The head's deadline runs from here, before the connection's thread starts.
            let deadline = clock() + Double(limits.timeoutSeconds)
            let admission: ConnectionTable.Admission? = lock.withLock {
                if stopped { return nil }
                let admission = table.admit(client.fd, address: address)
                if case .admitted(let closing) = admission {
                    open[client.fd] = client
                    for fd in closing { open[fd]?.shutdown() }
                }
                return admission
            }
            guard let admission else {
                client.close()
                break
            }
            client.setTimeouts(seconds: limits.timeoutSeconds)
            guard admission != .refused else {
                _ = client.write(HTTPResponse.text(503, "Too many connections; try again.").serialized(forHead: false))
                client.close()
                continue
            }
            let thread = Thread { [self] in
                serve(client, deadline: deadline)
                lock.withLock {
                    table.remove(client.fd)
                    open.removeValue(forKey: client.fd)
                    client.close()
                }
            }
            thread.name = "stylerun.preview.connection"
            thread.start()
        }
        lock.withLock { listener.close() }
    }

    /// Reads one request head, answers it, and returns when the connection is done.
    private func serve(_ client: Socket, deadline: Double) {
        var buffer: [UInt8] = []
        let request: HTTPRequest
        while true {
            guard let more = client.read(upTo: 4096), !more.isEmpty else { return }  // gone, or silent
            // A whole head within the timeout, not one byte per timeout (a slow-sending client).
            guard clock() < deadline else { return }
            buffer += more
            do throws(HTTPError) {
                if let (parsed, _) = try HTTPRequest.parse(buffer) {
                    request = parsed
                    break
                }
            } catch {
                _ = client.write(HTTPResponse.refusal(error).serialized(forHead: false))
                return
            }
        }
        lock.withLock { table.startAnswering(client.fd) }
        guard hostPolicy.allows(request.header("host")) else {
            let refused = HTTPResponse.text(403, "This server answers only to its own address (127.0.0.1 or localhost with port \(port)).")
            _ = client.write(refused.serialized(forHead: request.method == "HEAD"))
            return
        }
        guard hostPolicy.allowsOrigin(request.header("origin")) else {
            let refused = HTTPResponse.text(403, "This server answers only its own pages (origin http://127.0.0.1:\(port) or http://localhost:\(port)).")
            _ = client.write(refused.serialized(forHead: request.method == "HEAD"))
            return
        }
        switch handler(request) {
        case .response(let response):
            _ = client.write(response.serialized(forHead: request.method == "HEAD"))
        case .events(let hub):
            guard request.method == "GET" else {
                _ = client.write(HTTPResponse.eventStreamHead)
                return
            }
            lock.withLock {
                for fd in table.startStreaming(client.fd) { open[fd]?.shutdown() }
            }
            guard client.write(HTTPResponse.eventStreamHead) else { return }
            stream(hub, to: client)
        }
    }

    /// Sends the hub's latest message whenever there is a newer one, and a keep-alive comment
    /// when there is none for a while, until a write fails or the server stops.
    private func stream(_ hub: EventHub, to client: Socket) {
        var sent = 0
        while !isStopped {
            let next = hub.next(after: sent, timeout: limits.keepAliveSeconds)
            if isStopped || client.peerHasClosed { return }
            if let (version, message) = next {
                guard client.write(Array(message.utf8)) else { return }
                sent = version
            } else {
                guard client.write(Array(ServerSentEvent.keepAlive.utf8)) else { return }
            }
        }
    }

    private var isStopped: Bool { lock.withLock { stopped } }
}

/// The latest message of an event stream, for every client to catch up with.
///
///     let hub = EventHub()
///     hub.publish(ServerSentEvent.frame(event: "state", data: json))
///
/// Only the newest message is kept: a client that fell behind gets it and skips those between,
/// which is right for a stream of whole states. `close()` wakes every waiting client.
public final class EventHub: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var version = 0
    private var latest = ""
    private var closed = false

    public init() {}

    /// Makes `message` (a framed event) the latest, waking the clients.
    public func publish(_ message: String) {
        condition.withLock {
            version += 1
            latest = message
            condition.broadcast()
        }
    }

    /// Wakes every client so that it notices the server stopping.
    public func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }

    /// The latest message when it is newer than `version`, waiting up to `timeout` seconds for
    /// one; nil when none came (or the hub closed).
    public func next(after sent: Int, timeout: Double) -> (Int, String)? {
        condition.withLock {
            let deadline = Date(timeIntervalSinceNow: timeout)
            while version == sent, !closed {
                if !condition.wait(until: deadline) { break }
            }
            return version != sent && !closed ? (version, latest) : nil
        }
    }
}
