import Foundation
import LuaSyntax
import XCTest

/// Runs the reference compiler, `luac5.4 -p`, on a source, for tests that compare verdicts.
enum Luac {
    static let path = "/usr/bin/luac5.4"

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

    struct Missing: Error, CustomStringConvertible {
        var description: String { "\(Luac.path) is missing: the project's setup installs it (apt-get install lua5.4)" }
    }

    /// The agreement tests are the parser's specification, so a missing `luac` fails them
    /// rather than skipping them silently.
    static func requireAvailable() throws {
        guard isAvailable else { throw Missing() }
    }

    /// `luac`'s verdict: nil when it accepts, else its line (nil for "C stack overflow",
    /// which it prints without one) and message.
    struct Rejection: Equatable, CustomStringConvertible {
        var line: Int?
        var message: String
        var description: String { "\(line.map(String.init) ?? "-"): \(message)" }
    }

    static func check(source: [UInt8]) throws -> Rejection? {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("luasyntax-\(UUID().uuidString).lua")
        try Data(source).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try check(file: file.path)
    }

    static func check(file: String) throws -> Rejection? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-p", file]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 0 { return nil }
        var text = String(decoding: output, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        let prefix = "luac5.4: "
        if text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        // Stack overflow carries the program's name instead of a chunk and line.
        if text.hasSuffix("C stack overflow") { return Rejection(line: nil, message: "C stack overflow") }
        return parse(text, chunkName: file)
    }

    /// The Lua files of the project: the standard library, the examples and the fixtures
    /// (including the ones meant to fail), found from this file's place in the repository.
    static func projectLuaFiles(filePath: String = #filePath) -> [URL] {
        let root = URL(fileURLWithPath: filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files: [URL] = []
        for folder in ["stdlib", "examples", "Tests/Fixtures"] {
            let base = root.appendingPathComponent(folder)
            guard let found = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in found where file.pathExtension == "lua" {
                files.append(file)
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Splits `chunk:line: message`; the chunk name may be shortened by Lua (`...name.lua`).
    static func parse(_ text: String, chunkName: String) -> Rejection {
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            if characters[index] == ":" {
                var end = index + 1
                while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
                if end > index + 1, end + 1 < characters.count, characters[end] == ":", characters[end + 1] == " " {
                    let line = Int(String(characters[(index + 1)..<end]))
                    return Rejection(line: line, message: String(characters[(end + 2)...]))
                }
            }
            index += 1
        }
        return Rejection(line: nil, message: text)
    }

    /// Our verdict in the same shape.
    static func ours(source: [UInt8]) -> Rejection? {
        do {
            _ = try LuaParser.parse(source: source, chunkName: "test")
            return nil
        } catch {
            if case .tooDeeplyNested = error.reason { return Rejection(line: nil, message: error.message) }
            return Rejection(line: error.luacLine, message: error.message)
        }
    }

    /// Fails the test unless both parsers accept, or both reject with the same line and message.
    static func assertAgreement(_ source: [UInt8], label: String, file: StaticString = #filePath,
                                line: UInt = #line) throws {
        let expected = try check(source: source)
        let actual = ours(source: source)
        XCTAssertEqual(actual, expected, "luac and LuaSyntax disagree on \(label)", file: file, line: line)
    }
}
