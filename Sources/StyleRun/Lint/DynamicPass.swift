import Foundation
import StyleCore
import StyleLua

/// Lint's dynamic pass over one file: run it and report what running finds.
///
/// A seam for where the evaluation happens: in this process (`InProcessDynamicPass`) or in a
/// child process that a crash or a runaway script cannot take down with the linter.
public protocol DynamicPass: Sendable {
    /// Every diagnostic found by evaluating `file` (as the user named it), whose text is `source`.
    func check(file: String, source: String) -> [Diagnostic]
}

/// Evaluates a file in this process, in a Lua state of its own, in collecting mode.
///
///     let pass = InProcessDynamicPass(schema: .standard, limits: Linter.defaultLimits, stdlibPaths: [])
///     pass.check(file: "app.lua", source: text)    // [unknown-property at 3:10, …]
///
/// An API error does not stop the script: it is recorded and the call yields a poisoned value,
/// so later mistakes are reported too. When the script has run, its tree is styled and every
/// function style is run against a probe view of each kind it was composed into
/// (`Evaluation.probe()`). Lua's own errors (syntax, runtime, limits) end the file's run and
/// are reported with what was found before them. A file that returns a view is then checked
/// for accessibility (`AccessibilityPass`).
public struct InProcessDynamicPass: DynamicPass {
    public var schema: Schema
    public var limits: Limits
    /// Where `require` looks after the script's folder, in order.
    public var stdlibPaths: [String]
    /// The accessibility checks run on each screen (a file that returns a view).
    public var accessibility: AccessibilityChecks

    public init(schema: Schema = .standard, limits: Limits = Linter.defaultLimits, stdlibPaths: [String] = Runtime.defaultStdlibPaths,
                accessibility: AccessibilityChecks = .init()) {
        self.schema = schema
        self.limits = limits
        self.stdlibPaths = stdlibPaths
        self.accessibility = accessibility
    }

    public func check(file: String, source: String) -> [Diagnostic] {
        let options = EvaluationOptions(limits: limits, stdlibPaths: stdlibPaths, schema: schema, collectsDiagnostics: true)
        let folder = (file as NSString).deletingLastPathComponent
        do throws(DiagnosticList) {
            let evaluation = try Evaluation.evaluate(source: source, chunk: file, folder: folder, options: options)
            let recorded = evaluation.diagnostics
            let probed = evaluation.probe()
            return recorded + probed + AccessibilityPass(checks: accessibility).check(evaluation, file: file, source: source, options: options)
        } catch {
            return error.diagnostics
        }
    }
}

/// A dynamic pass that checks many files at once more cheaply than one at a time, such as one
/// child process for many files (`IsolatedDynamicPass`). The linter reads every file first, then
/// hands it every file it could read in a single call while the static pass runs on other
/// threads; the results for a file that does not parse are dropped.
public protocol BatchedDynamicPass: DynamicPass {
    /// Every diagnostic found by evaluating each script, in the order of `scripts`.
    func check(scripts: [LintScript]) -> [[Diagnostic]]
}

/// A file to evaluate: its name as the user gave it, and its text as the static pass read it.
public struct LintScript: Sendable, Hashable {
    public var file: String
    public var source: String

    public init(file: String, source: String) {
        self.file = file
        self.source = source
    }
}
