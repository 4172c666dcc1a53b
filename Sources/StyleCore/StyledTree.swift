import Synchronization

/// A tree as a cascade styled it: for each view, in tree order, what decided its values (its
/// kind, id, classes and place in the tree, its own styles and literals, the rules that
/// matched it) and the values and provenance that came out. The next stylesheet's cascade
/// compares itself with it to restyle only the views whose inputs changed, as a browser
/// invalidates by the keys of the changed selectors.
///
///     let first = Cascade(sheet).restyle(root, after: nil)
///     let second = Cascade(editedSheet).restyle(root, after: first.styled)
///     second.restyled.count    // the views an edited rule matches (or matched)
public struct StyledTree {
    /// A view's place in the tree's shape (`hasSameShape`): what a restyle of a tree of the
    /// same shape carries over whole, as one list, instead of noting it again view by view.
    struct Place {
        let kind: Kind
        let id: String?
        let classes: [String]
        /// The control state it was styled in: another state may match other rules.
        let state: ControlState
        /// The parent's position in tree order; -1 for the root.
        let parent: Int
    }

    /// A class, so that a restyle's tree takes the previous tree's list of entries and copies
    /// it (one reference each) only where it writes the entry of a view restyled or rebased:
    /// an array of structs was copied with every value, record and list in it retained.
    final class Entry {
        init(styles: [Style], literals: [Literal], values: ValueStore, record: ProvenanceRecord?, matches: [Int32], ownSlots: [Int]?) {
            self.styles = styles
            self.literals = literals
            self.values = values
            self.record = record
            self.recordIdentity = record?.identity
            self.matches = matches
            self.ownSlots = ownSlots
        }

        let styles: [Style]
        let literals: [Literal]
        let values: ValueStore
        let record: ProvenanceRecord?
        /// `record?.identity`, worked out once: asked of every view a restyle keeps untouched,
        /// it copied the record out of the entry, every reference in it retained and released.
        let recordIdentity: ProvenanceRecord.Identity?
        /// The matched complex selectors, as candidates of `index`, in cascade order.
        let matches: [Int32]
        /// The slots the view's own layer sets, once a restyle worked them out
        /// (`RestylePlan`); carried while the own layer stays the same. A cache of what
        /// `styles` and `literals` say, so a restyle that keeps the entry may fill it in.
        var ownSlots: [Int]?

        /// Asks the processor for the storages a restyle reads or counts a reference to when it
        /// compares, rebases or carries this entry (`Prefetch.swift`); the entry itself is in
        /// the cache. (A literal is 272 bytes: a list's first two literals, which most views'
        /// lists hold at most, take nine lines; asking for five, the second literal's fields
        /// were misses a re-evaluated tree's restyle waited on.)
        @inline(__always)
        func prefetchStorages() {
            prefetchStorage(UInt(bitPattern: Int(bitPattern: values.slotsIdentity)), lines: 4)
            prefetchStorage(styles.storageIdentity, lines: 1)
            prefetchStorage(literals.storageIdentity, lines: 9)
            prefetchStorage(matches.storageIdentity, lines: 1)
            if let ownSlots { prefetchStorage(ownSlots.storageIdentity, lines: 1) }
            if let recordIdentity {
                prefetchStorage(recordIdentity.shared, lines: 2)
                prefetchStorage(recordIdentity.entries, lines: 1)
            }
        }
    }

