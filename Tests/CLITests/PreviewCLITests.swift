import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// `stylerun preview` as a user runs it, read with a real HTTP client.
final class PreviewCLITests: XCTestCase {
    /// A running `stylerun preview`, its first line read.
    private final class RunningPreview {
        let process = Process()
        let output = Pipe()
        let errors = Pipe()
        var firstLine = ""

        init(_ arguments: [String], in directory: URL = fixtures) throws {
            process.executableURL = try XCTUnwrap(StyleRunCommand.executable, "stylerun is not built")
            process.arguments = ["preview"] + arguments
            process.currentDirectoryURL = directory
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = errors
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

        func stop(with signal: Int32) -> Int32 {
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            return process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus
        }

        var standardError: String {
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
    }

    private func fetch(_ url: URL) throws -> (status: Int, body: String, type: String) {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: (Int, String, String)?
        nonisolated(unsafe) var failure: Error?
        URLSession.shared.dataTask(with: url) { data, response, error in
            if let http = response as? HTTPURLResponse {
                result = (http.statusCode, String(decoding: data ?? Data(), as: UTF8.self), http.value(forHTTPHeaderField: "Content-Type") ?? "")
            }
            failure = error
            done.signal()
        }.resume()
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
        if let failure { throw failure }
        return try XCTUnwrap(result)
    }

    func testPrintsTheAddressServesThePageAndExitsZeroOnSIGTERM() throws {
        let preview = try RunningPreview(["small.lua", "--no-open", "--port", "0"])
        XCTAssertTrue(preview.firstLine.range(of: #"^Previewing small\.lua at http://127\.0\.0\.1:[0-9]+/\n$"#, options: .regularExpression) != nil,
                      preview.firstLine)
        let url = try XCTUnwrap(preview.url)
        var page = try fetch(url)
        for _ in 0..<50 where !page.body.contains(#"data-kind=""#) {  // the first load may still be running
            usleep(100_000)
            page = try fetch(url)
        }
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.type, "text/html; charset=utf-8")
        XCTAssertTrue(page.body.contains(#"data-stylerun="screen""#), page.body)
        XCTAssertTrue(page.body.contains(#"data-kind="StackView""#), page.body)
        let explain = try fetch(url.appendingPathComponent("explain.json"))
        XCTAssertEqual(explain.status, 200)
        let views = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(explain.body.utf8)) as? [[String: Any]])
        XCTAssertFalse(views.isEmpty)
        XCTAssertEqual(try fetch(url.appendingPathComponent("nothing")).status, 404)
        XCTAssertEqual(preview.stop(with: SIGTERM), 0)
    }

    func testCtrlCExitsZero() throws {
        let preview = try RunningPreview(["small.lua", "--no-open", "--port", "0"])
        XCTAssertNotNil(preview.url, preview.firstLine)
        XCTAssertEqual(preview.stop(with: SIGINT), 0)
    }

    func testAPortInUseIsAClearErrorAndAMissingFileIsUsage() throws {
        let first = try RunningPreview(["small.lua", "--no-open", "--port", "0"])
        defer { _ = first.stop(with: SIGTERM) }
        let port = try XCTUnwrap(first.url?.port)
        let second = try StyleRunCommand.run(["preview", "small.lua", "--no-open", "--port", String(port)])
        XCTAssertEqual(second.status, 1, second.stderr)
        XCTAssertEqual(second.stdout, "")
        XCTAssertTrue(second.firstErrorLine.hasPrefix("stylerun: cannot listen on 127.0.0.1:\(port): "), second.stderr)
        XCTAssertFalse(second.crashed)

        let missing = try StyleRunCommand.run(["preview", "missing.lua", "--no-open"])
        XCTAssertEqual(missing.status, 2, missing.stderr)
        let badHost = try StyleRunCommand.run(["preview", "small.lua", "--no-open", "--port", "0", "--host", "no such host.invalid"])
        XCTAssertEqual(badHost.status, 1, badHost.stderr)
        XCTAssertTrue(badHost.firstErrorLine.hasPrefix("stylerun: cannot use the address 'no such host.invalid'"), badHost.stderr)
        let badPort = try StyleRunCommand.run(["preview", "small.lua", "--port", "70000"])
        XCTAssertEqual(badPort.status, 2, badPort.stderr)
    }

    func testHelpNamesTheOptionsAndTheDefaultPort() throws {
        let help = try StyleRunCommand.run(["preview", "--help"])
        XCTAssertEqual(help.status, 0)
        for option in ["--theme", "--port N", "--host H", "--no-open", "default 7480"] {
            XCTAssertTrue(help.stdout.contains(option), help.stdout)
        }
    }
}
