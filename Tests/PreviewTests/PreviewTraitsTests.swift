import Foundation
import StylePreview
import StyleRun
import XCTest

/// The preview's traits, states and contrast over real sockets: `/traits` and `/state` restyle
/// without evaluating the script again, only from the page, and the state carries each text's
/// contrast and the views that fail `low-contrast`.
final class PreviewTraitsTests: XCTestCase {
    private var folder: URL!
    private var script: URL!
    private var preview: PreviewServer!
    /// Each evaluation prints once.
    private let evaluations = Counter()

    private let source = """
        print("evaluated")
        appearance(Label, when({ colorScheme = "dark" }, mut(Label.textColor, "#FFD60A")))
        appearance(Button, concat(mut(Button.titleColor, "#0040DD"), when("highlighted", mut(Button.titleColor, "#FF9500"))))
        return StackView { id = "root",
          Label { id = "gray", text = "Gray", textColor = "#767676" },
          Label { id = "pale", text = "Pale", textColor = "#EEEEEE" },
          Label { id = "plain", text = "Plain" },
          Button { id = "go", title = "Go" },
        }

        """

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylerun-preview-traits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        script = folder.appendingPathComponent("app.lua")
        try source.write(to: script, atomically: true, encoding: .utf8)
        let counter = evaluations
        preview = try PreviewServer(file: script.path, runtime: Runtime(log: { _ in counter.add() }),
                                    traits: Traits(contentSize: .small), host: "127.0.0.1", port: 0)
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

    private func view(_ reference: String) -> JSONValue? {
        guard case .array(let views) = preview.state.explain else { return nil }
        return views.first { $0["reference"] == .string(reference) }
    }

    private func property(_ reference: String, _ name: String) -> JSONValue? {
        guard case .array(let properties)? = view(reference)?["properties"] else { return nil }
        return properties.first { $0["property"] == .string(name) }?["value"]
    }

