import Foundation
import StyleRun
import XCTest

/// A host's control states and traits through the library: one control's state restyles that
/// control, other traits restyle the tree, a binder takes a control's value in each state, and
/// a watch keeps the host's traits and states through reloads.
@MainActor
final class HostStatesAndTraitsTests: XCTestCase {
    /// A host button, as `UIButton` would take `setTitleColor(_:for:)`.
    final class HostButton {
        var titleColor: Color?
        var titleColors: [ControlState: Color?] = [:]
        var setterCalls = 0
    }

    final class HostLabel {
        var textColor: Color?
    }

    private static let source = """
        rule("Button", mut(Button.titleColor, "#0A84FF"))
        rule("Button:highlighted", mut(Button.titleColor, "#0050A0"))
        rule("Button:disabled", mut(Button.titleColor, "#8E8E93"))
        rule("Label", concat(mut(Label.textColor, "#111111"), when({ colorScheme = "dark" }, mut(Label.textColor, "#EEEEEE"))))
        """

    private let blue = Color(hex: "#0A84FF")!, pressed = Color(hex: "#0050A0")!, grey = Color(hex: "#8E8E93")!

    private var root: View!
    private var subscribe: View!
    private var cancel: View!
    private var title: View!
    private var binder: StyleBinder!
    private var hostSubscribe: HostButton!
    private var hostCancel: HostButton!
    private var hostTitle: HostLabel!

    private func prepare() {
        root = View(kind: Schema.stackView, id: "root")
        title = View(kind: Schema.label, id: "title")
        subscribe = View(kind: Schema.button, id: "subscribe")
        cancel = View(kind: Schema.button, id: "cancel")
        [title, subscribe, cancel].forEach { root.addChild($0!) }
        binder = StyleBinder()
        binder.bind(Button.titleColor) { (b: HostButton, c) in b.titleColor = c; b.setterCalls += 1 }
        binder.bind(Label.textColor) { (l: HostLabel, c) in l.textColor = c }
        binder.bindStates(Button.titleColor) { (b: HostButton, c, state) in b.titleColors[state] = c }
        hostSubscribe = HostButton()
        hostCancel = HostButton()
        hostTitle = HostLabel()
        binder.attach(hostSubscribe, to: subscribe)
        binder.attach(hostCancel, to: cancel)
        binder.attach(hostTitle, to: title)
    }

    func testOneControlsStateRestylesThatControlAndReachesItsHostObject() async throws {
        prepare()
        let sheet = try Runtime().load(source: Self.source)
        try sheet.apply(to: root, binder: binder)
        XCTAssertEqual(hostSubscribe.titleColor, blue)
        let callsOnCancel = hostCancel.setterCalls

        let changes = try sheet.setState(.highlighted, of: subscribe, binder: binder)
        XCTAssertEqual(changes.map(\.description), ["#subscribe titleColor: \(Value.color(blue)) → \(Value.color(pressed))"])
        XCTAssertEqual(hostSubscribe.titleColor, pressed)
        XCTAssertEqual(hostCancel.setterCalls, callsOnCancel, "the other button was not touched")
        XCTAssertEqual(subscribe.state, .highlighted)

        // What a whole restyle gives for the same states.
        let reference = View(kind: Schema.button, id: "subscribe")
        reference.stateOverride = .highlighted
        try Runtime().load(source: Self.source).apply(to: reference)
        XCTAssertEqual(subscribe.values, reference.values)

        XCTAssertEqual(try sheet.setState(nil, of: subscribe, binder: binder).count, 1)
        XCTAssertEqual(hostSubscribe.titleColor, blue)
        XCTAssertEqual(try sheet.setState(nil, of: subscribe, binder: binder), [], "no change of state, nothing restyled")
    }