    /// The index the tree was styled with (its rules, its provenance table) and the
    /// appearances: what the next restyle compares itself with.
    let index: RuleIndex
    let appearances: [Appearance]
    let recordedProvenance: Bool
    /// The traits the tree was styled for: a restyle for others restyles every view.
    public internal(set) var traits: Traits = .default
    private(set) var entries: EntryList
    /// Whether `entries` started as the previous tree's (`init(…carrying:)`): a view appended
    /// replaces its entry, and a view kept keeps it (`keepCarried(context:)`).
    let carriesEntries: Bool
    /// The position of the next view appended or kept.
    private var next = 0
    /// By position, the views' places; the previous tree's, for a restyle of its shape.
    private(set) var places: [Place] = []
    /// Whether `places` was carried over from the previous tree, not noted view by view.
    private let carriesPlaces: Bool
    /// Each view's match context (`MatchContexts`), by position, when the cascade kept results;
    /// the context of the views above the root; and how many there were. A tree of this shape
    /// under rules of these selectors has the same contexts: a restyle carries them over.
    private(set) var contexts: [Int32] = []
    /// Whether `contexts` started as the previous tree's, whole (`init(…carryingContexts:)`):
    /// views appended or kept do not note their contexts again.
    private let carriesContexts: Bool
    var aboveContext: Int32?
    var contextCount = 0
    /// A match context's kind and the candidates its views matched (one array, shared with
    /// their entries): what a restyle tests against the changed rules and appearances to find
    /// the views a change reaches without visiting the others.
    struct ContextMatches {
        let kind: Kind
        let matches: [Int32]
    }

    /// By match context, its kind and matches, once a restyle worked them out
    /// (`matchesByContext`); carried while the contexts are.
    var contextMatches: [ContextMatches?]?
    /// The root styled and its tree's `View.shapeVersion` then, when no view's place, id,
    /// classes or state changed while it was styled: while that version stays the same, the
    /// tree under that root has this tree's shape.
    var shapeStamp: (root: ObjectIdentifier, version: ShapeVersion)?
    /// The tree's `View.styleVersion` when this styling ended, when no view was written
    /// outside its walk while it ran: while it stays the same (and `shapeStamp` holds), every
    /// view holds what this styling gave it.
    var styleStamp: StyleVersion?
    /// The views by position, unretained: valid only while `shapeStamp` holds, since no view
    /// left the tree (and none was freed) since it was styled. A restyle reads the views a
    /// change reaches through them, without listing the tree (`canLeaveViewsUnvisited`).
    private(set) var viewPointers: [Unmanaged<View>] = []
    /// The views' references, as far as a change list needed them (`ViewReferences`).
    private(set) var references: ViewReferences?
    /// While appending: the positions of the path from the root to the last view appended.
    private var path: [(view: ObjectIdentifier, position: Int)] = []

    /// `places`: those of a previous tree whose shape this one has.
    /// `carrying`: the entries of that previous tree, which views kept keep.
    /// `carryingContexts`: the previous tree's match contexts, which a tree of its shape under
    /// rules of its selectors keeps whole.
    init(stylesheet: Stylesheet, index: RuleIndex, recordedProvenance: Bool, capacity: Int, places: [Place]? = nil,
         carrying previousEntries: EntryList? = nil, carryingContexts previousContexts: [Int32]? = nil) {
        self.index = index
        appearances = stylesheet.appearances
        self.recordedProvenance = recordedProvenance
        carriesEntries = previousEntries != nil
        entries = previousEntries.map(EntryList.init(carrying:)) ?? EntryList(capacity: capacity)
        carriesPlaces = places != nil
        if let places { self.places = places } else { self.places.reserveCapacity(capacity) }
        carriesContexts = previousContexts != nil
        if let previousContexts { contexts = previousContexts }
    }

    /// The number of views.
    public var count: Int { entries.count }

    /// Calls `body` with the entry at `position`, unretained: the tree holds it while `body`
    /// runs. An entry read out of the list was retained and released around each use, and a
    /// restyle of a re-evaluated tree reads every view's entry several times.
    @inline(__always)
    func withEntry<R>(at position: Int, _ body: (Entry) -> R) -> R {
        entries.withEntry(at: position, body)
    }

    /// The views a restyle rebased (`RestylePlan`), in tree order, with where the slots it
    /// rewrote are in `rebasedSlots`: one array for all of them rather than one each.
    private(set) var rebased: [(position: Int, start: Int, count: Int)] = []
    private var rebasedSlots: [Int] = []

    /// The slots rewritten in the `k`th view rebased.
    private func rebasedSlots(_ k: Int) -> ArraySlice<Int> {
        rebasedSlots[rebased[k].start..<(rebased[k].start + rebased[k].count)]
    }

