import Dispatch
import Foundation
import StyleRun
import XCTest

/// docs/SWIFT.md, run: each test holds the guide's snippets (verbatim) and checks what the
/// guide says they do.
final class GuideTests: GuideTestCase {
    func testTypedReadsContentAndProvenance() throws {
        let (runtime, avatar) = try makeRuntime()
        let root = makeProfile(avatar: avatar, tags: ["math", "engines"])

        let sheet = try runtime.load(file: "styles/app.lua")
        try sheet.apply(to: root)

        let name = root.children[1]
        let textColor = name[Label.textColor]          // Color.black, from appearance(Label, …)
        let font = name[Label.font]                    // title2, from rule("Label.title", …)
        let axis = root[StackView.axis]                // .vertical, from base.baseStackViewStyle
        let shape = root.children[0][AvatarView.shape] // .squircle
        let ring = root.children[0][AvatarView.ringColor] // Color?: the theme's accent
        XCTAssertEqual(textColor, .black)
        XCTAssertEqual(font, .preferred(.title2))
        XCTAssertEqual(axis, .vertical)
        XCTAssertEqual(shape, .squircle)
        XCTAssertEqual(ring, Color(hex: "#974DFF"))
        XCTAssertEqual(root.children[0][AvatarView.diameter], 64)
        XCTAssertEqual(root.children[3][Label.font], .preferred(.caption1))

        try name.set(Label.text, "Ada King")           // the view's own content, at this line
        var message = ""
        do {
            try name.set("txt", .string("Ada"))
        } catch {
            message = error.message                    // "Label has no property 'txt'. Did you mean 'text'?"
        }
        XCTAssertEqual(name[Label.text], "Ada King")
        XCTAssertEqual(message, "Label has no property 'txt'. Did you mean 'text'?")
        XCTAssertThrowsError(try name.set(View.alpha, 1.5)) { XCTAssertEqual(($0 as? Diagnostic)?.code, .outOfRange) }

        try sheet.apply(to: root)
        let why = explain(name).first { $0.property.path == "font" }!
        let origin = why.winner.origin                 // rule "Label.title"
        let line = why.winner.location                 // styles/app.lua:14
        let text = explain(name).first { $0.property.path == "text" }!.winner.location  // GuideTests/GuideTests.swift:30
        XCTAssertEqual(origin, .rule(selector: "Label.title"))
        XCTAssertEqual(line?.file, "styles/app.lua")
        XCTAssertEqual(line?.line, try lineOfStylesheet(containing: "rule(\"Label.title\""))
        XCTAssertEqual(text?.file, "GuideTests/GuideTests.swift")
        XCTAssertEqual(name[Label.text], "Ada King", "the host's content survives re-applying")

        let dark = try runtime.load(file: "styles/app.lua", theme: "dark")
        try dark.apply(to: root)
        let darkText = name[Label.textColor]           // white(0.9)
        XCTAssertEqual(darkText, Color(red: 0.9, green: 0.9, blue: 0.9))
    }

    /// A line added above the rules and views: the restyle told how the lines moved keeps the
    /// values of the views the edit does not reach, with provenance at the new lines.
    func testARestyleToldHowTheLinesMoved() throws {
        let runtime = Runtime()
        let oldText = """
        rule("Label.title", mut(Label.textColor, "#111111"))
        return StackView { Label { class = "title", text = "Hi" }, Label { text = "There" } }
        """
        let newText = "-- A note.\n" + oldText
        try oldText.write(toFile: "screen.lua", atomically: true, encoding: .utf8)
        let last = try runtime.load(file: "screen.lua")
        let lastStyled = try last.restyle(last.root!, after: nil).styled
        try newText.write(toFile: "screen.lua", atomically: true, encoding: .utf8)

        var lines = LineMap()
        lines.add(file: "screen.lua", before: Array(oldText.utf8), after: Array(newText.utf8))
        let next = try runtime.load(file: "screen.lua")
        let restyle = try next.restyle(next.root!, after: lastStyled, lines: lines)

        XCTAssertEqual(restyle.restyled, [], "only lines moved")
        let title = next.root!.children[0]
        XCTAssertEqual(title[Label.textColor], Color(hex: "#111111"))
        let written = title.provenance!.joined().compactMap(\.location).map(\.line)
        XCTAssertEqual(Set(written), [2, 3], "the rule's line and the literal's, one lower")
    }

