#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// WCAG 2.2's relative luminance and contrast ratio (the definitions behind success criteria
/// 1.4.3 and 1.4.6), over sRGB colours.
///
///     Color.white.relativeLuminance                         // 1
///     ContrastRatio.of(Color(hex: "#767676")!, .white)         // 4.54…
///
/// The definitions: each sRGB channel `c` in 0…1 is linearised as `c / 12.92` when
/// `c ≤ 0.04045`, else `((c + 0.055) / 1.055) ^ 2.4`; the luminance is
/// `0.2126 R + 0.7152 G + 0.0722 B`; the ratio of two luminances is
/// `(lighter + 0.05) / (darker + 0.05)`, from 1 (the same) to 21 (black on white).
extension Color {
    /// The relative luminance of the colour's channels, 0 for black to 1 for white; alpha is
    /// not part of it (composite first: `Compositing`).
    public var relativeLuminance: Double {
        0.2126 * Self.linearised(red) + 0.7152 * Self.linearised(green) + 0.0722 * Self.linearised(blue)
    }

    /// An sRGB channel (clamped to 0…1) as linear light, with WCAG 2.2's threshold of 0.04045
    /// (WCAG 2.0's 0.03928 gives the same result for every 8-bit channel).
    static func linearised(_ channel: Double) -> Double {
        let c = channel.isNaN ? 0 : min(max(channel, 0), 1)
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055).pow(2.4)
    }
}

public enum ContrastRatio {
    /// The WCAG contrast ratio of two opaque colours, in either order: 1…21.
    public static func of(_ a: Color, _ b: Color) -> Double {
        of(luminance: a.relativeLuminance, b.relativeLuminance)
    }

    /// The WCAG contrast ratio of two relative luminances, in either order.
    public static func of(luminance a: Double, _ b: Double) -> Double {
        (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// A ratio as messages show it, `1.16:1`: two decimals, rounded down, so that a ratio
    /// short of a threshold never reads as the threshold (4.497 is `4.49:1`, not `4.50:1`).
    public static func text(_ ratio: Double) -> String {
        let hundredths = (ratio * 100 + 1e-9).rounded(.down) / 100
        let whole = Int(hundredths)
        let fraction = Int(((hundredths - Double(whole)) * 100).rounded())
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction):1"
    }

    /// A threshold as messages show it: `4.5:1`, `7:1`.
    public static func thresholdText(_ threshold: Double) -> String {
        "\(formatNumber(threshold)):1"
    }
}

extension Double {
    /// `self` to the power `exponent`: the C library's `pow`.
    func pow(_ exponent: Double) -> Double {
        #if canImport(Glibc)
        Glibc.pow(self, exponent)
        #else
        Darwin.pow(self, exponent)
        #endif
    }
}
