// Generated from the schema by `SwiftKeys` (Sources/StyleRun/Render/SwiftKeys.swift); do not
// edit. Regenerate with `SNAPSHOT_RECORD=1 swift test --filter SwiftKeysTests` after changing
// `StandardKinds.swift`: a test fails while this file is stale.

extension Kind {
    /// `Schema.view`: The root of every view kind.
    public static var view: Kind { Schema.view }
    /// `Schema.label`: A read-only text view (UILabel).
    public static var label: Kind { Schema.label }
    /// `Schema.button`: A tappable button (UIButton).
    public static var button: Kind { Schema.button }
    /// `Schema.textField`: An editable text field (UITextField).
    public static var textField: Kind { Schema.textField }
    /// `Schema.imageView`: A view that shows an image (UIImageView).
    public static var imageView: Kind { Schema.imageView }
    /// `Schema.stackView`: A view that lays out a row or column (UIStackView).
    public static var stackView: Kind { Schema.stackView }
}

/// The cases of `TextAlignment` properties.
public enum TextAlignment: String, CaseIterable, StyleEnum {
    case left, center, right, justified, natural
}

/// The cases of `LineBreakMode` properties.
public enum LineBreakMode: String, CaseIterable, StyleEnum {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// The cases of `BorderStyle` properties.
public enum BorderStyle: String, CaseIterable, StyleEnum {
    case none, line, bezel, roundedRect
}

/// The cases of `KeyboardType` properties.
public enum KeyboardType: String, CaseIterable, StyleEnum {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress, decimalPad
}

/// The cases of `ContentMode` properties.
public enum ContentMode: String, CaseIterable, StyleEnum {
    case scaleToFill, scaleAspectFit, scaleAspectFill, center, top, bottom, left, right
}

/// The cases of `Axis` properties.
public enum Axis: String, CaseIterable, StyleEnum {
    case horizontal, vertical
}

/// The cases of `StackAlignment` properties.
public enum StackAlignment: String, CaseIterable, StyleEnum {
    case fill, leading, top, firstBaseline, center, trailing, bottom, lastBaseline
}

/// The cases of `Distribution` properties.
public enum Distribution: String, CaseIterable, StyleEnum {
    case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
}

/// The typed keys of `View`: The root of every view kind.
extension View {
    /// Fill color behind the content.
    public static let backgroundColor = PropertyKey<Color?>("backgroundColor", kind: "View")
    /// Color of interactive elements.
    public static let tintColor = PropertyKey<Color?>("tintColor", kind: "View")
    /// Opacity, 0 to 1.
    public static let alpha = PropertyKey<Double>("alpha", kind: "View")
    /// Whether the view is hidden.
    public static let isHidden = PropertyKey<Bool>("isHidden", kind: "View")
    /// Whether subviews are clipped to the bounds.
    public static let clipsToBounds = PropertyKey<Bool>("clipsToBounds", kind: "View")
    /// Whether touches reach the view.
    public static let isUserInteractionEnabled = PropertyKey<Bool>("isUserInteractionEnabled", kind: "View")
    /// Margins for content laid out inside.
    public static let layoutMargins = PropertyKey<Insets>("layoutMargins", kind: "View")
    /// Whether the autoresizing mask becomes constraints.
    public static let translatesAutoresizingMaskIntoConstraints = PropertyKey<Bool>("translatesAutoresizingMaskIntoConstraints", kind: "View")
    /// Fixed width, in points.
    public static let width = PropertyKey<Double?>("width", kind: "View")
    /// Fixed height, in points.
    public static let height = PropertyKey<Double?>("height", kind: "View")
    /// Width divided by height.
    public static let aspectRatio = PropertyKey<Double?>("aspectRatio", kind: "View")
    /// The backing layer.
    public static let layer = LayerKeys(prefix: "layer.", kind: "View")
}

/// The typed keys of `Label`: A read-only text view (UILabel).
public enum Label {
    /// Fill color behind the content.
    public static let backgroundColor = PropertyKey<Color?>("backgroundColor", kind: "Label")
    /// Color of interactive elements.
    public static let tintColor = PropertyKey<Color?>("tintColor", kind: "Label")
    /// Opacity, 0 to 1.
    public static let alpha = PropertyKey<Double>("alpha", kind: "Label")
    /// Whether the view is hidden.
    public static let isHidden = PropertyKey<Bool>("isHidden", kind: "Label")
    /// Whether subviews are clipped to the bounds.
    public static let clipsToBounds = PropertyKey<Bool>("clipsToBounds", kind: "Label")
    /// Whether touches reach the view.
    public static let isUserInteractionEnabled = PropertyKey<Bool>("isUserInteractionEnabled", kind: "Label")
    /// Margins for content laid out inside.
    public static let layoutMargins = PropertyKey<Insets>("layoutMargins", kind: "Label")
    /// Whether the autoresizing mask becomes constraints.
    public static let translatesAutoresizingMaskIntoConstraints = PropertyKey<Bool>("translatesAutoresizingMaskIntoConstraints", kind: "Label")
    /// Fixed width, in points.
    public static let width = PropertyKey<Double?>("width", kind: "Label")
    /// Fixed height, in points.
    public static let height = PropertyKey<Double?>("height", kind: "Label")
    /// Width divided by height.
    public static let aspectRatio = PropertyKey<Double?>("aspectRatio", kind: "Label")
    /// The backing layer.
    public static let layer = LayerKeys(prefix: "layer.", kind: "Label")
    /// The text shown.
    public static let text = PropertyKey<String?>("text", kind: "Label")
    /// Font of the text.
    public static let font = PropertyKey<Font>("font", kind: "Label")
    /// Color of the text; UIKit's label colour (black in light, white in dark).
    public static let textColor = PropertyKey<Color>("textColor", kind: "Label")
    /// Horizontal alignment.
    public static let textAlignment = PropertyKey<TextAlignment>("textAlignment", kind: "Label")
    /// Maximum lines; 0 for no limit.
    public static let numberOfLines = PropertyKey<Int>("numberOfLines", kind: "Label")
    /// How lines wrap and truncate.
    public static let lineBreakMode = PropertyKey<LineBreakMode>("lineBreakMode", kind: "Label")
    /// Whether the font shrinks to fit.
    public static let adjustsFontSizeToFitWidth = PropertyKey<Bool>("adjustsFontSizeToFitWidth", kind: "Label")
}

/// The typed keys of `Button`: A tappable button (UIButton).
public enum Button {
    /// Fill color behind the content.
    public static let backgroundColor = PropertyKey<Color?>("backgroundColor", kind: "Button")
    /// Color of interactive elements.
    public static let tintColor = PropertyKey<Color?>("tintColor", kind: "Button")
    /// Opacity, 0 to 1.
    public static let alpha = PropertyKey<Double>("alpha", kind: "Button")
    /// Whether the view is hidden.
    public static let isHidden = PropertyKey<Bool>("isHidden", kind: "Button")
    /// Whether subviews are clipped to the bounds.
    public static let clipsToBounds = PropertyKey<Bool>("clipsToBounds", kind: "Button")
    /// Whether touches reach the view.
    public static let isUserInteractionEnabled = PropertyKey<Bool>("isUserInteractionEnabled", kind: "Button")
    /// Margins for content laid out inside.
    public static let layoutMargins = PropertyKey<Insets>("layoutMargins", kind: "Button")
    /// Whether the autoresizing mask becomes constraints.
    public static let translatesAutoresizingMaskIntoConstraints = PropertyKey<Bool>("translatesAutoresizingMaskIntoConstraints", kind: "Button")
    /// Fixed width, in points.
    public static let width = PropertyKey<Double?>("width", kind: "Button")
    /// Fixed height, in points.
    public static let height = PropertyKey<Double?>("height", kind: "Button")
    /// Width divided by height.
    public static let aspectRatio = PropertyKey<Double?>("aspectRatio", kind: "Button")
    /// The backing layer.
    public static let layer = LayerKeys(prefix: "layer.", kind: "Button")
    /// Title for the normal state.
    public static let title = PropertyKey<String?>("title", kind: "Button")
    /// Title color for the normal state.
    public static let titleColor = PropertyKey<Color?>("titleColor", kind: "Button")
    /// Image for the normal state.
    public static let image = PropertyKey<Image?>("image", kind: "Button")
    /// Background image for the normal state.
    public static let backgroundImage = PropertyKey<Image?>("backgroundImage", kind: "Button")
    /// The label that draws the title.
    public static let titleLabel = LabelKeys(prefix: "titleLabel.", kind: "Button")
    /// Insets around title and image.
    public static let contentEdgeInsets = PropertyKey<Insets>("contentEdgeInsets", kind: "Button")
    /// Insets of the image.
    public static let imageEdgeInsets = PropertyKey<Insets>("imageEdgeInsets", kind: "Button")
    /// Insets of the title.
    public static let titleEdgeInsets = PropertyKey<Insets>("titleEdgeInsets", kind: "Button")
    /// Whether the button responds to taps.
    public static let isEnabled = PropertyKey<Bool>("isEnabled", kind: "Button")
    /// Whether the control is selected (the selected state).
    public static let isSelected = PropertyKey<Bool>("isSelected", kind: "Button")
    /// Whether the control is highlighted, as while pressed (the highlighted state).
    public static let isHighlighted = PropertyKey<Bool>("isHighlighted", kind: "Button")
    /// Whether the control has the focus (the focused state).
    public static let isFocused = PropertyKey<Bool>("isFocused", kind: "Button")
}

/// The typed keys of `TextField`: An editable text field (UITextField).
public enum TextField {
    /// Fill color behind the content.
    public static let backgroundColor = PropertyKey<Color?>("backgroundColor", kind: "TextField")
    /// Color of interactive elements.
    public static let tintColor = PropertyKey<Color?>("tintColor", kind: "TextField")
    /// Opacity, 0 to 1.
    public static let alpha = PropertyKey<Double>("alpha", kind: "TextField")
    /// Whether the view is hidden.
    public static let isHidden = PropertyKey<Bool>("isHidden", kind: "TextField")
    /// Whether subviews are clipped to the bounds.
    public static let clipsToBounds = PropertyKey<Bool>("clipsToBounds", kind: "TextField")
    /// Whether touches reach the view.
    public static let isUserInteractionEnabled = PropertyKey<Bool>("isUserInteractionEnabled", kind: "TextField")
    /// Margins for content laid out inside.
    public static let layoutMargins = PropertyKey<Insets>("layoutMargins", kind: "TextField")
    /// Whether the autoresizing mask becomes constraints.
    public static let translatesAutoresizingMaskIntoConstraints = PropertyKey<Bool>("translatesAutoresizingMaskIntoConstraints", kind: "TextField")
    /// Fixed width, in points.
    public static let width = PropertyKey<Double?>("width", kind: "TextField")
    /// Fixed height, in points.
    public static let height = PropertyKey<Double?>("height", kind: "TextField")
    /// Width divided by height.
    public static let aspectRatio = PropertyKey<Double?>("aspectRatio", kind: "TextField")
    /// The backing layer.
    public static let layer = LayerKeys(prefix: "layer.", kind: "TextField")
    /// The text entered.
    public static let text = PropertyKey<String?>("text", kind: "TextField")
    /// Text shown while empty.
    public static let placeholder = PropertyKey<String?>("placeholder", kind: "TextField")
    /// Font of the text.
    public static let font = PropertyKey<Font>("font", kind: "TextField")
    /// Color of the text; UIKit's label colour (black in light, white in dark).
    public static let textColor = PropertyKey<Color>("textColor", kind: "TextField")
    /// Horizontal alignment.
    public static let textAlignment = PropertyKey<TextAlignment>("textAlignment", kind: "TextField")
    /// Border drawn around the field.
    public static let borderStyle = PropertyKey<BorderStyle>("borderStyle", kind: "TextField")
    /// Keyboard shown for input.
    public static let keyboardType = PropertyKey<KeyboardType>("keyboardType", kind: "TextField")
    /// Whether input is hidden (passwords).
    public static let isSecureTextEntry = PropertyKey<Bool>("isSecureTextEntry", kind: "TextField")
    /// Whether the control responds to touches; false is the disabled state.
    public static let isEnabled = PropertyKey<Bool>("isEnabled", kind: "TextField")
    /// Whether the control is selected (the selected state).
    public static let isSelected = PropertyKey<Bool>("isSelected", kind: "TextField")
    /// Whether the control is highlighted, as while pressed (the highlighted state).
    public static let isHighlighted = PropertyKey<Bool>("isHighlighted", kind: "TextField")
    /// Whether the control has the focus (the focused state).
    public static let isFocused = PropertyKey<Bool>("isFocused", kind: "TextField")
}

/// The typed keys of `ImageView`: A view that shows an image (UIImageView).
public enum ImageView {
    /// Fill color behind the content.
    public static let backgroundColor = PropertyKey<Color?>("backgroundColor", kind: "ImageView")
    /// Color of interactive elements.
    public static let tintColor = PropertyKey<Color?>("tintColor", kind: "ImageView")
    /// Opacity, 0 to 1.
    public static let alpha = PropertyKey<Double>("alpha", kind: "ImageView")
    /// Whether the view is hidden.
    public static let isHidden = PropertyKey<Bool>("isHidden", kind: "ImageView")
    /// Whether subviews are clipped to the bounds.
    public static let clipsToBounds = PropertyKey<Bool>("clipsToBounds", kind: "ImageView")
    /// Whether touches reach the view.
    public static let isUserInteractionEnabled = PropertyKey<Bool>("isUserInteractionEnabled", kind: "ImageView")
    /// Margins for content laid out inside.
    public static let layoutMargins = PropertyKey<Insets>("layoutMargins", kind: "ImageView")
    /// Whether the autoresizing mask becomes constraints.
    public static let translatesAutoresizingMaskIntoConstraints = PropertyKey<Bool>("translatesAutoresizingMaskIntoConstraints", kind: "ImageView")
    /// Fixed width, in points.
    public static let width = PropertyKey<Double?>("width", kind: "ImageView")
    /// Fixed height, in points.
    public static let height = PropertyKey<Double?>("height", kind: "ImageView")
    /// Width divided by height.
    public static let aspectRatio = PropertyKey<Double?>("aspectRatio", kind: "ImageView")
    /// The backing layer.
    public static let layer = LayerKeys(prefix: "layer.", kind: "ImageView")
    /// The image shown.
    public static let image = PropertyKey<Image?>("image", kind: "ImageView")
    /// How the image fits.
    public static let contentMode = PropertyKey<ContentMode>("contentMode", kind: "ImageView")
}

/// The typed keys of `StackView`: A view that lays out a row or column (UIStackView).
public enum StackView {
    /// Fill color behind the content.
    public static let backgroundColor = PropertyKey<Color?>("backgroundColor", kind: "StackView")
    /// Color of interactive elements.
    public static let tintColor = PropertyKey<Color?>("tintColor", kind: "StackView")
    /// Opacity, 0 to 1.
    public static let alpha = PropertyKey<Double>("alpha", kind: "StackView")
    /// Whether the view is hidden.
    public static let isHidden = PropertyKey<Bool>("isHidden", kind: "StackView")
    /// Whether subviews are clipped to the bounds.
    public static let clipsToBounds = PropertyKey<Bool>("clipsToBounds", kind: "StackView")
    /// Whether touches reach the view.
    public static let isUserInteractionEnabled = PropertyKey<Bool>("isUserInteractionEnabled", kind: "StackView")
    /// Margins for content laid out inside.
    public static let layoutMargins = PropertyKey<Insets>("layoutMargins", kind: "StackView")
    /// Whether the autoresizing mask becomes constraints.
    public static let translatesAutoresizingMaskIntoConstraints = PropertyKey<Bool>("translatesAutoresizingMaskIntoConstraints", kind: "StackView")
    /// Fixed width, in points.
    public static let width = PropertyKey<Double?>("width", kind: "StackView")
    /// Fixed height, in points.
    public static let height = PropertyKey<Double?>("height", kind: "StackView")
    /// Width divided by height.
    public static let aspectRatio = PropertyKey<Double?>("aspectRatio", kind: "StackView")
    /// The backing layer.
    public static let layer = LayerKeys(prefix: "layer.", kind: "StackView")
    /// Direction of the arrangement.
    public static let axis = PropertyKey<Axis>("axis", kind: "StackView")
    /// Space between arranged views, in points.
    public static let spacing = PropertyKey<Double>("spacing", kind: "StackView")
    /// Alignment across the axis.
    public static let alignment = PropertyKey<StackAlignment>("alignment", kind: "StackView")
    /// Sizing along the axis.
    public static let distribution = PropertyKey<Distribution>("distribution", kind: "StackView")
    /// Whether arranged views sit inside the layout margins.
    public static let isLayoutMarginsRelativeArrangement = PropertyKey<Bool>("isLayoutMarginsRelativeArrangement", kind: "StackView")
}

/// The keys of a `Layer` sub-object, from its owner (`View.layer.cornerRadius`).
public struct LayerKeys: Sendable {
    let prefix: String
    let kind: String