    func testTraitsAndStatesForAHost() throws {
        let (runtime, _) = try makeRuntime()
        let states = try runtime.load(source: """
            rule("Button", mut(Button.titleColor, "#0A66C2"))
            rule("Button:highlighted", mut(Button.titleColor, "#004182"))
            rule("Button:disabled", mut(Button.titleColor, "#8E8E93"))
            rule("Label", concat(mut(Label.textColor, "#1C1C1E"),
                                 when({ colorScheme = "dark" }, mut(Label.textColor, "#F2F2F7"))))
            """, name: "states.lua")
        let follow = View(.button, id: "follow")
        let caption = View(.label, id: "caption")
        let screen = View(.stackView) { caption; follow }
        let hostFollow = HostButton(), hostCaption = HostLabel()
        let binder = makeBinder()
        var titleColors: [ControlState: Color?] = [:]
        binder.bindStates(Button.titleColor) { (button: HostButton, color, state) in
            titleColors[state] = color                 // UIKit: button.setTitleColor(color, for: state)
        }
        binder.attach(hostFollow, to: follow)
        binder.attach(hostCaption, to: caption)
        try states.apply(to: screen, binder: binder)   // titleColors: normal, highlighted, disabled…

        try states.setState(.highlighted, of: follow, binder: binder)   // touch down
        let pressed = hostFollow.titleColor            // #004182
        try states.setState(nil, of: follow, binder: binder)            // touch up
        let released = hostFollow.titleColor           // #0A66C2
        try states.setTraits(Traits(colorScheme: .dark), restyling: screen, binder: binder)
        let darkCaption = hostCaption.textColor        // #F2F2F7
        XCTAssertEqual(titleColors[.normal], Color(hex: "#0A66C2"))
        XCTAssertEqual(titleColors[.highlighted], Color(hex: "#004182"))
        XCTAssertEqual(titleColors[.disabled], Color(hex: "#8E8E93"))
        XCTAssertEqual(pressed, Color(hex: "#004182"))
        XCTAssertEqual(released, Color(hex: "#0A66C2"))
        XCTAssertEqual(darkCaption, Color(hex: "#F2F2F7"))
    }

    func testBindingDeliversTypedValuesToHostObjects() throws {
        let (runtime, avatar) = try makeRuntime()
        let root = makeProfile(avatar: avatar, tags: [])
        let sheet = try runtime.load(file: "styles/app.lua")

        let binder = makeBinder()
        let name = HostLabel()
        let follow = HostButton()
        binder.attach(name, to: root.children[1])      // receives every bound value now
        binder.attach(follow, to: root.children[2])
        let changes = try sheet.apply(to: root, binder: binder)  // and what each apply changed
        let title = name.font                          // title2
        let radius = follow.cornerRadius               // 8
        XCTAssertEqual(title, .preferred(.title2))
        XCTAssertEqual(radius, 8)
        XCTAssertEqual(follow.titleColor, .white)
        XCTAssertEqual(follow.title, "Follow")
        XCTAssertEqual(name.text, "Ada Lovelace", "attaching gave the object the values it had")
        XCTAssertFalse(changes.contains { $0.property == "text" })
        XCTAssertTrue(changes.contains { $0.property == "font" && root.view(for: $0) === root.children[1] })
    }

    @MainActor
    func testWatchingOnTheMainActor() async throws {
        let (runtime, avatar) = try makeRuntime()
        let screen = ProfileScreen(root: makeProfile(avatar: avatar, tags: []))
        screen.start(runtime)
        try await until { screen.events.count == 1 }
        guard case .reloaded(_, _, let first)? = screen.events.first else { return XCTFail("\(screen.events)") }
        XCTAssertTrue(first.contains { $0.view == "#name" && $0.property == "font" }, "the first event lists what it set")
        XCTAssertEqual(screen.name.font, .preferred(.title2))

        try editStylesheet { $0.replacingOccurrences(of: "font.preferred \"title2\"", with: "font.preferred \"title1\"") }
        try await until { screen.events.count == 2 }
        XCTAssertEqual(screen.name.font, .preferred(.title1))
        XCTAssertEqual(screen.events[1].changes.map(\.property), ["font"])

        screen.handle?.setTheme("dark")
        try await until { screen.events.count == 3 }
        XCTAssertEqual(screen.name.textColor, Color(red: 0.9, green: 0.9, blue: 0.9))

        let tag = try screen.addTag("engines")
        XCTAssertEqual(tag[Label.font], .preferred(.caption1))
        XCTAssertNotNil(screen.handle?.stylesheet)
        XCTAssertTrue(screen.handle?.tree === screen.root)
        screen.handle?.stop()
    }

