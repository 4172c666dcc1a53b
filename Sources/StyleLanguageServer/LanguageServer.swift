import Dispatch
import Foundation
import StyleCore
import StyleRun
import Synchronization

/// `stylerun lsp`: the Language Server Protocol 3.17 over a pair of byte streams.
///
///     let server = LanguageServer(output: { frame in send(frame) }, log: { line in note(line) })
///     exit(server.run(input: FileHandle.standardInput))    // after `shutdown` and `exit`: 0
///
/// (`stylerun lsp` writes with write(2), which a closed pipe or a signal cannot turn into a trap.)
///
/// Messages are read on a thread of their own and handled one at a time on a serial queue.
/// The state of the session (documents, workspace, lifecycle) is a `Session` behind a mutex
/// that only that queue takes, so it is never contended, and the compiler checks that nothing
/// reaches it another way; checks that take time (the evaluation in a child process) run
/// elsewhere and post their results back to the queue. Only protocol goes to `output`.
public final class LanguageServer: Sendable {
    public struct Options: Sendable {
        /// Quiet time after a change before the static pass runs.
        public var staticDelay: Double = 0.02
        /// Quiet time after a change before the document is evaluated (typing has paused).
        public var dynamicDelay: Double = 0.6
        /// The evaluation of documents; in child processes of `stylerun` unless a host gives another.
        public var dynamicPass: any DynamicPass = IsolatedDynamicPass()
        public var schema: Schema = .standard

        public init() {}
    }

    let options: Options
    let queue = DispatchQueue(label: "stylerun.lsp")
    private let output: @Sendable (Data) -> Void
    let log: @Sendable (String) -> Void
    private let outputLock = NSLock()
    /// Everything the messages change; taken on `queue` only (`inSession`).
    private let session: Mutex<Session>
    private let finished = DispatchSemaphore(value: 0)

    /// Where evaluations wait for their child processes: as many at once as there are cores, so
    /// that opening a hundred documents does not start a hundred evaluators.
    let evaluations: OperationQueue = {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = max(1, ProcessInfo.processInfo.activeProcessorCount)
        return queue
    }()

    /// Each open document's version, readable from the threads that wait on evaluations.
    let currentVersions = DocumentVersions()

    /// Requests cancelled before they were handled; written by the reader as soon as the
    /// cancellation arrives, so a request still waiting in the queue is answered as cancelled.
    private let cancelled = CancelledRequests()

    public init(options: Options = Options(), output: @escaping @Sendable (Data) -> Void, log: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.output = output
        self.log = log
        session = Mutex(Session(options: options))
        session.withLock { $0.attach(to: self) }
    }

    /// Runs `body` with the session, on the queue (the caller is on it).
    func inSession<T: Sendable>(_ body: (Session) -> T) -> T {
        session.withLock { body($0) }
    }

    /// Runs `body` with the session on the queue, after the work queued so far.
    func onQueue(after delay: Double = 0, _ body: @escaping @Sendable (Session) -> Void) {
        let work: @Sendable () -> Void = { [self] in session.withLock { body($0) } }
        if delay > 0 { queue.asyncAfter(deadline: .now() + delay, execute: work) } else { queue.async(execute: work) }
    }

    /// Reads messages from `input` until `exit` or the end of input; returns the exit status:
    /// 0 after `shutdown` then `exit`, 1 otherwise (as the protocol asks).
    public func run(input: FileHandle) -> Int32 {
        let descriptor = input.fileDescriptor
        let reader = Thread { [self] in
            var framing = MessageReader()
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            // read(2) rather than FileHandle, which traps when a signal (a child's SIGCHLD)
            // interrupts the read; EINTR is simply read again.
            while true {
                let n = read(descriptor, &buffer, buffer.count)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                framing.append(Data(buffer[0..<n]))
                while let frame = framing.next() { receive(frame) }
            }
            queue.async { self.log("stylerun lsp: the input ended."); self.finished.signal() }
        }
        reader.start()
        finished.wait()
        return queue.sync { inSession { $0.exitStatus } }
    }

    /// Hands one frame to the queue (called on the reader thread).
    func receive(_ frame: MessageReader.Frame) {
        switch frame {
        case .malformed(let problem):
            queue.async { self.send(RPCReply.error(nil, RPCError(.parseError, problem))) }
        case .message(let data):
            let message: RPCMessage
            do throws(RPCError) {
                message = try RPCMessage(parsing: String(decoding: data, as: UTF8.self))
            } catch {
                queue.async { self.send(RPCReply.error(error.id, error)) }
                return
            }
            if case .notification("$/cancelRequest", let params) = message, let id = params["id"].flatMap(RequestID.init) {
                cancelled.insert(id)
            }
            onQueue { $0.handle(message, cancelled: self.cancelled) }
        }
    }

    /// After `exit`: `run` returns.
    func finish() { finished.signal() }

