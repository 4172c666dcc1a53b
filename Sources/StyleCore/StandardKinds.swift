/// The standard kinds of REFERENCE §1.1, each property declared once. Defaults follow UIKit.
extension Schema {
    public static let textAlignment = EnumType(name: "TextAlignment", cases: ["left", "center", "right", "justified", "natural"])
    public static let lineBreakMode = EnumType(name: "LineBreakMode", cases: [
        "byWordWrapping", "byCharWrapping", "byClipping", "byTruncatingHead", "byTruncatingTail", "byTruncatingMiddle",
    ])
    public static let borderStyle = EnumType(name: "BorderStyle", cases: ["none", "line", "bezel", "roundedRect"])
    public static let keyboardType = EnumType(name: "KeyboardType", cases: [
        "default", "asciiCapable", "numbersAndPunctuation", "URL", "numberPad", "phonePad", "namePhonePad",
        "emailAddress", "decimalPad",
    ])
    public static let contentMode = EnumType(name: "ContentMode", cases: [
        "scaleToFill", "scaleAspectFit", "scaleAspectFill", "center", "top", "bottom", "left", "right",
    ])
    public static let axis = EnumType(name: "Axis", cases: ["horizontal", "vertical"])
    public static let stackAlignment = EnumType(name: "StackAlignment", cases: [
        "fill", "leading", "top", "firstBaseline", "center", "trailing", "bottom", "lastBaseline",
    ])
    public static let distribution = EnumType(name: "Distribution", cases: [
        "fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering",
    ])

    public static let layer = Kind(name: "Layer", superKind: nil, isViewKind: false,
                                   doc: "The view's backing layer: corners, border and shadow.", declarations: [
        .value("cornerRadius", .number, range: .nonNegative, doc: "Radius of the rounded corners, in points."),
        .value("masksToBounds", .bool, doc: "Whether sublayers are clipped to the rounded corners."),
        .value("borderColor", .optional(.color), doc: "Color of the border."),
        .value("borderWidth", .number, range: .nonNegative, doc: "Width of the border, in points."),
        .value("shadowColor", .optional(.color), doc: "Color of the shadow."),
        .value("shadowOpacity", .number, range: .unit, doc: "Opacity of the shadow, 0 to 1."),
        .value("shadowRadius", .number, range: .nonNegative, doc: "Blur radius of the shadow, in points."),
        .value("shadowOffset", .size, doc: "Offset of the shadow."),
    ])

    public static let view = Kind(name: "View", superKind: nil, doc: "The root of every view kind.", declarations: [
        .value("backgroundColor", .optional(.color), doc: "Fill color behind the content."),
        .value("tintColor", .optional(.color), doc: "Color of interactive elements."),
        .value("alpha", .number, default: .number(1), range: .unit, doc: "Opacity, 0 to 1."),
        .value("isHidden", .bool, doc: "Whether the view is hidden.").layout,
        .value("clipsToBounds", .bool, doc: "Whether subviews are clipped to the bounds."),
        .value("isUserInteractionEnabled", .bool, default: .bool(true), doc: "Whether touches reach the view."),
        .value("layoutMargins", .insets, default: .insets(Insets(all: 8)), doc: "Margins for content laid out inside.").layout,
        .value("translatesAutoresizingMaskIntoConstraints", .bool, default: .bool(true),
               doc: "Whether the autoresizing mask becomes constraints."),
        .value("width", .optional(.number), range: .nonNegative, doc: "Fixed width, in points.").layout,
        .value("height", .optional(.number), range: .nonNegative, doc: "Fixed height, in points.").layout,
        .value("aspectRatio", .optional(.number), range: NumberRange(lower: 0), doc: "Width divided by height.").layout,
        .nested("layer", layer, doc: "The backing layer."),
    ])

