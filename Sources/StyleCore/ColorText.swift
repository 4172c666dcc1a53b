/// The spellings of a colour, in one place: every printer, renderer, editor and page of stylerun
/// writes a colour through one of these, so the tree, the JSON, the HTML, the terminal, the
/// preview's inspector and the language server agree on its bytes.
///
///     Color(red: 0, green: 0, blue: 1).displayHex               // "#0000FF"
///     Color(red: 0, green: 0, blue: 1, alpha: 0.5).displayHex   // "#0000FF80"
///     Color(red: 0, green: 0, blue: 1).hex                      // "#0000FFFF"
///     Color.black.withAlpha(0.6).css                            // "rgba(0, 0, 0, 0.6)"
extension Color {
    /// The components as bytes: clamped to 0–1, then rounded to the nearest of 0–255.
    public var bytes: (red: Int, green: Int, blue: Int, alpha: Int) {
        func byte(_ x: Double) -> Int { x.isNaN ? 0 : Int((min(max(x, 0), 1) * 255).rounded()) }
        return (byte(red), byte(green), byte(blue), byte(alpha))
    }

    /// `#RRGGBBAA`, upper-case, always with alpha: the JSON shapes, `c.hex` and `tostring(c)` in
    /// scripts, where a reader parses a fixed form.
    public var hex: String { hexText(withAlpha: true) }

    /// `#RRGGBB` when opaque (the alpha byte is 255), `#RRGGBBAA` otherwise: what people read,
    /// in the tree, reload diffs, the inspector and hovers.
    public var displayHex: String { hexText(withAlpha: bytes.alpha != 255) }

    /// `rgba(151, 77, 255, 1)`: the channels as bytes, alpha (0–1) to at most three decimals.
    public var css: String {
        let b = bytes
        return "rgba(\(b.red), \(b.green), \(b.blue), \(Color.alphaText(alpha)))"
    }

    /// An alpha as CSS and `rgb(…)` write it: clamped to 0–1, at most three decimals (`0.6`, `1`).
    public static func alphaText(_ alpha: Double) -> String {
        let rounded = ((alpha.isNaN ? 0 : min(max(alpha, 0), 1)) * 1000).rounded() / 1000
        return formatNumber(rounded == 0 ? 0 : rounded)
    }

    private func hexText(withAlpha: Bool) -> String {
        let b = bytes
        let count = withAlpha ? 9 : 7
        // Written into the string's storage: renderers spell thousands of colours.
        return String(unsafeUninitializedCapacity: count) { buffer in
            func digit(_ v: Int) -> UInt8 { UInt8(v < 10 ? 48 + v : 55 + v) }
            buffer[0] = UInt8(ascii: "#")
            for (i, v) in [b.red, b.green, b.blue, b.alpha].prefix(withAlpha ? 4 : 3).enumerated() {
                buffer[1 + 2 * i] = digit(v >> 4)
                buffer[2 + 2 * i] = digit(v & 15)
            }
            return count
        }
    }
}
