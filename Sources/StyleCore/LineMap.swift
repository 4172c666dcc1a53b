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
    /// lines both begin with and end with are kept, the ones between are changed. An edit that
    /// adds or removes no line moves none, and is not kept: a changed line compares as itself.
    public mutating func add(file: String, before: [UInt8], after: [UInt8]) {
        before.withUnsafeBytes { b in after.withUnsafeBytes { a in add(file: file, before: b, after: a) } }
    }

    /// `add(file:before:after:)` of bytes where they are (a file's `Data`, without a copy).
    public mutating func add(file: String, before: UnsafeRawBufferPointer, after: UnsafeRawBufferPointer) {
        let old = before.bindMemory(to: UInt8.self), new = after.bindMemory(to: UInt8.self)
        let newline = UInt8(ascii: "\n")
        // The bytes both begin with, and those both end with (not overlapping them).
        let common = min(old.count, new.count)
        // Eight bytes at a time, then one: a save compares the whole file.
        var prefix = 0
        while prefix + 8 <= common,
              before.loadUnaligned(fromByteOffset: prefix, as: UInt64.self) == after.loadUnaligned(fromByteOffset: prefix, as: UInt64.self) {
            prefix += 8
        }
        while prefix < common, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix + 8 <= common - prefix,
              before.loadUnaligned(fromByteOffset: old.count - suffix - 8, as: UInt64.self)
                == after.loadUnaligned(fromByteOffset: new.count - suffix - 8, as: UInt64.self) {
            suffix += 8
        }
        while suffix < common - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        // The suffix's lines are kept from the first that begins in it, in both (the bytes
        // from there on are the same, so is where that line begins).
        var oldEnd = old.count - suffix, newEnd = new.count - suffix
        while oldEnd < old.count, oldEnd > 0, old[oldEnd - 1] != newline || newEnd > 0 && new[newEnd - 1] != newline {
            oldEnd += 1
            newEnd += 1
        }
        func lines(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
            var n = 0
            for i in range where bytes[i] == newline { n += 1 }
            return n
        }
        /// The lines `prefix..<end` touches: each it ends, and a last line without a line
        /// break (only at the end of the file).
        func touched(_ bytes: UnsafeBufferPointer<UInt8>, _ end: Int) -> Int {
            lines(bytes, prefix..<end) + (end == 0 || bytes[end - 1] == newline ? 0 : 1)
        }
        // Lines are 1-based: the lines before the one the edit begins in stay, those from the
        // first kept after it move by the lines the edit added.
        let before = lines(old, 0..<prefix)
        let oldChanged = touched(old, oldEnd), newChanged = touched(new, newEnd)
        let edit = Edit(unchangedBefore: before + 1, changedUntil: before + oldChanged + 1, shift: newChanged - oldChanged)
        edits[file] = edit.shift == 0 ? nil : edit
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
        old.column == new.column && old.file == new.file && line(old.line, of: old.file) == new.line
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
}