    func testTraitsRestyleWithoutEvaluatingAgainAndOnlyFromThePage() throws {
        XCTAssertEqual(preview.state.traits.contentSize, .small, "--trait sets the starting traits")
        XCTAssertEqual(preview.state.json["traits"]?["contentSize"], .string("small"))
        XCTAssertTrue(try get("/traits?colorScheme=dark").head.hasPrefix("HTTP/1.1 403"))
        let unknown = try get("/traits?colorSheme=dark", headers: "X-Stylerun: traits\r\n")
        XCTAssertTrue(unknown.head.hasPrefix("HTTP/1.1 400"), unknown.head)
        XCTAssertTrue(unknown.body.contains("Unknown trait 'colorSheme'. Did you mean 'colorScheme'?"), unknown.body)
        let badValue = try get("/traits?colorScheme=dim", headers: "X-Stylerun: traits\r\n")
        XCTAssertTrue(badValue.head.hasPrefix("HTTP/1.1 400") && badValue.body.contains("'dim' is not a value of colorScheme"), badValue.body)
        XCTAssertTrue(try get("/traits", headers: "X-Stylerun: traits\r\n").head.hasPrefix("HTTP/1.1 400"))
        XCTAssertEqual(preview.state.traits.colorScheme, .light, "a refused request changed the traits")

        XCTAssertTrue(try get("/traits?colorScheme=dark&layoutDirection=rightToLeft", headers: "X-Stylerun: traits\r\n").head.hasPrefix("HTTP/1.1 200"))
        XCTAssertTrue(eventually { self.property("#plain", "textColor") == .string("#FFD60AFF") }, "the dark rule never applied")
        XCTAssertEqual(preview.state.traits, Traits(colorScheme: .dark, contentSize: .small, layoutDirection: .rightToLeft))
        XCTAssertEqual(preview.state.background, "rgba(0, 0, 0, 1)", "a screen with no background stands on dark's black")
        XCTAssertEqual(evaluations.count, 1, "switching traits evaluated the script again")
        XCTAssertTrue(PreviewPage.render(preview.state, nonce: "n").contains(#"<main data-stylerun="screen" dir="rtl""#))

        // A save evaluates again, for the traits chosen.
        try source.replacingOccurrences(of: #"text = "Plain""#, with: #"text = "Saved""#).write(to: script, atomically: true, encoding: .utf8)
        XCTAssertTrue(eventually { self.preview.state.screen?.contains(">Saved</div>") == true })
        XCTAssertEqual(property("#plain", "textColor"), .string("#FFD60AFF"), "the save lost the traits")
        XCTAssertEqual(evaluations.count, 2)
    }

    func testTheServerLaysTheScreenOutAtThePagesWidthAndTheScreenIsDrawnAtTheFrames() throws {
        XCTAssertEqual(preview.state.width, 375)
        XCTAssertEqual(view("#root")?["frame"]?["width"], .number(375))
        guard case .string(let reason)? = view("#gray")?["frameReason"] else { return XCTFail("no frameReason") }
        XCTAssertTrue(reason.contains("StackView#root"), reason)
        XCTAssertTrue(preview.state.screen?.contains("width: 375px; height: ") == true, "the root is not drawn at its frame")
        XCTAssertTrue(preview.state.screen?.contains("position: absolute; margin: 0; flex: none; left: 0; top: 0;") == true,
                      "the first label is not drawn at its frame")
        for bad in ["abc", "100", "5000", "nan"] {
            let refused = try get("/traits?width=\(bad)", headers: "X-Stylerun: traits\r\n")
            XCTAssertTrue(refused.head.hasPrefix("HTTP/1.1 400") && refused.body.contains("from 200 to 2000"), "\(bad): \(refused)")
        }
        XCTAssertTrue(try get("/traits?width=320", headers: "X-Stylerun: traits\r\n").head.hasPrefix("HTTP/1.1 200"))
        XCTAssertTrue(eventually { self.view("#root")?["frame"]?["width"] == .number(320) }, "the width never laid the screen out again")
        XCTAssertEqual(preview.state.width, 320)
        XCTAssertEqual(preview.state.json["width"], .number(320))
        XCTAssertTrue(preview.state.screen?.contains("width: 320px; height: ") == true)
        XCTAssertEqual(evaluations.count, 1, "a width evaluated the script again")
    }

    func testAScriptThatReadsItsTraitsIsEvaluatedAgainForNewOnes() throws {
        try source.replacingOccurrences(of: #"text = "Plain""#, with: "text = traits.colorScheme").write(to: script, atomically: true, encoding: .utf8)
        XCTAssertTrue(eventually { self.preview.state.screen?.contains(">light</div>") == true })
        XCTAssertTrue(try get("/traits?colorScheme=dark", headers: "X-Stylerun: traits\r\n").head.hasPrefix("HTTP/1.1 200"))
        XCTAssertTrue(eventually { self.preview.state.screen?.contains(">dark</div>") == true }, "the script's traits table still said light")
        XCTAssertEqual(evaluations.count, 3)
    }

    func testAControlIsPutInAStateOnlyFromThePageAndOnlyAControl() throws {
        XCTAssertEqual(view("#go")?["control"], .bool(true))
        XCTAssertEqual(view("#go")?["state"], .string("normal"))
        XCTAssertEqual(view("#go")?["states"]?["highlighted"]?[0]?["value"], .string("#FF9500FF"))
        XCTAssertEqual(view("#go")?["states"]?["highlighted"]?[0]?["line"], .number(3))
        XCTAssertNil(view("#gray")?["control"])
        XCTAssertTrue(try get("/state?view=%23go&state=highlighted").head.hasPrefix("HTTP/1.1 403"))
        let headers = "X-Stylerun: state\r\n"
        let label = try get("/state?view=%23gray&state=highlighted", headers: headers)
        XCTAssertTrue(label.head.hasPrefix("HTTP/1.1 404") && label.body.contains("no control '#gray'"), label.body)
        let bad = try get("/state?view=%23go&state=hilighted", headers: headers)
        XCTAssertTrue(bad.head.hasPrefix("HTTP/1.1 400") && bad.body.contains("Did you mean 'highlighted'?"), bad.body)
        XCTAssertTrue(try get("/state?view=%23go&colour=red", headers: headers).head.hasPrefix("HTTP/1.1 400"))
        XCTAssertTrue(try get("/state?state=highlighted", headers: headers).head.hasPrefix("HTTP/1.1 400"))

        XCTAssertTrue(try get("/state?view=%23go&state=highlighted", headers: headers).head.hasPrefix("HTTP/1.1 200"))
        XCTAssertTrue(eventually { self.property("#go", "titleColor") == .string("#FF9500FF") }, "the pressed button is not highlighted")
        XCTAssertEqual(view("#go")?["state"], .string("highlighted"))
        XCTAssertEqual(preview.state.stateOverrides, ["#go": .highlighted])
        XCTAssertEqual(view("#go")?["states"]?["normal"]?[0]?["value"], .string("#0040DDFF"), "the other states are relative to the current one")
        XCTAssertEqual(evaluations.count, 1, "a state evaluated the script again")
        XCTAssertTrue(try get("/state?view=%23go", headers: headers).head.hasPrefix("HTTP/1.1 200"))
        XCTAssertTrue(eventually { self.property("#go", "titleColor") == .string("#0040DDFF") }, "the released button kept its state")
        XCTAssertEqual(preview.state.stateOverrides, [:])
    }

    func testTheStateCarriesEachTextsContrastAndTheFailingViews() throws {
        let gray = try XCTUnwrap(view("#gray")?["contrast"]?[0])
        XCTAssertEqual(gray["ratioText"], .string("4.54:1"))
        XCTAssertEqual(gray["minimumText"], .string("4.5:1"))
        XCTAssertEqual(gray["requirement"], .string("AA, normal text"))
        XCTAssertEqual(gray["passes"], .bool(true))
        XCTAssertEqual(gray["background"], .string("#FFFFFFFF"))
        let pale = try XCTUnwrap(view("#pale")?["contrast"]?[0])
        XCTAssertEqual(pale["passes"], .bool(false))
        XCTAssertEqual(pale["ratioText"], .string("1.16:1"))
        guard case .string(let message)? = pale["message"] else { return XCTFail("no finding for #pale") }
        XCTAssertTrue(message.hasPrefix("Text #EEEEEE (textColor of Label#pale, set at app.lua:6) on #FFFFFF (screen background) is 1.16:1"), message)
        XCTAssertEqual(view("#go")?["contrast"]?[0]?["part"], .string("title"))
        XCTAssertEqual(preview.state.failing.map { $0["reference"] }, [.string("#pale")])

        // In dark the screen is black: #767676 on it passes (4.62:1), the dark blue title fails.
        XCTAssertTrue(try get("/traits?colorScheme=dark", headers: "X-Stylerun: traits\r\n").head.hasPrefix("HTTP/1.1 200"))
        XCTAssertTrue(eventually { self.preview.state.traits.colorScheme == .dark })
        XCTAssertEqual(view("#gray")?["contrast"]?[0]?["background"], .string("#000000FF"))
        XCTAssertEqual(view("#gray")?["contrast"]?[0]?["ratioText"], .string("4.62:1"))
        XCTAssertEqual(preview.state.failing.map { $0["reference"] }, [.string("#go")])
    }
}

/// Counts from any thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}