    func testReloadEventsAsAnAsyncStream() async throws {
        let (runtime, avatar) = try makeRuntime()
        let root = makeProfile(avatar: avatar, tags: [])

        let queue = DispatchQueue(label: "styles")
        let handle = runtime.watch(file: "styles/app.lua", tree: root, queue: queue)
        var loaded = 0
        for await event in handle.events {
            loaded = event.changes.count                // the initial load: what it set
            break
        }
        XCTAssertGreaterThan(loaded, 5)

        let styled = expectation(description: "the new tag is styled on the watch's queue")
        handle.perform { sheet, tree in
            guard let sheet, let tree else { return }
            let tag = View(.label, classes: ["tag"], Label.text("new"))
            tree.addChild(tag)
            do { try sheet.apply(to: tag) } catch { print(error) }
        }
        handle.perform { _, tree in
            if tree?.children.last?[Label.font] == .preferred(.caption1) { styled.fulfill() }
        }
        await fulfillment(of: [styled], timeout: 60)
        handle.stop()
    }

    func testAnActorOwnsTheRuntimeAndOnlyValuesLeaveIt() async throws {
        let service = try StyleService()
        let themes = try await service.load("styles/app.lua")
        let (snapshot, explained) = try await service.styledProfile(tags: ["math"])
        let color = snapshot.view("#name")?["textColor"] // .color(.black)
        XCTAssertEqual(themes, ["dark", "light"].sorted() == themes ? themes : ["light", "dark"])
        XCTAssertEqual(color, .color(.black))
        XCTAssertTrue(explained.contains { $0.property.path == "font" })
    }

    func testLintKnowsTheHostsKinds() throws {
        let (runtime, _) = try makeRuntime()
        let report = try Linter(runtime: runtime).lint(paths: ["styles"])
        let errors = report.errors                     // 0: AvatarView is a kind here
        XCTAssertEqual(errors, 0, "\(report.diagnostics)")
        XCTAssertTrue(try Linter().lint(paths: ["styles"]).diagnostics.contains { $0.message.contains("AvatarView") },
                      "without the runtime, AvatarView is unknown")
    }

    func testTheStdlibShipsWithThePackage() throws {
        let paths = Runtime.defaultStdlibPaths        // [".../stylerun_StyleRunStdlib.resources"]
        XCTAssertTrue(paths.first?.hasSuffix("_StyleRunStdlib.resources") == true, "\(paths)")
    }

    /// The README's example, with a stylesheet of its own.
    func testTheReadmeExample() throws {
        try "rule(\"Button.primary\", mut(Button.titleColor, color.white))\n"
            .write(to: folder.appendingPathComponent("styles/app.lua"), atomically: true, encoding: .utf8)
        let (root, explained) = try readmeExample()
        XCTAssertEqual(root.children[0][Button.titleColor], .white)
        XCTAssertEqual(explained.count, 2)
    }

    private func readmeExample() throws -> (View, [PropertyExplanation]) {
        enum GradientView { static let fromColor = PropertyKey<Color?>("fromColor") }
        let runtime = Runtime()                                     // standard kinds, default limits
        let gradient = try runtime.register("GradientView", superKind: .view, properties: [.key(GradientView.fromColor)])
        let sheet = try runtime.load(file: "styles/app.lua")        // throws DiagnosticList
        let root = View(.stackView, id: "root") {
            View(.button, id: "subscribe", classes: ["primary"], Button.title("Subscribe"))
            View(gradient, id: "hero")
        }
        try sheet.apply(to: root)                                   // throws DiagnosticList; tree untouched on error
        let color = root.children[0][Button.titleColor]             // Color?: typed keys, generated from the schema
        let why = explain(root.children[0])                         // provenance: winner and overridden contributions
        XCTAssertEqual(color, .white)
        return (root, why)
    }

    private func lineOfStylesheet(containing text: String) throws -> Int {
        let lines = try Guide.stylesheet.split(separator: "\n", omittingEmptySubsequences: false)
        return try XCTUnwrap(lines.firstIndex { $0.contains(text) }) + 1
    }

    /// Waits, on the main actor, until `condition` holds (5 s at most).
    @MainActor
    private func until(_ condition: @MainActor () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(60)
        while !condition() {
            guard Date() < deadline else { return XCTFail("timed out") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
