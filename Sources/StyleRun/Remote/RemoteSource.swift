import Foundation
import StyleCore

extension Diagnostic.Code {
    /// A remote watch's server answered, but not as `stylerun serve` does (REFERENCE, "Serve").
    public static let remoteRefused: Diagnostic.Code = "remote-refused"
    /// A remote watch could not reach its server, or its address is not one it can use.
    public static let remoteUnreachable: Diagnostic.Code = "remote-unreachable"
}

/// Where a remote watch's sources come from: a connection to `stylerun serve`'s event stream,
/// kept open, and made again with backoff whenever it fails.
///
///     let source = RemoteSource(url: url, configuration: .default,
///                               onBundle: { bundle in … }, onFailure: { failure in … })
///     source.start()    // a thread of its own connects, reads, and reconnects
///     source.stop()
///
/// Each `sources` event's bundle goes to `onBundle`, on the source's thread. Each failed
/// attempt goes to `onFailure`, except a connection that ends after delivering sources (a
/// server restarting): the next attempt tells whether the server is really gone. An address
/// that cannot be used is one failure and no retry.
final class RemoteSource: @unchecked Sendable {
    /// Limits and timing; tests shorten them.
    struct Configuration: Sendable {
        /// How long connecting, and then waiting for the response head, may take.
        var connectTimeout: Double = 5
        /// A stream silent this long (the server sends a keep-alive every 5 s) is dropped.
        var idleTimeout: Double = 20
        /// An event (a bundle's JSON) larger than this is refused.
        var maximumEventBytes = 32 * 1024 * 1024
        var backoff = Backoff()
        var clock: any RetryClock = SystemRetryClock()

        static let `default` = Configuration()
    }

    /// Why a connection ended.
    enum Failure: Error, Equatable, Sendable {
        /// No server answered, or it went before answering.
        case unreachable(String)
        /// It answered, but not as `stylerun serve` does.
        case refused(String)
    }

    let url: URL
    private let configuration: Configuration
    private let onBundle: @Sendable (SourceBundle) -> Void
    private let onFailure: @Sendable (Failure) -> Void
    private let signal = StopSignal()
    private let lock = NSLock()
    // Guarded by `lock`: the connection being read, so that `stop()` can wake its thread.
    private var socket: ClientSocket?

    init(url: URL, configuration: Configuration, onBundle: @escaping @Sendable (SourceBundle) -> Void,
         onFailure: @escaping @Sendable (Failure) -> Void) {
        self.url = url
        self.configuration = configuration
        self.onBundle = onBundle
        self.onFailure = onFailure
    }

    /// Where to connect and what to ask for, or why `url` cannot be used.
    struct Address: Equatable {
        let host: String
        let port: Int
        /// The `Host` header: the name as written, with its port.
        let hostHeader: String
        let path: String

        init(_ url: URL) throws(Failure) {
            guard url.scheme?.lowercased() == "http" else {
                throw .unreachable("The address '\(url.absoluteString)' is not an http:// address; stylerun serve speaks plain HTTP, as in http://192.168.1.20:7481/.")
            }
            guard var host = url.host, !host.isEmpty else {
                throw .unreachable("The address '\(url.absoluteString)' names no host; give the serving machine's, as in http://192.168.1.20:7481/.")
            }
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            let port = url.port ?? 80
            guard (1...65535).contains(port) else {
                throw .unreachable("The address '\(url.absoluteString)' has the port \(port); ports are 1 to 65535.")
            }
            self.host = host
            self.port = port
            self.hostHeader = (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
            var base = url.path
            while base.hasSuffix("/") { base.removeLast() }
            self.path = base + "/stylerun/events"
        }
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "stylerun.remote-watch"
        thread.start()
    }

    /// Stops connecting; the thread ends soon after (at once when blocked reading or waiting).
    /// No callback runs after the thread has noticed.
    func stop() {
        signal.stop()
        lock.withLock { socket?.shutdown() }
    }

    private var isStopped: Bool { signal.isStopped }

    private func run() {
        let address: Address
        do throws(Failure) {
            address = try Address(url)
        } catch {
            onFailure(error)
            return  // the address will not get better by trying again
        }
        var backoff = configuration.backoff
        while !isStopped {
            let (failure, delivered) = connectAndRead(address)
            if isStopped { return }
            if delivered { backoff.reset() }
            if let failure { onFailure(failure) }
            configuration.clock.pause(backoff.next(), unless: signal)
        }
    }

    /// One connection: what ended it (nil when it ended after sources came, or the watch
    /// stopped) and whether it delivered sources.
    private func connectAndRead(_ address: Address) -> (Failure?, Bool) {
        let connection: ClientSocket
        do throws(ClientSocket.ConnectError) {
            connection = try ClientSocket.connect(host: address.host, port: address.port, timeoutSeconds: configuration.connectTimeout)
        } catch {
            return (.unreachable("Cannot reach \(url.absoluteString) (\(error.reason))."), false)
        }
        let registered = lock.withLock { () -> Bool in
            guard !isStopped else { return false }
            socket = connection
            return true
        }
        defer {
            lock.withLock {
                socket = nil
                connection.close()
            }
        }
        guard registered else { return (nil, false) }
        var delivered = false
        let failure = read(connection, address) { delivered = true }
        return (delivered || isStopped ? nil : failure, delivered)
    }

