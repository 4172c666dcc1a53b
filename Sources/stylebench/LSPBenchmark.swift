import Dispatch
import Foundation
import StyleCore
import StyleLanguageServer
import StyleRun

/// `stylerun lsp`'s interactive requests on a 2,000-line script: completion and hover, each the
/// whole round trip through the server (framing, the queue, the answer, the reply), with
/// `textDocument/documentSymbol` (a walk of the whole file) as the baseline.
struct LSPBenchmark {
    let rounds: Int
    static let lines = 2_000

    /// A realistic script of `lines` lines: themes, styles composed of `mut`s, rules, a tree.
    static func script(typing: Bool) -> String {
        var lines = ["local base = require \"base\"",
                     "local theme = themes { default = \"light\", light = { accent = color \"#974DFF\" }, dark = { accent = color \"#BB86FC\" } }",
                     "local styles = {}"]
        var n = 0
        while lines.count < Self.lines - 2 {
            n += 1
            // Lua allows 200 locals per function: most styles are fields, every tenth a local.
            let name = n % 10 == 0 ? "style\(n)" : "styles.style\(n)"
            lines.append("\(n % 10 == 0 ? "local " : "")\(name) = concat(base.roundedStyle(\(n % 8)), mut(Button.titleColor, theme.accent),")
            lines.append("  mut(View.layer.cornerRadius, \(n % 12)), mut(Button.titleLabel.textAlignment, \"center\"))")
            lines.append("rule(\"Button.primary-\(n)\", \(name))")
            if typing && lines.count > Self.lines / 2 && lines.count < Self.lines / 2 + 4 { lines.append("local probe = Button.") }
        }
        lines.append("return StackView { id = \"root\", axis = \"vertical\", Button { class = \"primary-1\", title = \"Go\" } }")
        return lines.joined(separator: "\n") + "\n"
    }

    func run() -> [Row] {
        // First, while this process has freed nothing that would hide its growth.
        let memory = manyDocuments()
        let server = InProcessServer()
        let clean = Self.script(typing: false), typing = Self.script(typing: true)
        _ = server.request("initialize", ["capabilities": .object([])])
        server.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///bench/clean.lua", "languageId": "lua", "version": 1, "text": .string(clean)]])
        server.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///bench/typing.lua", "languageId": "lua", "version": 1, "text": .string(typing)]])
        let probeLine = typing.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == "local probe = Button." }!
        func at(_ uri: String, _ line: Int, _ character: Int) -> JSONValue {
            ["textDocument": ["uri": .string(uri)], "position": ["line": .number(Double(line)), "character": .number(Double(character))]]
        }
        // Positions in the middle of the clean file: a local style, a key path, an enum string.
        let cleanLines = clean.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let styleLine = cleanLines.indices.first { $0 >= Self.lines / 2 && cleanLines[$0].hasPrefix("local style") }!
        let pathLine = styleLine + 1
        let enumColumn = cleanLines[pathLine].utf16.distance(from: cleanLines[pathLine].utf16.startIndex,
                                                             to: cleanLines[pathLine].range(of: "\"center\"")!.lowerBound.samePosition(in: cleanLines[pathLine].utf16)!) + 4
        let cases: [(String, String, JSONValue)] = [
            ("completion after `Button.` (text mid-edit)", "textDocument/completion", at("file:///bench/typing.lua", probeLine, 21)),
            ("completion in an enum string", "textDocument/completion", at("file:///bench/clean.lua", pathLine, enumColumn)),
            ("hover on a property", "textDocument/hover", at("file:///bench/clean.lua", pathLine, 20)),
            ("hover on a style (what it sets)", "textDocument/hover", at("file:///bench/clean.lua", styleLine, 8)),
        ]
        // Each answer is checked once, so that a benchmark of empty answers cannot pass.
        precondition(!server.request(cases[0].1, cases[0].2).labels.isEmpty, "no completion after Button.")
        precondition(server.request(cases[1].1, cases[1].2).labels == ["left", "center", "right", "justified", "natural"], "no enum completion")
        precondition(server.request(cases[2].1, cases[2].2)["result"] != .null, "no hover on the key path")
        precondition(server.request(cases[3].1, cases[3].2)["result"] != .null, "no hover on the style")
        var rows: [Row] = []
        var baseline = Samples()
        for _ in 0..<rounds {
            baseline.append(milliseconds { _ = server.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///bench/clean.lua"]]) })
        }
        for (name, method, params) in cases {
            var samples = Samples()
            _ = server.request(method, params)
            for _ in 0..<rounds { samples.append(milliseconds { _ = server.request(method, params) }) }
            let p95 = samples.quantile(0.95)
            rows.append(Row(section: "lsp", measure: "\(name), \(Self.lines) lines",
                            result: "\(Table.ms(samples.median)) (p95 \(Table.ms(p95)), n=\(samples.count))",
                            baseline: "documentSymbol \(Table.ms(baseline.median))", ratio: Table.ratio(samples.median / baseline.median),
                            target: "p95 ≤ 20 ms", met: p95 <= 20))
        }
        rows.append(staticPass(server))
        server.finish()
        rows.insert(memory, at: 0)
        return rows
    }
}

extension LSPBenchmark {
    /// Resident memory per open document, with 1,000 documents of 200 lines open and each asked
    /// for its outline (so each is parsed); the parsed trees of only the last 64 are kept.
    func manyDocuments() -> Row {
        // A server of its own, whose evaluations do nothing: what is measured is what it keeps.
        let server = InProcessServer(dynamicPass: NoEvaluation())
        defer { server.finish() }
        _ = server.request("initialize", ["capabilities": .object([])])
        // 200 lines that parse: the script's first 199 (whole statements) and its last.
        let lines = Self.script(typing: false).split(separator: "\n", omittingEmptySubsequences: false)
        let text = (lines.prefix(198) + [lines[lines.count - 2]]).joined(separator: "\n") + "\n"
        let count = 1_000
        let before = Machine.residentBytes
        var half = before
        for i in 0..<count {
            if i == count / 2 { half = Machine.residentBytes }
            let uri: JSONValue = .string("file:///bench/many/\(i).lua")
            server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "lua", "version": 1, "text": .string(text)]])
            let outline = server.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
            precondition(outline["result"]?[0] != nil, "document \(i) has no outline")
        }
        let after = Machine.residentBytes
        let perDocument = Double(after - before) / Double(count) / 1024
        // Once the parsed trees kept are at their bound, each further document costs its text.
        let marginal = Double(after - half) / Double(count - count / 2) / 1024
        progress("lsp: resident \(before / 1024) KiB before, \(half / 1024) KiB after \(count / 2), \(after / 1024) KiB after \(count) documents")
        let textKiB = Double(text.utf8.count) / 1024
        return Row(section: "lsp", measure: "\(count) open documents of 200 lines, each parsed once",
                   result: String(format: "%.0f KiB per document (%.0f KiB each after the first %d)", perDocument, marginal, count / 2),
                   baseline: String(format: "its text %.1f KiB", textKiB), ratio: Table.ratio(marginal / textKiB))
    }

    /// From a keystroke (`didChange`) to its diagnostics on a 1,000-line script: the debounce
    /// (20 ms) and the static pass.
    func staticPass(_ server: InProcessServer) -> Row {
        let text = Self.script(typing: false).split(separator: "\n", omittingEmptySubsequences: false).prefix(999)
            .joined(separator: "\n") + "\n"
        let uri: JSONValue = "file:///bench/thousand.lua"
        server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "lua", "version": 1, "text": .string(text)]])
        server.waitForDiagnostics(version: 1)
        var samples = Samples()
        for round in 0..<rounds {
            let version = round + 2
            samples.append(milliseconds {
                server.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": .number(Double(version))], "contentChanges": [
                    ["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]], "text": round % 2 == 0 ? " " : ""],
                ]])
                server.waitForDiagnostics(version: version)
            })
        }
        return Row(section: "lsp", measure: "keystroke to diagnostics (static pass), 999 lines",
                   result: "\(Table.ms(samples.median)) (p95 \(Table.ms(samples.quantile(0.95))), n=\(samples.count))",
                   baseline: "debounce 20 ms", target: "≤ 50 ms", met: samples.median <= 50)
    }
}

