import Synchronization

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

extension SourceLocation {
    /// File names, one storage each for the whole process (`interned(file:)`).
    private static let files = Mutex<[String: String]>([:])
    /// Beyond this many names, a new one is returned as it is (a server that names every
    /// buffer it evaluates does not grow the table without end).
    private static let fileLimit = 4096

    /// `name`, as the one string the process keeps for it. A reload makes every location again:
    /// with one storage per name, the previous evaluation's locations and the new ones compare
    /// their files by identity (a restyle compares every literal's and style's location with
    /// the one it had) instead of byte by byte. Names short enough to be held inline compare
    /// by their bits anyway and are not kept.
    public static func interned(file name: String) -> String {
        guard name.utf8.count > 15 else { return name }
        return files.withLock { files in
            if let known = files[name] { return known }
            if files.count < fileLimit { files[name] = name }
            return name
        }
    }
}