    init(prefix: String, kind: String) {
        self.prefix = prefix
        self.kind = kind
    }

    /// Radius of the rounded corners, in points.
    public var cornerRadius: PropertyKey<Double> { PropertyKey<Double>(prefix + "cornerRadius", kind: kind) }

    /// Whether sublayers are clipped to the rounded corners.
    public var masksToBounds: PropertyKey<Bool> { PropertyKey<Bool>(prefix + "masksToBounds", kind: kind) }

    /// Color of the border.
    public var borderColor: PropertyKey<Color?> { PropertyKey<Color?>(prefix + "borderColor", kind: kind) }

    /// Width of the border, in points.
    public var borderWidth: PropertyKey<Double> { PropertyKey<Double>(prefix + "borderWidth", kind: kind) }

    /// Color of the shadow.
    public var shadowColor: PropertyKey<Color?> { PropertyKey<Color?>(prefix + "shadowColor", kind: kind) }

    /// Opacity of the shadow, 0 to 1.
    public var shadowOpacity: PropertyKey<Double> { PropertyKey<Double>(prefix + "shadowOpacity", kind: kind) }

    /// Blur radius of the shadow, in points.
    public var shadowRadius: PropertyKey<Double> { PropertyKey<Double>(prefix + "shadowRadius", kind: kind) }

