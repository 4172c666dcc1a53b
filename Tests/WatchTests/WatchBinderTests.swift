import Foundation
import StyleRun
import XCTest

/// A binder's objects always hold what their views hold, whatever styled the tree before:
/// another stylesheet applied through the binder, one applied without it, a watch's theme
/// switch, a reload, a view attached late. Each test drives one sequence and checks every bound
/// property of every attached object against its view after each step.
@MainActor
final class WatchBinderTests: XCTestCase {
    /// A host object that records each bound property it was given, by path.
    final class Mirror {
        var values: [String: Value] = [:]
    }

    private static let bound = ["backgroundColor", "textColor", "titleColor", "font", "alpha"]

    private var folder: ScratchFolder!
    private var root: View!
    private var binder: StyleBinder!
    private var mirrors: [(View, Mirror)] = []
    private var events: [ReloadEvent] = []

    private static let dark = """
        appearance(View, mut(View.backgroundColor, "#1C1C1E"))
        appearance(Label, mut(Label.textColor, "#E6E6E6"))
        rule("#subscribe", mut(Button.titleColor, "#0A84FF"))
        rule(".title", mut(Label.font, font.system(22)))
        """

    private static let light = """
        rule("#home", mut(View.backgroundColor, color.white))
        rule("#subscribe", mut(Button.titleColor, "#007AFF"))
        """

    private static let themed = """
        local t = themes { default = "light",
          light = { ink = "#111111", paper = "#FFFFFF" },
          dark = { ink = "#EEEEEE", paper = "#000000" } }
        appearance(Label, mut(Label.textColor, t.ink))
        rule("#home", mut(View.backgroundColor, t.paper))
        """

    private func prepare() throws {
        folder = try ScratchFolder()
        root = View(kind: Schema.view, id: "home")
        root.addChild(View(kind: Schema.label, id: "title", classes: ["title"]))
        root.addChild(View(kind: Schema.label, id: "body"))
        root.addChild(View(kind: Schema.button, id: "subscribe"))
        binder = StyleBinder()
        binder.bind(View.backgroundColor) { (m: Mirror, c) in m.values["backgroundColor"] = c.map(Value.color) ?? .null }
        binder.bind(View.alpha) { (m: Mirror, a) in m.values["alpha"] = .number(a) }
        binder.bind(Label.textColor) { (m: Mirror, c) in m.values["textColor"] = .color(c) }
        binder.bind(Label.font) { (m: Mirror, f) in m.values["font"] = .font(f) }
        binder.bind(Button.titleColor) { (m: Mirror, c) in m.values["titleColor"] = c.map(Value.color) ?? .null }
        mirrors = []
        events = []
        root.forEachInTree { attach($0) }
    }

    private func attach(_ view: View) {
        let mirror = Mirror()
        binder.attach(mirror, to: view)
        mirrors.append((view, mirror))
    }

    /// Every attached object holds its view's value of every bound property of its kind.
    private func assertConverged(_ step: String, file: StaticString = #filePath, line: UInt = #line) {
        for (view, mirror) in mirrors {
            for path in Self.bound {
                guard let property = view.kind.property(path) else { continue }
                XCTAssertEqual(mirror.values[path], view[property], "\(step): \(view.reference).\(path)", file: file, line: line)
            }
        }
    }

    private func sheet(_ source: String, theme: String? = nil) throws -> LoadedStylesheet {
        try folder.write("other.lua", source)
        return try Runtime().load(file: folder.path("other.lua"), theme: theme)
    }

    private func start(_ source: String, theme: String? = nil) throws -> WatchHandle {
        try folder.write("app.lua", source)
        return Runtime().watch(file: folder.path("app.lua"), tree: root, theme: theme, binder: binder) { [weak self] event in
            self?.events.append(event)
        }
    }

