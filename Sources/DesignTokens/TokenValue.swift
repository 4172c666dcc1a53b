import StyleCore

/// The 2025.10 format's types, by their `$type` names.
public enum TokenType: String, CaseIterable, Sendable, Hashable {
    case color, dimension, number, fontFamily, fontWeight, duration, cubicBezier
    case strokeStyle, border, transition, shadow, gradient, typography
}

/// A length as written (`{"value": 1.5, "unit": "rem"}`) and in points.
public struct Dimension: Hashable, Sendable {
    public enum Unit: String, Sendable, Hashable { case px, rem }
    public var value: Double
    public var unit: Unit
    /// Points: `px` as points, `rem` as 16 points.
    public var points: Double { unit == .px ? value : value * 16 }
    public init(_ value: Double, _ unit: Unit) { self.value = value; self.unit = unit }
}

/// A duration as written, in milliseconds or seconds.
public struct Duration: Hashable, Sendable {
    public enum Unit: String, Sendable, Hashable { case ms, s }
    public var value: Double
    public var unit: Unit
    public var seconds: Double { unit == .s ? value : value / 1000 }
}

public struct ShadowValue: Hashable, Sendable {
    public var color: Color
    public var offsetX: Dimension, offsetY: Dimension, blur: Dimension, spread: Dimension
    public var inset: Bool
}

public enum StrokeStyleValue: Hashable, Sendable {
    case keyword(String)
    case dashes([Dimension], lineCap: String)
}

public struct BorderValue: Hashable, Sendable {
    public var color: Color
    public var width: Dimension
    public var style: StrokeStyleValue
}

public struct GradientStop: Hashable, Sendable {
    public var color: Color
    public var position: Double
}

public struct TransitionValue: Hashable, Sendable {
    public var duration: Duration, delay: Duration
    public var timingFunction: [Double]
}

public struct TypographyValue: Hashable, Sendable {
    public var fontFamily: [String]
    public var fontSize: Dimension
    public var fontWeight: Double
    public var letterSpacing: Dimension?
    public var lineHeight: Double?

    /// The stylerun `Font`: the first family (a generic family is the system font), the size
    /// in points, the weight rounded to the nearest of UIKit's nine.
    public var font: Font {
        Font(name: FontFamilies.fontName(fontFamily), size: fontSize.points, weight: FontWeights.weight(fontWeight))
    }
}

/// A token's value, typed. Colours are kept with their original space for export.
public indirect enum TokenValue: Hashable, Sendable {
    case color(Color, written: ColorWritten)
    case dimension(Dimension)
    case number(Double)
    case fontFamily([String])
    case fontWeight(Double)
    case duration(Duration)
    case cubicBezier([Double])
    case strokeStyle(StrokeStyleValue)
    case border(BorderValue)
    case transition(TransitionValue)
    /// One shadow, or the layers of an array (`isList`).
    case shadow([ShadowValue], isList: Bool)
    case gradient([GradientStop])
    case typography(TypographyValue)

    public var type: TokenType {
        switch self {
        case .color: .color
        case .dimension: .dimension
        case .number: .number
        case .fontFamily: .fontFamily
        case .fontWeight: .fontWeight
        case .duration: .duration
        case .cubicBezier: .cubicBezier
        case .strokeStyle: .strokeStyle
        case .border: .border
        case .transition: .transition
        case .shadow: .shadow
        case .gradient: .gradient
        case .typography: .typography
        }
    }
}

/// A colour as its token wrote it: the space and components, for export and the inspector.
public struct ColorWritten: Hashable, Sendable {
    public var space: String
    public var components: [Double?]
    public var alpha: Double
    public init(space: String, components: [Double?], alpha: Double) {
        self.space = space; self.components = components; self.alpha = alpha
    }
}

/// Font families: a generic CSS family or Apple's system names stand for the system font.
public enum FontFamilies {
    static let system: Set<String> = ["system", "system-ui", "-apple-system", "BlinkMacSystemFont", "SF Pro", "SF Pro Text", "SF Pro Display", "sans-serif", "ui-sans-serif"]

    public static func fontName(_ families: [String]) -> String {
        guard let first = families.first, !system.contains(first) else { return "system" }
        return first
    }
}

/// The format's font weights (numbers 1–1000 and their names) and UIKit's nine weights.
public enum FontWeights {
    /// The names of the 2025.10 format, with their numbers.
    public static let names: [String: Double] = [
        "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300,
        "normal": 400, "regular": 400, "book": 400, "medium": 500, "semi-bold": 600, "demi-bold": 600,
        "bold": 700, "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900,
        "extra-black": 950, "ultra-black": 950,
    ]

    /// UIKit's weights at the numbers CSS and Apple's fonts give them (100 ultraLight … 900 black).
    static let scale: [(Double, Font.Weight)] = [
        (100, .ultraLight), (200, .thin), (300, .light), (400, .regular), (500, .medium),
        (600, .semibold), (700, .bold), (800, .heavy), (900, .black),
    ]

    /// The nearest UIKit weight; halfway between two (350), the heavier.
    public static func weight(_ number: Double) -> Font.Weight {
        var best = scale[0]
        for entry in scale where abs(entry.0 - number) <= abs(best.0 - number) { best = entry }
        return best.1
    }

    /// A UIKit weight's number, for export.
    public static func number(_ weight: Font.Weight) -> Double {
        scale.first { $0.1 == weight }!.0
    }
}
