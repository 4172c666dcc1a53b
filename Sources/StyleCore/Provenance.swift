/// Where one contribution to a property came from, in cascade order.
public enum Origin: Hashable, Sendable, CustomStringConvertible {
    /// The kind's declared default.
    case kindDefault
    /// `appearance(Kind, …)`.
    case appearance(kind: String)
    /// `rule(selector, …)`, with the selector as written.
    case rule(selector: String)
    /// The view's own style list (`style =` or `with`), 1-based position; the name the style is
    /// bound to in the script, where it has one, and how it was attached.
    case viewStyle(index: Int, name: String? = nil, attachment: StyleAttachment? = nil)
    /// A property given in the view's constructor.
    case literal

    public var description: String {
        switch self {
        case .kindDefault: "default"
        case .appearance(let k): "appearance(\(k))"
        case .rule(let s): "rule \"\(s)\""
        case .viewStyle(let i, let name, let attachment):
            (name ?? "style #\(i)") + (attachment.map { " (\($0))" } ?? "")
        case .literal: "literal"
        }
    }
}

/// How a style became one of a view's own, and where: listed in the constructor's `style`,
/// added by `with(view, style)`, or by calling the style on the view.
public struct StyleAttachment: Hashable, Sendable, CustomStringConvertible {
    public enum Way: String, Hashable, Sendable {
        case constructor, with, call
    }

    public var way: Way
    public var location: SourceLocation

    public init(_ way: Way, at location: SourceLocation) {
        self.way = way
        self.location = location
    }

    /// `with at app.lua:30`, `constructor at app.lua:12`, `called at app.lua:31`.
    public var description: String {
        (way == .call ? "called" : way.rawValue) + " at \(location)"
    }
}

/// One value written to a property: what, by which step, from which line.
public struct Contribution: Hashable, Sendable {
    public let value: Value
    public let origin: Origin
    /// The `mut`, `mver`, function line or literal that wrote it; nil for the kind's default.
    public let location: SourceLocation?
    /// Whether it transformed the value before it (`mver`) rather than replacing it.
    public let isTransform: Bool

    public init(value: Value, origin: Origin, location: SourceLocation?, isTransform: Bool = false) {
        self.value = value
        self.origin = origin
        self.location = location
        self.isTransform = isTransform
    }
}

/// The origins and locations of the contributions of many views, each stored once: the views'
/// records refer to them by index, so a contribution costs a view 16 bytes, not a
/// `Contribution`'s hundred.
///
/// The cascade shares one table among the views it styles; a `StyleApplication` made alone
/// has its own.
final class ProvenanceTable {
    @exclusivity(unchecked) private(set) var origins: [Origin] = []
    @exclusivity(unchecked) private(set) var locations: [SourceLocation] = []
    @exclusivity(unchecked) private var originIndex: [Origin: UInt32] = [:]

    /// An origin's index. The two origins asked for last are compared before hashing: a view's
    /// own layer names its origins afresh for every view (`.literal`, `.viewStyle(…)` with the
    /// style's name and attachment), and hashing them was most of the cost of recording.
    func index(of origin: Origin) -> UInt32 {
        // Every view's literals, and every write a host makes by hand, name these two.
        switch origin {
        case .literal:
            if let literalIndex { return literalIndex }
        case .kindDefault:
            if let defaultIndex { return defaultIndex }
        default:
            break
        }
        // Compared in place: copying an origin out retains each string it holds.
        if let last, origins[Int(last)] == origin { return last }
        if let found = beforeLast, origins[Int(found)] == origin {
            beforeLast = last
            last = found
            return found
        }
        let i: UInt32
        if let known = originIndex[origin] {
            i = known
        } else {
            i = UInt32(origins.count)
            origins.append(origin)
            originIndex[origin] = i
        }
        switch origin {
        case .literal: literalIndex = i
        case .kindDefault: defaultIndex = i
        default:
            beforeLast = last
            last = i
        }
        return i
    }

    @exclusivity(unchecked) private var literalIndex: UInt32?
    @exclusivity(unchecked) private var defaultIndex: UInt32?

    @exclusivity(unchecked) private var last: UInt32?
    @exclusivity(unchecked) private var beforeLast: UInt32?

