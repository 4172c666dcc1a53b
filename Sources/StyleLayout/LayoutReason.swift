/// Why a view has its width or its height, kept as data and spelled only when read
/// (`ViewLayout.widthReason`): a layout for lint or a host reads frames, not reasons, and a
/// reason's text is a string built for each view.
enum LayoutReason: Sendable {
    /// Given as text (`ViewLayout`'s public initializer).
    case text(String)
    /// The root's width: `the screen (375)`.
    case screen(Double)
    case widthConstraint
    case heightConstraint
    /// `height × aspectRatio`
    case heightTimesAspectRatio
    /// `width ÷ aspectRatio`
    case widthOverAspectRatio
    /// `its content`
    case content
    /// A plain view's child: `the margins of View#card`.
    case margins(of: String)
    /// Across a stack whose alignment fills: `alignment fill of StackView#row`.
    case alignmentFill(of: String)
    /// Across a stack, at its content: `its content (alignment center of StackView#row)`.
    case aligned(StackSpec.Alignment, of: String)
    /// Across a stack on a baseline: `its content (on the first baseline of StackView#row)`.
    case baseline(last: Bool, of: String)
    /// A hidden arranged view: `hidden: takes no space in StackView#row`.
    case hidden(in: String)
    /// Along a stack, at its content: `its content (fill of StackView#row)`.
    case distributed(StackSpec.Distribution, of: String)
    /// `fillEqually of StackView#row`
    case fillEqually(of: String)
    /// `fillProportionally of StackView#row (40 of 120)`, or `(no content: equal)` when the
    /// content's total is 0.
    case proportion(Double, of: Double, stack: String)
    /// `equalSpacing of StackView#row (its only view, pinned to both ends)`
    case pinned(StackSpec.Distribution, of: String)
    /// `fill of StackView#row: stretched (the lowest hugging, 250)`
    case stretched(hugging: Double, of: String)
    /// `fill of StackView#row: its content (hugging 251)`
    case hugging(Double, of: String)
    /// `fill of StackView#row: compressed (compression resistance 750)`
    case compressed(StackSpec.Distribution, of: String)

    var text: String {
        switch self {
        case .text(let text): text
        case .screen(let width): "the screen (\(Frame.number(width)))"
        case .widthConstraint: "width constraint"
        case .heightConstraint: "height constraint"
        case .heightTimesAspectRatio: "height × aspectRatio"
        case .widthOverAspectRatio: "width ÷ aspectRatio"
        case .content: "its content"
        case .margins(let name): "the margins of \(name)"
        case .alignmentFill(let name): "alignment fill of \(name)"
        case .aligned(let alignment, let name): "its content (alignment \(alignment.rawValue) of \(name))"
        case .baseline(let last, let name): "its content (on the \(last ? "last" : "first") baseline of \(name))"
        case .hidden(let name): "hidden: takes no space in \(name)"
        case .distributed(let kind, let name): "its content (\(kind.rawValue) of \(name))"
        case .fillEqually(let name): "fillEqually of \(name)"
        case .proportion(let part, let total, let name):
            total > 0 ? "fillProportionally of \(name) (\(Frame.number(part)) of \(Frame.number(total)))"
                      : "fillProportionally of \(name) (no content: equal)"
        case .pinned(let kind, let name): "\(kind.rawValue) of \(name) (its only view, pinned to both ends)"
        case .stretched(let hugging, let name): "fill of \(name): stretched (the lowest hugging, \(Int(hugging)))"
        case .hugging(let hugging, let name): "fill of \(name): its content (hugging \(Int(hugging)))"
        case .compressed(let kind, let name):
            "\(kind.rawValue) of \(name): compressed (compression resistance \(Int(Priorities.compressionResistance)))"
        }
    }
}
