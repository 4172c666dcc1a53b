#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import StylePreview
@testable import StyleRun
import XCTest

/// `Runtime.watch(url:file:…)` against `StyleSourceServer` and against servers that are not
/// stylerun, over loopback.
final class RemoteWatchTests: XCTestCase {
    private var folder: URL!
    private let queue = DispatchQueue(label: "remote-watch-tests")
    private let log = RemoteEventLog()
    private var root: View!
    /// Short waits between attempts, so that a restart is picked up at once.
    private let quick = RemoteSource.Configuration(connectTimeout: 30, idleTimeout: 60,
                                                   backoff: Backoff(initial: 0.01, maximum: 0.05))

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write("app.lua", """
            local colors = require "colors"
            rule("#subscribe", mut(Button.titleColor, colors.brand))
            """)
        try write("colors.lua", "return { brand = \"#111111\" }\n")
        root = View(kind: Schema.stackView, id: "root")
        root.addChild(View(kind: Schema.button, id: "subscribe"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ name: String, _ text: String) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
    }

    private func serve(port: Int = 0) throws -> StyleSourceServer {
        let server = try StyleSourceServer(folder: folder.path, host: "127.0.0.1", port: port, scanInterval: 0.02)
        server.start()
        return server
    }

    private func watch(_ port: Int, configuration: RemoteSource.Configuration? = nil) throws -> WatchHandle {
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/"))
        return Runtime().watch(url: url, file: "app.lua", tree: root, theme: nil, queue: queue,
                               configuration: configuration ?? quick) { [log] in log.record($0) }
    }

    private func titleColor() -> String {
        queue.sync { root.children[0][Button.titleColor].map { Value.color($0).displayText } ?? "nil" }
    }

    func testAHostReceivesEditsMadeToTheServedFilesAndKeepsTheLastGoodStylesOnABrokenOne() throws {
        let server = try serve()
        defer { server.stop() }
        let handle = try watch(server.port)
        defer { handle.stop() }

        let first = try XCTUnwrap(log.wait(after: 0) { $0.isSuccess })
        XCTAssertEqual(first.files, ["app.lua", "colors.lua"], "events name the files as the served folder does")
        XCTAssertEqual(first.changes.first { $0.property == "titleColor" }?.new.displayText, "#111111")

        var mark = log.count  // before the save: its event may come before the next line runs
        try write("colors.lua", "return { brand = \"#222222\" }\n")
        let edited = try XCTUnwrap(log.wait(after: mark) { $0.isSuccess && !$0.changes.isEmpty })
        XCTAssertEqual(edited.changes.map { "\($0.view) \($0.property) \($0.new.displayText)" }, ["#subscribe titleColor #222222"])

        mark = log.count
        try write("app.lua", "rule(\"#subscribe\", mut(Button.titleColor, \n")
        let broken = try XCTUnwrap(log.wait(after: mark) { !$0.isSuccess })
        XCTAssertEqual(broken.diagnostics.map(\.code), [.syntaxError])
        XCTAssertEqual(broken.diagnostics.first?.file, "app.lua")
        XCTAssertEqual(titleColor(), "#222222", "the tree keeps its last good styles")

        mark = log.count
        try write("app.lua", "rule(\"#subscribe\", mut(Button.titleColor, \"#333333\"))\n")
        let fixed = try XCTUnwrap(log.wait(after: mark) { $0.isSuccess })
        XCTAssertEqual(fixed.files, ["app.lua"])
        XCTAssertEqual(titleColor(), "#333333")
    }

