/// Sizes along a stack's axis, as `UIStackView.Distribution` gives them, with the reason for
/// each view's size.
///
/// In: each visible view's content length along the axis, whether a constraint fixes it, its
/// hugging priority; the spacing; the length to fill (nil to fit the content).
/// Out: each view's length and the gaps between views.
///
/// Ties between views of the same priority go by their index, as UIKit says: the last of them
/// stretches, and the last of them is compressed first.
struct Distribution {
    let naturals: [Double]
    let fixed: [Bool]
    let hugging: [Double]
    let spacing: Double
    let length: Double?
    let kind: StackSpec.Distribution
    let stack: String
    /// Whether `reasons` are written (else they stay empty).
    let explains: Bool

    private(set) var sizes: [Double] = []
    private(set) var gaps: [Double] = []
    private(set) var reasons: [LayoutReason] = []
    /// Whether a view's own constraint keeps its length (not in `fillEqually` or
    /// `fillProportionally`, whose equal or proportional sizes UIKit makes required).
    var keepsFixed: Bool { kind != .fillEqually && kind != .fillProportionally }

    init(naturals: [Double], fixed: [Bool], hugging: [Double], spacing: Double, length: Double?,
         kind: StackSpec.Distribution, stack: String, explains: Bool = true) {
        self.explains = explains
        self.naturals = naturals
        self.fixed = fixed
        self.hugging = hugging
        self.spacing = spacing
        self.length = length
        self.kind = kind
        self.stack = stack
    }

    private var count: Int { naturals.count }
    private var spacings: Double { spacing * Double(max(0, count - 1)) }

    mutating func run() {
        sizes = naturals
        gaps = Array(repeating: spacing, count: max(0, count - 1))
        reasons = Array(repeating: explains ? .distributed(kind, of: stack) : .content, count: count)
        guard count > 0 else { return }
        switch kind {
        case .fill:
            fill()
        case .fillEqually:
            let each = length.map { max(0, ($0 - spacings) / Double(count)) } ?? naturals.max()!
            sizes = Array(repeating: each, count: count)
            if explains { reasons = Array(repeating: .fillEqually(of: stack), count: count) }
        case .fillProportionally:
            guard let length else { return }
            let room = max(0, length - spacings)
            let total = naturals.reduce(0, +)
            sizes = naturals.map { total > 0 ? $0 * room / total : room / Double(count) }
            if explains { reasons = naturals.map { .proportion($0, of: total, stack: stack) } }
        case .equalSpacing:
            guard let length else { return }
            let free = length - naturals.reduce(0, +) - spacings
            if count == 1 {
                // The only view is both the first and the last: pinned to both ends.
                sizes[0] = length
                if explains { reasons[0] = .pinned(.equalSpacing, of: stack) }
            } else if free >= 0 {
                gaps = Array(repeating: spacing + free / Double(count - 1), count: count - 1)
            } else {
                compress(by: -free)
            }
        case .equalCentering:
            if count == 1 {
                if let length {
                    sizes[0] = length
                    if explains { reasons[0] = .pinned(.equalCentering, of: stack) }
                }
                return
            }
            // The least distance between centres that keeps every gap at least `spacing`.
            let least = (0..<(count - 1)).map { (naturals[$0] + naturals[$0 + 1]) / 2 + spacing }.max()!
            var distance = least
            if let length {
                let available = (length - naturals[0] / 2 - naturals[count - 1] / 2) / Double(count - 1)
                guard available >= least - 0.0001 else {
                    // Too little room for equal centres: the views shrink as in `fill`.
                    compress(by: least * Double(count - 1) + naturals[0] / 2 + naturals[count - 1] / 2 - length)
                    return
                }
                distance = available
            }
            gaps = (0..<(count - 1)).map { distance - (naturals[$0] + naturals[$0 + 1]) / 2 }
        }
    }

    /// `fill`: the view of the lowest hugging stretches into the room left; too little room
    /// compresses views, the lowest compression resistance first.
    private mutating func fill() {
        guard let length else { return }
        let free = length - naturals.reduce(0, +) - spacings
        let flexible = (0..<count).filter { !fixed[$0] }
        if free > 0.0001 {
            // The lowest hugging, the last of equals.
            guard let stretched = flexible.min(by: { hugging[$0] < hugging[$1] || (hugging[$0] == hugging[$1] && $0 > $1) }) else {
                return
            }
            sizes[stretched] += free
            guard explains else { return }
            reasons[stretched] = .stretched(hugging: hugging[stretched], of: stack)
            for i in flexible where i != stretched {
                reasons[i] = .hugging(hugging[i], of: stack)
            }
        } else if free < -0.0001 {
            compress(by: -free)
        }
    }

    /// Takes `deficit` points off views that may shrink: every one resists compression at 750,
    /// so the last gives way first, down to nothing, then the one before it.
    private mutating func compress(by deficit: Double) {
        var left = deficit
        for i in (0..<count).reversed() where !fixed[i] && left > 0 {
            let cut = min(left, sizes[i])
            guard cut > 0 else { continue }
            sizes[i] -= cut
            left -= cut
            if explains { reasons[i] = .compressed(kind, of: stack) }
        }
    }
}
