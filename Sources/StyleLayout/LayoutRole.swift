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
}

/// Where layout finds what it reads in one kind's views: each property's place among the
/// kind's layout-affecting values (`Kind.layoutSlots`, as `LayoutTree` holds them), found by
/// name once per kind instead of at each view. Layout reads nothing else of a view, so that a
/// tree whose layout-affecting values are unchanged has unchanged frames.
struct LayoutReader {
    enum Role { case stack, label, button, textField, imageView, plain }

    let role: Role
    let width, height, aspectRatio, isHidden, layoutMargins: Int?
    /// A label's `text`, `font`, `numberOfLines` and `lineBreakMode`; a button's `title` and
    /// its title label's; a text field's `text` and `font`.
    let text, font, numberOfLines, lineBreakMode: Int?
    let placeholder, contentEdgeInsets, image: Int?
    let axis, spacing, distribution, alignment, marginsRelative: Int?

    init(_ kind: Kind) {
        let places = Dictionary(uniqueKeysWithValues: kind.layoutSlots.enumerated().map { ($1, $0) })
        func place(_ path: String) -> Int? {
            guard let property = kind.property(path) else { return nil }
            guard let place = places[property.slot] else {
                preconditionFailure("Layout reads \(kind.name).\(path), which the schema does not mark as moving frames")
            }
            return place
        }
        let role: Role = kind.isA(Schema.stackView) ? .stack
            : kind.isA(Schema.label) ? .label
            : kind.isA(Schema.button) ? .button
            : kind.isA(Schema.textField) ? .textField
            : kind.isA(Schema.imageView) ? .imageView
            : .plain
        self.role = role
        width = place("width")
        height = place("height")
        aspectRatio = place("aspectRatio")
        isHidden = place("isHidden")
        layoutMargins = place("layoutMargins")
        let button = role == .button
        let shows = role == .label || role == .button || role == .textField
        text = shows ? place(button ? "title" : "text") : nil
        font = shows ? place(button ? "titleLabel.font" : "font") : nil
        numberOfLines = role == .label || button ? place(button ? "titleLabel.numberOfLines" : "numberOfLines") : nil
        lineBreakMode = role == .label || button ? place(button ? "titleLabel.lineBreakMode" : "lineBreakMode") : nil
        placeholder = role == .textField ? place("placeholder") : nil
        contentEdgeInsets = button ? place("contentEdgeInsets") : nil
        image = button || role == .imageView ? place("image") : nil
        let stack = role == .stack
        axis = stack ? place("axis") : nil
        spacing = stack ? place("spacing") : nil
        distribution = stack ? place("distribution") : nil
        alignment = stack ? place("alignment") : nil
        marginsRelative = stack ? place("isLayoutMarginsRelativeArrangement") : nil
    }
}

/// Each kind's `LayoutReader`, found once. Holds the kinds, so that an identity it keys by
/// is never another kind's.
final class LayoutReaders {
    private var readers: [ObjectIdentifier: (kind: Kind, reader: LayoutReader)] = [:]
    private var lastKind: ObjectIdentifier?
    private var lastReader: LayoutReader?

    func reader(of kind: Kind) -> LayoutReader {
        let id = ObjectIdentifier(kind)
        if id == lastKind, let lastReader { return lastReader }
        let reader: LayoutReader
        if let found = readers[id] {
            reader = found.reader
        } else {
            reader = LayoutReader(kind)
            readers[id] = (kind, reader)
        }
        lastKind = id
        lastReader = reader
        return reader
    }
}

/// What layout reads of a view, read once per pass: a pass asks for a view's constraints and
/// content many times. Plain numbers only (copied without reference counting); the view's text
/// and image are its `LayoutContent`.
struct LayoutValues {
    let role: LayoutRole
    let width: Double?
    let height: Double?
    /// `aspectRatio` when positive, else nil.
    let aspectRatio: Double?
    let isHidden: Bool
    /// `layoutMargins`, zero when the kind has none.
    let margins: Insets
    /// A button's `contentEdgeInsets`.
    let contentInsets: Insets
}