    private func read(_ connection: ClientSocket, _ address: Address, delivered: () -> Void) -> Failure? {
        let request = "GET \(address.path) HTTP/1.1\r\nHost: \(address.hostHeader)\r\nAccept: text/event-stream\r\n"
            + "Cache-Control: no-store\r\nUser-Agent: stylerun\r\n\r\n"
        guard connection.write(Array(request.utf8)) else {
            return .unreachable("Cannot reach \(url.absoluteString) (it closed the connection).")
        }
        // The head, within the connect timeout.
        var buffer: [UInt8] = []
        var waited = 0.0
        let head: ResponseHead
        while true {
            do throws(ResponseHead.Malformed) {
                if let (parsed, used) = try ResponseHead.parse(buffer) {
                    head = parsed
                    buffer.removeFirst(used)
                    break
                }
            } catch {
                return refused(error.message)
            }
            switch connection.read(upTo: 16 * 1024) {
            case .bytes(let more): buffer += more
            case .timedOut:
                waited += 1
                if isStopped { return nil }
                if waited >= configuration.connectTimeout {
                    return .unreachable("\(url.absoluteString) accepted the connection but did not answer within \(Int(configuration.connectTimeout)) s.")
                }
            case .end:
                return buffer.isEmpty ? .unreachable("Cannot reach \(url.absoluteString) (it closed the connection without answering).")
                    : refused("It ended its answer in the middle of the response head.")
            case .failed(let reason):
                return .unreachable("Cannot reach \(url.absoluteString) (\(reason)).")
            }
        }
        if let refusal = Self.check(head, body: buffer) { return refused(refusal) }

        var parser = EventStreamParser(maximumEventBytes: configuration.maximumEventBytes)
        var silence = 0.0
        var pending = buffer
        var sawSources = false
        while !isStopped {
            let events: [EventStreamParser.Event]
            do throws(EventStreamParser.TooLarge) {
                events = try parser.consume(pending)
            } catch {
                return refused("It sent an event over the limit of \(Self.size(configuration.maximumEventBytes)).")
            }
            for event in events {
                guard event.name == "sources" else {
                    if sawSources { continue }  // kinds of events a later version may add
                    let preview = event.name == "state" ? " That is what `stylerun preview` sends; serve the folder with `stylerun serve FOLDER`." : ""
                    return refused("It sent a '\(event.name)' event where stylerun serve sends 'sources' first.\(preview)")
                }
                let bundle: SourceBundle
                do throws(SourceBundle.Refusal) {
                    bundle = try SourceBundle(json: event.data)
                } catch {
                    return refused(error.message)
                }
                sawSources = true
                delivered()
                onBundle(bundle)
            }
            switch connection.read(upTo: 64 * 1024) {
            case .bytes(let more):
                pending = more
                silence = 0
            case .timedOut:
                pending = []
                silence += 1
                if silence >= configuration.idleTimeout {
                    return .unreachable("\(url.absoluteString) sent nothing for \(Int(configuration.idleTimeout)) s.")
                }
            case .end:
                return sawSources ? nil : .unreachable("Cannot reach \(url.absoluteString) (it closed the stream before sending sources).")
            case .failed(let reason):
                return .unreachable("Lost \(url.absoluteString) (\(reason)).")
            }
        }
        return nil
    }

    private func refused(_ reason: String) -> Failure {
        .refused("\(url.absoluteString) is not a stylerun server that this watch can use: \(reason) Point watch(url:) at the address `stylerun serve FOLDER` prints.")
    }

    /// Why a response head is not that of `stylerun serve`'s event stream; nil when it is.
    static func check(_ head: ResponseHead, body: [UInt8]) -> String? {
        guard head.status == 200 else {
            let text = String(decoding: body.prefix(300), as: UTF8.self).split(separator: "\n").first.map { " (\"\($0)\")" } ?? ""
            return "It answered \(head.status) \(head.reason)\(text)."
        }
        let type = head.header("content-type") ?? ""
        guard type.lowercased().split(separator: ";").first?.trimmingCharacters(in: .whitespaces) == "text/event-stream" else {
            return "It answered with \(type.isEmpty ? "no content type" : "'\(type)'"), not an event stream."
        }
        if let coding = head.header("transfer-encoding"), coding.lowercased() != "identity" {
            return "It sent its stream with the transfer encoding '\(coding)', which stylerun serve does not use."
        }
        return nil
    }

    private static func size(_ bytes: Int) -> String {
        bytes >= 1024 * 1024 ? "\(bytes / (1024 * 1024)) MiB" : bytes >= 1024 ? "\(bytes / 1024) KiB" : "\(bytes) bytes"
    }
}
