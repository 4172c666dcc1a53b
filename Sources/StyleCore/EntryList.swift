extension StyledTree {
    /// A styled tree's entries, by position.
    ///
    /// A restyle's tree starts from the previous tree's entries and replaces those of the views
    /// it restyles or rebases. Held as an array of references, the first replacement copied the
    /// array with a reference count for every entry: ten thousand counts, most of them cache
    /// misses, for a restyle that reached seventy views. Here the positions hold unretained
    /// pointers, copied as plain words, and the entries are held by owners: each list owns the
    /// entries it made, and shares its owners with the lists carried from it.
    ///
    /// An entry replaced stays alive while a list carried on holds its owner. The owners are
    /// let go and the live entries held anew, once, when the owners hold more than twice as
    /// many entries as the list (or are many): a restyle's cost stays in proportion to the
    /// views it reaches, and the memory within twice the tree's.
    struct EntryList {
        /// Holds the entries one list made.
        final class Owner {
            @exclusivity(unchecked) var entries: [Entry] = []
        }

        /// By position, unretained: each entry is held by one of `owners`.
        private(set) var pointers: [Unmanaged<Entry>] = []
        /// The owners of the lists this one was carried from, and its own, last.
        private var owners: [Owner]
        /// This list's own owner: the entries appended or replaced since it was made.
        private let own: Owner
        /// How many entries the owners hold, replaced ones included.
        private(set) var held: Int

        /// Carried lists whose owners are this many or more hold their entries anew.
        static let ownerLimit = 16

        /// An empty list, with room for `capacity` entries.
        init(capacity: Int) {
            own = Owner()
            owners = [own]
            held = 0
            pointers.reserveCapacity(capacity)
            own.entries.reserveCapacity(capacity)
        }

        /// A list of `previous`'s entries, whose replacements this one owns.
        init(carrying previous: EntryList) {
            own = Owner()
            // A restyle replaces about as many entries as the one before it did (a theme
            // switch back and forth): room for them at once, not grown a dozen times.
            own.entries.reserveCapacity(min(previous.own.entries.count, previous.pointers.count))
            pointers = previous.pointers
            if previous.owners.count < Self.ownerLimit, previous.held <= 2 * previous.pointers.count + 64 {
                owners = previous.owners + [own]
                held = previous.held
            } else {
                let live = Owner()
                live.entries = previous.pointers.map { $0.takeUnretainedValue() }
                owners = [live, own]
                held = live.entries.count
            }
        }

        var count: Int { pointers.count }
        var indices: Range<Int> { pointers.indices }
        /// How many owners hold the entries.
        var ownerCount: Int { owners.count }

        subscript(position: Int) -> Entry { pointers[position].takeUnretainedValue() }

        mutating func append(_ entry: Entry) {
            own.entries.append(entry)
            pointers.append(Unmanaged.passUnretained(entry))
            held += 1
        }

        /// Puts `entry` at `position` in place of the entry carried there.
        mutating func replace(at position: Int, with entry: Entry) {
            own.entries.append(entry)
            pointers[position] = Unmanaged.passUnretained(entry)
            held += 1
        }

        /// Calls `body` with the entry at `position`, unretained: its owner holds it while the
        /// list lives.
        @inline(__always)
        func withEntry<R>(at position: Int, _ body: (Entry) -> R) -> R {
            pointers.withUnsafeBufferPointer { pointers in
                precondition(position >= 0 && position < pointers.count, "An entry of the tree")
                return pointers[position]._withUnsafeGuaranteedRef(body)
            }
        }

        /// Asks for the first `lines` cache lines of the entry at `position`, when there is one
        /// (`Prefetch.swift`).
        @inline(__always)
        func prefetchEntry(at position: Int, lines: Int32) {
            pointers.withUnsafeBufferPointer { pointers in
                guard position >= 0, position < pointers.count else { return }
                prefetchStorage(UInt(bitPattern: pointers[position].toOpaque()), lines: lines)
            }
        }

        /// Calls `body` with the entry at `position`, when there is one: to ask for the
        /// storages it refers to.
        @inline(__always)
        func withEntryIfAny(at position: Int, _ body: (Entry) -> Void) {
            pointers.withUnsafeBufferPointer { pointers in
                guard position >= 0, position < pointers.count else { return }
                pointers[position]._withUnsafeGuaranteedRef(body)
            }
        }
    }
}
