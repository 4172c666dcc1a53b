import Foundation
import StyleLanguageServer
import StyleRun
import XCTest

/// A language client for tests: runs the built `stylerun lsp` with pipes for its standard
/// input and output, frames requests, and collects what the server sends.
final class LSPClient: @unchecked Sendable {
    let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private let lock = NSLock()
    private var buffer = Data()
    private var messages: [JSONValue] = []
    private var nextID = 1
    /// Frames on the server's standard output that were not JSON-RPC: there must be none.
    private(set) var junk = 0
    let folder: URL

    /// Starts the server in a fresh folder holding `files` (name → text).
    init(files: [String: String] = [:]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        process.executableURL = try XCTUnwrap(Self.executable, "stylerun is not built; run swift build first")
        process.arguments = ["lsp"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock { self.buffer.append(data); self.drain() }
        }
        errors.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: folder)
    }

    func uri(_ name: String) -> String { "file://" + folder.appendingPathComponent(name).path }

    private func drain() {
        var reader = MessageReader()
        reader.append(buffer)
        buffer = Data()
        while let frame = reader.next() {
            if case .message(let body) = frame, let json = try? JSONValue(parsing: String(decoding: body, as: UTF8.self)) {
                messages.append(json)
            } else {
                junk += 1
            }
        }
        // An incomplete frame stays for the next read; MessageReader keeps it, so re-add it.
        buffer = reader.remainder
    }

    /// Writes raw bytes to the server.
    func write(_ bytes: Data) { input.fileHandleForWriting.write(bytes) }

    func notify(_ method: String, _ params: JSONValue = .object([])) {
        write(MessageWriter.frame(["jsonrpc": "2.0", "method": .string(method), "params": params]))
    }

    /// Sends a request and waits for its reply (the whole message: `result` or `error`).
    @discardableResult
    func request(_ method: String, _ params: JSONValue = .object([]), timeout: Double = 10) throws -> JSONValue {
        let id = lock.withLock { defer { nextID += 1 }; return nextID }
        write(MessageWriter.frame(["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": params]))
        return try XCTUnwrap(wait(timeout: timeout) { $0["id"] == .number(Double(id)) }, "no reply to \(method)")
    }

    /// The first message (received or to come) that satisfies `match`, removing it.
    func wait(timeout: Double = 10, for match: (JSONValue) -> Bool) -> JSONValue? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let found: JSONValue? = lock.withLock {
                guard let i = messages.firstIndex(where: match) else { return nil }
                return messages.remove(at: i)
            }
            if let found { return found }
            usleep(5_000)
        }
        return nil
    }

    /// The next diagnostics published for `uri` that satisfy `match`.
    /// With `version`, only those published for that version of the document.
    func diagnostics(_ uri: String, version: Int? = nil, timeout: Double = 15,
                     where match: ([JSONValue]) -> Bool = { _ in true }) -> [JSONValue]? {
        let message = wait(timeout: timeout) {
            guard $0["method"] == "textDocument/publishDiagnostics", $0["params"]?["uri"] == .string(uri),
                  version == nil || $0["params"]?["version"] == .number(Double(version!)),
                  case .array(let list)? = $0["params"]?["diagnostics"] else { return false }
            return match(list)
        }
        if case .array(let list)? = message?["params"]?["diagnostics"] { return list }
        return nil
    }

    func initialize(capabilities: JSONValue = .object([])) throws -> JSONValue {
        let reply = try request("initialize", ["processId": .null, "rootUri": .string("file://" + folder.path),
                                               "workspaceFolders": [["uri": .string("file://" + folder.path), "name": "test"]],
                                               "capabilities": capabilities])
        notify("initialized")
        return reply
    }

    func open(_ name: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri(name)), "languageId": "lua",
                                                         "version": .number(Double(version)), "text": .string(text)]])
    }

    /// `textDocument/…` at a 0-based line and character.
    func at(_ method: String, _ name: String, _ line: Int, _ character: Int, extra: [(key: String, value: JSONValue)] = []) throws -> JSONValue {
        let params: JSONValue = .object([("textDocument", ["uri": .string(uri(name))]),
                                         ("position", ["line": .number(Double(line)), "character": .number(Double(character))])] + extra)
        return try request(method, params)
    }

    /// Ends the session politely and returns the exit status.
    func shutdown() throws -> Int32 {
        try request("shutdown", .null)
        XCTAssertEqual(lock.withLock { junk }, 0, "standard output carries protocol only")
        notify("exit")
        process.waitUntilExit()
        return process.terminationStatus
    }

    static let executable: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var folders = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        for bundle in Bundle.allBundles { folders += [bundle.bundleURL, bundle.bundleURL.deletingLastPathComponent()] }
        folders.append(root.appendingPathComponent(".build/debug"))
        return folders.map { $0.appendingPathComponent("stylerun") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
}

extension JSONValue {
    /// The labels of a completion list.
    var labels: [String] {
        guard case .array(let items)? = self["result"]?["items"] else { return [] }
        return items.compactMap { if case .string(let s)? = $0["label"] { s } else { nil } }
    }

    var string: String? { if case .string(let s) = self { s } else { nil } }
    var int: Int? { if case .number(let n) = self { Int(n) } else { nil } }
    var array: [JSONValue] { if case .array(let a) = self { a } else { [] } }
}