/// What a view shows, as layout measures it, and the last measurements of its text.
struct LayoutContent {
    /// A label's text or a button's title with its font, lines and line break mode, at no
    /// width; a text field's text (or placeholder) in its font, on one line; nil without text.
    let text: TextRequest?
    /// A button's or an image view's image.
    let image: Image?
    /// A text field's font.
    let fieldFont: Font?
    /// The text's last two measurements on its own lines, by the width asked (-1 for none;
    /// NaN: not measured).
    var key0 = Double.nan, key1 = Double.nan
    var measured0: TextMeasurement?, measured1: TextMeasurement?

    init(text: TextRequest?, image: Image?, fieldFont: Font?) {
        self.text = text
        self.image = image
        self.fieldFont = fieldFont
    }
}

extension LayoutValues {
    /// A view's values and content, read from its layout-affecting values (`values[start...]`,
    /// in its kind's `layoutSlots` order) at the places its kind's `reader` found.
    static func read(_ values: [Value], from start: Int, _ reader: LayoutReader) -> (LayoutValues, LayoutContent?) {
        func read(_ place: Int?) -> Value? { place.map { values[start + $0] } }
        func number(_ place: Int?) -> Double? {
            switch read(place) {
            case .number(let v)?: v
            case .int(let v)?: Double(v)
            default: nil
            }
        }
        func string(_ place: Int?) -> String? {
            if case .string(let v)? = read(place), !v.isEmpty { return v }
            return nil
        }
        func enumCase(_ place: Int?) -> String? {
            if case .enumCase(let v)? = read(place) { return v }
            return nil
        }
        func font(_ place: Int?) -> Font? {
            if case .font(let v)? = read(place) { return v }
            return nil
        }
        func insets(_ place: Int?) -> Insets? {
            if case .insets(let v)? = read(place) { return v }
            return nil
        }
        func bool(_ place: Int?) -> Bool? {
            if case .bool(let v)? = read(place) { return v }
            return nil
        }
        func int(_ place: Int?) -> Int? {
            if case .int(let v)? = read(place) { return v }
            return nil
        }
        func image() -> Image? {
            if case .image(let i)? = read(reader.image) { return i }
            return nil
        }

        let role: LayoutRole
        var content: LayoutContent?
        switch reader.role {
        case .stack:
            role = .stack(StackSpec(
                axis: StackSpec.Axis(rawValue: enumCase(reader.axis) ?? "") ?? .horizontal,
                spacing: number(reader.spacing) ?? 0,
                distribution: StackSpec.Distribution(rawValue: enumCase(reader.distribution) ?? "") ?? .fill,
                alignment: StackSpec.Alignment(rawValue: enumCase(reader.alignment) ?? "") ?? .fill,
                marginsRelative: bool(reader.marginsRelative) ?? false))
        case .label, .button:
            role = reader.role == .label ? .label : .button
            let text = string(reader.text).map { TextRequest(
                text: $0, font: font(reader.font) ?? .system(17), numberOfLines: int(reader.numberOfLines) ?? 1,
                lineBreakMode: LineBreakMode(rawValue: enumCase(reader.lineBreakMode) ?? "") ?? .byTruncatingTail) }
            content = LayoutContent(text: text, image: reader.role == .button ? image() : nil, fieldFont: nil)
        case .textField:
            role = .textField
            let fieldFont = font(reader.font) ?? .system(17)
            content = LayoutContent(text: (string(reader.text) ?? string(reader.placeholder)).map { TextRequest(text: $0, font: fieldFont) },
                                    image: nil, fieldFont: fieldFont)
        case .imageView:
            role = .imageView
            content = LayoutContent(text: nil, image: image(), fieldFont: nil)
        case .plain:
            role = .plain
        }
        let layoutValues = LayoutValues(
            role: role, width: number(reader.width), height: number(reader.height),
            aspectRatio: number(reader.aspectRatio).flatMap { $0 > 0 ? $0 : nil },
            isHidden: bool(reader.isHidden) ?? false, margins: insets(reader.layoutMargins) ?? .zero,
            contentInsets: insets(reader.contentEdgeInsets) ?? .zero)
        return (layoutValues, content)
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