    func send(_ message: JSONValue) {
        let data = MessageWriter.frame(message)
        outputLock.withLock { output(data) }
    }
}

/// The state of one language-server session and what the messages do to it. Owned by the
/// server's mutex and used on its queue only (`LanguageServer.inSession`, `onQueue`); work
/// that comes back later reaches it through the server, never by holding it.
final class Session {
    /// The server that owns the session (and outlives it); set as the server is made.
    private weak var owner: LanguageServer?
    var server: LanguageServer { owner! }
    let options: LanguageServer.Options
    var store = DocumentStore()
    let workspace = Workspace()
    lazy var features = Features(schema: SchemaInfo(schema: options.schema), catalog: .standard, workspace: workspace)
    private var initialized = false
    private var shutdownRequested = false
    /// Whether the client registers file watchers when asked (`client/registerCapability`).
    private var watchesFiles = false
    var exitStatus: Int32 = 1

    init(options: LanguageServer.Options) {
        self.options = options
        workspace.openText = { [unowned self] (path: String) -> [UInt8]? in self.store.entry(path: path)?.document.bytes }
    }

    func attach(to server: LanguageServer) { owner = server }

    var queue: DispatchQueue { server.queue }
    var currentVersions: DocumentVersions { server.currentVersions }
    func send(_ message: JSONValue) { server.send(message) }
    func log(_ line: String) { server.log(line) }

    // MARK: Dispatch

    func handle(_ message: RPCMessage, cancelled: CancelledRequests) {
        switch message {
        case .request(let id, let method, let params):
            if cancelled.remove(id) {
                send(RPCReply.error(id, RPCError(.requestCancelled, "The request was cancelled.")))
                return
            }
            do throws(RPCError) {
                send(RPCReply.result(id, try request(method, params)))
            } catch {
                send(RPCReply.error(id, error))
            }
        case .notification(let method, let params):
            notification(method, params)
        case .response:
            break  // The server sends no requests that need an answer.
        }
    }

    private func request(_ method: String, _ params: JSONValue) throws(RPCError) -> JSONValue {
        if method == "initialize" {
            // LSP 3.17: initialize is sent once; a second one is refused and the session goes on.
            guard !initialized else { throw RPCError(.invalidRequest, "The server is already initialized; initialize is sent once.") }
            return initialize(params)
        }
        guard initialized else { throw RPCError(.serverNotInitialized, "The server has not been initialized.") }
        guard !shutdownRequested else { throw RPCError(.invalidRequest, "The server is shutting down.") }
        switch method {
        case "shutdown":
            shutdownRequested = true
            return .null
        case "textDocument/completion":
            guard let (doc, position) = try documentPosition(params) else { return .null }
            // The text as it is, else the last text that parsed, else (a document opened
            // mid-edit, which has not parsed since) the file as saved: its locals and `require`s.
            return features.completion(in: doc, index: store.lastGoodIndex(doc.uri) ?? workspace.index(ofFile: doc.path), at: position)
        case "textDocument/hover":
            guard let (doc, position) = try documentPosition(params) else { return .null }
            return features.hover(in: doc, index: store.currentIndex(doc.uri), at: position)
        case "textDocument/definition":
            guard let (doc, position) = try documentPosition(params) else { return .null }
            return features.definition(in: doc, index: store.currentIndex(doc.uri), at: position)
        case "textDocument/references":
            guard let (doc, position) = try documentPosition(params) else { return [] }
            let include = params["context"]?["includeDeclaration"] == .bool(true)
            return features.references(in: doc, index: store.currentIndex(doc.uri), at: position, includeDeclaration: include)
        case "textDocument/codeAction":
            let uri = try documentURI(params)
            guard case .array(let diagnostics)? = params["context"]?["diagnostics"] else {
                throw RPCError(.invalidParams, "textDocument/codeAction needs context.diagnostics.")
            }
            guard let entry = store[uri] else { return [] }
            let published = entry.fullVersion == entry.document.version ? entry.fullDiagnostics : entry.staticDiagnostics
            var asked = diagnostics
            if asked.isEmpty, let range = LSPRange(params["range"]).map(entry.document.clamped) {
                // A client that sends no diagnostics gets the fixes of those published in the range.
                asked = published.filter { $0.file == entry.document.path }.map { lspDiagnostic($0, in: entry.document) }
                    .filter { LSPRange($0["range"]).map { $0.overlaps(range) } ?? false }
            }
            return features.codeActions(entry.document, diagnostics: asked, published: published)
        case "textDocument/documentSymbol":
            let uri = try documentURI(params)
            guard let doc = store[uri]?.document else { return [] }
            return features.documentSymbols(doc, index: store.currentIndex(uri))
        case "textDocument/documentColor":
            let uri = try documentURI(params)
            guard let doc = store[uri]?.document else { return [] }
            return features.documentColors(doc, index: store.currentIndex(uri))
        case "textDocument/colorPresentation":
            let uri = try documentURI(params)
            guard let doc = store[uri]?.document else { return [] }
            guard let range = LSPRange(params["range"]) else { throw RPCError(.invalidParams, "colorPresentation needs a range.") }
            return features.colorPresentations(doc, color: params["color"], range: doc.clamped(range))
        default:
            throw RPCError(.methodNotFound, "The method '\(method)' is not supported.")
        }
    }

