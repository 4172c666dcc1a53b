/// Where the lines of a stylesheet's files went when they were edited: each file's lines
/// before its edit stay where they were, the lines after it move by as many lines as the edit
/// added or removed, and the lines the edit changed go nowhere.
///
/// A reload that added a rule on a line of its own moves every rule, `mut` and view below it
/// down a line: they are the same, written elsewhere. A restyle given the map
/// (`Cascade.restyle(_:after:lines:)`) takes a location of the last styling for the one it
/// maps to, so the views those lines styled keep their values, and the provenance they keep
/// names the lines where their values are written now.
///
///     var lines = LineMap()
///     lines.add(file: "screen.lua", before: Array(old.utf8), after: Array(new.utf8))
///     lines.line(40, of: "screen.lua")   // 41 after a line added above line 40
public struct LineMap: Sendable, Equatable {
    /// One file's edit: the old lines `unchangedBefore ..< changedUntil` were changed (none
    /// when equal), and the lines from `changedUntil` on moved by `shift`.
    struct Edit: Sendable, Equatable {
        let unchangedBefore: Int
        let changedUntil: Int
        let shift: Int
    }

    /// The files whose lines moved or changed, by the name their locations give them.
    private(set) var edits: [String: Edit] = [:] {
        didSet { only = edits.count == 1 ? edits.first.map { ($0.key, $0.value) } : nil }
    }
    /// The one file edited, when there is one: most reloads edit one file, and a restyle asks
    /// for every location it compares, whose file names are one string each (interned), so
    /// that comparing them is a pointer's test where hashing one is not.
    private var only: (file: String, edit: Edit)?

    public static func == (a: LineMap, b: LineMap) -> Bool { a.edits == b.edits }

    public init() {}

    /// Whether no line moved or changed.
    public var isEmpty: Bool { edits.isEmpty }

    /// Adds `file`'s edit from the bytes it had (`before`) to those it has (`after`): the
    /// lines both begin with and end with are kept, the ones between are changed.
    public mutating func add(file: String, before: [UInt8], after: [UInt8]) {
        let old = Self.lines(before), new = Self.lines(after)
        let common = min(old.count, new.count)
        var prefix = 0
        before.withUnsafeBufferPointer { b in
            after.withUnsafeBufferPointer { a in
                func same(_ x: Range<Int>, _ y: Range<Int>) -> Bool {
                    x.count == y.count && b[x].elementsEqual(a[y])
                }
                while prefix < common, same(old[prefix], new[prefix]) { prefix += 1 }
                var suffix = 0
                while suffix < common - prefix, same(old[old.count - 1 - suffix], new[new.count - 1 - suffix]) { suffix += 1 }
                // Lines are 1-based: old lines 1...prefix stay, old lines after
                // old.count - suffix move by the difference in lines.
                let edit = Edit(unchangedBefore: prefix + 1, changedUntil: old.count - suffix + 1, shift: new.count - old.count)
                if edit.unchangedBefore == edit.changedUntil, edit.shift == 0 { edits[file] = nil } else { edits[file] = edit }
            }
        }
    }

    /// Where line `line` of `file` is after the edit, nil when the edit changed it.
    public func line(_ line: Int, of file: String) -> Int? {
        let found = if let only { only.file == file ? only.edit : nil } else { edits[file] }
        guard let edit = found else { return line }
        if line < edit.unchangedBefore { return line }
        if line >= edit.changedUntil { return line + edit.shift }
        return nil
    }

    /// Whether `old`, a location of the last styling, is `new` after the edit: the same file
    /// and column, and its line moved to `new`'s.
    func maps(_ old: SourceLocation, to new: SourceLocation) -> Bool {
        guard old.column == new.column, old.file == new.file else { return false }
        if old.line == new.line, edits.isEmpty { return true }
        return line(old.line, of: old.file) == new.line
    }

    /// `old` where its line moved, nil when the edit changed its line (and `old` itself when
    /// its file was not edited).
    func moved(_ old: SourceLocation) -> SourceLocation? {
        guard let line = line(old.line, of: old.file) else { return nil }
        if line == old.line { return old }
        var moved = old
        moved.line = line
        return moved
    }

    /// The byte ranges of the lines of `bytes`, each without its line break; a last line without
    /// one counts.
    private static func lines(_ bytes: [UInt8]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        out.reserveCapacity(bytes.count / 32 + 1)
        var start = 0
        for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            out.append(start..<i)
            start = i + 1
        }
        if start < bytes.count { out.append(start..<bytes.count) }
        return out
    }
}