    func testABinderGivesAControlItsValueInEachState() async throws {
        prepare()
        let sheet = try Runtime().load(source: Self.source)
        try sheet.apply(to: root, binder: binder)
        XCTAssertEqual(hostSubscribe.titleColors[.normal], blue)
        XCTAssertEqual(hostSubscribe.titleColors[.highlighted], pressed)
        XCTAssertEqual(hostSubscribe.titleColors[.disabled], grey)
        XCTAssertEqual(hostSubscribe.titleColors[.selected], blue, "no style depends on it: the normal value")
        XCTAssertEqual(hostSubscribe.titleColors[.focused], blue)
        XCTAssertEqual(hostSubscribe.titleColors.count, 5, "normal and the four single states")

        // A control held in another state still gets each state's own value.
        try sheet.setState(.disabled, of: subscribe, binder: binder)
        hostSubscribe.titleColors = [:]
        binder.deliverStates(sheet.stateValues(of: root), in: root)
        XCTAssertEqual(hostSubscribe.titleColors[.normal], blue)
        XCTAssertEqual(hostSubscribe.titleColors[.disabled], grey)
        XCTAssertEqual(hostSubscribe.titleColors[.highlighted], pressed)
    }

    func testOtherTraitsRestyleTheTreeWithoutEvaluatingAgain() async throws {
        prepare()
        let sheet = try Runtime().load(source: Self.source)
        try sheet.apply(to: root, binder: binder)
        XCTAssertEqual(hostTitle.textColor, Color(hex: "#111111"))
        let changes = try sheet.setTraits(Traits(colorScheme: .dark), restyling: root, binder: binder)
        XCTAssertTrue(changes.contains { $0.view == "#title" && $0.property == "textColor" }, "\(changes)")
        XCTAssertEqual(hostTitle.textColor, Color(hex: "#EEEEEE"))
        XCTAssertEqual(sheet.traits.colorScheme, .dark)

        let readsTraits = try Runtime().load(source: """
            rule("Label", mut(Label.textColor, traits.colorScheme == "dark" and "#EEEEEE" or "#111111"))
            """)
        XCTAssertThrowsError(try readsTraits.setTraits(Traits(colorScheme: .dark), restyling: root)) { error in
            XCTAssertTrue("\(error)".contains("load it again"), "\(error)")
        }
        XCTAssertEqual(readsTraits.traits.colorScheme, .light, "the traits stay as they were")
    }

    func testAWatchKeepsTheHostsTraitsAndStatesThroughReloads() async throws {
        prepare()
        let folder = try ScratchFolder()
        try folder.write("app.lua", Self.source)
        var events: [ReloadEvent] = []
        let handle = Runtime().watch(file: folder.path("app.lua"), tree: root, binder: binder) { events.append($0) }
        func until(_ count: Int) async throws {
            let deadline = Date().addingTimeInterval(60)
            while events.count < count {
                guard Date() < deadline else { return XCTFail("no event \(count) within 60 s; got \(events)") }
                try await Task.sleep(for: .milliseconds(10))
            }
            XCTAssertTrue(events[count - 1].isSuccess, "\(events[count - 1])")
        }
        try await until(1)
        handle.setTraits(Traits(colorScheme: .dark))
        try await until(2)
        XCTAssertEqual(hostTitle.textColor, Color(hex: "#EEEEEE"))

        // Pressed at once, as the event returned says; only that control.
        let event = handle.setState(.highlighted, of: subscribe)
        XCTAssertEqual(event?.changes.map(\.view), ["#subscribe"])
        XCTAssertEqual(events.count, 3, "reported to onReload before returning")
        XCTAssertEqual(hostSubscribe.titleColor, pressed)

        // By reference too, restyling the one control.
        handle.setState(.disabled, ofViewAt: "#cancel")
        try await until(4)
        XCTAssertEqual(events.last?.changes.map(\.view), ["#cancel"])
        XCTAssertEqual(hostCancel.titleColor, grey)

        // A save: the new styles for the same traits and states.
        try folder.writeByRenaming("app.lua", Self.source.replacingOccurrences(of: "#0050A0", with: "#003070"))
        try await until(5)
        XCTAssertEqual(hostSubscribe.titleColor, Color(hex: "#003070"))
        XCTAssertEqual(hostTitle.textColor, Color(hex: "#EEEEEE"), "still dark")
        XCTAssertEqual(hostCancel.titleColor, grey, "still disabled")
        XCTAssertEqual(hostSubscribe.titleColors[.highlighted], Color(hex: "#003070"), "the states' values follow the reload")
        handle.stop()
    }
}