    private func notification(_ method: String, _ params: JSONValue) {
        if method == "exit" {
            exitStatus = shutdownRequested ? 0 : 1
            server.finish()
            return
        }
        guard initialized else { return }
        switch method {
        case "initialized": registerFileWatching()
        case "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration": break
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didSave": didSave(params)
        case "textDocument/didClose": didClose(params)
        case "workspace/didChangeWatchedFiles": didChangeWatchedFiles(params)
        case "workspace/didChangeWorkspaceFolders": didChangeWorkspaceFolders(params)
        default: log("stylerun lsp: ignored the notification '\(method)'.")
        }
    }

    // MARK: Lifecycle

    private func initialize(_ params: JSONValue) -> JSONValue {
        initialized = true
        watchesFiles = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"] == .bool(true)
        var folders: [String] = []
        if case .array(let list)? = params["workspaceFolders"] {
            for f in list { if case .string(let uri)? = f["uri"] { folders.append(DocumentURI.path(of: uri)) } }
        }
        if folders.isEmpty, case .string(let uri)? = params["rootUri"] { folders.append(DocumentURI.path(of: uri)) }
        if folders.isEmpty, case .string(let path)? = params["rootPath"] { folders.append(path) }
        workspace.folders = folders
        return [
            "capabilities": [
                "positionEncoding": "utf-16",
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                "completionProvider": ["triggerCharacters": [".", "\"", "'", "#"], "resolveProvider": false],
                "hoverProvider": true,
                "definitionProvider": true,
                "referencesProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "documentSymbolProvider": true,
                "colorProvider": true,
                "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": true]],
            ],
            "serverInfo": ["name": "stylerun"],
        ]
    }

    /// Asks a client that can watch files to report changes to `.lua` files, so that documents
    /// requiring a module changed outside the editor are checked again. Its reply needs nothing.
    private func registerFileWatching() {
        guard watchesFiles else { return }
        send(["jsonrpc": "2.0", "id": "stylerun/watch", "method": "client/registerCapability", "params": [
            "registrations": [[
                "id": "stylerun/lua-files", "method": "workspace/didChangeWatchedFiles",
                "registerOptions": ["watchers": [["globPattern": "**/*.lua"]]],
            ]],
        ]])
    }

    private func didChangeWorkspaceFolders(_ params: JSONValue) {
        guard let event = params["event"] else { return }
        if case .array(let removed)? = event["removed"] {
            for f in removed { if case .string(let uri)? = f["uri"] { workspace.folders.removeAll { $0 == DocumentURI.path(of: uri) } } }
        }
        if case .array(let added)? = event["added"] {
            for f in added { if case .string(let uri)? = f["uri"] { workspace.folders.append(DocumentURI.path(of: uri)) } }
        }
    }

    // MARK: Parameters

    func documentURI(_ params: JSONValue) throws(RPCError) -> String {
        guard case .string(let uri)? = params["textDocument"]?["uri"] else {
            throw RPCError(.invalidParams, "The params need textDocument.uri.")
        }
        return uri
    }

    /// The open document a request names and its position clamped into it
    /// (`TextDocument.clamped`); nil when the document is not open.
    private func documentPosition(_ params: JSONValue) throws(RPCError) -> (TextDocument, Position)? {
        let uri = try documentURI(params)
        guard let position = Position(params["position"]) else {
            throw RPCError(.invalidParams, "The params need a position: a line and a character, whole numbers not below 0.")
        }
        guard let doc = store[uri]?.document else { return nil }
        return (doc, doc.clamped(position))
    }
}

/// Request ids cancelled by `$/cancelRequest`, shared by the reader thread and the queue.
final class CancelledRequests: Sendable {
    private let ids = Mutex(Set<RequestID>())

    /// Cancellations of requests already answered are never removed by `remove`; past this
    /// many, the set is cleared, so a client that cancels a lot cannot grow it without end.
    static let limit = 1024

    func insert(_ id: RequestID) {
        ids.withLock { ids in
            if ids.count >= Self.limit { ids.removeAll() }
            ids.insert(id)
        }
    }
    func remove(_ id: RequestID) -> Bool { ids.withLock { $0.remove(id) != nil } }
}

/// The version of each open document, shared with the threads that wait on evaluations, which
/// ask it whether the text they evaluate is still current.
final class DocumentVersions: Sendable {
    private let versions = Mutex([String: Int]())

    subscript(uri: String) -> Int? {
        get { versions.withLock { $0[uri] } }
        set { versions.withLock { $0[uri] = newValue } }
    }
}