    /// A location's index. Locations are keyed by their file's number and their line and
    /// column, so that the file name is hashed once per file rather than at every write
    /// recorded (every literal of every view has a location of its own).
    ///
    /// Found in an open-addressed table on the key's mixed bits (`ProbeIndex`): every literal
    /// written with provenance asks, and a `Dictionary`'s seeded hash of the key cost more than
    /// the rest of the write.
    func index(of location: SourceLocation) -> UInt32 {
        let key = key(of: location)
        let found = locationKeys.withUnsafeBufferPointer { keys in
            locationIndex.find(key.mixed) { keys[Int($0)] == key }
        }
        if let found { return UInt32(found) }
        let i = UInt32(locations.count)
        locations.append(location)
        locationKeys.append(key)
        locationIndex.insert(Int32(i), hash: key.mixed) { [locationKeys] in locationKeys[Int($0)].mixed }
        return i
    }

    /// The lines the locations are at: a number no other state of the table had, given by
    /// each `moveLines(_:)` (`restore(_:)` gives back the one before). A stylesheet whose
    /// locations were entered at another names other lines than the table now does.
    private(set) var linesGeneration = 0
    private var generations = 0

    /// What `moveLines(_:)` moved, with where it was.
    struct MovedLines {
        var generationBefore = 0
        var locations: [(index: Int, location: SourceLocation)] = []
        var origins: [(index: Int, origin: Origin)] = []
    }

    /// Moves every location entered, and the places of the styles' attachments the origins
    /// name (`with` at line 12), to the lines `lines` moved them to: the records of views a
    /// restyle keeps then name the lines their values are written at now. A location on a
    /// line the edit changed stays (a view that took a value from it is restyled, as its
    /// style or literal is no longer the same). Returns what was moved, for `restore(_:)`.
    func moveLines(_ lines: LineMap) -> MovedLines {
        var moved = MovedLines(generationBefore: linesGeneration)
        generations += 1
        linesGeneration = generations
        for i in locations.indices {
            guard let to = lines.moved(locations[i]), to.line != locations[i].line else { continue }
            moved.locations.append((i, locations[i]))
            locations[i] = to
        }
        for i in origins.indices {
            guard case .viewStyle(let position, let name, let attachment?) = origins[i],
                  let to = lines.moved(attachment.location), to.line != attachment.location.line else { continue }
            moved.origins.append((i, origins[i]))
            origins[i] = .viewStyle(index: position, name: name, attachment: StyleAttachment(attachment.way, at: to))
        }
        if !moved.locations.isEmpty { rekeyLocations() }
        if !moved.origins.isEmpty { rekeyOrigins() }
        return moved
    }

    /// Puts back what `moveLines(_:)` moved (a restyle that failed).
    func restore(_ moved: MovedLines) {
        linesGeneration = moved.generationBefore
        for (i, location) in moved.locations { locations[i] = location }
        for (i, origin) in moved.origins { origins[i] = origin }
        if !moved.locations.isEmpty { rekeyLocations() }
        if !moved.origins.isEmpty { rekeyOrigins() }
    }

    /// Finds every origin anew, after some moved: two may now be one, and either is found.
    private func rekeyOrigins() {
        originIndex = [:]
        for (i, origin) in origins.enumerated() where originIndex[origin] == nil { originIndex[origin] = UInt32(i) }
        last = nil
        beforeLast = nil
    }

    /// Keys and finds every location anew, after some moved: two may now be at one place,
    /// and either is found for it.
    private func rekeyLocations() {
        locationKeys = locations.map(key(of:))
        locationIndex = ProbeIndex(expecting: locations.count)
        for i in locationKeys.indices {
            locationIndex.insert(Int32(i), hash: locationKeys[i].mixed) { [locationKeys] in locationKeys[Int($0)].mixed }
        }
    }

    private func key(of location: SourceLocation) -> LocationKey {
        LocationKey(file: fileNumber(location.file), line: location.line, column: location.column,
                    token: location.token.map { ObjectIdentifier($0) })
    }

    private struct LocationKey: Equatable {
        let file: Int
        let line: Int
        let column: Int
        /// One `mut` in a helper writes a different token's value at each call.
        let token: ObjectIdentifier?

        var mixed: Int {
            var h = UInt64(bitPattern: Int64(file)) &* 0x9E37_79B9_7F4A_7C15
            h ^= UInt64(bitPattern: Int64(line)) &* 0xBF58_476D_1CE4_E5B9
            h ^= UInt64(bitPattern: Int64(column)) &* 0x94D0_49BB_1331_11EB
            h ^= h >> 31
            return Int(truncatingIfNeeded: h)
        }
    }

    /// By index: each location's key, as `locationIndex` places it.
    @exclusivity(unchecked) private var locationKeys: [LocationKey] = []
    @exclusivity(unchecked) private var locationIndex = ProbeIndex()
    @exclusivity(unchecked) private var fileNumbers: [String: Int] = [:]
    @exclusivity(unchecked) private var lastFile: (name: String, number: Int)?

