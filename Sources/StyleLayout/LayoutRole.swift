import StyleCore

/// What decides a view's size and its children's places: UIKit's classes, by the standard
/// kind a view's kind descends from (a host's `GradientView` under `View` is a plain view).
enum LayoutRole {
    case stack(StackSpec)
    case label
    case button
    case textField
    case imageView
    case plain

    init(_ view: View) {
        let kind = view.kind
        if kind.isA(Schema.stackView) {
            self = .stack(StackSpec(view))
        } else if kind.isA(Schema.label) {
            self = .label
        } else if kind.isA(Schema.button) {
            self = .button
        } else if kind.isA(Schema.textField) {
            self = .textField
        } else if kind.isA(Schema.imageView) {
            self = .imageView
        } else {
            self = .plain
        }
    }
}

/// What layout reads of a view, read once per pass (`LayoutPass.values(of:)`): a read by path
/// looks the property up by name, and a pass asks for a view's constraints many times.
struct LayoutValues {
    let role: LayoutRole
    let width: Double?
    let height: Double?
    /// `aspectRatio` when positive, else nil.
    let aspectRatio: Double?
    let isHidden: Bool
    /// `layoutMargins`, zero when the kind has none.
    let margins: Insets
    /// A label's text or a button's title with its font, lines and line break mode, at no
    /// width; nil without text.
    let text: TextRequest?

    init(_ view: View) {
        role = LayoutRole(view)
        switch role {
        case .label:
            text = view.string("text").flatMap { $0.isEmpty ? nil : TextRequest(
                text: $0, font: view.font("font") ?? .system(17), numberOfLines: view.int("numberOfLines") ?? 1,
                lineBreakMode: LineBreakMode(rawValue: view.enumCase("lineBreakMode") ?? "") ?? .byTruncatingTail) }
        case .button:
            text = view.string("title").flatMap { $0.isEmpty ? nil : TextRequest(
                text: $0, font: view.font("titleLabel.font") ?? .system(17), numberOfLines: view.int("titleLabel.numberOfLines") ?? 1,
                lineBreakMode: LineBreakMode(rawValue: view.enumCase("titleLabel.lineBreakMode") ?? "") ?? .byTruncatingTail) }
        default:
            text = nil
        }
        width = view.number("width")
        height = view.number("height")
        aspectRatio = view.number("aspectRatio").flatMap { $0 > 0 ? $0 : nil }
        isHidden = view.isHiddenForLayout
        margins = view.insets("layoutMargins") ?? .zero
    }
}

/// A stack view's own properties, as `UIStackView` has them.
struct StackSpec {
    enum Axis: String { case horizontal, vertical }
    enum Distribution: String { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }
    enum Alignment: String { case fill, leading, top, firstBaseline, center, trailing, bottom, lastBaseline }

    var axis: Axis
    var spacing: Double
    var distribution: Distribution
    var alignment: Alignment
    var marginsRelative: Bool

    init(_ view: View) {
        axis = Axis(rawValue: view.enumCase("axis") ?? "") ?? .horizontal
        spacing = view.number("spacing") ?? 0
        distribution = Distribution(rawValue: view.enumCase("distribution") ?? "") ?? .fill
        alignment = Alignment(rawValue: view.enumCase("alignment") ?? "") ?? .fill
        marginsRelative = view.bool("isLayoutMarginsRelativeArrangement") ?? false
    }

    /// The alignment in UIKit's terms for this axis: `top` is `leading` and `bottom` is
    /// `trailing`; the baselines are only for horizontal stacks (in a vertical one UIKit
    /// treats them as `fill`).
    var crossAlignment: Alignment {
        switch alignment {
        case .top: .leading
        case .bottom: .trailing
        case .firstBaseline, .lastBaseline: axis == .horizontal ? alignment : .fill
        default: alignment
        }
    }
}

/// Typed reads of the applied values layout needs, by path (nil when the kind has no such
/// property or it holds another type).
extension View {
    func number(_ path: String) -> Double? {
        switch self[path] {
        case .number(let v)?: v
        case .int(let v)?: Double(v)
        default: nil
        }
    }

    func int(_ path: String) -> Int? {
        if case .int(let v)? = self[path] { return v }
        return nil
    }

    func bool(_ path: String) -> Bool? {
        if case .bool(let v)? = self[path] { return v }
        return nil
    }

    func string(_ path: String) -> String? {
        if case .string(let v)? = self[path] { return v }
        return nil
    }

    func enumCase(_ path: String) -> String? {
        if case .enumCase(let v)? = self[path] { return v }
        return nil
    }

    func font(_ path: String) -> Font? {
        if case .font(let v)? = self[path] { return v }
        return nil
    }

    func insets(_ path: String) -> Insets? {
        if case .insets(let v)? = self[path] { return v }
        return nil
    }

    func image(_ path: String) -> Image? {
        if case .image(let v)? = self[path] { return v }
        return nil
    }

    var isHiddenForLayout: Bool { bool("isHidden") ?? false }
}
