/// The colour nearest a failing text colour that passes: the same hue and saturation in HSL,
/// the lightness moved as little as it takes, lighter or darker, and the colour's alpha kept.
///
///     let onWhite = { (c: Color) in ContrastRatio.of(c, .white) }
///     ContrastSuggestion.nearest(to: Color(hex: "#EEEEEE")!, minimum: 4.5, ratio: onWhite)    // #767676
///
/// `ratio` gives the contrast a candidate text colour would have where the text is (the caller
/// composites it over its background as the text is drawn). Along HSL lightness every channel
/// moves one way, so the luminance of the composited text does too, and the colours that pass
/// on each side of the failing one are one interval reaching black or white: a bisection finds
/// its edge. The answer is in whole bytes, as hex writes it, and passes as written. HSL rather
/// than OKLCH: HSL keeps the hue a designer wrote in hex exactly (OKLCH keeps perceived hue but
/// leaves the sRGB gamut on the way to white and black and must be clipped back).
public enum ContrastSuggestion {
    /// The nearest passing colour, or nil when neither black nor white of this hue passes (a
    /// translucent text colour whose alpha lets too much of the background through).
    public static func nearest(to color: Color, minimum: Double, ratio: (Color) -> Double) -> Color? {
        let hsl = HSL(color)
        var best: (distance: Double, color: Color)?
        for target in [0.0, 1.0] {
            guard let found = edge(from: hsl, toward: target, minimum: minimum, ratio: ratio, alpha: color.alpha) else { continue }
            let distance = abs(HSL(found).lightness - hsl.lightness)
            if best == nil || distance < best!.distance { best = (distance, found) }
        }
        return best?.color
    }

    private static func edge(from hsl: HSL, toward target: Double, minimum: Double, ratio: (Color) -> Double,
                             alpha: Double) -> Color? {
        func candidate(_ lightness: Double) -> Color {
            var h = hsl
            h.lightness = lightness
            return h.color.withAlpha(alpha)
        }
        guard ratio(candidate(target)) >= minimum else { return nil }
        // `failing` fails, `passing` passes; the edge lies between them.
        var failing = hsl.lightness, passing = target
        for _ in 0..<40 {
            let middle = (failing + passing) / 2
            if ratio(candidate(middle)) >= minimum { passing = middle } else { failing = middle }
        }
        // In bytes the edge may round back to failing: step on toward the target until it passes.
        let step = (target - hsl.lightness) > 0 ? 1.0 / 255 : -1.0 / 255
        var lightness = passing
        for _ in 0...256 {
            let written = candidate(lightness).roundedToBytes
            if ratio(written) >= minimum { return written }
            lightness = min(max(lightness + step, 0), 1)
        }
        let extreme = candidate(target).roundedToBytes
        return ratio(extreme) >= minimum ? extreme : nil
    }
}

extension Color {
    /// The colour as hex writes it: each channel the nearest of 256 steps.
    var roundedToBytes: Color {
        let b = bytes
        return Color(red: Double(b.red) / 255, green: Double(b.green) / 255, blue: Double(b.blue) / 255,
                     alpha: Double(b.alpha) / 255)
    }
}

/// Hue (0…1 of a turn), saturation and lightness, as CSS's `hsl()`.
struct HSL {
    var hue, saturation, lightness: Double

    init(_ c: Color) {
        func unit(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, 0), 1) }
        let r = unit(c.red), g = unit(c.green), b = unit(c.blue)
        let high = max(r, g, b), low = min(r, g, b)
        lightness = (high + low) / 2
        let chroma = high - low
        guard chroma > 0 else {
            hue = 0
            saturation = 0
            return
        }
        saturation = chroma / (1 - abs(2 * lightness - 1))
        var h: Double
        if high == r {
            h = (g - b) / chroma
            if h < 0 { h += 6 }
        } else if high == g {
            h = (b - r) / chroma + 2
        } else {
            h = (r - g) / chroma + 4
        }
        hue = h / 6
    }

    var color: Color {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let h = hue * 6
        let x = chroma * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch h {
        case ..<1: (chroma, x, 0)
        case ..<2: (x, chroma, 0)
        case ..<3: (0, chroma, x)
        case ..<4: (0, x, chroma)
        case ..<5: (x, 0, chroma)
        default: (chroma, 0, x)
        }
        let m = lightness - chroma / 2
        return Color(red: r + m, green: g + m, blue: b + m)
    }
}
