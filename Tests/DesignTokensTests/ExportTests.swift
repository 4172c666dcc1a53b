@testable import DesignTokens
import Foundation
import StyleCore
import XCTest

/// The writers: DTCG output loads again to the same values, and the Swift output compiles.
final class ExportTests: XCTestCase {
    func testDTCGOutputLoadsAgainToTheSameValues() {
        for name in ["types.tokens.json", "aliases.tokens.json", "groups.tokens.json"] {
            let original = TokenSet(files: [fixture(name)])
            XCTAssertEqual(original.errors, [], name)
            let text = DTCGWriter.document(ExportedToken.all(of: original))
            let again = TokenSet(files: [("again.tokens.json", text)])
            XCTAssertEqual(again.errors, [], "\(name):\n\(text)")
            XCTAssertEqual(again.names, original.names, name)
            for n in original.names {
                XCTAssertEqual(again.tokens[n]?.value, original.tokens[n]?.value, "\(name): \(n)")
                XCTAssertEqual(again.tokens[n]?.definition.description, original.tokens[n]?.definition.description, "\(name): \(n)")
                XCTAssertEqual(again.tokens[n]?.definition.deprecated, original.tokens[n]?.definition.deprecated, "\(name): \(n)")
            }
            XCTAssertTrue(again.tokens.values.allSatisfy(\.chain.isEmpty), "aliases are written resolved")
        }
    }

    func testNamesAndTextAreEscaped() {
        let tokens = [ExportedToken(name: "a.quote\"d", value: .fontFamily(["Line\nbreak", "Back\\slash"]), description: "Tab\there",
                                    location: SourceLocation(file: "x", line: 1))]
        let again = TokenSet(files: [("x.tokens.json", DTCGWriter.document(tokens))])
        XCTAssertEqual(again.errors, [])
        XCTAssertEqual(again.tokens["a.quote\"d"]?.value, .fontFamily(["Line\nbreak", "Back\\slash"]))
        XCTAssertEqual(again.tokens["a.quote\"d"]?.definition.description, "Tab\there")
    }

    func testSwiftIdentifiers() {
        XCTAssertEqual(SwiftWriter.memberName("heading-level-1"), "headingLevel1")
        XCTAssertEqual(SwiftWriter.memberName("500"), "_500")
        XCTAssertEqual(SwiftWriter.memberName("default"), "`default`")
        XCTAssertEqual(SwiftWriter.memberName("$root"), "root")
        XCTAssertEqual(SwiftWriter.typeName("type styles"), "TypeStyles")
        XCTAssertEqual(SwiftWriter.typeName("type"), "TypeTokens")
    }

    /// The Swift output of every fixture, in two themes, compiled by swiftc with a use of it.
    func testSwiftOutputCompiles() throws {
        let swiftc = ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let swiftc else { throw XCTSkip("swiftc is not installed") }
        let set = TokenSet(files: [fixture("types.tokens.json"), fixture("groups.tokens.json"), fixture("aliases.tokens.json")])
        XCTAssertEqual(set.errors, [])
        let tokens = ExportedToken.all(of: set)
        var source = SwiftWriter.file([("light", tokens), ("dark", tokens)], source: "app.lua")
        source += """

        @main struct Use {
            static func main() {
                let c: TokenColor = DesignTokens.Light.Color.primary
                let f: TokenFont = DesignTokens.Dark.TypeStyles.headingLevel1
                let s: [TokenShadow] = DesignTokens.Light.Shadow.layered
                let d: Double = DesignTokens.Light.Layout.small
                print(c.blue, f.size, s.count, d)
            }
        }
        """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swift-tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }  // a leftover temporary folder harms no test
        let file = folder.appendingPathComponent("Tokens.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = ["-parse-as-library", file.path, "-o", folder.appendingPathComponent("use").path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, message + "\n" + source)
        let run = Process()
        run.executableURL = folder.appendingPathComponent("use")
        let out = Pipe()
        run.standardOutput = out
        try run.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        XCTAssertEqual(printed, "0.8 42.0 2 256.0\n")
    }
}
