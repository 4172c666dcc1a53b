/// What is behind a text, as UIKit draws it: each view a layer of its own that fades its whole
/// subtree by its `alpha` (group opacity), drawing its fills (background colour, colour images)
/// under its content, over the screen's background.
///
///     let card = CompositingLayer(opacity: 0.5, fills: [.white])
///     let screen = Color.black
///     Compositing.background(under: [card], over: screen)          // #808080: half white over black
///     Compositing.text(.black, under: [card], over: screen)        // #000000: the text fades with its card
///
/// The text and the background are the two opaque colours a reader sees: the text colour with
/// its alpha composited over the innermost view's fills, the whole faded by each view's alpha
/// from the innermost out, over the screen. A view's alpha fades its text and its background
/// alike, so a translucent view over a dark screen has less contrast than its own colours say.
public enum Compositing {
    /// The colour behind the text where no glyph is: `layers` outermost first (the root's first,
    /// the text's own view last).
    public static func background(under layers: [CompositingLayer], over screen: Color) -> Color {
        composite(nil, layers, screen)
    }

    /// The colour of the text's glyphs as the reader sees them.
    public static func text(_ color: Color, under layers: [CompositingLayer], over screen: Color) -> Color {
        composite(color, layers, screen)
    }

    private static func composite(_ text: Color?, _ layers: [CompositingLayer], _ screen: Color) -> Color {
        var group = text.map(Premultiplied.init) ?? .clear
        for layer in layers.reversed() {
            var fill = Premultiplied.clear
            for f in layer.fills { fill = Premultiplied(f).over(fill) }
            group = group.over(fill).faded(by: layer.opacity)
        }
        return group.over(Premultiplied(screen.withAlpha(1))).color
    }
}

/// One view's part in what is behind a text: its opacity (`alpha`) and the fills it draws
/// under its content and children, bottom first.
public struct CompositingLayer: Hashable, Sendable {
    public var opacity: Double
    public var fills: [Color]

    public init(opacity: Double = 1, fills: [Color] = []) {
        self.opacity = opacity
        self.fills = fills
    }
}

/// A colour with its channels multiplied by its alpha, in which "over" is a sum.
struct Premultiplied {
    var red, green, blue, alpha: Double

    static let clear = Premultiplied(red: 0, green: 0, blue: 0, alpha: 0)

    init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    init(_ c: Color) {
        func unit(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, 0), 1) }
        let a = unit(c.alpha)
        self.init(red: unit(c.red) * a, green: unit(c.green) * a, blue: unit(c.blue) * a, alpha: a)
    }

    /// This colour drawn over `below` (Porter–Duff source-over).
    func over(_ below: Premultiplied) -> Premultiplied {
        let k = 1 - alpha
        return Premultiplied(red: red + below.red * k, green: green + below.green * k,
                             blue: blue + below.blue * k, alpha: alpha + below.alpha * k)
    }

    func faded(by opacity: Double) -> Premultiplied {
        let o = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        return Premultiplied(red: red * o, green: green * o, blue: blue * o, alpha: alpha * o)
    }

    var color: Color {
        alpha == 0 ? .clear : Color(red: red / alpha, green: green / alpha, blue: blue / alpha, alpha: alpha)
    }
}