    /// Appends the next view in tree order, styled; `changedSlots`: the slots a restyle
    /// rewrote when it rebased the view; `ownSlots`: those its own layer sets, when known.
    mutating func append(_ view: View, matches: [Int32], context: Int32?, changedSlots: [Int]? = nil, ownSlots: [Int]? = nil) {
        append(view, values: view.values, record: view.record, matches: matches, context: context, changedSlots: changedSlots,
               ownSlots: ownSlots)
    }

    /// `append(_:matches:context:changedSlots:ownSlots:)` with the values and record just given
    /// to the view, moved into its entry: read back from the view, each was copied again (five
    /// references counted) while the caller's copy was let go.
    mutating func append(_ view: View, values: consuming ValueStore, record: consuming ProvenanceRecord?, matches: [Int32],
                         context: Int32?, changedSlots: [Int]?, ownSlots: [Int]?) {
        if !carriesContexts, let context { contexts.append(context) }
        if let changedSlots {
            rebased.append((next, rebasedSlots.count, changedSlots.count))
            rebasedSlots += changedSlots
        }
        if !carriesPlaces {
            let parent = Self.parentPosition(of: view, path: &path)
            path.append((ObjectIdentifier(view), next))
            places.append(Place(kind: view.kind, id: view.id, classes: view.classes, state: view.state, parent: parent))
        }
        let entry = Entry(styles: view.styles, literals: view.literals, values: values, record: record, matches: matches, ownSlots: ownSlots)
        if carriesEntries { entries.replace(at: next, with: entry) } else { entries.append(entry) }
        next += 1
    }

    /// Keeps the previous tree's entry for the next view, which kept its values, record and
    /// matches (`init(…carrying:)`); the view's own styles and literals are the same as the
    /// entry's.
    mutating func keepCarried(context: Int32?) {
        precondition(carriesEntries && next < entries.count, "A kept view has its previous entry")
        if !carriesContexts, let context { contexts.append(context) }
        next += 1
    }

    /// Keeps the previous tree's entries (and carried contexts) for the views up to
    /// `position`, left unvisited: none of them was written since, and no change reaches them.
    mutating func keepCarried(upTo position: Int) {
        precondition(carriesEntries && carriesContexts && next <= position && position <= entries.count,
                     "Views left unvisited keep their previous entries and contexts")
        next = position
    }

    /// Notes the views styled, by position, unretained (`viewPointers`); `carried`: the
    /// previous tree's, for a restyle that did not list the tree.
    mutating func noteViews(_ views: [View], carried: [Unmanaged<View>]?) {
        if let carried {
            viewPointers = carried
        } else {
            viewPointers = views.map { Unmanaged.passUnretained($0) }
        }
    }

    /// Whether a restyle of `root` may visit only the views a change reaches: the tree under
    /// `root` has this tree's shape and no view of it was written since this styling
    /// (`shapeStamp`, `styleStamp`), so every view is the one at its position in
    /// `viewPointers` and holds its entry's values, record, own styles and literals.
    func canLeaveViewsUnvisited(under root: View) -> Bool {
        guard let styleStamp, viewPointers.count == entries.count, contexts.count == entries.count,
              isUnchanged(under: root) else { return false }
        return root.styleVersion == styleStamp
    }

    /// The view at `position`, when `viewPointers` is valid (`canLeaveViewsUnvisited`, or the
    /// run that made this tree has just ended).
    func view(at position: Int) -> View {
        viewPointers[position].takeUnretainedValue()
    }

    /// `contextMatches`, or worked out from the place and entry of each context's first view
    /// (once for a tree and the restyles that carry its contexts on).
    func matchesByContext() -> [ContextMatches?] {
        if let contextMatches { return contextMatches }
        var found = [ContextMatches?](repeating: nil, count: contextCount)
        for (i, c) in contexts.enumerated() where c >= 0 && Int(c) < found.count && found[Int(c)] == nil {
            found[Int(c)] = ContextMatches(kind: places[i].kind, matches: entries[i].matches)
        }
        return found
    }

