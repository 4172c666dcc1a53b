/// UIKit's default Dynamic Type table (Apple's HIG, "Typography / Dynamic Type sizes", iOS):
/// each text style's point size at each content size. `font.preferred(style)` takes its row,
/// `f:scaled(style)` scales by it as `UIFontMetrics(forTextStyle:)` does.
///
///     Font.TextStyle.body.size(at: .extraSmall)                       // 14
///     Font.TextStyle.body.size(at: .accessibilityExtraExtraExtraLarge) // 53
///     DynamicType.scaled(20, by: .body, at: .extraExtraExtraLarge)      // 27 (20 × 23/17, rounded)
public enum DynamicType {
    /// The table, one row per text style in `Font.TextStyle.allCases` order, one column per
    /// content size in `ContentSize.allCases` order (extraSmall … accessibilityExtraExtraExtraLarge).
    /// REFERENCE §1.2 prints it and `DynamicTypeTests` reads it back from there.
    public static let sizes: [Font.TextStyle: [Double]] = [
        //              xS  S   M   L   xL  xxL xxxL AX1 AX2 AX3 AX4 AX5
        .largeTitle:  [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title1:      [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2:      [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3:      [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline:    [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body:        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout:     [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        .footnote:    [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption1:    [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2:    [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]

    /// `size` (a size at `large`) scaled for `contentSize` in proportion to `style`'s row, as
    /// `UIFontMetrics(forTextStyle: style).scaledValue(for: size)`, then rounded to the nearest
    /// whole point (halves away from zero). UIKit keeps the fraction; stylerun rounds so that
    /// the tree, the JSON and layout read whole points, at most half a point from UIKit. A
    /// text style's own size scales exactly to its row.
    public static func scaled(_ size: Double, by style: Font.TextStyle, at contentSize: ContentSize) -> Double {
        (size * style.size(at: contentSize) / style.size).rounded()
    }
}

extension Font.TextStyle {
    /// The style's point size at `contentSize`, from UIKit's Dynamic Type table.
    public func size(at contentSize: ContentSize) -> Double {
        DynamicType.sizes[self]![contentSize.rank]
    }
}

extension Font {
    /// A font that follows Dynamic Type: the text style it scales with and its size at
    /// `large`, from which every other content size's size is computed (so resolving a font
    /// again, for other traits, never compounds).
    public struct Scaling: Hashable, Sendable {
        public var textStyle: TextStyle
        /// The size at the default content size (`large`).
        public var sizeAtLarge: Double

        public init(textStyle: TextStyle, sizeAtLarge: Double) {
            self.textStyle = textStyle
            self.sizeAtLarge = sizeAtLarge
        }
    }

    /// The text style the font scales with, if it follows Dynamic Type.
    public var textStyle: TextStyle? { scaling?.textStyle }

    /// The font scaled with `style`, as `UIFontMetrics(forTextStyle: style).scaledFont(for: self)`:
    /// its size is taken as the size at `large`, and each content size scales it in proportion
    /// to the style's row.
    ///
    ///     Font(name: "Lato-Bold", size: 20).scaled(.body).resolved(for: .accessibilityMedium).size  // 33
    public func scaled(_ style: TextStyle) -> Font {
        var f = self
        f.scaling = Scaling(textStyle: style, sizeAtLarge: size)
        return f
    }

    /// The font as a view takes it at `contentSize`: a font that follows Dynamic Type gets
    /// its size there; any other font is itself.
    public func resolved(for contentSize: ContentSize) -> Font {
        guard let scaling else { return self }
        var f = self
        f.size = DynamicType.scaled(scaling.sizeAtLarge, by: scaling.textStyle, at: contentSize)
        return f
    }
}

extension DynamicType {
    /// The columns of REFERENCE §1.2's Dynamic Type table, in `ContentSize.allCases` order.
    public static let columnNames = ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"]

    /// REFERENCE §1.2's Dynamic Type table: a row per text style, a column per content size.
    public static var referenceTable: String {
        var rows = ["| text style | " + columnNames.joined(separator: " | ") + " |",
                    "|---|" + String(repeating: "---|", count: columnNames.count)]
        for style in Font.TextStyle.allCases {
            rows.append("| `\(style.rawValue)` | " + sizes[style]!.map(formatNumber).joined(separator: " | ") + " |")
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
