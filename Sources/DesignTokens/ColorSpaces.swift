import Foundation
import StyleCore

/// The colour spaces of the DTCG Color Module that stylerun converts to sRGB (its `Color`):
/// each as the number of components and a function to gamma-encoded sRGB, 0–1 per channel.
/// Colours outside sRGB's gamut are clipped to it, channel by channel.
public enum ColorSpaces {
    /// In the order messages list them.
    public static let supported = ["srgb", "srgb-linear", "hsl", "hwb", "display-p3", "lab", "lch", "oklab", "oklch", "xyz-d65", "xyz-d50"]
    /// Named by the format but not converted: an error, unless the token gives a `hex` fallback.
    public static let known = supported + ["a98-rgb", "prophoto-rgb", "rec2020"]

    /// sRGB channels of a colour written in `space`; nil when the space is not converted.
    /// Missing (`none`) components count as 0, as CSS Color 4 says for conversion.
    public static func srgb(_ space: String, _ components: [Double?]) -> (Double, Double, Double)? {
        let c = components.map { $0 ?? 0 }
        guard c.count == 3 else { return nil }
        switch space {
        case "srgb": return (c[0], c[1], c[2])
        case "srgb-linear": return encode((c[0], c[1], c[2]))
        case "hsl": return hsl(c[0], c[1] / 100, c[2] / 100)
        case "hwb": return hwb(c[0], c[1] / 100, c[2] / 100)
        case "display-p3":
            let linear = (decode(c[0]), decode(c[1]), decode(c[2]))
            return encode(multiply(xyzToLinearSRGB, multiply(linearP3ToXYZ, linear)))
        case "xyz-d65": return encode(multiply(xyzToLinearSRGB, (c[0], c[1], c[2])))
        case "xyz-d50": return encode(multiply(xyzToLinearSRGB, multiply(bradfordD50ToD65, (c[0], c[1], c[2]))))
        case "lab": return lab(c[0], c[1], c[2])
        case "lch":
            let h = c[2] * .pi / 180
            return lab(c[0], c[1] * cos(h), c[1] * sin(h))
        case "oklab": return oklab(c[0], c[1], c[2])
        case "oklch":
            let h = c[2] * .pi / 180
            return oklab(c[0], c[1] * cos(h), c[1] * sin(h))
        default: return nil
        }
    }

    typealias Triple = (Double, Double, Double)
    typealias Matrix = (Triple, Triple, Triple)

    static func multiply(_ m: Matrix, _ v: Triple) -> Triple {
        (m.0.0 * v.0 + m.0.1 * v.1 + m.0.2 * v.2,
         m.1.0 * v.0 + m.1.1 * v.1 + m.1.2 * v.2,
         m.2.0 * v.0 + m.2.1 * v.1 + m.2.2 * v.2)
    }

    /// The sRGB transfer function and its inverse, extended to negative values by symmetry.
    static func decode(_ x: Double) -> Double {
        let a = abs(x)
        let v = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return x < 0 ? -v : v
    }

    static func encode(_ x: Double) -> Double {
        let a = abs(x)
        let v = a <= 0.0031308 ? 12.92 * a : 1.055 * pow(a, 1 / 2.4) - 0.055
        return x < 0 ? -v : v
    }

    static func encode(_ t: Triple) -> Triple { (encode(t.0), encode(t.1), encode(t.2)) }

    static let linearP3ToXYZ: Matrix = (
        (0.4865709486482162, 0.26566769316909306, 0.1982172852343625),
        (0.2289745640697488, 0.6917385218365064, 0.079286914093745),
        (0.0, 0.04511338185890264, 1.043944368900976))
    static let xyzToLinearSRGB: Matrix = (
        (3.2409699419045226, -1.537383177570094, -0.4986107602930034),
        (-0.9692436362808796, 1.8759675015077202, 0.04155505740717559),
        (0.05563007969699366, -0.20397695888897652, 1.0569715142428786))
    static let bradfordD50ToD65: Matrix = (
        (0.955473421488075, -0.02309845494876471, 0.06325924320057072),
        (-0.0283697093338637, 1.0099953980813041, 0.021041441191917323),
        (0.012314014864481998, -0.020507649298898964, 1.330365926242124))

    static func hsl(_ h: Double, _ s: Double, _ l: Double) -> Triple {
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (f(0), f(8), f(4))
    }

    static func hwb(_ h: Double, _ w: Double, _ b: Double) -> Triple {
        if w + b >= 1 {
            let gray = w / (w + b)
            return (gray, gray, gray)
        }
        let rgb = hsl(h, 1, 0.5)
        func f(_ x: Double) -> Double { x * (1 - w - b) + w }
        return (f(rgb.0), f(rgb.1), f(rgb.2))
    }

    static func lab(_ l: Double, _ a: Double, _ b: Double) -> Triple {
        let kappa = 24389.0 / 27, epsilon = 216.0 / 24389
        let fy = (l + 16) / 116, fx = fy + a / 500, fz = fy - b / 200
        let x = pow(fx, 3) > epsilon ? pow(fx, 3) : (116 * fx - 16) / kappa
        let y = l > kappa * epsilon ? pow(fy, 3) : l / kappa
        let z = pow(fz, 3) > epsilon ? pow(fz, 3) : (116 * fz - 16) / kappa
        let d50 = (x * 0.9642956764295677, y, z * 0.8251046025104602)
        return encode(multiply(xyzToLinearSRGB, multiply(bradfordD50ToD65, d50)))
    }

    static func oklab(_ l: Double, _ a: Double, _ b: Double) -> Triple {
        let l_ = l + 0.3963377774 * a + 0.2158037573 * b
        let m_ = l - 0.1055613458 * a - 0.0638541728 * b
        let s_ = l - 0.0894841775 * a - 1.2914855480 * b
        let (L, M, S) = (l_ * l_ * l_, m_ * m_ * m_, s_ * s_ * s_)
        return encode((4.0767416621 * L - 3.3077115913 * M + 0.2309699292 * S,
                       -1.2684380046 * L + 2.6097574011 * M - 0.3413193965 * S,
                       -0.0041960863 * L - 0.7034186147 * M + 1.7076147010 * S))
    }
}
