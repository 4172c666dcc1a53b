/// Where something was written: a file (as the user named it), a 1-based line and column.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// For values set from Swift rather than from a script.
    public static let host = SourceLocation(file: "<host>", line: 0, column: 0)

    public var description: String { "\(file):\(line)" }
}