    func testAHostReconnectsWhenTheServerRestartsOnTheSamePortAndGetsTheNextEdit() throws {
        var server = try serve()
        let port = server.port
        let handle = try watch(port)
        defer { handle.stop() }
        XCTAssertNotNil(log.wait(after: 0) { $0.isSuccess })

        server.stop()
        try write("colors.lua", "return { brand = \"#222222\" }\n")  // while no one serves
        server = try serve(port: port)
        defer { server.stop() }
        XCTAssertNotNil(log.wait(after: 1) { $0.isSuccess && $0.changes.contains { $0.new.displayText == "#222222" } })

        let mark = log.count
        try write("colors.lua", "return { brand = \"#333333\" }\n")
        XCTAssertNotNil(log.wait(after: mark) { $0.isSuccess && $0.changes.contains { $0.new.displayText == "#333333" } })
        let outages = log.all.filter { $0.diagnostics.first?.code == .remoteUnreachable }
        XCTAssertLessThanOrEqual(outages.count, 1, "an outage is reported once, not at each attempt: \(log.all)")
    }

    func testAServerNotYetStartedIsReportedOnceAndPickedUpWhenItStarts() throws {
        let port = try freePort()
        let clock = RecordingClock()
        var configuration = quick
        configuration.clock = clock
        configuration.backoff = Backoff()
        let handle = try watch(port, configuration: configuration)
        defer { handle.stop() }
        let down = try XCTUnwrap(log.wait(after: 0) { _ in true })
        XCTAssertEqual(down.diagnostics.map(\.code), [.remoteUnreachable])
        XCTAssertTrue(down.diagnostics[0].message.contains("Cannot reach http://127.0.0.1:\(port)/"), down.diagnostics[0].message)
        XCTAssertTrue(eventually(60) { clock.pauses.count >= 8 })
        XCTAssertEqual(Array(clock.pauses.prefix(8)), [0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 5, 5], "the waits between attempts double to 5 s")
        XCTAssertEqual(log.count, 1, "the attempts after the first are not reported")

        let server = try serve(port: port)
        defer { server.stop() }
        XCTAssertNotNil(log.wait(after: 1) { $0.isSuccess })
        let pausesBefore = clock.pauses.count
        server.stop()
        XCTAssertTrue(eventually(60) { clock.pauses.count >= pausesBefore + 2 })
        XCTAssertEqual(clock.pauses[pausesBefore], 0.1, "a connection that delivered sources starts the backoff over")
    }

