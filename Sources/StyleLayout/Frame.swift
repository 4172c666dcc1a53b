import StyleCore

/// A view's rectangle in root coordinates, in points (`CGRect`).
public struct Frame: Hashable, Sendable, CustomStringConvertible {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public static let zero = Frame(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var size: Size { Size(width: width, height: height) }

    /// Whether every edge is within `tolerance` points of `other`'s.
    public func isClose(to other: Frame, tolerance: Double = 0.5) -> Bool {
        abs(x - other.x) <= tolerance && abs(y - other.y) <= tolerance
            && abs(width - other.width) <= tolerance && abs(height - other.height) <= tolerance
    }

    /// `x,y w×h`, as the tree text prints it: whole numbers without decimals, others to at
    /// most two decimals.
    public var description: String {
        "\(Frame.number(x)),\(Frame.number(y)) \(Frame.number(width))×\(Frame.number(height))"
    }

    /// A coordinate as text: `12`, `12.5`, `12.33`.
    public static func number(_ v: Double) -> String {
        let rounded = (v * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format2: rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

extension String {
    /// Two decimals without Foundation (StyleLayout imports only StyleCore).
    init(format2 v: Double) {
        let negative = v < 0
        let hundredths = Int((abs(v) * 100).rounded())
        let whole = hundredths / 100, fraction = hundredths % 100
        self = (negative ? "-" : "") + "\(whole)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