    public static let label = Kind(name: "Label", superKind: view, doc: "A read-only text view (UILabel).", declarations: [
        .value("text", .optional(.string), doc: "The text shown.").layout,
        .value("font", .font, default: .font(.system(17)), doc: "Font of the text.").layout,
        .value("textColor", .color, default: .dynamicColor(.label), doc: "Color of the text; UIKit's label colour (black in light, white in dark)."),
        .value("textAlignment", .enumeration(textAlignment), default: .enumCase("natural"), doc: "Horizontal alignment."),
        .value("numberOfLines", .int, default: .int(1), range: .nonNegative, doc: "Maximum lines; 0 for no limit.").layout,
        .value("lineBreakMode", .enumeration(lineBreakMode), default: .enumCase("byTruncatingTail"),
               doc: "How lines wrap and truncate.").layout,
        .value("adjustsFontSizeToFitWidth", .bool, doc: "Whether the font shrinks to fit.").layout,
    ])

    public static let button = Kind(name: "Button", superKind: view, doc: "A tappable button (UIButton).", isControl: true, declarations: [
        .value("title", .optional(.string), doc: "Title for the normal state.").layout,
        .value("titleColor", .optional(.color), doc: "Title color for the normal state."),
        .value("image", .optional(.image), doc: "Image for the normal state.").layout,
        .value("backgroundImage", .optional(.image), doc: "Background image for the normal state."),
        .nested("titleLabel", label, doc: "The label that draws the title."),
        .value("contentEdgeInsets", .insets, doc: "Insets around title and image.").layout,
        .value("imageEdgeInsets", .insets, doc: "Insets of the image.").layout,
        .value("titleEdgeInsets", .insets, doc: "Insets of the title.").layout,
        .value("isEnabled", .bool, default: .bool(true), doc: "Whether the button responds to taps."),
    ])

    public static let textField = Kind(name: "TextField", superKind: view, doc: "An editable text field (UITextField).", isControl: true, declarations: [
        .value("text", .optional(.string), doc: "The text entered.").layout,
        .value("placeholder", .optional(.string), doc: "Text shown while empty.").layout,
        .value("font", .font, default: .font(.system(17)), doc: "Font of the text.").layout,
        .value("textColor", .color, default: .dynamicColor(.label), doc: "Color of the text; UIKit's label colour (black in light, white in dark)."),
        .value("textAlignment", .enumeration(textAlignment), default: .enumCase("natural"), doc: "Horizontal alignment."),
        .value("borderStyle", .enumeration(borderStyle), default: .enumCase("none"), doc: "Border drawn around the field.").layout,
        .value("keyboardType", .enumeration(keyboardType), default: .enumCase("default"), doc: "Keyboard shown for input."),
        .value("isSecureTextEntry", .bool, doc: "Whether input is hidden (passwords)."),
    ])

    public static let imageView = Kind(name: "ImageView", superKind: view, doc: "A view that shows an image (UIImageView).", declarations: [
        .value("image", .optional(.image), doc: "The image shown.").layout,
        .value("contentMode", .enumeration(contentMode), default: .enumCase("scaleToFill"), doc: "How the image fits."),
    ])

    public static let stackView = Kind(name: "StackView", superKind: view, doc: "A view that lays out a row or column (UIStackView).", declarations: [
        .value("axis", .enumeration(axis), default: .enumCase("horizontal"), doc: "Direction of the arrangement.").layout,
        .value("spacing", .number, range: .nonNegative, doc: "Space between arranged views, in points.").layout,
        .value("alignment", .enumeration(stackAlignment), default: .enumCase("fill"), doc: "Alignment across the axis.").layout,
        .value("distribution", .enumeration(distribution), default: .enumCase("fill"), doc: "Sizing along the axis.").layout,
        .value("isLayoutMarginsRelativeArrangement", .bool, doc: "Whether arranged views sit inside the layout margins.").layout,
    ])

    /// Every standard view kind, in declaration order.
    public static let standardKinds: [Kind] = [view, label, button, textField, imageView, stackView]
}