    private func fileNumber(_ file: String) -> Int {
        // Comparing with the last file is a pointer test when it is the same string.
        if let lastFile, lastFile.name == file { return lastFile.number }
        let number = fileNumbers[file] ?? fileNumbers.count
        fileNumbers[file] = number
        lastFile = (file, number)
        return number
    }
}

/// What one view's cascade wrote, in order: the compact form of `View.provenance`.
///
/// The kind's defaults are implied. Each write keeps the slot's value before it (`previous`), so
/// recording one is an append: what a write left in its slot is worked out when provenance is
/// asked for, from the next write to that slot or, for the slot's last, its applied value.
///
/// The writes of appearances and rules that many views share (`CascadeSteps` keeps one result
/// per kind and matches) are a shared prefix, `shared`, frozen by `shrink()`; a view that takes
/// such a result appends its own layer after it without copying it.
struct ProvenanceRecord {
    /// 24 bytes: a slot never needs the top bit, which holds `isTransform`.
    struct Entry {
        private var slotAndTransform: UInt32
        var origin: UInt32
        /// Index into the table's locations; `noLocation` for none.
        var location: UInt32
        /// The slot's stored value before this write (`ValueStore.own` keeps its indices until
        /// the view is reset).
        var previous: StoredValue

        private static let transformBit: UInt32 = 1 << 31

        init(slot: Int, previous: StoredValue, origin: UInt32, location: UInt32, isTransform: Bool) {
            precondition(slot >= 0 && slot < Int(Self.transformBit), "A slot fits in 31 bits")
            slotAndTransform = UInt32(slot) | (isTransform ? Self.transformBit : 0)
            self.previous = previous
            self.origin = origin
            self.location = location
        }

        var slot: Int { Int(slotAndTransform & ~Self.transformBit) }
        var isTransform: Bool { slotAndTransform & Self.transformBit != 0 }

        /// The same write: slot, origin, location and the value before it (by its bits).
        func isSameWrite(as other: Entry) -> Bool {
            slotAndTransform == other.slotAndTransform && origin == other.origin && location == other.location
                && previous.isIdentical(to: other.previous)
        }
    }

    static let noLocation = UInt32.max

    let table: ProvenanceTable
    /// The writes before `entries`, shared with other views' records and never written to.
    private var shared: [Entry] = []
    private var entries: [Entry] = []

    init(table: ProvenanceTable) { self.table = table }

    /// Records a write of `slot`, whose value before the write was `previous`.
    mutating func append(slot: Int, previous: StoredValue, origin: UInt32, location: UInt32, isTransform: Bool) {
        // Growing from a few entries at a time took several reallocations per view.
        if entries.count == entries.capacity { entries.reserveCapacity(max(8, 2 * entries.count)) }
        entries.append(Entry(slot: slot, previous: previous, origin: origin, location: location, isTransform: isTransform))
    }

    /// Done appending for now: the writes so far become the shared prefix when there is none
    /// yet (appearances and rules, a result other views may take), and the spare capacity that
    /// appending left is dropped, as the record lives as long as the view.
    mutating func shrink() {
        if shared.isEmpty {
            swap(&shared, &entries)
            if shared.capacity > shared.count { shared = shared.withUnsafeBufferPointer { Array($0) } }
        } else if entries.capacity > 2 * entries.count + 8 {
            // A view's own layer leaves a few spare entries at most; copying them away cost
            // an allocation per view.
            entries = entries.withUnsafeBufferPointer { Array($0) }
        }
    }

    /// What names a record while it lives: its table and where its lists are. Equal for one
    /// record and its copies; what a restyle asks of a view left as it was, read in place
    /// (`view.record?.identity`) rather than through copies of both records.
    ///
    /// Made of the references the record holds, not read through them (`Array.storageIdentity`):
    /// a restyle asks it of every view, whose lists are mostly out of the cache.
    struct Identity: Equatable {
        let table: ObjectIdentifier
        let shared: UInt
        let entries: UInt
    }

    var identity: Identity {
        Identity(table: ObjectIdentifier(table), shared: shared.storageIdentity, entries: entries.storageIdentity)
    }

    /// The writes after the shared prefix: a view's own layer, when it took a shared result.
    var ownCount: Int { entries.count }

