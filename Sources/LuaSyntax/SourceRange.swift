/// A point in a Lua source file.
///
/// Lines and columns are 1-based. Columns count UTF-8 bytes from the start of the line, the
/// way `luac` and most compilers count, so a column never depends on how an editor decodes
/// the text; for the ASCII that Lua names and keywords are made of, bytes and characters
/// agree. A line ends at `\n`, `\r`, `\r\n` or `\n\r`, exactly as Lua counts lines.
///
/// ```swift
/// let statement = try LuaParser.parse("x = 1").body.statements[0]
/// statement.range.start  // 1:1
/// ```
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    // 32-bit storage keeps every node's range at 24 bytes; sources are far below 4 GiB.
    private let storedLine: UInt32
    private let storedColumn: UInt32
    private let storedOffset: UInt32

    /// The 1-based line.
    public var line: Int { Int(storedLine) }
    /// The 1-based column, in UTF-8 bytes.
    public var column: Int { Int(storedColumn) }
    /// The 0-based byte offset into the source.
    public var offset: Int { Int(storedOffset) }

    public init(line: Int, column: Int, offset: Int) {
        storedLine = UInt32(truncatingIfNeeded: line)
        storedColumn = UInt32(truncatingIfNeeded: column)
        storedOffset = UInt32(truncatingIfNeeded: offset)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.storedOffset < rhs.storedOffset
    }

    public var description: String { "\(line):\(column)" }
}

/// The span of source text a token or node was written with.
///
/// `end` is exclusive: it is the location just after the last byte, so an identifier `abc`
/// at column 5 spans columns 5 to 8, `end.column - start.column` is its length in bytes, and
/// an empty block has `start == end`. This is the convention of SARIF and LSP ranges.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    public var start: SourceLocation
    public var end: SourceLocation

    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }

    /// The range that covers both `self` and `other`.
    public func extended(to other: SourceRange) -> SourceRange {
        SourceRange(start: Swift.min(start, other.start), end: Swift.max(end, other.end))
    }

    /// The byte offsets of the range, for slicing the source it came from.
    public var offsets: Range<Int> { start.offset..<end.offset }

    public var description: String { "\(start)-\(end)" }
}
