/// An error or warning about a user's script, with where it is and what to do about it.
///
/// Diagnostics are values: the runtime throws or collects them, and one place renders them as
/// `file:line:col: severity: message [code]`.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning
    }

    public var file: String
    public var line: Int
    public var column: Int
    public var endLine: Int
    public var endColumn: Int
    public var severity: Severity
    public var code: Code
    public var message: String
    public var suggestions: [String]

    public init(_ code: Code, _ message: String, at location: SourceLocation, length: Int = 0,
                severity: Severity = .error, suggestions: [String] = []) {
        self.file = location.file
        self.line = location.line
        self.column = max(location.column, 1)
        self.endLine = location.line
        self.endColumn = max(location.column, 1) + max(length, 0)
        self.severity = severity
        self.code = code
        self.message = message
        self.suggestions = suggestions
    }

    public var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    /// `file:line:col: error: message [code]`.
    public var description: String {
        "\(file):\(line):\(column): \(severity.rawValue): \(message) [\(code.rawValue)]"
    }

    /// A stable code, the part in brackets; tools and suppressions refer to it.
    public struct Code: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        public let rawValue: String
        /// The code as diagnostics print it: `unknown-property`.
        public var description: String { rawValue }
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }

        public static let unknownProperty: Code = "unknown-property"
        public static let typeMismatch: Code = "type-mismatch"
        public static let invalidEnum: Code = "invalid-enum"
        public static let outOfRange: Code = "out-of-range"
        public static let kindMismatch: Code = "kind-mismatch"
        public static let unknownKind: Code = "unknown-kind"
        public static let undefinedGlobal: Code = "undefined-global"
        public static let undefinedToken: Code = "undefined-token"
        public static let syntaxError: Code = "syntax-error"
        public static let runtimeError: Code = "runtime-error"
        public static let limitExceeded: Code = "limit-exceeded"
        public static let badArgument: Code = "bad-argument"
        public static let badSelector: Code = "bad-selector"
        public static let duplicateID: Code = "duplicate-id"
        public static let missingToken: Code = "missing-token"
        public static let unknownTheme: Code = "unknown-theme"
        public static let badReturn: Code = "bad-return"
        public static let moduleNotFound: Code = "module-not-found"
        public static let requireCycle: Code = "require-cycle"
        public static let sandbox: Code = "sandbox"
        public static let fileNotFound: Code = "file-not-found"
        public static let notAFile: Code = "not-a-file"
        public static let unreadableFile: Code = "unreadable-file"
        public static let kindDeclaration: Code = "kind-declaration"
        public static let unknownMember: Code = "unknown-member"
        /// A trait name or value that does not exist (`colorSheme`, `contentSize = "huge"`).
        public static let unknownTrait: Code = "unknown-trait"
        /// A control state that does not exist, or a state pseudo-class on a kind that is not a
        /// control (`:hilighted`, `Label:disabled`).
        public static let unknownState: Code = "unknown-state"
        // Warnings of the static pass (`stylerun lint`).
        public static let duplicateSet: Code = "duplicate-set"
        public static let grid: Code = "grid"
        public static let colorLiteral: Code = "color-literal"
        /// A `when` whose condition no state and traits satisfy where it is used.
        public static let neverHolds: Code = "never-holds"
        // Warnings of the cascade.
        public static let overriddenLiteral: Code = "overridden-literal"
        public static let unmatchedRule: Code = "unmatched-rule"
        // Accessibility checks of lint's dynamic pass (REFERENCE §2.3).
        public static let lowContrast: Code = "low-contrast"
        public static let fixedFontSize: Code = "fixed-font-size"
        public static let smallTouchTarget: Code = "small-touch-target"
        public static let truncatedText: Code = "truncated-text"
        // Warnings of values.
        public static let rgbScale: Code = "rgb-scale"
        // Warnings of layout.
        /// A font a view names that is not installed: its text is measured in a stand-in.
        public static let missingFont: Code = "missing-font"
        /// A tree too deep to lay out (`LayoutEngine.maximumDepth`): no frames.
        public static let layoutTooDeep: Code = "layout-too-deep"
    }
}

/// Several diagnostics thrown together (a stylesheet that failed to load).
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
