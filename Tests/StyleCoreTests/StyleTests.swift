import StyleCore
import XCTest

final class StyleTests: XCTestCase {
    private func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let e as StyleError {
            return e.message
        } catch let d as Diagnostic {
            return d.message
        } catch {
            return "\(error)"
        }
    }

    func testMutChecksTheValueWhenMade() throws {
        let alpha = T.keyPath(T.view, "alpha")
        XCTAssertEqual(message { _ = try Style.mut(.keyPath(alpha), .number(2), root: T.view, at: T.at(1)) },
                       "The value 2 is out of range for 'View.alpha' (0…1).")
        XCTAssertEqual(message { _ = try Style.mut(.keyPath(T.keyPath(T.view, "layer")), .number(2), root: T.view, at: T.at(1)) },
                       "'View.layer' is a sub-object and has no value of its own; set one of its properties, e.g. 'View.layer.cornerRadius'.")
        XCTAssertEqual(message { _ = try Style.mver(.keyPath(T.keyPath(T.view, "layer")), Transform { $0 }, root: T.view, at: T.at(1)) },
                       "'View.layer' is a sub-object and has no value of its own; set one of its properties, e.g. 'View.layer.cornerRadius'.")
        let color = try Style.mut(.keyPath(T.keyPath(T.label, "textColor")), .string("#FFF"), root: T.label, at: T.at(4))
        guard case .set(_, let v, let location) = color.operations[0] else { return XCTFail() }
        XCTAssertEqual(v, .color(.white))
        XCTAssertEqual(location, T.at(4))
        XCTAssertEqual(color.kind, T.label)
    }

    /// `x = x .. y` 300,000 times nests 300,000 parts; releasing them must not recurse
    /// (it overflowed the stack: a crash of the evaluator on a three-line script). Parts still
    /// shared by a live style keep their contents.
    func testDeeplyNestedConcatsAreReleasedWithoutRecursion() throws {
        let step = T.mut(T.view, "alpha", .number(0.5), line: 2)
        let shared = try Style.concat([step, step], root: T.view, at: T.at(1))
        do {
            var x = shared
            for _ in 0..<300_000 { x = try Style.concat([x, step], root: T.view, at: T.at(2)) }
            XCTAssertEqual(x.count, 300_002)
        }
        XCTAssertEqual(shared.operations.count, 2, "a part shared with a live style is left whole")
    }

    func testConcatTakesTheMostSpecificKindAndKeepsOrder() throws {
        let style = T.concat(T.mut(T.view, "alpha", .number(0.5), line: 1), T.mut(T.label, "text", .string("a"), line: 2),
                             T.mut(T.view, "alpha", .number(0.25), line: 3), line: 4)
        XCTAssertEqual(style.kind, T.label)
        XCTAssertEqual(style.operations.map(\.location.line), [1, 2, 3])
        XCTAssertEqual(style.location, T.at(4))
        XCTAssertEqual(message { _ = try Style.concat([T.mut(T.label, "text", .null), T.mut(T.stack, "spacing", .number(8))], root: T.view, at: T.at(1)) },
                       "Cannot combine a Label style with a StackView style: neither kind is a sub-kind of the other.")
        XCTAssertEqual(try Style.concat([T.mut(T.view, "alpha", .number(1))], kind: T.button, root: T.view, at: T.at(1)).kind, T.button)
        XCTAssertNotNil(message { _ = try Style.concat([T.mut(T.label, "text", .null)], kind: T.button, root: T.view, at: T.at(1)) })
        XCTAssertNotNil(message { _ = try Style.concat([T.mut(T.button, "title", .null)], kind: T.view, root: T.view, at: T.at(1)) })
    }

    func testStringPathsResolveAgainstTheResultingKind() throws {
        let untyped = Style(kind: T.view, operations: [.set(.unresolved(["spacing"]), .int(8), T.at(1))], location: T.at(1))
        let style = try Style.concat([untyped, T.mut(T.stack, "axis", .string("vertical"))], root: T.view, at: T.at(2))
        guard case .set(.keyPath(let kp), let value, _) = style.operations[0] else { return XCTFail("\(style.operations[0])") }
        XCTAssertEqual(kp.qualifiedName, "StackView.spacing")
        XCTAssertEqual(value, .number(8))

        let bad = Style(kind: T.view, operations: [.set(.unresolved(["spacing"]), .string("wide"), T.at(1))], location: T.at(1))
        XCTAssertEqual(message { _ = try bad.narrowed(to: T.stack) }, "'StackView.spacing' expects Number, got String.")

        // A path the style's kind lacks is resolved against the view it is applied to.
        let label = View(kind: T.label, id: "x")
        let application = StyleApplication(view: label, recordsProvenance: false)
        XCTAssertEqual(message { try application.apply(untyped) }, "Label has no property 'spacing'. (applied to Label#x)")
        let stack = View(kind: T.stack)
        XCTAssertNoThrow(try StyleApplication(view: stack, recordsProvenance: false).apply(untyped))
        XCTAssertEqual(stack["spacing"], .number(8))
    }

    func testMverResultIsChecked() {
        let label = View(kind: T.label)
        let application = StyleApplication(view: label, recordsProvenance: true)
        XCTAssertEqual(message { try application.apply(T.mver(T.label, "font") { _ in .number(3) }) },
                       "'Label.font' expects Font, got Number.")
        XCTAssertEqual(message { try application.apply(T.mver(T.view, "layoutMargins.top") { _ in .number(-1) }) }, nil)
        XCTAssertEqual(label["layoutMargins"], .insets(Insets(top: -1, left: 8, bottom: 8, right: 8)))
        XCTAssertEqual(message { try application.apply(T.mver(T.view, "alpha") { _ in .number(3) }) },
                       "The value 3 is out of range for 'View.alpha' (0…1).")
    }

    func testFunctionStylesWriteThroughTheApplication() throws {
        let style = T.function(T.button) { app throws(Diagnostic) in
            try app.set(T.keyPath(T.button, "titleLabel.numberOfLines"), .int(0), at: T.at(5))
            try app.set(T.keyPath(T.view, "layer.cornerRadius"), .number(6), at: T.at(6))
        }
        let button = View(kind: T.button)
        let application = StyleApplication(view: button, recordsProvenance: true)
        application.origin = .viewStyle(index: 1)
        try application.apply(style)
        XCTAssertEqual(button["titleLabel.numberOfLines"], .int(0))
        XCTAssertEqual(button["layer.cornerRadius"], .number(6))
        XCTAssertEqual(button.provenance?[T.view.property("layer.cornerRadius")!.slot].last,
                       Contribution(value: .number(6), origin: .viewStyle(index: 1), location: T.at(6)))
    }

    func testApplicationStartsFromDefaults() throws {
        let label = View(kind: T.label)
        try StyleApplication(view: label, recordsProvenance: false).apply(T.mut(T.label, "text", .string("a")))
        XCTAssertEqual(label["text"], .string("a"))
        _ = StyleApplication(view: label, recordsProvenance: false)
        XCTAssertEqual(label["text"], .null)
    }
}
