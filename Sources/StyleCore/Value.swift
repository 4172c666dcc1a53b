/// A styleable value: what a property holds and what a style sets.
///
/// Values are plain data so that they can be compared (reload diffs), printed (tree, JSON) and
/// remembered in provenance without knowing where they came from.
public enum Value: Hashable, Sendable {
    case number(Double)
    case int(Int)
    case bool(Bool)
    case string(String)
    case color(Color)
    /// A colour that depends on the colour scheme and contrast (`color.dynamic { … }`,
    /// `color.label`): valid wherever a `Color` is, resolved to one for the traits. Kept in a
    /// box of its own: four colours and a name inline made every value 160 bytes, and every
    /// copy of a value, a literal or an operation moved them.
    indirect case dynamicColor(DynamicColor)
    case font(Font)
    case insets(Insets)
    case size(Size)
    case image(Image)
    /// A case of an enum type, by name (`"vertical"`).
    case enumCase(String)
    /// The empty value of an optional property.
    case null

    /// The value's own type name, as messages show it ("got String").
    public var typeName: String {
        switch self {
        case .number: "Number"
        case .int: "Int"
        case .bool: "Bool"
        case .string: "String"
        case .color, .dynamicColor: "Color"
        case .font: "Font"
        case .insets: "Insets"
        case .size: "Size"
        case .image: "Image"
        case .enumCase: "String"
        case .null: "nil"
        }
    }
}

/// An RGBA color with components in 0…1, kept as numbers; hex output rounds to nearest.
public struct Color: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); nil when malformed.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        func channel(_ s: Substring) -> Double { Double(Int(s, radix: 16)!) / 255 }
        switch digits.count {
        case 3:
            let c = digits.map { Double(Int(String($0), radix: 16)! * 17) / 255 }
            self.init(red: c[0], green: c[1], blue: c[2])
        case 6, 8:
            let s = digits.startIndex
            let at = { (i: Int) in digits[digits.index(s, offsetBy: i)..<digits.index(s, offsetBy: i + 2)] }
            self.init(red: channel(at(0)), green: channel(at(2)), blue: channel(at(4)),
                      alpha: digits.count == 8 ? channel(at(6)) : 1)
        default:
            return nil
        }
    }

    public func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }
}

/// A font: the system font or a PostScript-named one, with size, weight and traits.
public struct Font: Hashable, Sendable {
    public enum Weight: String, CaseIterable, Sendable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        /// The OpenType (and CSS) weight, 100…900, as UIKit's weights map to San Francisco's.
        public var openTypeWeight: Int {
            switch self {
            case .ultraLight: 100
            case .thin: 200
            case .light: 300
            case .regular: 400
            case .medium: 500
            case .semibold: 600
            case .bold: 700
            case .heavy: 800
            case .black: 900
            }
        }
    }

    /// A Dynamic Type text style and the system font it stands for at `large` (its other
    /// sizes are `size(at:)`, UIKit's Dynamic Type table).
    public enum TextStyle: String, CaseIterable, Sendable {
        case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

        public var size: Double {
            switch self {
            case .largeTitle: 34
            case .title1: 28
            case .title2: 22
            case .title3: 20
            case .headline, .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption1: 12
            case .caption2: 11
            }
        }

        public var weight: Weight { self == .headline ? .semibold : .regular }
    }

    /// `"system"` or a PostScript name.
    public var name: String
    public var size: Double
    public var weight: Weight
    public var italic: Bool
    public var smallCaps: Bool
    /// The text style the font scales with and its size at `large`, when it follows Dynamic
    /// Type (`font.preferred`, `f:scaled`); nil for a font of one size.
    public var scaling: Scaling?

    public init(name: String = "system", size: Double, weight: Weight = .regular,
                italic: Bool = false, smallCaps: Bool = false, scaling: Scaling? = nil) {
        self.name = name; self.size = size; self.weight = weight
        self.italic = italic; self.smallCaps = smallCaps; self.scaling = scaling
    }

    public static func system(_ size: Double, _ weight: Weight = .regular) -> Font {
        Font(size: size, weight: weight)
    }

    /// `UIFont.preferredFont(forTextStyle:)`: the system font of the style's size and weight,
    /// following Dynamic Type (its size at `large` until resolved for traits).
    public static func preferred(_ style: TextStyle) -> Font {
        Font(size: style.size, weight: style.weight, scaling: Scaling(textStyle: style, sizeAtLarge: style.size))
    }

    public var bolded: Font { withWeight(.bold) }
    public func withWeight(_ w: Weight) -> Font { var f = self; f.weight = w; return f }
    /// Another size; a font that follows Dynamic Type keeps its style and its scale (a size
    /// set on a font resolved for a content size stays that size when resolved again).
    public func withSize(_ s: Double) -> Font {
        var f = self
        if let scaling, size > 0 { f.scaling!.sizeAtLarge = s * scaling.sizeAtLarge / size }
        else if scaling != nil { f.scaling!.sizeAtLarge = s }
        f.size = s
        return f
    }
    public var italicized: Font { var f = self; f.italic = true; return f }
    public var smallCapitalized: Font { var f = self; f.smallCaps = true; return f }
}

/// Edge insets, as `UIEdgeInsets`.
public struct Insets: Hashable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    public init(all v: Double) { self.init(top: v, left: v, bottom: v, right: v) }
    public init(vertical v: Double, horizontal h: Double) { self.init(top: v, left: h, bottom: v, right: h) }

    public static let zero = Insets(all: 0)
    public static let fieldNames = ["top", "left", "bottom", "right"]

    public subscript(field: String) -> Double? {
        get {
            switch field {
            case "top": top
            case "left": left
            case "bottom": bottom
            case "right": right
            default: nil
            }
        }
        set {
            guard let v = newValue else { return }
            switch field {
            case "top": top = v
            case "left": left = v
            case "bottom": bottom = v
            case "right": right = v
            default: break
            }
        }
    }
}

/// A width and a height.
public struct Size: Hashable, Sendable {
    public var width: Double, height: Double

    public init(width: Double, height: Double) { self.width = width; self.height = height }

    public static let zero = Size(width: 0, height: 0)
    public static let fieldNames = ["width", "height"]

    public subscript(field: String) -> Double? {
        get {
            switch field {
            case "width": width
            case "height": height
            default: nil
            }
        }
        set {
            guard let v = newValue else { return }
            if field == "width" { width = v } else if field == "height" { height = v }
        }
    }
}

/// An image: a named asset, or a solid color (`UIImage.from(color:)` in the seeds).
public enum Image: Hashable, Sendable {
    case named(String)
    case color(Color)
}
