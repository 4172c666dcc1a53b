import Foundation
import StyleRun
import XCTest

/// `stylerun FILE --format json` writes its document as it walks the tree, as the tree's text
/// is written: in the memory the tree itself takes, not a second copy of the document.
final class StreamedJSONTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-streamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func script(_ name: String, _ text: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A 100,000-wide row and a 20,000-deep chain: the JSON parses (the deep one, past
    /// `JSONParser`'s 512 levels, is the renderer's document byte for byte), and its run's peak
    /// memory in process is about the tree text's (measured: wide 87 MiB against 91, deep
    /// 35 against 35; holding the whole document took 121 and 77).
    func testLargeTreesPrintAsJSONInTheMemoryOfTheTreeText() throws {
        let mib = 1 << 20
        let wide = try script("wide.lua", "local c = {}\nfor i = 1, 100000 do c[i] = Label { text = 'cell ' .. i, class = 'cell' } end\nreturn View(c)\n")
        let deep = try script("deep.lua", "local v = Label { id = 'leaf', text = 'x' }\nfor i = 1, 20000 do v = View { v } end\nreturn v\n")
        // Far above the runs' work on a debug build on a busy machine: only a hang reaches it.
        let limits = ["--timeout", "600", "--no-isolation"]
        for path in [wide, deep] {
            let (tree, treePeak) = try StyleRunCommand.runMeasuringMemory([path, "--format", "tree"] + limits)
            let (json, jsonPeak) = try StyleRunCommand.runMeasuringMemory([path, "--format", "json"] + limits)
            XCTAssertEqual(tree.status, 0, tree.stderr)
            XCTAssertEqual(json.status, 0, json.stderr)
            XCTAssertLessThan(jsonPeak, treePeak + treePeak / 5 + 8 * mib,
                              "\(path): JSON peak \(jsonPeak / mib) MiB, tree \(treePeak / mib) MiB")
            if path == wide {
                let parsed = try JSONValue(parsing: json.stdout)
                guard case .array(let children)? = parsed["children"] else { return XCTFail("no children") }
                XCTAssertEqual(children.count, 100_000)
                XCTAssertEqual(children[99_999]["properties"]?["text"], "cell 100000")
            } else {
                let root = try Runtime().load(file: path).applyToOwnTree(recordingProvenance: false)
                XCTAssertEqual(json.stdout, TreeJSONRenderer().render(root))
                XCTAssertEqual(json.stdout.components(separatedBy: "\"kind\": \"View\"").count - 1, 20_000)
            }
        }
    }
}
