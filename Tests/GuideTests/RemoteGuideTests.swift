import Foundation
import StyleRun
import XCTest

/// §10's screen, styled from `stylerun serve` on another machine (here: another process on
/// loopback).
@MainActor
final class DesignReview {
    let root: View
    let binder = makeBinder()
    let name = HostLabel()
    private(set) var handle: WatchHandle?
    private(set) var events: [ReloadEvent] = []

    init(root: View) {
        self.root = root
        binder.attach(name, to: root.children[1])
    }

    func start(_ runtime: Runtime, server: URL) {
        handle = runtime.watch(url: server, file: "app.lua", tree: root, binder: binder) { [weak self] event in
            self?.events.append(event)    // the same events as watch(file:), on the main actor
        }
    }
}

/// The guide's remote watch against the built `stylerun serve`, across a restart of the server.
final class RemoteGuideTests: GuideTestCase {
    @MainActor
    func testAHostReloadsFromStylerunServeAcrossARestart() async throws {
        let (runtime, avatar) = try makeRuntime()
        var serve = try Serve(folder: folder.appendingPathComponent("styles"), port: 0)
        let url = try XCTUnwrap(serve.url, serve.firstLine)
        let port = try XCTUnwrap(url.port)

        let review = DesignReview(root: makeProfile(avatar: avatar, tags: []))
        review.start(runtime, server: url)
        try await until { review.events.contains { $0.isSuccess } }
        XCTAssertEqual(review.name.font, .preferred(.title2))

        try editStylesheet { $0.replacingOccurrences(of: "font.preferred \"title2\"", with: "font.preferred \"title1\"") }
        try await until { review.name.font == .preferred(.title1) }

        XCTAssertEqual(serve.stop(), 0)
        serve = try Serve(folder: folder.appendingPathComponent("styles"), port: port)
        defer { _ = serve.stop() }
        XCTAssertEqual(serve.url, url, serve.firstLine)
        try editStylesheet { $0.replacingOccurrences(of: "font.preferred \"title1\"", with: "font.preferred \"title3\"") }
        try await until { review.name.font == .preferred(.title3) }
        XCTAssertTrue(review.events.last?.isSuccess == true, "\(review.events)")
        review.handle?.stop()
    }

    @MainActor
    private func until(_ condition: @MainActor () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(60)
        while !condition() {
            guard Date() < deadline else { return XCTFail("timed out") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// A running `stylerun serve`, its first line read.
private struct Serve {
    let process = Process()
    let firstLine: String

    init(folder: URL, port: Int) throws {
        process.executableURL = try XCTUnwrap(Self.executable, "stylerun is not built; run swift build first")
        process.arguments = ["serve", folder.path, "--port", String(port)]
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var bytes: [UInt8] = []
        while bytes.last != UInt8(ascii: "\n") {
            let chunk = output.fileHandleForReading.readData(ofLength: 1)
            if chunk.isEmpty { break }
            bytes += chunk
        }
        firstLine = String(decoding: bytes, as: UTF8.self)
    }

    var url: URL? {
        firstLine.range(of: #"http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression).flatMap { URL(string: String(firstLine[$0])) }
    }

    /// Stops it as Ctrl-C does; its exit status.
    func stop() -> Int32 {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The built `stylerun`, beside the test bundle or in the checkout's `.build/debug`.
    static let executable: URL? = {
        var folders = ([Bundle.main] + Bundle.allBundles).flatMap { [$0.bundleURL, $0.bundleURL.deletingLastPathComponent()] }
        folders.append(Guide.repository.appendingPathComponent(".build/debug"))
        return folders.map { $0.appendingPathComponent("stylerun") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
}
