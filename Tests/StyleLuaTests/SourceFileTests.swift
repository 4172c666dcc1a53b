import Foundation
import StyleCore
import StyleLua
import XCTest

/// `SourceFile.read` takes exactly the files that are UTF-8 source text, and reads them whole.
final class SourceFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sourcefile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func read(_ bytes: [UInt8]) throws -> Result<String, Diagnostic> {
        let file = folder.appendingPathComponent("script.lua")
        try Data(bytes).write(to: file)
        do throws(Diagnostic) {
            return .success(try SourceFile.read(file.path))
        } catch {
            return .failure(error)
        }
    }

    /// Every sequence Foundation decodes as UTF-8 is read as that text (a byte order mark
    /// dropped), and every other is refused as not UTF-8: edges of each form, then random bytes.
    func testUTF8IsCheckedAsTheStandardLibraryChecksIt() throws {
        var cases: [[UInt8]] = [
            [], Array("return 1\n".utf8), [0xEF, 0xBB, 0xBF] + Array("return 1".utf8), [0xEF, 0xBB, 0xBF],
            [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x41], [0xEF, 0xBB], Array("x".utf8) + [0xEF, 0xBB, 0xBF], Array("x = \"café ✓ 𝄞\"".utf8),
            [0xC2, 0x80], [0xC1, 0xBF], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xC3], [0xE2, 0x82],
            [0x80], [0xBF], [0xFE], [0xFF], Array("abcdefgh".utf8) + [0xC3, 0xA9] + Array("ijklmnop".utf8),
            Array("abcdefg".utf8) + [0xE9] + Array("hijklmnop".utf8),
        ]
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [[0xEF, 0xBB, 0xBF], [0x61], [0x20], [0xC3, 0xA9], [0xE2, 0x9C, 0x93], [0xF0, 0x9D, 0x84, 0x9E], [0x80], [0xED, 0xA0], [0xF4], [0xC0, 0xAF]]
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<24, using: &generator) {
                bytes += Bool.random(using: &generator) ? pieces.randomElement(using: &generator)! : [UInt8.random(in: 1...255, using: &generator)]
            }
            cases.append(bytes)
        }
        for bytes in cases where bytes.first != 0x1B && !bytes.contains(0) {
            let expected = String(data: Data(bytes), encoding: .utf8)
            switch try read(bytes) {
            case .success(let text):
                XCTAssertEqual(text, expected, "\(bytes)")
            case .failure(let diagnostic):
                XCTAssertNil(expected, "\(bytes)")
                XCTAssert(diagnostic.message.hasSuffix("is not UTF-8 text."), diagnostic.message)
            }
        }
    }

    func testBinaryAndCompiledFilesAreRefused() throws {
        guard case .failure(let binary) = try read(Array("return 1".utf8) + [0, 0x41]) else { return XCTFail("read a binary file") }
        XCTAssert(binary.message.hasSuffix("is a binary file, not a Lua script."), binary.message)
        guard case .failure(let compiled) = try read([0x1B, 0x4C, 0x75, 0x61]) else { return XCTFail("read a compiled chunk") }
        XCTAssert(compiled.message.hasSuffix("is a compiled Lua chunk; only source text is allowed."), compiled.message)
    }

    /// A large script (past any single read) comes back byte for byte.
    func testALargeScriptIsReadWhole() throws {
        let line = "Label { class = \"card__title é\", text = \"Title\" },\n"
        let text = String(repeating: line, count: 40_000)
        XCTAssertEqual(try read(Array(text.utf8)).get(), text)
    }

    /// A script is held to `Limits.scriptBytes`: a file one byte past the cap is refused with
    /// the cap in the message, and one of exactly the cap is read.
    func testAScriptPastTheCapIsRefusedWithTheCap() throws {
        let file = folder.appendingPathComponent("big.lua")
        let text = "return 1\n" + String(repeating: "-- a comment line\n", count: 55)
        try text.write(to: file, atomically: true, encoding: .utf8)
        let size = text.utf8.count
        var limits = Limits()
        limits.scriptBytes = size - 1
        XCTAssertThrowsError(try SourceFile.read(file.path, limits: limits)) { error in
            let diagnostic = error as! Diagnostic
            XCTAssertEqual(diagnostic.message, "'\(file.path)' is \(size) bytes; scripts may be at most \(size - 1) bytes.")
            XCTAssertEqual(diagnostic.code, .unreadableFile)
        }
        limits.scriptBytes = size
        XCTAssertEqual(try SourceFile.read(file.path, limits: limits), text)
    }

    /// The cap follows the memory limit: a sixteenth of it, never under 16 MiB; a host's own
    /// cap stands whatever the memory limit.
    func testTheScriptCapScalesWithTheMemoryLimit() {
        XCTAssertEqual(Limits().scriptBytes, 16 << 20)
        XCTAssertEqual(Limits(memory: 64 << 20).scriptBytes, 16 << 20)
        XCTAssertEqual(Limits(memory: 512 << 20).scriptBytes, 32 << 20)
        XCTAssertEqual(Limits(memory: 2048 << 20).scriptBytes, 128 << 20)
        var limits = Limits(memory: 2048 << 20)
        XCTAssertFalse(limits.setsScriptBytes)
        limits.scriptBytes = 1000
        limits.memory = 4096 << 20
        XCTAssertEqual(limits.scriptBytes, 1000)
        XCTAssertTrue(limits.setsScriptBytes)
    }

    /// A generated screen one byte past a host's cap is refused before it is evaluated, and
    /// the same screen under a cap that takes it is evaluated whole; `load` in the script is
    /// held to the same cap, in bytes.
    func testEvaluatingAScreenHoldsItToTheCap() throws {
        let file = folder.appendingPathComponent("screen.lua")
        var text = "return StackView { id = \"root\",\n"
        for i in 0..<500 { text += "  Label { class = \"card__title\", text = \"Title \(i)\" },\n" }
        text += "}\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        var limits = Limits()
        limits.scriptBytes = text.utf8.count - 1
        XCTAssertThrowsError(try Evaluation.evaluate(file: file.path, options: EvaluationOptions(limits: limits))) { error in
            let list = error as! DiagnosticList
            XCTAssertEqual(list.diagnostics.map(\.message),
                           ["'\(file.path)' is \(text.utf8.count) bytes; scripts may be at most \(text.utf8.count - 1) bytes."])
        }
        limits.scriptBytes = text.utf8.count
        let evaluation = try Evaluation.evaluate(file: file.path, options: EvaluationOptions(limits: limits))
        XCTAssertEqual(evaluation.root?.children.count, 500)

        let loader = folder.appendingPathComponent("loader.lua")
        try "local f = load(string.rep(\"x = 1 \", 200))\nreturn View {}\n"
            .write(to: loader, atomically: true, encoding: .utf8)
        limits.scriptBytes = 1000
        XCTAssertThrowsError(try Evaluation.evaluate(file: loader.path, options: EvaluationOptions(limits: limits))) { error in
            let messages = (error as! DiagnosticList).diagnostics.map(\.message).joined(separator: "\n")
            XCTAssert(messages.contains("source size limit of 1000 bytes"), messages)
        }
    }
}
