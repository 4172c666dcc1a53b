import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `scripts/blink-recalc.py` as a child process, spoken to in JSON lines: one request, one answer.
/// Its standard error is stylebench's, so that a Python traceback is seen.
final class BrowserDriver {
    struct Failure: Error {
        var message: String
    }

    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private var buffer: [UInt8] = []

    /// Starts the driver with `browser` (Chromium's executable) and waits for it to be ready.
    init(script: String, browser: String) throws(Failure) {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script, "--browser", browser]
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw Failure(message: "cannot start \(script): \(error.localizedDescription)")
        }
        let hello = try receive()
        guard hello["ready"] as? Bool == true else {
            process.waitUntilExit()
            throw Failure(message: hello["error"] as? String ?? "the browser did not start")
        }
    }

    /// One request and its answer; an answer with `error` throws it.
    func send(_ request: [String: Any]) throws(Failure) -> [String: Any] {
        guard process.isRunning else { throw Failure(message: "the browser driver has exited") }
        do {
            var data = try JSONSerialization.data(withJSONObject: request)
            data.append(UInt8(ascii: "\n"))
            try input.fileHandleForWriting.write(contentsOf: data)
        } catch {
            throw Failure(message: "cannot write to the browser driver: \(error.localizedDescription)")
        }
        let answer = try receive()
        if let error = answer["error"] as? String { throw Failure(message: error) }
        return answer
    }

    func quit() {
        if process.isRunning {
            _ = try? send(["cmd": "quit"])
            try? input.fileHandleForWriting.close()
        }
        process.waitUntilExit()
    }

    /// The next line of output as a JSON object.
    private func receive() throws(Failure) -> [String: Any] {
        let fd = output.fileHandleForReading.fileDescriptor
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while !buffer.contains(UInt8(ascii: "\n")) {
            let n = read(fd, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(message: "the browser driver stopped answering") }
            buffer.append(contentsOf: chunk[0..<n])
        }
        let end = buffer.firstIndex(of: UInt8(ascii: "\n"))!
        let line = Data(buffer[..<end])
        buffer.removeSubrange(...end)
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else {
            throw Failure(message: "the browser driver said: \(String(decoding: line, as: UTF8.self))")
        }
        return object
    }
}
