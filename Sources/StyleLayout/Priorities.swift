import StyleCore

/// UIKit's default content priorities, by kind: how strongly a view keeps its content's size
/// along an axis when a stack has room to spare (hugging) or too little (compression
/// resistance). A view with a `width` or `height` holds it as a required constraint (1000).
enum Priorities {
    /// `UILayoutPriority.required`.
    static let required = 1000.0
    /// `defaultLow`: every view's hugging, but a label's and an image view's.
    static let defaultHugging = 250.0
    /// A label's and an image view's hugging, as Interface Builder and UIKit give them.
    static let labelHugging = 251.0
    /// `defaultHigh`: every view's compression resistance.
    static let compressionResistance = 750.0

    static func hugging(of role: LayoutRole) -> Double {
        switch role {
        case .label, .imageView: labelHugging
        default: defaultHugging
        }
    }
}
