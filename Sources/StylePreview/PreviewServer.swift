import Dispatch
import Foundation
import StyleLayout
import StyleRun

/// A live preview of one script: the library's watch re-renders on every save, and a small
/// HTTP server shows the result to browsers.
///
///     let preview = try PreviewServer(file: "examples/sign-in.lua", runtime: Runtime(), host: "127.0.0.1", port: 0)
///     preview.start()
///     print(preview.url)    // http://127.0.0.1:41234/
///     …
///     preview.stop()
///
/// Routes, GET and HEAD only: `/` the page (`PreviewPage`), `/events` the event stream (one
/// `state` event per update, the current state first), `/explain.json` every view's provenance,
/// `/theme?name=T` to switch themes (only with the header `X-Stylerun: theme`, which a page on
/// another site cannot send without the server's consent), `/traits?colorScheme=dark&…` to
/// style for other traits (header `X-Stylerun: traits`), `/state?view=REF&state=S` to put a
/// control in a state, or back in its own without `state` (header `X-Stylerun: state`),
/// and `/images/NAME` for the images the
/// screen names, from the script's folder. Anything else is 404. Every route refuses another
/// site's `Origin` (`HostPolicy`), and the state names files relative to the script's folder
/// and the stdlib's as `stdlib/NAME` (`PreviewPaths`).
public final class PreviewServer: @unchecked Sendable {
    /// The page's address, for people: the served host (127.0.0.1 for every interface).
    public let url: String
    private let file: String
    private let folder: String
    private let runtime: Runtime
    private let theme: String?
    private let traits: Traits
    private let hub = EventHub()
    private let server: HTTPServer
    private let queue = DispatchQueue(label: "stylerun.preview.watch")
    // Guarded by `lock`.
    private let lock = NSLock()
    private var current: PreviewState
    private var handle: WatchHandle?
    /// Read and changed only on `queue`, where the watch calls back.
    nonisolated(unsafe) private var builder: PreviewStateBuilder?

    /// Binds the server; nothing is watched or served until `start()`.
    ///
    /// - Throws: `HTTPServer.StartError` when the address cannot be used or the port is taken.
    /// - Parameter traits: the traits to start with, nil for the runtime's (`--trait`); the
    ///   page's toolbar changes them.
    public init(file: String, runtime: Runtime, theme: String? = nil, traits: Traits? = nil,
                host: String, port: Int) throws(HTTPServer.StartError) {
        self.file = file
        self.folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        self.runtime = runtime
        self.theme = theme
        self.traits = traits ?? runtime.traits
        self.current = PreviewState(title: URL(fileURLWithPath: file).lastPathComponent)
        current.traits = self.traits
        let box = WeakBox()
        let server = try HTTPServer(host: host, port: port) { request in box.value?.answer(request) ?? .response(.text(503, "Stopping.")) }
        self.server = server
        let shown = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : (host.contains(":") ? "[\(host)]" : host)
        self.url = "http://\(shown):\(server.port)/"
        box.value = self
    }

    /// The port the server listens on.
    public var port: Int { server.port }

    /// The latest state (for tests and tools).
    public var state: PreviewState { lock.withLock { current } }

    /// Starts watching the script and serving.
    public func start() {
        let builder = PreviewStateBuilder(title: current.title, folder: folder, stdlibPaths: runtime.stdlibPaths)
        queue.sync { self.builder = builder }
        runtime.traits = traits
        let handle = runtime.watch(file: file, theme: theme, queue: queue) { [weak self] event, watched in
            guard let self, var builder = self.builder else { return }
            let state = builder.update(with: event, watched: watched)
            self.builder = builder
            publish(state)
        }
        lock.withLock { self.handle = handle }
        server.start()
    }

    private func publish(_ state: PreviewState) {
        lock.withLock { current = state }
        hub.publish(ServerSentEvent.frame(event: "state", id: String(state.version), retry: 500,
                                          data: state.json.serialized(.line)))
    }

    /// Lays the screen out again at `width` points, on the watch's queue, with the tree and
    /// styles it has.
    private func relayout(width: Double) {
        guard let handle = lock.withLock({ handle }) else { return }
        handle.perform { [weak self] sheet, root in
            guard let self, var builder = self.builder else { return }
            let state = builder.relayout(width: width, root: root, stylesheet: sheet)
            self.builder = builder
            publish(state)
        }
    }

    /// The widths the page may lay the screen out at, in points.
    public static let widths: ClosedRange<Double> = 200...2000

    /// Stops watching, ends every event stream and closes the server.
    public func stop() {
        let handle = lock.withLock { () -> WatchHandle? in
            defer { self.handle = nil }
            return self.handle
        }
        handle?.stop()
        hub.close()
        server.stop()
    }

    // MARK: Routes

