import StyleCore

/// The seeds' 4-point grid (`base.grid(n)` is `n * 4`): spacing, margins and insets should be
/// multiples of 4 points.
enum GridCheck {
    static let unit = 4.0

    /// Properties measured on the grid: stack spacing, layout margins and edge insets.
    static let properties: Set<String> = ["spacing", "layoutMargins", "contentEdgeInsets", "imageEdgeInsets", "titleEdgeInsets"]

    static func applies(to kp: StyleKeyPath) -> Bool {
        guard let property = kp.property else { return false }
        return properties.contains(property.path)
    }

    /// The grid values below and above `x`, or nil when `x` is on the grid.
    static func neighbours(of x: Double) -> (Double, Double)? {
        guard x.isFinite, x.truncatingRemainder(dividingBy: unit) != 0 else { return nil }
        let below = (x / unit).rounded(.down) * unit
        return (below, below + unit)
    }
}
