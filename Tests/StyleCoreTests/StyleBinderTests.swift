import StyleCore
import XCTest

/// Typed setters, attached objects, and the changes that reach them.
final class StyleBinderTests: XCTestCase {
    private final class Box { var color: Color?; var text: String?; var alpha = 0.0 }
    private final class Other { var text: String? }

    func testAttachingGivesEveryBoundValueAndDeliveryOnlyWhatChanged() {
        let label = View(.label, Label.text("Ada"))
        let binder = StyleBinder()
        var calls = 0
        binder.bind(Label.text) { (box: Box, text) in box.text = text; calls += 1 }
        binder.bind(View.alpha) { (box: Box, alpha) in box.alpha = alpha }
        let box = Box()
        binder.attach(box, to: label)
        XCTAssertEqual(box.text, "Ada")
        XCTAssertEqual(box.alpha, 1)
        XCTAssertEqual(calls, 1)

        let before = TreeSnapshot(label)
        try? label.set(View.alpha, 0.5)
        let changes = TreeSnapshot(label).changes(since: before)
        XCTAssertEqual(changes.map(\.property), ["alpha"])
        binder.deliver(changes)
        XCTAssertEqual(box.alpha, 0.5)
        XCTAssertEqual(calls, 1, "text did not change, so its setter was not called again")
    }

    func testSettersApplyOnlyToTheirObjectTypeAndKind() {
        let binder = StyleBinder()
        binder.bind(Label.text) { (box: Box, text) in box.text = text }
        binder.bind(TextField.text) { (box: Box, text) in box.text = "field: " + (text ?? "") }
        let other = Other()
        binder.attach(other, to: View(.label, Label.text("x")))
        XCTAssertNil(other.text, "a setter for Box does not reach an Other")
        let field = Box()
        binder.attach(field, to: View(.textField, TextField.text("typed")))
        XCTAssertEqual(field.text, "field: typed", "Label.text's setter does not run for a TextField")
    }

    func testChangesFindTheirViewAndDetachedObjectsGetNothing() {
        let root = View(.stackView) { View(.label, id: "a") }
        let binder = StyleBinder()
        binder.bind(View.backgroundColor) { (box: Box, color) in box.color = color }
        let box = Box()
        binder.attach(box, to: root.children[0])
        let before = TreeSnapshot(root)
        try? root.children[0].set(View.backgroundColor, .white)
        let changes = TreeSnapshot(root).changes(since: before)
        XCTAssertTrue(root.view(for: changes[0]) === root.children[0])
        XCTAssertTrue(binder.object(for: root.children[0]) === box)
        binder.detach(root.children[0])
        binder.deliver(changes)
        XCTAssertNil(box.color)
    }
}
