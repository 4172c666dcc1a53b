import Foundation
import StyleCore

/// `stylerun lint [PATH …]`: lints, prints the report on standard output, returns the status.
///
///     exit(LintCommand(paths: ["styles/"], format: .github, maxWarnings: 0).run())
///
/// Status 0 when clean, 1 for errors or more warnings than `maxWarnings`, 2 when a path does
/// not exist (the usage message goes to standard error).
public struct LintCommand {
    public var paths: [String]
    public var format: LintFormat
    public var maxWarnings: Int?
    public var linter: Linter
    /// The tool's version, for SARIF.
    public var version: String

    public init(paths: [String], format: LintFormat = .text, maxWarnings: Int? = nil,
                linter: Linter = Linter(), version: String = "") {
        self.paths = paths
        self.format = format
        self.maxWarnings = maxWarnings
        self.linter = linter
        self.version = version
    }

    public func run() -> Int32 {
        let report: LintReport
        do throws(LintPathError) {
            report = try linter.lint(paths: paths)
        } catch {
            FileHandle.standardError.write(Data("stylerun lint: \(error.message)\n".utf8))
            return 2
        }
        let output = format.render(report, terminal: .detect(fileDescriptor: 1),
                                   source: { try? SourceFile.read($0) }, version: version)
        FileHandle.standardOutput.write(Data(output.utf8))
        return report.exitCode(maxWarnings: maxWarnings)
    }
}
