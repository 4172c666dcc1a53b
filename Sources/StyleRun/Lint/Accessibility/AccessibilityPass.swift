import Foundation
import StyleCore
import StyleLua

/// The accessibility checks of lint's dynamic pass on one screen: its tree styled in every
/// combination of `AccessibilityMatrix` (each theme evaluated on its own, as `--theme` does),
/// each rule run on each styled tree, each distinct finding reported once with the
/// combinations it fails in.
///
///     let found = AccessibilityPass(checks: .init()).check(evaluation, file: "app.lua", source: text, options: options)
///
/// A diagnostic points at the line that set the text colour when the linted file set it, else
/// at the view's constructor, so that `-- stylerun: ignore low-contrast` there silences it.
struct AccessibilityPass {
    var checks: AccessibilityChecks

    func check(_ evaluation: Evaluation, file: String, source: String, options: EvaluationOptions) -> [Diagnostic] {
        guard checks.isEnabled, evaluation.root != nil else { return [] }
        var findings = AccessibilityFindings()
        var diagnostics: [Diagnostic] = []
        let themes: [String?] = evaluation.themeNames.isEmpty ? [nil] : evaluation.themeNames
        for theme in themes {
            let themed: Evaluation
            if theme == evaluation.activeTheme {
                themed = evaluation
            } else {
                var themedOptions = options
                themedOptions.theme = theme
                do throws(DiagnosticList) {
                    themed = try Evaluation.evaluate(source: source, chunk: file, folder: (file as NSString).deletingLastPathComponent,
                                                     options: themedOptions)
                } catch {
                    // The script fails in this theme only: that is a finding of its own.
                    diagnostics += error.diagnostics.filter { $0.severity == .error }
                    continue
                }
            }
            guard let root = themed.root else { continue }
            for traits in AccessibilityMatrix.traitSets {
                themed.prepareForApplication()
                let styling = Cascade(themed.stylesheet).apply(to: root, recordingProvenance: true)
                guard !styling.contains(where: { $0.severity == .error }) else {
                    if themed !== evaluation { diagnostics += styling.filter { $0.severity == .error } }
                    continue
                }
                for finding in LowContrastRule(level: checks.contrastLevel).findings(in: root, traits: traits) {
                    findings.add(finding, file: file, in: AccessibilityCondition(theme: theme, traits: traits,
                                                                     state: Self.state(of: finding.sample.view)))
                }
            }
        }
        let stdlib = options.stdlibPaths.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        let naming = { (location: SourceLocation) -> String in
            guard let root = stdlib.first(where: location.file.hasPrefix) else { return location.description }
            return "\(location.file.dropFirst(root.count)):\(location.line) (stdlib)"
        }
        return diagnostics + findings.diagnostics(file: file, naming: naming)
    }

    /// A control's state as its properties give it; nil for a view that is not a control.
    static func state(of view: View) -> ControlState? {
        guard view.kind.isA(Schema.button) || view.kind.isA(Schema.textField) else { return nil }
        return view["isEnabled"] == .bool(false) ? .disabled : .normal
    }
}

/// Findings gathered across the matrix: each distinct one once, with every combination it
/// was seen in, in the order first seen.
struct AccessibilityFindings {
    private var order: [Key] = []
    private var found: [Key: (finding: LowContrastFinding, conditions: [AccessibilityCondition])] = [:]

    private struct Key: Hashable {
        var code: Diagnostic.Code
        var location: SourceLocation
        var view: String
        var message: String
    }

    mutating func add(_ finding: LowContrastFinding, file: String, in condition: AccessibilityCondition) {
        let location = Self.location(of: finding, file: file)
        let key = Key(code: LowContrastRule.code, location: location, view: finding.sample.view.reference, message: finding.message)
        if found[key] == nil {
            order.append(key)
            found[key] = (finding, [])
        }
        if !found[key]!.conditions.contains(condition) { found[key]!.conditions.append(condition) }
    }

    /// Where a finding is reported: the line that set the text colour, else the view's constructor.
    private static func location(of finding: LowContrastFinding, file: String) -> SourceLocation {
        let set = finding.sample.color.location, built = finding.sample.view.location
        if let set, set.file == file { return set }
        if let built, built.file == file { return built }
        return set ?? built ?? SourceLocation(file: file, line: 1)
    }

    func diagnostics(file: String, naming: (SourceLocation) -> String) -> [Diagnostic] {
        order.map { key in
            let entry = found[key]!
            let conditions = entry.conditions.map(\.description).joined(separator: "; ")
            return Diagnostic(key.code, "\(entry.finding.message(naming: naming)). Fails in \(conditions).", at: key.location,
                              severity: entry.finding.severity)
        }
    }
}