    private func until(_ count: Int, file: StaticString = #filePath, line: UInt = #line) async throws {
        let deadline = Date().addingTimeInterval(60)
        while events.count < count {
            guard Date() < deadline else { return XCTFail("no event \(count) within 60 s; got \(events)", file: file, line: line) }
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTAssertTrue(events[count - 1].isSuccess, "\(events[count - 1])", file: file, line: line)
    }

    /// The first event of a watch diffs against the tree as it was, not against the defaults:
    /// the labels go back to the default text colour and the event says from what.
    func testAWatchStartedOnATreeStyledThroughTheBinderConverges() async throws {
        try prepare()
        try sheet(Self.dark).apply(to: root, binder: binder)
        assertConverged("after the dark sheet")
        let handle = try start(Self.light)
        try await until(1)
        assertConverged("after the first load of the light sheet")
        let background = events[0].changes.first { $0.view == "#home" && $0.property == "backgroundColor" }
        XCTAssertEqual(background?.old, .color(Color(hex: "#1C1C1E")!), "the event's old value is the tree's")
        let text = events[0].changes.first { $0.view == "#body" && $0.property == "textColor" }
        XCTAssertEqual(text?.old, .color(Color(hex: "#E6E6E6")!))
        XCTAssertEqual(text?.new, .color(View(kind: Schema.label)[Label.textColor]), "the kind's default")
        XCTAssertNotNil(events[0].changes.first { $0.view == "#subscribe" && $0.property == "titleColor" },
                        "the first event still lists everything it set")
        handle.stop()
    }

    /// Values changed behind the binder's back: the objects hold what the views held when they
    /// were attached; the watch's first load gives them every bound value, changed or not.
    func testAWatchStartedOnATreeChangedBehindTheBindersBackConverges() async throws {
        try prepare()
        mirrors = []
        try sheet(Self.dark).apply(to: root)
        root.forEachInTree { attach($0) }      // the objects take the dark values
        root.forEachInTree { $0.resetToDefaults() }
        let handle = try start(Self.light)
        try await until(1)
        assertConverged("after the first load")
        handle.stop()
    }

    func testThemeSwitchesReloadsAndLateViewsConverge() async throws {
        try prepare()
        let handle = try start(Self.themed)
        try await until(1)
        assertConverged("first load")
        handle.setTheme("dark")
        try await until(2)
        assertConverged("dark theme")

        // The host styles the tree with another sheet between two reloads.
        try sheet(Self.dark).apply(to: root, binder: binder)
        assertConverged("another sheet applied by the host")
        try folder.writeByRenaming("app.lua", Self.themed + "\nrule(\"#subscribe\", mut(View.alpha, 0.5))\n")
        try await until(3)
        assertConverged("reload after the host's own apply")

        let late = View(kind: Schema.label, id: "late")
        root.addChild(late)
        attach(late)
        _ = try handle.apply(to: late)
        assertConverged("a view attached late")

        handle.setTheme("light")
        try await until(4)
        assertConverged("light theme again")
        handle.stop()
    }
}

/// Binding by key path, with a conversion to a host type, and once for a protocol's classes.
final class BinderKeyPathTests: XCTestCase {
    /// A host colour type, as `UIColor` would be.
    struct HostColor: StyleConvertible, Equatable {
        let rgba: [Double]
        init(styleValue color: Color) { rgba = [color.red, color.green, color.blue, color.alpha] }
    }

    protocol Themable: AnyObject {
        var background: Color? { get set }
    }

    final class TitleLabel: Themable {
        var textColor = Color.white
        var lines = 1
        var hostTextColor: HostColor?
        var background: Color?
    }

    final class Card: Themable {
        var background: Color?
        var hostBackground: HostColor? = HostColor(styleValue: .white)
    }

    func testKeyPathsConversionsAndProtocolsReceiveTheirValues() throws {
        let binder = StyleBinder()
        binder.bind(Label.textColor, to: \TitleLabel.textColor)
        binder.bind(Label.numberOfLines, to: \TitleLabel.lines)
        binder.bind(Label.textColor, to: \TitleLabel.hostTextColor)
        binder.bind(View.backgroundColor, to: \Card.hostBackground)
        binder.bind(View.backgroundColor) { (view: any Themable, color) in view.background = color }

        let root = View(kind: Schema.view, id: "card")
        let title = View(kind: Schema.label, id: "title")
        root.addChild(title)
        let card = Card(), label = TitleLabel()
        binder.attach(card, to: root)
        binder.attach(label, to: title)
        XCTAssertNil(card.hostBackground, "attaching gave the default: no background")

        let folder = try ScratchFolder()
        try folder.write("app.lua", """
            rule("#card", mut(View.backgroundColor, "#102030"))
            rule("#title", concat(mut(Label.textColor, "#FF0000"), mut(Label.numberOfLines, 3),
                                  mut(View.backgroundColor, "#00FF00")))
            """)
        try Runtime().load(file: folder.path("app.lua")).apply(to: root, binder: binder)
        XCTAssertEqual(label.textColor, Color(hex: "#FF0000"))
        XCTAssertEqual(label.lines, 3)
        XCTAssertEqual(label.hostTextColor, HostColor(styleValue: Color(hex: "#FF0000")!))
        XCTAssertEqual(card.hostBackground, HostColor(styleValue: Color(hex: "#102030")!))
        XCTAssertEqual(card.background, Color(hex: "#102030"), "one setter for every Themable")
        XCTAssertEqual(label.background, Color(hex: "#00FF00"))
    }
}
