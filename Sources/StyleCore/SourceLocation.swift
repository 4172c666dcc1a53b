/// Where something was written: a file (as the user named it), a 1-based line and column.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    /// The token the value written here was read from (`mut(Label.textColor, t.color.danger)`),
    /// when it was: provenance names it after the line. Not part of the location's identity:
    /// two locations at the same place are equal whatever tokens they carry.
    public var token: TokenOrigin?

    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// For values set from Swift rather than from a script.
    public static let host = SourceLocation(file: "<host>", line: 0, column: 0)

    public var description: String { "\(file):\(line)" }

    /// This location with the token its value came from.
    public func carrying(_ token: TokenOrigin?) -> SourceLocation {
        var l = self
        l.token = token
        return l
    }

    public static func == (a: SourceLocation, b: SourceLocation) -> Bool {
        a.line == b.line && a.column == b.column && a.file == b.file
    }

    public func hash(into h: inout Hasher) {
        h.combine(file)
        h.combine(line)
        h.combine(column)
    }
}
