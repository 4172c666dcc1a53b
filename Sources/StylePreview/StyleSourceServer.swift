import Dispatch
import Foundation
import StyleRun

/// Publishes a folder's style sources to Swift hosts on the network: what `stylerun serve`
/// runs, and what `Runtime.watch(url:file:…)` reads.
///
///     let server = try StyleSourceServer(folder: "styles", host: "127.0.0.1", port: 0)
///     server.start()
///     print(server.url)    // http://127.0.0.1:41235/
///     …
///     server.stop()
///
/// The folder is scanned every `scanInterval` (`SourceFolder` says what is served). A change is
/// published once a scan finds the same files as the one before it (a burst of saves is one
/// revision), and a file that had content and is now empty or missing is given up to a second
/// to come back (an editor between truncating and writing). Routes, GET and HEAD only:
/// `/stylerun/sources` the bundle as JSON (`SourceBundle`), `/stylerun/events` an event stream
/// with one `sources` event holding the bundle at connect and after every change, `/` a line
/// saying what this is; anything else is 404. `HTTPServer` refuses a `Host` that is not the
/// server's own (DNS rebinding), as for the preview.
public final class StyleSourceServer: @unchecked Sendable {
    /// The address for people and hosts on this machine (127.0.0.1 for every interface).
    public let url: String
    public let folder: String
    private let server: HTTPServer
    private let hub = EventHub()
    private let queue = DispatchQueue(label: "stylerun.serve.scan")
    private let scanInterval: Double
    private let onSkipped: @Sendable ([String]) -> Void
    // On `queue`.
    private var scanner: SourceFolder
    private var previousScan: SourceFolder.Scan?
    private var graceStart: Date?
    private var reportedSkips: [String] = []
    // Guarded by `lock`.
    private let lock = NSLock()
    private var published = SourceBundle(revision: 0, files: [])
    private var stopped = false

    /// How long an emptied or deleted file is waited for before the change is published.
    static let gracePeriod = 1.0

    /// Binds the server; nothing is scanned or served until `start()`.
    ///
    /// - Parameters:
    ///   - onSkipped: called with a sentence per file left out, whenever that list changes.
    /// - Throws: `HTTPServer.StartError` when the address cannot be used or the port is taken.
    public init(folder: String, host: String, port: Int, scanInterval: Double = 0.1,
                onSkipped: @escaping @Sendable ([String]) -> Void = { _ in }) throws(HTTPServer.StartError) {
        self.folder = folder
        self.scanInterval = scanInterval
        self.onSkipped = onSkipped
        self.scanner = SourceFolder(root: folder)
        let box = WeakSourceServer()
        server = try HTTPServer(host: host, port: port) { request in
            box.value?.answer(request) ?? .response(.text(503, "Stopping."))
        }
        let shown = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : (host.contains(":") ? "[\(host)]" : host)
        url = "http://\(shown):\(server.port)/"
        box.value = self
    }

    public var port: Int { server.port }

    /// The bundle being served now.
    public var bundle: (revision: Int, paths: [String]) {
        let current = lock.withLock { published }
        return (current.revision, current.files.map(\.path))
    }

    /// Scans the folder, publishes its first revision, and starts serving and scanning.
    public func start() {
        queue.sync {
            let scan = scanner.scan()
            publish(scan)
            previousScan = scan
        }
        server.start()
        queue.asyncAfter(deadline: .now() + scanInterval) { [weak self] in self?.tick() }
    }

    /// Stops scanning, ends every event stream and closes the server.
    public func stop() {
        lock.withLock { stopped = true }
        hub.close()
        server.stop()
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    // MARK: Scanning, on `queue`

    private func tick() {
        guard !isStopped else { return }
        let scan = scanner.scan()
        let current = lock.withLock { published }
        if scan.files != current.files || scan.skipped != reportedSkips {
            if scan == previousScan, !isBetweenWrites(scan, published: current) {
                publish(scan)
            }
        } else {
            graceStart = nil
        }
        previousScan = scan
        queue.asyncAfter(deadline: .now() + scanInterval) { [weak self] in self?.tick() }
    }

    /// Whether a published file with content is now empty or missing, for less than the grace
    /// period so far.
    private func isBetweenWrites(_ scan: SourceFolder.Scan, published: SourceBundle) -> Bool {
        let now = Dictionary(scan.files.map { ($0.path, $0.content) }, uniquingKeysWith: { a, _ in a })
        let emptied = published.files.contains { !$0.content.isEmpty && (now[$0.path] ?? "").isEmpty }
        guard emptied else {
            graceStart = nil
            return false
        }
        let start = graceStart ?? Date()
        graceStart = start
        if Date().timeIntervalSince(start) < Self.gracePeriod { return true }
        graceStart = nil
        return false
    }

    private func publish(_ scan: SourceFolder.Scan) {
        if scan.skipped != reportedSkips {
            reportedSkips = scan.skipped
            onSkipped(scan.skipped)
        }
        let bundle = lock.withLock { () -> SourceBundle? in
            guard scan.files != published.files || published.revision == 0 else { return nil }
            published = SourceBundle(revision: published.revision + 1, files: scan.files)
            return published
        }
        guard let bundle else { return }
        hub.publish(ServerSentEvent.frame(event: "sources", id: String(bundle.revision), retry: 500,
                                          data: bundle.json.serialized(.line)))
    }

    // MARK: Routes

    private func answer(_ request: HTTPRequest) -> HTTPServer.Reply {
        switch request.path {
        case "/stylerun/events":
            return .events(hub)
        case "/stylerun/sources":
            let bundle = lock.withLock { published }
            return .response(HTTPResponse(status: 200, contentType: "application/json; charset=utf-8",
                                          body: Array((bundle.json.serialized(.line) + "\n").utf8)))
        case "/":
            let count = lock.withLock { published.files.count }
            return .response(.text(200, "stylerun serve: \(count) style sources of '\(URL(fileURLWithPath: folder).lastPathComponent)', for Runtime.watch(url:file:) in a Swift host; the bundle is at /stylerun/sources."))
        default:
            return .response(.text(404, "There is nothing at '\(request.path)'; the sources are at /stylerun/sources and /stylerun/events."))
        }
    }
}

/// Lets the server's handler reach the source server without keeping it alive.
private final class WeakSourceServer: @unchecked Sendable {
    weak var value: StyleSourceServer?
}
