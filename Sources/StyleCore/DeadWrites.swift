/// The writes one style makes to a view, step by step, to find the dead ones: a value set and
/// then set again by a later step with nothing reading it between (`duplicate-set`).
///
/// Unlike the static pass, which sees only `mut`s written in one `concat`, this follows what
/// the style really does when applied: writes made inside helper functions and plain function
/// styles count too (`fontStyle(14, "medium")` followed by `function(l) l.font = … end`).
///
///     let log = DeadWrites(parts: [0..<1, 1..<2])
///     application.deadWrites = log
///     try application.apply(style)
///     log.found   // [(earlier part, later part, property)]
public final class DeadWrites {
    /// A value one part set that a later part replaced unread.
    public struct Finding: Hashable, Sendable {
        public var earlierPart: Int
        public var laterPart: Int
        public var property: String
    }

    /// The operation indices of each part of the style, in order.
    private let parts: [Range<Int>]
    /// The operation running now, set by `StyleApplication.apply(_:)`.
    var operation = 0
    /// How many `when`s the running operation is inside: their writes happen only in some
    /// states and traits, so they make no earlier write dead (a later write still makes theirs
    /// dead, as their style then never shows).
    var conditionalDepth = 0
    /// Per slot, the part that last set it whole and has not been read since.
    private var unread: [Int: Int] = [:]
    public private(set) var found: [Finding] = []

    public init(parts: [Range<Int>]) {
        self.parts = parts
    }

    private var part: Int { parts.firstIndex { $0.contains(operation) } ?? -1 }

    func read(slot: Int) { unread[slot] = nil }

    func write(slot: Int, property: String, isTransform: Bool) {
        let part = part
        if isTransform {
            unread[slot] = nil
            return
        }
        if conditionalDepth == 0, let earlier = unread[slot], earlier != part, earlier >= 0 {
            found.append(Finding(earlierPart: earlier, laterPart: part, property: property))
        }
        unread[slot] = part
    }

    /// A field written alone (`View.layoutMargins.bottom`) keeps the rest of the value alive.
    func writeField(slot: Int) { unread[slot] = nil }
}