    /// This record with its shared prefix replaced by `base`'s writes (a shared result with no
    /// writes after its prefix, recorded in this record's table), and the first write of each
    /// slot after it recorded over `baseValues`, the values `base` left: the record a view with
    /// this record's own layer gets when it takes `base` instead. Nil when `base` does not fit.
    func rebased(on base: ProvenanceRecord, baseValues: ValueStore) -> ProvenanceRecord? {
        guard base.table === table, base.entries.isEmpty else { return nil }
        var out = ProvenanceRecord(table: table)
        out.shared = base.shared
        out.entries = entries  // copied only when a first write's value before it changed
        // The first write of each slot: a view's own layer is a few writes, so looking back
        // among them beats a list of the slots seen (an allocation for every view rebased).
        for k in entries.indices where !entries[..<k].contains(where: { $0.slot == entries[k].slot }) {
            let previous = baseValues.stored(entries[k].slot)
            if !previous.isIdentical(to: entries[k].previous) { out.entries[k].previous = previous }
        }
        return out
    }

    /// Whether this record's shared prefix records the writes of `base` (a shared result with
    /// no writes after its prefix, in this record's table): the same storage, or write for
    /// write the same slot, origin, location and value before it.
    func sharesWrites(of base: ProvenanceRecord) -> Bool {
        guard base.table === table, base.entries.isEmpty, shared.count == base.shared.count else { return false }
        if shared.hasStorage(of: base.shared) { return true }
        return shared.withUnsafeBufferPointer { mine in
            base.shared.withUnsafeBufferPointer { theirs in
                mine.indices.allSatisfy { mine[$0].isSameWrite(as: theirs[$0]) }
            }
        }
    }

    /// Whether the first write of each slot after the shared prefix (a view's own layer)
    /// replaced `value(slot)`, bit for bit: what `rebased(on:baseValues:)` would record.
    func ownWritesReplace(_ value: (Int) -> StoredValue) -> Bool {
        entries.indices.allSatisfy { k in
            entries[..<k].contains { $0.slot == entries[k].slot } || entries[k].previous.isIdentical(to: value(entries[k].slot))
        }
    }

    /// Whether `other` records the same writes in the same table: write for write the same
    /// slot, origin, location and value before it (by its bits).
    func recordsSameWrites(as other: ProvenanceRecord) -> Bool {
        guard table === other.table, shared.count + entries.count == other.shared.count + other.entries.count else { return false }
        func same(_ a: Entry, _ b: Entry) -> Bool { a.isSameWrite(as: b) }
        if shared.count == other.shared.count {
            // Most often one shared prefix (a kept result) and a few writes of the view's own.
            guard shared.hasStorage(of: other.shared) || zip(shared, other.shared).allSatisfy(same) else { return false }
            return zip(entries, other.entries).allSatisfy(same)
        }
        let mine = shared + entries, theirs = other.shared + other.entries
        return zip(mine, theirs).allSatisfy(same)
    }

    /// The last write of `slot` (the one that won it): its origin and location as indices into
    /// `table`, nil for a slot left at its kind's default. `winners(slotCount:)`'s entry for
    /// one slot, without the others'.
    func winner(ofSlot slot: Int) -> (origin: UInt32, location: UInt32)? {
        if let e = entries.last(where: { $0.slot == slot }) ?? shared.last(where: { $0.slot == slot }) { return (e.origin, e.location) }
        return nil
    }

    /// The last write of each of `slotCount` slots (the one that won it): its origin and
    /// location as indices into `table`, nil for a slot left at its kind's default.
    func winners(slotCount: Int) -> [(origin: UInt32, location: UInt32)?] {
        var out = [(origin: UInt32, location: UInt32)?](repeating: nil, count: slotCount)
        for e in shared { out[e.slot] = (e.origin, e.location) }
        for e in entries { out[e.slot] = (e.origin, e.location) }
        return out
    }

    /// Every slot's contributions, the kind's default first: `View.provenance`.
    func contributions(of view: View) -> [[Contribution]] {
        var out = view.kind.defaultProvenance
        let count = shared.count + entries.count
        func entry(_ k: Int) -> Entry { k < shared.count ? shared[k] : entries[k - shared.count] }
        // What each write left: the value before the slot's next write, or the applied value.
        var after = [StoredValue?](repeating: nil, count: out.count)
        var left = [StoredValue](repeating: .null, count: count)
        for k in stride(from: count - 1, through: 0, by: -1) {
            let e = entry(k)
            left[k] = after[e.slot] ?? view.values.stored(e.slot)
            after[e.slot] = e.previous
        }
        for k in 0..<count {
            let e = entry(k)
            let location = e.location == Self.noLocation ? nil : table.locations[Int(e.location)]
            out[e.slot].append(Contribution(value: view.values.value(of: left[k]), origin: table.origins[Int(e.origin)],
                                            location: location, isTransform: e.isTransform))
        }
        return out
    }
}
