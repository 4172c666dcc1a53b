import StyleCore

/// A finding of one of lint's accessibility rules, before it is gathered across the matrix: the
/// rule, the view, where it is reported, and its message.
///
/// The message takes a way to write source locations (`base.lua:151 (stdlib)`).
public struct AccessibilityFinding {
    public let code: Diagnostic.Code
    public let view: View
    /// The line that set the value at fault, when the cascade recorded one; else the view's.
    public let setAt: SourceLocation?
    public let severity: Diagnostic.Severity
    public let message: ((SourceLocation) -> String) -> String

    public init(code: Diagnostic.Code, view: View, setAt: SourceLocation?, severity: Diagnostic.Severity,
                message: @escaping ((SourceLocation) -> String) -> String) {
        self.code = code
        self.view = view
        self.setAt = setAt
        self.severity = severity
        self.message = message
    }

    /// Where lint reports it: the line that set the value when the linted file set it, else the
    /// view's constructor, else the other of the two.
    func location(file: String) -> SourceLocation {
        let built = view.location
        if let setAt, setAt.file == file { return setAt }
        if let built, built.file == file { return built }
        return setAt ?? built ?? SourceLocation(file: file, line: 1)
    }
}

extension LowContrastFinding {
    var accessibilityFinding: AccessibilityFinding {
        AccessibilityFinding(code: LowContrastRule.code, view: sample.view, setAt: sample.color.location, severity: severity,
                             message: { self.message(naming: $0) })
    }
}