    /// Offset of the shadow.
    public var shadowOffset: PropertyKey<Size> { PropertyKey<Size>(prefix + "shadowOffset", kind: kind) }
}

/// The keys of a `Label` sub-object, from its owner (`View.layer.cornerRadius`).
public struct LabelKeys: Sendable {
    let prefix: String
    let kind: String

    init(prefix: String, kind: String) {
        self.prefix = prefix
        self.kind = kind
    }

    /// Fill color behind the content.
    public var backgroundColor: PropertyKey<Color?> { PropertyKey<Color?>(prefix + "backgroundColor", kind: kind) }

    /// Color of interactive elements.
    public var tintColor: PropertyKey<Color?> { PropertyKey<Color?>(prefix + "tintColor", kind: kind) }

    /// Opacity, 0 to 1.
    public var alpha: PropertyKey<Double> { PropertyKey<Double>(prefix + "alpha", kind: kind) }

    /// Whether the view is hidden.
    public var isHidden: PropertyKey<Bool> { PropertyKey<Bool>(prefix + "isHidden", kind: kind) }

    /// Whether subviews are clipped to the bounds.
    public var clipsToBounds: PropertyKey<Bool> { PropertyKey<Bool>(prefix + "clipsToBounds", kind: kind) }

    /// Whether touches reach the view.
    public var isUserInteractionEnabled: PropertyKey<Bool> { PropertyKey<Bool>(prefix + "isUserInteractionEnabled", kind: kind) }