extension JSONValue {
    var labels: [String] {
        guard case .array(let items)? = self["result"]?["items"] else { return [] }
        return items.compactMap { if case .string(let s)? = $0["label"] { s } else { nil } }
    }
}

/// A language server in this process, fed through a pipe, its replies collected by id.
final class InProcessServer: @unchecked Sendable {
    private let pipe = Pipe()
    private let lock = NSLock()
    private var replies: [Int: JSONValue] = [:]
    private let arrived = DispatchSemaphore(value: 0)
    private var nextID = 0
    private let done = DispatchSemaphore(value: 0)

    init(dynamicPass: any DynamicPass = InProcessDynamicPass()) {
        var options = LanguageServer.Options()
        options.dynamicPass = dynamicPass
        options.dynamicDelay = 3600
        // Weak: the server's queue may still publish (a debounced pass finishing) after the
        // benchmark has finished with it and let it go.
        let server = LanguageServer(options: options, output: { [weak self] data in self?.received(data) }, log: { _ in })
        let input = pipe.fileHandleForReading
        Thread { _ = server.run(input: input); self.done.signal() }.start()
    }

    private var pending = MessageReader()
    private var diagnosed = Set<Int>()
    private let published = DispatchSemaphore(value: 0)

    /// Waits until diagnostics for `version` of a document have been published.
    func waitForDiagnostics(version: Int) {
        while !lock.withLock({ diagnosed.contains(version) }) { published.wait() }
    }

    private func received(_ data: Data) {
        lock.withLock {
            pending.append(data)
            while case .message(let body)? = pending.next() {
                guard let json = try? JSONValue(parsing: String(decoding: body, as: UTF8.self)) else { continue }
                if json["method"] == "textDocument/publishDiagnostics", case .number(let v)? = json["params"]?["version"] {
                    diagnosed.insert(Int(v))
                    published.signal()
                }
                guard case .number(let id)? = json["id"] else { continue }
                replies[Int(id)] = json
                arrived.signal()
            }
        }
    }

    func notify(_ method: String, _ params: JSONValue) {
        pipe.fileHandleForWriting.write(MessageWriter.frame(["jsonrpc": "2.0", "method": .string(method), "params": params]))
    }

    func request(_ method: String, _ params: JSONValue) -> JSONValue {
        let id = lock.withLock { nextID += 1; return nextID }
        pipe.fileHandleForWriting.write(MessageWriter.frame(["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": params]))
        while true {
            arrived.wait()
            if let reply = lock.withLock({ replies.removeValue(forKey: id) }) { return reply }
        }
    }

    func finish() {
        _ = request("shutdown", .null)
        notify("exit", .null)
        done.wait()
    }
}

/// A dynamic pass that finds nothing, for measuring the server without evaluations.
private struct NoEvaluation: DynamicPass {
    func check(file: String, source: String) -> [Diagnostic] { [] }
}
