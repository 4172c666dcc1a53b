import StyleCore

/// What layout asks of text: its size in a font, wrapped to a width.
///
/// Layout has no font code of its own; `StyleText.FontTextMeasurer` answers with HarfBuzz and
/// FreeType, tests may answer with simpler metrics.
///
///     let m = measurer.measure(TextRequest(text: "Subscribe", font: .system(17)))
///     m.size.width    // the shaped advance widths, rounded up to the point
public protocol TextMeasurer: AnyObject {
    /// The size of `request.text` laid out as a label lays it out. A text on one line
    /// (`numberOfLines == 1`) whose width at no limit is within `maxWidth` measures the same
    /// at `maxWidth` as at no limit: layout asks once for such a text.
    func measure(_ request: TextRequest) -> TextMeasurement
    /// A font's vertical metrics, as `UIFont.lineHeight`, `ascender` and `descender`.
    func metrics(of font: Font) -> FontMetrics
}

/// How a label breaks and truncates its lines (`NSLineBreakMode`).
public enum LineBreakMode: String, CaseIterable, Hashable, Sendable {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle

    /// Whether text that does not fit ends in an ellipsis (as opposed to being cut off).
    public var truncates: Bool {
        self == .byTruncatingHead || self == .byTruncatingTail || self == .byTruncatingMiddle
    }
}

/// One question to a `TextMeasurer`: a text, its font, and the room it has.
public struct TextRequest: Hashable, Sendable {
    public var text: String
    public var font: Font
    /// The width lines wrap (or truncate) at; nil for no limit (the text's natural width).
    public var maxWidth: Double?
    /// The most lines shown; 0 for no limit, as `UILabel.numberOfLines`.
    public var numberOfLines: Int
    public var lineBreakMode: LineBreakMode

    public init(text: String, font: Font, maxWidth: Double? = nil, numberOfLines: Int = 1,
                lineBreakMode: LineBreakMode = .byTruncatingTail) {
        self.text = text
        self.font = font
        self.maxWidth = maxWidth
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
    }
}

/// A font's vertical metrics in points.
public struct FontMetrics: Hashable, Sendable {
    /// Above the baseline (positive).
    public var ascender: Double
    /// Below the baseline (negative, as UIKit's).
    public var descender: Double
    /// `ascender - descender + leading`: the distance from one line's baseline to the next.
    public var lineHeight: Double

    public init(ascender: Double, descender: Double, lineHeight: Double) {
        self.ascender = ascender
        self.descender = descender
        self.lineHeight = lineHeight
    }
}

/// Text that did not fit: where it was cut, as data for the tree, the JSON and lint.
public struct Truncation: Hashable, Sendable {
    /// The 1-based line that ends (or, in head and middle truncation, holds) the cut.
    public var line: Int
    /// How many of the text's characters are shown (the ellipsis not counted).
    public var charactersShown: Int
    /// How many characters the text has.
    public var characters: Int
    /// An ellipsis (`byTruncating…`) or a plain cut (wrapping and clipping modes).
    public var ellipsis: Bool

    public init(line: Int, charactersShown: Int, characters: Int, ellipsis: Bool) {
        self.line = line
        self.charactersShown = charactersShown
        self.characters = characters
        self.ellipsis = ellipsis
    }
}

/// A font asked for that is not installed, and the one measured instead.
public struct FontSubstitution: Hashable, Sendable {
    /// The font as the script named it (`Avenir-Heavy`).
    public var requested: String
    /// The installed font used in its place (`Inter Bold`).
    public var standIn: String

    public init(requested: String, standIn: String) {
        self.requested = requested
        self.standIn = standIn
    }

    public var message: String {
        "The font '\(requested)' is not installed; its text is measured in '\(standIn)' instead. Install the font to measure it exactly."
    }
}

/// The answer to a `TextRequest`.
public struct TextMeasurement: Hashable, Sendable {
    /// The text's bounding size, rounded up to whole points as UIKit's `ceil` of
    /// `boundingRect`: the widest line, and the lines' count times the line height.
    public var size: Size
    /// Lines shown (at least 1 for a non-empty text, 0 for an empty one).
    public var lineCount: Int
    public var metrics: FontMetrics
    /// Set when some of the text does not fit in the lines it may take.
    public var truncation: Truncation?
    /// Set when the font asked for is not installed.
    public var substitution: FontSubstitution?

    public init(size: Size, lineCount: Int, metrics: FontMetrics, truncation: Truncation? = nil,
                substitution: FontSubstitution? = nil) {
        self.size = size
        self.lineCount = lineCount
        self.metrics = metrics
        self.truncation = truncation
        self.substitution = substitution
    }
}
