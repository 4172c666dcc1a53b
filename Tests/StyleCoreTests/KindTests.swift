import StyleCore
import XCTest

final class KindTests: XCTestCase {
    func testFlatteningKeepsSlotsAcrossSubKinds() {
        let view = Schema.view, button = Schema.button
        XCTAssertEqual(view.properties.count, 11 + 8)
        for p in view.properties {
            XCTAssertEqual(button.property(p.path), p, p.path)
            XCTAssertEqual(Schema.label.property(p.path)?.slot, p.slot, p.path)
        }
        for (i, p) in button.properties.enumerated() { XCTAssertEqual(p.slot, i) }
        let radius = view.property("layer.cornerRadius")!
        XCTAssertEqual(radius.qualifiedName, "View.layer.cornerRadius")
        XCTAssertEqual(radius.range, .nonNegative)
        // A sub-view carries its kind's defaults under its prefix.
        XCTAssertEqual(button.property("titleLabel.font")?.defaultValue, .font(.system(17)))
        XCTAssertEqual(button.property("titleLabel.numberOfLines")?.defaultValue, .int(1))
        XCTAssertEqual(button.property("titleLabel.font")?.qualifiedName, "Button.titleLabel.font")
        XCTAssertNil(view.property("titleLabel.font"))
        XCTAssertNil(view.property("layer"))
    }

    func testStandardDefaults() {
        let cases: [(Kind, String, Value)] = [
            (Schema.view, "alpha", .number(1)),
            (Schema.view, "isUserInteractionEnabled", .bool(true)),
            (Schema.view, "layoutMargins", .insets(Insets(all: 8))),
            (Schema.view, "backgroundColor", .null),
            (Schema.view, "layer.shadowOffset", .size(.zero)),
            // Declared as UIKit's label colour; a view holds it as the default traits take it (below).
            (Schema.label, "textColor", .dynamicColor(.label)),
            (Schema.label, "textAlignment", .enumCase("natural")),
            (Schema.label, "lineBreakMode", .enumCase("byTruncatingTail")),
            (Schema.button, "isEnabled", .bool(true)),
            (Schema.textField, "keyboardType", .enumCase("default")),
            (Schema.imageView, "contentMode", .enumCase("scaleToFill")),
            (Schema.stackView, "axis", .enumCase("horizontal")),
        ]
        XCTAssertEqual(View(kind: Schema.label)["textColor"], .color(.black), "black at the default traits, as before")
        for (kind, path, value) in cases {
            XCTAssertEqual(kind.property(path)?.defaultValue, value, "\(kind.name).\(path)")
            XCTAssertEqual(View(kind: kind)[path], value.resolved(for: .default), "\(kind.name).\(path)")
        }
    }

    func testLineage() {
        XCTAssertEqual(Schema.button.lineage, [Schema.button, Schema.view])
        XCTAssertEqual(Schema.button.depth, 1)
        XCTAssertTrue(Schema.button.isA(Schema.view))
        XCTAssertFalse(Schema.view.isA(Schema.button))
        XCTAssertTrue(Schema.view.isRelated(to: Schema.label))
        XCTAssertFalse(Schema.label.isRelated(to: Schema.stackView))
        XCTAssertEqual(Kind.mostSpecific(Schema.view, Schema.label), Schema.label)
        XCTAssertNil(Kind.mostSpecific(Schema.button, Schema.label))
        XCTAssertEqual(Schema.button.declaringKind(of: "alpha"), Schema.view)
        XCTAssertEqual(Schema.button.declaringKind(of: "titleLabel"), Schema.button)
        XCTAssertNil(Schema.label.declaringKind(of: "spacing"))
    }

    func testRegisteringHostKinds() throws {
        var schema = Schema.standard
        let gradient = try schema.register("GradientView", superKind: Schema.view, properties: [
            .value("fromColor", .optional(.color)), .value("toColor", .optional(.color)),
        ])
        XCTAssertEqual(gradient.depth, 1)
        XCTAssertEqual(gradient.property("toColor")?.slot, Schema.view.properties.count + 1)
        XCTAssertEqual(schema.kind(named: "GradientView"), gradient)
        XCTAssertNil(Schema.standard.kind(named: "GradientView"))
        XCTAssertEqual(schema.viewKinds.last, gradient)
        let sub = try schema.register("RadialGradientView", superKind: gradient, properties: [.value("radius", .number)])
        XCTAssertEqual(sub.lineage.map(\.name), ["RadialGradientView", "GradientView", "View"])

        let failures: [(String, Kind, [PropertyDeclaration], Schema.RegistrationError, String)] = [
            ("GradientView", Schema.view, [], .duplicateKind("GradientView"), "A kind named 'GradientView' already exists."),
            ("9Lives", Schema.view, [], .invalidName("9Lives"), "'9Lives' is not a valid name; use letters, digits and '_', starting with a letter."),
            ("Card", Schema.view, [.value("alpha", .number)], .duplicateProperty("alpha"),
             "The property 'alpha' is declared twice or already exists on the super-kind."),
            ("Card", Schema.view, [.value("x", .number), .value("x", .bool)], .duplicateProperty("x"),
             "The property 'x' is declared twice or already exists on the super-kind."),
            ("Card", Kind(name: "Orphan", superKind: nil, declarations: []), [], .superKindNotRegistered("Orphan"),
             "The super-kind 'Orphan' is not registered."),
        ]
        for (name, superKind, properties, error, message) in failures {
            XCTAssertThrowsError(try schema.register(name, superKind: superKind, properties: properties)) {
                XCTAssertEqual($0 as? Schema.RegistrationError, error)
                XCTAssertEqual(($0 as? Schema.RegistrationError)?.message, message)
            }
        }
    }

    func testViewIdentity() {
        let root = View(kind: Schema.stackView, id: "root")
        let a = View(kind: Schema.label, classes: ["title", "", "title", "big"])
        let b = View(kind: Schema.button)
        root.addChild(a)
        root.addChild(b)
        XCTAssertEqual(a.classes, ["title", "big"])
        XCTAssertEqual(a.selectorDescription, "Label.title.big")
        XCTAssertEqual(a.reference, "StackView#root > Label[1]")
        XCTAssertEqual(b.reference, "StackView#root > Button[2]")
        XCTAssertEqual(View(kind: Schema.view).reference, "View")
        a.removeFromParent()
        XCTAssertNil(a.parent)
        XCTAssertEqual(b.reference, "StackView#root > Button[1]")
    }
}