    private func answer(_ request: HTTPRequest) -> HTTPServer.Reply {
        let state = self.state
        switch request.path {
        case "/":
            let nonce = Self.nonce()
            return .response(HTTPResponse(status: 200, contentType: "text/html; charset=utf-8",
                                          body: Array(PreviewPage.render(state, nonce: nonce).utf8),
                                          headers: [("Content-Security-Policy", PreviewPage.contentSecurityPolicy(nonce: nonce))]))
        case "/events":
            return .events(hub)
        case "/explain.json":
            return .response(HTTPResponse(status: 200, contentType: "application/json; charset=utf-8",
                                          body: Array((state.explain.serialized(.pretty) + "\n").utf8)))
        case "/theme":
            return .response(switchTheme(request, state: state))
        case "/traits":
            return .response(switchTraits(request, state: state))
        case "/state":
            return .response(switchState(request, state: state))
        default:
            if request.path.hasPrefix("/images/") { return .response(image(String(request.path.dropFirst(8)), state: state)) }
            return .response(.text(404, "There is nothing at '\(request.path)'."))
        }
    }

    private func switchTheme(_ request: HTTPRequest, state: PreviewState) -> HTTPResponse {
        guard request.header("x-stylerun") == "theme" else {
            return .text(403, "Switch themes from the preview page.")
        }
        guard let name = request.query["name"], state.themes.contains(name) else {
            let known = state.themes.isEmpty ? "The script declares no themes." : "Themes: " + state.themes.joined(separator: ", ") + "."
            return .text(404, "There is no theme '\(request.query["name"] ?? "")'. \(known)")
        }
        lock.withLock { handle }?.setTheme(name)
        return .text(200, "Switching to '\(name)'.")
    }

    /// Sets the traits the query names (`colorScheme=dark&contentSize=small`), keeping the
    /// others; any name or value that is not a trait's refuses the whole request.
    private func switchTraits(_ request: HTTPRequest, state: PreviewState) -> HTTPResponse {
        guard request.header("x-stylerun") == "traits" else {
            return .text(403, "Switch traits from the preview page.")
        }
        guard !request.query.isEmpty else {
            return .text(400, "Name the traits to set, e.g. /traits?colorScheme=dark. Traits are \(Traits.names.joined(separator: ", ")).")
        }
        var traits = state.traits
        var width: Double?
        var namesTraits = false
        for (name, value) in request.query.sorted(by: { $0.key < $1.key }) {
            if name == "width" {
                guard let w = Double(value), w.isFinite, Self.widths.contains(w) else {
                    return .text(400, "The width is a number of points from \(Int(Self.widths.lowerBound)) to \(Int(Self.widths.upperBound)), not '\(value)'.")
                }
                width = w
                continue
            }
            namesTraits = true
            do throws(TraitError) { try traits.set(name, to: value) } catch {
                return .text(400, error.message)
            }
        }
        // The width first: a size class that changes with it then restyles at the new width.
        if let width, width != state.width { relayout(width: width) }
        if namesTraits { lock.withLock { handle }?.setTraits(traits) }
        return .text(200, width.map { "Laying out at \(Frame.number($0)) points, styling for \(traits)." } ?? "Styling for \(traits).")
    }

    /// Puts the control at `view` in `state` (`highlighted`, `selected+focused`), or back in
    /// the state its tree gives it when `state` is left out.
    private func switchState(_ request: HTTPRequest, state: PreviewState) -> HTTPResponse {
        guard request.header("x-stylerun") == "state" else {
            return .text(403, "Change states from the preview page.")
        }
        if let extra = request.query.keys.sorted().first(where: { $0 != "view" && $0 != "state" }) {
            return .text(400, "/state takes view and state, not '\(extra)'.")
        }
        guard let reference = request.query["view"] else {
            return .text(400, "Name the control, e.g. /state?view=%23subscribe&state=highlighted.")
        }
        guard case .array(let views) = state.explain,
              views.contains(where: { $0["reference"] == .string(reference) && $0["control"] == .bool(true) }) else {
            return .text(404, "The screen has no control '\(reference)'; only controls (Button, TextField, kinds declared with control = true) have states.")
        }
        var controlState: ControlState?
        if let text = request.query["state"] {
            switch ControlState.parseList(text) {
            case .success(let s): controlState = s
            case .failure(let e): return .text(400, e.message)
            }
        }
        lock.withLock { handle }?.setState(controlState, ofViewAt: reference)
        return .text(200, controlState.map { "Showing '\(reference)' \($0)." } ?? "Showing '\(reference)' in its own state.")
    }

    private func image(_ name: String, state: PreviewState) -> HTTPResponse {
        guard let path = state.images[name], let bytes = ImageFiles.read(path, folder: folder) else {
            return .text(404, "The screen shows no image '\(name)' from the script's folder.")
        }
        return HTTPResponse(status: 200, contentType: ImageFiles.contentType(of: path), body: bytes,
                            headers: [("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")])
    }

    /// 128 random bits for the page's script nonce.
    private static func nonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt32, radix: 16) }.joined()
    }
}

/// Lets the server's handler reach the preview without keeping it alive.
private final class WeakBox: @unchecked Sendable {
    weak var value: PreviewServer?
}
