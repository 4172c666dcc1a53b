import Foundation
import StylePreview
import StyleRun
import XCTest

/// The preview's routes over real sockets, on a script in a temporary folder.
final class PreviewServerTests: XCTestCase {
    private var folder: URL!
    private var script: URL!
    private var preview: PreviewServer!

    private let source = """
        local theme = themes { default = "light", light = { ink = color.black }, dark = { ink = color.white } }
        return StackView { id = "root", backgroundColor = theme.ink,
          ImageView { id = "logo", image = "logo" },
          ImageView { id = "linked", image = "link" },
          Label { id = "title", text = "Hello <you>" },
        }

        """

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        script = folder.appendingPathComponent("app.lua")
        try source.write(to: script, atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]).write(to: folder.appendingPathComponent("logo@2x.png"))
        try "secret".write(to: folder.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        try "nested".write(to: folder.appendingPathComponent("sub/nested.png"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.png").path,
                                                   withDestinationPath: "/etc/hostname")
        preview = try PreviewServer(file: script.path, runtime: Runtime(), host: "127.0.0.1", port: 0)
        preview.start()
        XCTAssertTrue(eventually { self.preview.state.version >= 1 }, "the script never loaded")
    }

    override func tearDownWithError() throws {
        preview?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private func get(_ target: String, headers: String = "") throws -> (head: String, body: String) {
        let response = try RawClient.request("GET \(target) HTTP/1.1\r\nHost: localhost:\(preview.port)\r\n\(headers)\r\n", port: preview.port)
        let parts = response.components(separatedBy: "\r\n\r\n")
        return (parts[0], parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    func testThePageHasTheScreenAndLoadsNothingFromElsewhere() throws {
        XCTAssertEqual(preview.url, "http://127.0.0.1:\(preview.port)/")
        let (head, body) = try get("/")
        XCTAssertTrue(head.hasPrefix("HTTP/1.1 200 OK"), head)
        let nonce = try XCTUnwrap(head.range(of: #"'nonce-([0-9a-f]+)'"#, options: .regularExpression).map { String(head[$0].dropFirst(7).dropLast()) })
        XCTAssertTrue(head.contains("Content-Security-Policy: default-src 'none'; script-src 'nonce-\(nonce)'"), head)
        XCTAssertTrue(body.contains("<script nonce=\"\(nonce)\">"), body)
        XCTAssertTrue(body.contains(##"<div data-kind="Label" id="title" data-ref="#title""##), body)
        XCTAssertTrue(body.contains("Hello &lt;you&gt;"), body)
        XCTAssertTrue(body.contains(#"<select data-stylerun="theme"><option value="dark">dark</option><option value="light" selected>light</option></select>"#), body)
        XCTAssertTrue(body.contains(#"<html lang="en" style="background: rgba(0, 0, 0, 1)">"#), body)
        for external in ["src=\"http", "href=", "url(", "@import", "https://", "<link"] {
            XCTAssertFalse(body.contains(external), "the page has \(external)")
        }
        XCTAssertTrue(body.contains(#"<img data-part="image" src="/images/logo" alt="logo""#), body)
        // The symbolic link is not an image of the folder: a placeholder instead.
        XCTAssertFalse(body.contains(#"src="/images/link""#), body)
    }

    func testImagesComeOnlyFromTheScriptsFolder() throws {
        let (head, _) = try get("/images/logo")
        XCTAssertTrue(head.hasPrefix("HTTP/1.1 200 OK"), head)
        XCTAssertTrue(head.contains("Content-Type: image/png"), head)
        XCTAssertTrue(head.contains("Content-Length: 7\r\n"), head)
        for target in ["/images/link", "/images/secret.txt", "/images/sub/nested.png", "/images/app.lua", "/app.lua", "/secret.txt"] {
            XCTAssertTrue(try get(target).head.hasPrefix("HTTP/1.1 404"), target)
        }
        for target in ["/images/..%2Fsecret.txt", "/images/%2e%2e/app.lua", "/images/../app.lua", "/images/%2Fetc%2Fpasswd", "//etc/passwd"] {
            XCTAssertTrue(try get(target).head.hasPrefix("HTTP/1.1 400"), target)
        }
        XCTAssertEqual(ImageFiles.find("logo", in: folder.path), folder.appendingPathComponent("logo@2x.png").path)
        XCTAssertNil(ImageFiles.find("link", in: folder.path))
        XCTAssertNil(ImageFiles.find("sub/nested", in: folder.path))
        XCTAssertNil(ImageFiles.find("../\(folder.lastPathComponent)/logo@2x.png", in: folder.path))
        XCTAssertNil(ImageFiles.find(".hidden", in: folder.path))
    }

    func testExplainJSONHasEveryViewWithItsProvenanceAndLinks() throws {
        let (head, body) = try get("/explain.json")
        XCTAssertTrue(head.contains("Content-Type: application/json"), head)
        let views = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String: Any]])
        XCTAssertEqual(views.map { $0["reference"] as? String }, ["#root", "#logo", "#linked", "#title"])
        XCTAssertEqual(views[0]["children"] as? [String], ["#logo", "#linked", "#title"])
        XCTAssertEqual(views[3]["parent"] as? String, "#root")
        let properties = try XCTUnwrap(views[0]["properties"] as? [[String: Any]])
        let background = try XCTUnwrap(properties.first { $0["property"] as? String == "backgroundColor" })
        XCTAssertEqual(background["value"] as? String, "#000000FF")
        XCTAssertEqual((background["origin"] as? [String: Any])?["kind"] as? String, "literal")
        XCTAssertEqual(background["line"] as? Int, 2)
        XCTAssertEqual((background["overridden"] as? [[String: Any]])?.count, 1)
        XCTAssertFalse(properties.contains { $0["property"] as? String == "alpha" })
        XCTAssertEqual((views[0]["defaults"] as? [String: Any])?["alpha"] as? Double, 1, "properties at their default are listed apart")
    }

    func testThemesSwitchOnlyFromThePage() throws {
        XCTAssertTrue(try get("/theme?name=dark").head.hasPrefix("HTTP/1.1 403"))
        XCTAssertTrue(try get("/theme?name=sepia", headers: "X-Stylerun: theme\r\n").head.hasPrefix("HTTP/1.1 404"))
        XCTAssertTrue(try get("/theme?name=dark", headers: "X-Stylerun: theme\r\n").head.hasPrefix("HTTP/1.1 200"))
        XCTAssertTrue(eventually { self.preview.state.theme == "dark" })
        XCTAssertEqual(preview.state.background, "rgba(255, 255, 255, 1)")
    }

    func testTheEventStreamStartsWithTheStateAndFollowsSaves() throws {
        let client = try RawClient(port: preview.port)
        client.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\n\r\n")
        let first = client.read(until: "\n\n")
        XCTAssertTrue(first.contains("event: state\nretry: 500\ndata: {\"version\": 1, \"screenVersion\": 1, \"title\": \"app.lua\", \"ok\": true"), first)

        try source.replacingOccurrences(of: #"text = "Hello <you>""#, with: #"txt = "Hello""#).write(to: script, atomically: true, encoding: .utf8)
        let failed = client.read(until: "\"ok\": false")
        XCTAssertTrue(failed.contains("Label has no property 'txt'"), failed)
        XCTAssertTrue(eventually { !self.preview.state.ok })
        let diagnostic = try XCTUnwrap(preview.state.diagnostics.first)
        XCTAssertEqual(diagnostic["line"], .number(5))
        XCTAssertEqual(diagnostic["frame"]?[2]?["text"], .string(#"  Label { id = "title", txt = "Hello" },"#))
        XCTAssertEqual(diagnostic["frame"]?[2]?["current"], .bool(true))
        XCTAssertTrue(preview.state.screen?.contains("Hello &lt;you&gt;") == true, "the last good screen was dropped")

        try source.replacingOccurrences(of: "Hello <you>", with: "Hi").write(to: script, atomically: true, encoding: .utf8)
        XCTAssertTrue(eventually { self.preview.state.ok && self.preview.state.screen?.contains(">Hi</div>") == true })
        XCTAssertEqual(preview.state.changed, ["#title"])
        XCTAssertEqual(preview.state.screenVersion, 2)
    }

    func testAHardLinkToAFileElsewhereIsNoImage() throws {
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-elsewhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let secret = elsewhere.appendingPathComponent("secret.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 9, 9]).write(to: secret)
        let hard = folder.appendingPathComponent("hard.png")
        XCTAssertEqual(link(secret.path, hard.path), 0, String(cString: strerror(errno)))
        XCTAssertNil(ImageFiles.find("hard", in: folder.path), "a hard link to a file of another folder was served")
        XCTAssertNil(ImageFiles.read(hard.path, folder: folder.path))
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o644), 0)
        XCTAssertNil(ImageFiles.find("pipe", in: folder.path))
        XCTAssertNil(ImageFiles.read(folder.appendingPathComponent("pipe.png").path, folder: folder.path), "a named pipe was read")
        XCTAssertEqual(ImageFiles.read(folder.appendingPathComponent("logo@2x.png").path, folder: folder.path)?.count, 7)
    }

    func testOtherSitesCannotOpenTheEventStreamOrReadTheProvenance() throws {
        for target in ["/events", "/explain.json", "/images/logo", "/theme?name=dark"] {
            let (head, _) = try get(target, headers: "Origin: http://evil.example\r\nX-Stylerun: theme\r\n")
            XCTAssertTrue(head.hasPrefix("HTTP/1.1 403"), "\(target): \(head)")
        }
        XCTAssertNotEqual(preview.state.theme, "dark")
        XCTAssertTrue(try get("/explain.json", headers: "Origin: http://localhost:\(preview.port)\r\n").head.hasPrefix("HTTP/1.1 200"))
    }

    func testTheStateNamesFilesRelativeToTheFolderAndTheStdlibByName() throws {
        let stdlib = try XCTUnwrap(Runtime.defaultStdlibPaths.first)
        let absolute = [folder.path, URL(fileURLWithPath: stdlib).standardizedFileURL.path]
        var json = preview.state.json.serialized(.line)
        for path in absolute { XCTAssertFalse(json.contains(path), "the state names '\(path)'") }
        XCTAssertTrue(json.contains(#""file": "app.lua""#), json)

        try ("local missing = require \"nothere\"\n" + source).write(to: script, atomically: true, encoding: .utf8)
        XCTAssertTrue(eventually { !self.preview.state.ok })
        json = preview.state.json.serialized(.line)
        for path in absolute { XCTAssertFalse(json.contains(path), "the state names '\(path)'") }
        let diagnostic = try XCTUnwrap(preview.state.diagnostics.first)
        XCTAssertEqual(diagnostic["file"], "app.lua")
        XCTAssertEqual(diagnostic["message"], "Module 'nothere' not found; looked for 'nothere.lua' and 'stdlib/nothere.lua'.")
    }
}
