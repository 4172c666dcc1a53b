/// Views that the rules cannot tell apart, numbered, so that the cascade matches each such
/// group once instead of every view.
///
/// A selector looks only at a view's kind, id and classes and at those of its ancestors (kind,
/// id and class compounds, joined by descendant and child combinators). So two views match the
/// same rules when they have the same kind, the same id and classes as far as the rules name
/// them, and parents that match alike in turn. A view's context is that: its parent's context,
/// its kind, the id when a rule names it and the classes a rule names. The first view of a
/// context is matched; the others take its matches, and the result its appearances and rules
/// gave it (`CascadeSteps`). In a screen of repeated blocks (cards in sections, rows in lists)
/// most views share a context with an earlier one even when they are not siblings, which is
/// where `StyleSharing` stops.
///
///     var contexts = MatchContexts(index)
///     let top = contexts.context(of: root, parent: nil)
///     let child = contexts.context(of: label, parent: top)
struct MatchContexts {
    /// What a context is known to give its views, once the first of them was styled.
    struct Entry {
        /// The rules the context's views match, in cascade order.
        var matches: [RuleIndex.Match]?
        /// What appearances and rules gave the first view, when it may be shared (plain styles,
        /// no diagnostic): see `CascadeSteps`.
        var result: (values: ValueStore, record: ProvenanceRecord?)?
    }

    private struct Key: Hashable {
        let parent: Int32
        let kind: ObjectIdentifier
        /// Only when some rule names it; nil otherwise, so that views with ids of their own
        /// (`card-17`) share contexts.
        let id: String?
        /// The classes some rule names, in the view's order.
        let classes: [String]
        /// Mixed from the names' `AncestorFilter` keys, which views compute once: hashing the
        /// names themselves for every view would cost more than the lookup saves.
        let mixed: Int

        func hash(into hasher: inout Hasher) { hasher.combine(mixed) }

        static func == (a: Key, b: Key) -> Bool {
            a.mixed == b.mixed && a.parent == b.parent && a.kind == b.kind && a.id == b.id && a.classes == b.classes
        }
    }

    private(set) var entries: [Entry] = []
    private var numbers: [Key: Int32] = [:]
    private let names: RuleIndex.NamedKeys

    init(_ index: RuleIndex) {
        names = index.namedKeys
    }

    /// The context of `view`, whose parent's context is `parent` (nil for a view with no
    /// parent); a new one the first time.
    mutating func context(of view: View, parent: Int32?) -> Int32 {
        let keys = view.selectorKeys
        var mixed = Self.mix(Int(parent ?? -1), Int(bitPattern: ObjectIdentifier(view.kind)))
        var id: String?
        if let idKey = keys.id, names.mayName(idKey) {
            id = view.id
            mixed = Self.mix(mixed, idKey)
        }
        var classes = view.classes
        if keys.classes.allSatisfy(names.mayName) {
            for key in keys.classes { mixed = Self.mix(mixed, key) }
        } else {
            classes = []
            for (name, key) in zip(view.classes, keys.classes) where names.mayName(key) {
                classes.append(name)
                mixed = Self.mix(mixed, key)
            }
        }
        let key = Key(parent: parent ?? -1, kind: ObjectIdentifier(view.kind), id: id, classes: classes, mixed: mixed)
        if let known = numbers[key] { return known }
        let number = Int32(entries.count)
        numbers[key] = number
        entries.append(Entry())
        return number
    }

    subscript(context: Int32) -> Entry {
        get { entries[Int(context)] }
        set { entries[Int(context)] = newValue }
    }

    private static func mix(_ a: Int, _ b: Int) -> Int {
        var h = UInt64(bitPattern: Int64(a)) ^ (UInt64(bitPattern: Int64(b)) &* 0x9E37_79B9_7F4A_7C15)
        h ^= h >> 31
        h &*= 0xBF58_476D_1CE4_E5B9
        h ^= h >> 29
        return Int(truncatingIfNeeded: h)
    }
}
