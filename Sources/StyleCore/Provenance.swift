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

    func index(of origin: Origin) -> UInt32 {
        if let i = originIndex[origin] { return i }
        let i = UInt32(origins.count)
        origins.append(origin)
        originIndex[origin] = i
        return i
    }

    /// A location's index. Locations are keyed by their file's number and their line and
    /// column, so that the file name is hashed once per file rather than at every write
    /// recorded (every literal of every view has a location of its own).
    func index(of location: SourceLocation) -> UInt32 {
        let key = LocationKey(file: fileNumber(location.file), line: location.line, column: location.column)
        if let i = locationIndex[key] { return i }
        let i = UInt32(locations.count)
        locations.append(location)
        locationIndex[key] = i
        return i
    }

    private struct LocationKey: Hashable {
        let file: Int
        let line: Int
        let column: Int
    }

    @exclusivity(unchecked) private var locationIndex: [LocationKey: UInt32] = [:]
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
/// The kind's defaults are implied. A contribution's value is the slot's applied value while
/// it is the slot's last; when a later write replaces it, the replaced value moves to
/// `overridden`, so a view keeps values only for what was overridden.
struct ProvenanceRecord {
    /// 16 bytes: a slot never needs the top bit, which holds `isTransform`.
    struct Entry {
        private var slotAndTransform: UInt32
        /// Index into `overridden`; -1 while this is the slot's last contribution.
        var value: Int32
        var origin: UInt32
        /// Index into the table's locations; `noLocation` for none.
        var location: UInt32

        private static let transformBit: UInt32 = 1 << 31

        init(slot: Int, value: Int32, origin: UInt32, location: UInt32, isTransform: Bool) {
            precondition(slot >= 0 && slot < Int(Self.transformBit), "A slot fits in 31 bits")
            slotAndTransform = UInt32(slot) | (isTransform ? Self.transformBit : 0)
            self.value = value
            self.origin = origin
            self.location = location
        }

        var slot: Int { Int(slotAndTransform & ~Self.transformBit) }
        var isTransform: Bool { slotAndTransform & Self.transformBit != 0 }
    }

    static let noLocation = UInt32.max

    let table: ProvenanceTable
    private(set) var entries: [Entry] = []
    /// Values of the view's store (`ValueStore.own` keeps its indices until the view is reset).
    private(set) var overridden: [StoredValue] = []

    init(table: ProvenanceTable) { self.table = table }

    /// Records a write of `slot`, whose value before the write was `previous`.
    mutating func append(slot: Int, previous: StoredValue, origin: UInt32, location: UInt32, isTransform: Bool) {
        // The slot's last entry, if any, now keeps the value it wrote.
        if let last = entries.lastIndex(where: { $0.slot == slot }) {
            entries[last].value = Int32(overridden.count)
            overridden.append(previous)
        }
        entries.append(Entry(slot: slot, value: -1, origin: origin, location: location, isTransform: isTransform))
    }

    /// Drops the spare capacity that appending left, once the view's cascade is done: the
    /// record then lives as long as the view.
    mutating func shrink() {
        if entries.capacity > entries.count { entries = entries.withUnsafeBufferPointer { Array($0) } }
        if overridden.capacity > overridden.count { overridden = overridden.withUnsafeBufferPointer { Array($0) } }
    }

    /// Every slot's contributions, the kind's default first: `View.provenance`.
    func contributions(of view: View) -> [[Contribution]] {
        var out = view.kind.defaultProvenance
        for e in entries {
            let value = e.value < 0 ? view.values[e.slot] : view.values.value(of: overridden[Int(e.value)])
            let location = e.location == Self.noLocation ? nil : table.locations[Int(e.location)]
            out[e.slot].append(Contribution(value: value, origin: table.origins[Int(e.origin)],
                                                 location: location, isTransform: e.isTransform))
        }
        return out
    }
}