    /// Margins for content laid out inside.
    public var layoutMargins: PropertyKey<Insets> { PropertyKey<Insets>(prefix + "layoutMargins", kind: kind) }

    /// Whether the autoresizing mask becomes constraints.
    public var translatesAutoresizingMaskIntoConstraints: PropertyKey<Bool> { PropertyKey<Bool>(prefix + "translatesAutoresizingMaskIntoConstraints", kind: kind) }

    /// Fixed width, in points.
    public var width: PropertyKey<Double?> { PropertyKey<Double?>(prefix + "width", kind: kind) }

    /// Fixed height, in points.
    public var height: PropertyKey<Double?> { PropertyKey<Double?>(prefix + "height", kind: kind) }

    /// Width divided by height.
    public var aspectRatio: PropertyKey<Double?> { PropertyKey<Double?>(prefix + "aspectRatio", kind: kind) }

    /// The backing layer.
    public var layer: LayerKeys { LayerKeys(prefix: prefix + "layer.", kind: kind) }

    /// The text shown.
    public var text: PropertyKey<String?> { PropertyKey<String?>(prefix + "text", kind: kind) }

    /// Font of the text.
    public var font: PropertyKey<Font> { PropertyKey<Font>(prefix + "font", kind: kind) }

    /// Color of the text; UIKit's label colour (black in light, white in dark).
    public var textColor: PropertyKey<Color> { PropertyKey<Color>(prefix + "textColor", kind: kind) }

    /// Horizontal alignment.
    public var textAlignment: PropertyKey<TextAlignment> { PropertyKey<TextAlignment>(prefix + "textAlignment", kind: kind) }

    /// Maximum lines; 0 for no limit.
    public var numberOfLines: PropertyKey<Int> { PropertyKey<Int>(prefix + "numberOfLines", kind: kind) }

    /// How lines wrap and truncate.
    public var lineBreakMode: PropertyKey<LineBreakMode> { PropertyKey<LineBreakMode>(prefix + "lineBreakMode", kind: kind) }

    /// Whether the font shrinks to fit.
    public var adjustsFontSizeToFitWidth: PropertyKey<Bool> { PropertyKey<Bool>(prefix + "adjustsFontSizeToFitWidth", kind: kind) }
}