    /// The position of `view`'s parent, `path` holding the positions down to the previous view.
    /// The path holds identities, not views: the views live while the tree is walked, and a
    /// path of references retained and released one at every step.
    private static func parentPosition(of view: View, path: inout [(view: ObjectIdentifier, position: Int)]) -> Int {
        // The parent named by its address, never taken as a reference: `view.parent` retained
        // and released it at every view.
        guard let parent = view.unretainedParent else {
            path.removeAll(keepingCapacity: true)
            return -1
        }
        let id = ObjectIdentifier(parent.takeUnretainedValue())
        while let last = path.last, last.view != id { path.removeLast() }
        return path.last?.position ?? -1
    }

    /// `root`'s views in tree order, and whether they have this tree's shape: the same kinds,
    /// ids, classes and states at the same places. Views are then paired by position, as by
    /// reference. A kind a script declares again on reload (`kind("GradientView", …)`, a new
    /// `Kind` each evaluation) is the same kind when it has its layout (`Kind.hasLayout(of:)`).
    /// Compared as the walk lists them: a re-evaluated script's views are read once, not once
    /// to list them and again to compare them.
    func listComparingShape(_ root: View) -> (views: [View], same: Bool) {
        var views: [View] = []
        views.reserveCapacity(Swift.max(places.count, 1))
        var walk = TreeWalk(root)
        var comparison = ShapeComparison()
        var same = true
        places.withUnsafeBufferPointer { places in
            while walk.appendNext(to: &views) {
                guard same else { continue }
                let i = views.count - 1
                same = i < places.count && comparison.matches(views[i], at: i, places)
            }
        }
        return (views, same && views.count == places.count)
    }

    /// Compares views, in tree order, with the places of a tree (`listComparingShape`).
    private struct ShapeComparison {
        /// The positions of the path from the root to the last view compared.
        private var path: [(view: ObjectIdentifier, position: Int)] = []
        /// Kinds found to have one another's layout.
        private var sameKinds: [Pair: Bool] = [:]

        /// Whether `view`, the view after the last one compared, is at `places[i]`.
        mutating func matches(_ view: View, at i: Int, _ places: UnsafeBufferPointer<Place>) -> Bool {
            guard same(places[i].kind, view.kind), places[i].id == view.id,
                  places[i].classes.hasStorage(of: view.classes) || places[i].classes == view.classes,
                  places[i].state == view.state, StyledTree.parentPosition(of: view, path: &path) == places[i].parent else { return false }
            path.append((ObjectIdentifier(view), i))
            return true
        }

        private mutating func same(_ a: Kind, _ b: Kind) -> Bool {
            if a === b { return true }
            let pair = Pair(a: ObjectIdentifier(a), b: ObjectIdentifier(b))
            if let known = sameKinds[pair] { return known }
            let same = a.hasLayout(of: b)
            sameKinds[pair] = same
            return same
        }
    }

    /// Whether no view's place, id, classes or state changed in `root`'s tree (its top root's
    /// `View.shapeVersion`) since this tree was styled from `root` (`shapeStamp`): then
    /// `root`'s tree has this shape. Changes to other trees do not count.
    ///
    /// A root is named by its identity: one built since at a freed root's address, with no
    /// children (adding one counts), is told apart by its kind, id and classes.
    func isUnchanged(under root: View) -> Bool {
        guard let shapeStamp, shapeStamp.root == ObjectIdentifier(root),
              shapeStamp.version == root.shapeVersion, let first = places.first else { return false }
        return first.kind === root.kind && first.id == root.id && first.classes == root.classes && first.state == root.state
    }

    private struct Pair: Hashable {
        let a: ObjectIdentifier
        let b: ObjectIdentifier
    }

    /// Whether `stylesheet`'s rules have the selectors of this tree's rules, in the same
    /// order, for styles of the same kinds: then a view of a tree of this shape matches the
    /// same candidates (the indices number them alike), whatever the rules' styles now set.
    func hasSameSelectors(as stylesheet: Stylesheet) -> Bool {
        RuleIndex.sameSelectors(index.rules, stylesheet.rules, compoundByCompound: false)
    }

