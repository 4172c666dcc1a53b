import StyleCore

/// Writes values into a view as the cascade does, one cascade step after another.
final class ValueWriter {
    let application: StyleApplication

    init(_ view: View, provenance: Bool = true) {
        application = StyleApplication(view: view, recordsProvenance: provenance)
    }

    @discardableResult
    func set(_ path: String, _ value: Value, by origin: Origin = .literal, file: String = "app.lua",
             line: Int = 1, transform: Bool = false) -> ValueWriter {
        guard let property = application.view.kind.property(path) else {
            preconditionFailure("\(application.view.kind.name) has no property \(path)")
        }
        application.origin = origin
        application.write(property, value, at: SourceLocation(file: file, line: line), isTransform: transform)
        return self
    }
}

func colorHex(_ s: String) -> Color {
    guard let c = Color(hex: s) else { preconditionFailure("Bad color \(s)") }
    return c
}

/// The subscribe callout of examples/subscribe.lua, styled by hand:
///
///     StackView#root
///       Label#title
///       Button#subscribe.primary
///       View.card
///         Label
func subscribeTree() -> View {
    let root = View(kind: Schema.stackView, id: "root")
    ValueWriter(root)
        .set("axis", .enumCase("vertical"), by: .appearance(kind: "StackView"), line: 3)
        .set("spacing", .number(16), by: .viewStyle(index: 1), line: 4)
        .set("layoutMargins", .insets(Insets(all: 16)), by: .viewStyle(index: 1), line: 5)

    let title = View(kind: Schema.label, id: "title")
    ValueWriter(title)
        .set("text", .string("Subscribe to Point-Free"), line: 20)
        .set("font", .font(.preferred(.title3)), line: 20)

    let button = View(kind: Schema.button, id: "subscribe", classes: ["primary"])
    ValueWriter(button)
        .set("title", .string("See subscription options"), line: 22)
        .set("titleColor", .color(.black), by: .appearance(kind: "Button"), line: 5)
        .set("titleColor", .color(.white), by: .rule(selector: "Button.primary"), line: 12)
        .set("backgroundImage", .image(.color(colorHex("#974DFF"))), by: .rule(selector: "Button.primary"), line: 13)
        .set("layer.cornerRadius", .number(6), by: .rule(selector: "Button.primary"), line: 14)
        .set("layer.masksToBounds", .bool(true), by: .rule(selector: "Button.primary"), line: 14)
        .set("titleLabel.font", .font(Font.system(17).bolded), by: .rule(selector: "Button.primary"), line: 15,
             transform: true)
        .set("contentEdgeInsets", .insets(Insets(vertical: 8, horizontal: 16)), by: .rule(selector: "Button.primary"),
             line: 16)

    let card = View(kind: Schema.view, classes: ["card"])
    ValueWriter(card).set("backgroundColor", .color(Color(red: 0.96, green: 0.96, blue: 0.96, alpha: 0.5)), line: 25)
    let or = View(kind: Schema.label)
    ValueWriter(or)
        .set("text", .string("or"), line: 26)
        .set("textColor", .color(Color.black.withAlpha(0.6)), line: 26)
    card.addChild(or)

    for child in [title, button, card] { root.addChild(child) }
    return root
}