    func testServersThatAreNotStylerunAreRefusedWithTheirReason() throws {
        let cases: [(String, HTTPServer.Reply, String)] = [
            ("a web page", .response(.text(200, "hello")), "'text/plain; charset=utf-8', not an event stream"),
            ("a missing route", .response(.text(404, "There is nothing here.")), "404 Not Found (\"There is nothing here.\")"),
            ("another version", .events(Self.hub(#"{"stylerun": 2, "revision": 1, "files": []}"#)), "version 2"),
            ("no marker", .events(Self.hub(#"{"revision": 1, "files": []}"#)), "no \"stylerun\" marker"),
            ("the preview", .events(Self.hub(#"{"version": 1}"#, event: "state")), "`stylerun preview`"),
            ("a path out of the folder", .events(Self.hub(#"{"stylerun": 1, "revision": 1, "files": [{"path": "../escape.lua", "content": "x"}]}"#)), "'../escape.lua'"),
            ("an absolute path", .events(Self.hub(#"{"stylerun": 1, "revision": 1, "files": [{"path": "/tmp/escape.lua", "content": "x"}]}"#)), "'/tmp/escape.lua'"),
        ]
        for (name, reply, expected) in cases {
            let log = RemoteEventLog()
            let server = try HTTPServer(host: "127.0.0.1", port: 0) { _ in reply }
            server.start()
            defer { server.stop() }
            let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(server.port)/"))
            let handle = Runtime().watch(url: url, file: "app.lua", tree: root, theme: nil, queue: queue,
                                         configuration: quick) { log.record($0) }
            defer { handle.stop() }
            let event = try XCTUnwrap(log.wait(after: 0) { _ in true }, name)
            XCTAssertEqual(event.diagnostics.map(\.code), [.remoteRefused], name)
            let message = event.diagnostics.first?.message ?? ""
            XCTAssertTrue(message.contains(expected), "\(name): \(message)")
            XCTAssertTrue(message.contains("is not a stylerun server"), "\(name): \(message)")
            // Retried with backoff, and not reported again while the answer stays the same.
            Thread.sleep(forTimeInterval: 0.2)
            XCTAssertEqual(log.count, 1, name)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: FileManager.default.temporaryDirectory.appendingPathComponent("escape.lua").path))
    }

    func testSomethingThatIsNotHTTPIsRefused() throws {
        let listener = try Socket.listen(host: "127.0.0.1", port: 0)
        let port = listener.localPort
        let thread = Thread {
            while let (client, _) = listener.accept() {
                _ = client.write(Array("SSH-2.0-OpenSSH_9.2\r\n".utf8))
                client.close()
            }
        }
        thread.start()
        defer { listener.shutdown() }
        let handle = try watch(port)
        defer { handle.stop() }
        let event = try XCTUnwrap(log.wait(after: 0) { _ in true })
        XCTAssertEqual(event.diagnostics.map(\.code), [.remoteRefused])
        XCTAssertTrue(event.diagnostics[0].message.contains("It did not answer in HTTP."), event.diagnostics[0].message)
    }

    func testABundleOverTheLimitIsRefusedAndTheTreeKeepsItsStyles() throws {
        let server = try serve()
        defer { server.stop() }
        var limited = quick
        limited.maximumEventBytes = 4096
        let handle = try watch(server.port, configuration: limited)
        defer { handle.stop() }
        XCTAssertNotNil(log.wait(after: 0) { $0.isSuccess })
        try write("colors.lua", "return { brand = \"#222222\" }\n-- " + String(repeating: "x", count: 8000) + "\n")
        let refused = try XCTUnwrap(log.wait(after: 1) { _ in true })
        XCTAssertEqual(refused.diagnostics.map(\.code), [.remoteRefused])
        XCTAssertTrue(refused.diagnostics[0].message.contains("over the limit of 4 KiB"), refused.diagnostics[0].message)
        XCTAssertEqual(titleColor(), "#111111")
    }

    func testTheServerAnswersOnlyToItsOwnAddress() throws {
        let server = try serve()
        defer { server.stop() }
        let foreign = try RawClient.request("GET /stylerun/sources HTTP/1.1\r\nHost: evil.example:\(server.port)\r\n\r\n", port: server.port)
        XCTAssertTrue(foreign.hasPrefix("HTTP/1.1 403"), foreign)
        let own = try RawClient.request("GET /stylerun/sources HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n", port: server.port)
        XCTAssertTrue(own.hasPrefix("HTTP/1.1 200"), own)
        let body = String(own[own.range(of: "\r\n\r\n")!.upperBound...])
        let bundle = try SourceBundle(json: body)
        XCTAssertEqual(bundle.files.map(\.path), ["app.lua", "colors.lua"])
        XCTAssertEqual(bundle.revision, 1)
    }

    func testTheServedFolderHoldsOnlyItsOwnPlainLuaFiles() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-outside-\(UUID().uuidString).lua")
        try "return 1\n".write(to: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("base/deep"), withIntermediateDirectories: true)
        try write("base/deep/x.lua", "return 2\n")
        try write(".hidden.lua", "return 3\n")
        try write("notes.txt", "not lua\n")
        try write("my file.lua", "return 4\n")
        try Data([0xFF, 0xFE, 0x00]).write(to: folder.appendingPathComponent("binary.lua"))
        try Data(repeating: UInt8(ascii: "-"), count: 2 * 1024 * 1024).write(to: folder.appendingPathComponent("big.lua"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.lua").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("inside.lua").path,
                                                   withDestinationPath: folder.appendingPathComponent("colors.lua").path)
        var scanner = SourceFolder(root: folder.path)
        let scan = scanner.scan()
        XCTAssertEqual(scan.files.map(\.path), ["app.lua", "base/deep/x.lua", "colors.lua", "inside.lua"])
        XCTAssertEqual(scan.skipped, ["big.lua: over 1024 KiB", "binary.lua: not UTF-8 text",
                                      "link.lua: a symlink to a file outside the folder",
                                      "my file.lua: a served path has only letters, digits, '_', '-' and '.' in its names"])
    }

    /// A folder or file that is there but cannot be read is said, not left out in silence (a
    /// folder gone meanwhile is not). Permissions do not stop root, so this runs as a user.
    func testAFolderOrFileThatCannotBeReadIsSaid() throws {
        try XCTSkipIf(geteuid() == 0, "permissions do not stop root")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("locked"), withIntermediateDirectories: true)
        try write("locked/x.lua", "return 1\n")
        try write("secret.lua", "return 2\n")
        chmod(folder.appendingPathComponent("locked").path, 0)
        chmod(folder.appendingPathComponent("secret.lua").path, 0)
        defer {
            chmod(folder.appendingPathComponent("locked").path, 0o755)
            chmod(folder.appendingPathComponent("secret.lua").path, 0o644)
        }
        var scanner = SourceFolder(root: folder.path)
        let scan = scanner.scan()
        XCTAssertTrue(scan.skipped.contains("locked/: the folder cannot be read"), "\(scan.skipped)")
        XCTAssertTrue(scan.skipped.contains("secret.lua: the file cannot be read"), "\(scan.skipped)")
    }

    func testTwoWritesOfTheSameLengthInOneClockTickAreBothSeen() throws {
        var scanner = SourceFolder(root: folder.path)
        try write("colors.lua", "return { brand = Color.aaaa }\n")
        _ = scanner.scan()
        try write("colors.lua", "return { brand = Color.bbbb }\n")
        XCTAssertEqual(scanner.scan().files.first { $0.path == "colors.lua" }?.content, "return { brand = Color.bbbb }\n")
    }

    private static func hub(_ data: String, event: String = "sources") -> EventHub {
        let hub = EventHub()
        hub.publish(ServerSentEvent.frame(event: event, data: data))
        return hub
    }

    private func freePort() throws -> Int {
        let probe = try Socket.listen(host: "127.0.0.1", port: 0)
        defer { probe.close() }
        return probe.localPort
    }
}

/// Records the waits a remote watch asks for, and waits only a moment.
private final class RecordingClock: RetryClock, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Double] = []
    var pauses: [Double] { lock.withLock { recorded } }

    func pause(_ seconds: Double, unless signal: StopSignal) {
        lock.withLock { recorded.append(seconds) }
        signal.wait(0.005)
    }
}

/// The events of one remote watch, awaited from the test.
final class RemoteEventLog: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [ReloadEvent] = []

    func record(_ event: ReloadEvent) {
        condition.withLock {
            events.append(event)
            condition.broadcast()
        }
    }

    var all: [ReloadEvent] { condition.withLock { events } }
    var count: Int { condition.withLock { events.count } }

    /// The first event after the first `index` that satisfies `predicate`, within 60 s.
    func wait(after index: Int, file: StaticString = #filePath, line: UInt = #line,
              for predicate: (ReloadEvent) -> Bool) -> ReloadEvent? {
        let deadline = Date().addingTimeInterval(60)
        return condition.withLock {
            var checked = index
            while true {
                while checked < events.count {
                    if predicate(events[checked]) { return events[checked] }
                    checked += 1
                }
                guard condition.wait(until: deadline) else {
                    XCTFail("No matching event within 60 s; got \(events.dropFirst(index))", file: file, line: line)
                    return nil
                }
            }
        }
    }
}

private extension ReloadEvent {
    var files: [String] {
        guard case .reloaded(_, let files, _) = self else { return [] }
        return files
    }
}