    /// Whether `root`'s tree has this tree's shape (see `listComparingShape`).
    ///
    ///     let paired = styled.hasSameShape(as: root)    // changes can be listed by position
    public func hasSameShape(as root: View) -> Bool {
        isUnchanged(under: root) || listComparingShape(root).same
    }

    /// Whether every view of `root`'s tree, a tree of this shape, still holds the values this
    /// styling left it: no stylesheet applied to it and no value set since. Only then are a
    /// restyle's changes by position what the views (and a host's bound objects) saw change.
    ///
    ///     let before = styled.viewsHoldTheirValues(under: root) ? nil : TreeSnapshot(root)
    public func viewsHoldTheirValues(under root: View) -> Bool {
        // Nothing wrote the tree since this styling: every view holds what it gave.
        if canLeaveViewsUnvisited(under: root) { return true }
        var walk = TreeWalk(root)
        var position = 0
        while let view = walk.next() {
            guard position < entries.count, entries.withEntry(at: position, { view.values.isUnwrittenCopy(of: $0.values) }) else { return false }
            position += 1
        }
        return position == entries.count
    }

    /// What differs from `previous` at the positions restyled (`positions`) and rebased, in
    /// tree order then slot order: `TreeSnapshot.changes(since:)` for two trees of the same
    /// shape. A rebased view's changes are the slots rewritten; a restyled view's are found by
    /// comparing every slot.
    mutating func changes(since previous: StyledTree, at positions: [Int]) -> [PropertyChange] {
        var out: [PropertyChange] = []
        // A rebased view's changes are its rewritten slots: room for them, and a change for each
        // view restyled, at once (a theme switch's thousands of changes grew the list a dozen
        // times, each growth copying every change so far).
        out.reserveCapacity(rebasedSlots.count + positions.count)
        // Entries are read in place: copying one retains everything it holds.
        guard !viewPointers.isEmpty else { return [] }
        let views = viewPointers, root = view(at: 0)
        let references = previous.references.flatMap { $0.rootReference == root.reference ? $0 : nil }
            ?? ViewReferences(root: root, count: views.count)
        self.references = references
        // The lists are read once (each read of a stored list retains it).
        let olds = previous.entries, news = entries
        places.withUnsafeBufferPointer { places in
            // Each view's stores are read once: every read of an entry's field copies it.
            func add(_ i: Int, slots: some Collection<Int>, old: ValueStore, new: ValueStore) {
                guard !slots.isEmpty else { return }
                let reference = references.reference(of: i, places: places, views: views), properties = places[i].kind.properties
                for slot in slots {
                    out.append(PropertyChange(view: reference, property: properties[slot].path, old: old[slot],
                                              new: new[slot], viewIdentity: views[i].takeUnretainedValue().identity))
                }
            }
            var next = 0  // in `rebased`
            func addRebased(before position: Int) {
                while next < rebased.count, rebased[next].position < position {
                    // The entries and place of a view rebased a few ahead, asked for now
                    // (`Prefetch.swift`): each missed the cache.
                    if next + 4 < rebased.count {
                        let ahead = rebased[next + 4].position
                        olds.prefetchEntry(at: ahead, lines: 2)
                        news.prefetchEntry(at: ahead, lines: 2)
                        places.prefetchElement(at: ahead)
                    }
                    let i = rebased[next].position
                    add(i, slots: rebasedSlots(next), old: olds.withEntry(at: i) { $0.values }, new: news.withEntry(at: i) { $0.values })
                    next += 1
                }
            }
            var slots: [Int] = []
            for i in positions {
                addRebased(before: i)
                let old = olds.withEntry(at: i) { $0.values }, new = news.withEntry(at: i) { $0.values }
                slots.removeAll(keepingCapacity: true)
                old.differingSlots(from: new, into: &slots)
                add(i, slots: slots, old: old, new: new)
            }
            addRebased(before: Int.max)
        }
        return out
    }
}
