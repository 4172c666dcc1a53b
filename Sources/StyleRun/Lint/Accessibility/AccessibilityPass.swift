import Foundation
import StyleCore
import StyleLayout
import StyleLua
import StyleText

/// The accessibility checks of lint's dynamic pass on one screen: its tree styled in every
/// combination of `AccessibilityMatrix` (each theme evaluated on its own, as `--theme` does),
/// each rule run on each styled tree, each distinct finding reported once with the
/// combinations it fails in.
///
///     let found = AccessibilityPass(checks: .init()).check(evaluation, file: "app.lua", source: text, options: options)
///
/// Per theme: `low-contrast` in each trait set of the matrix, for each view as styled and for
/// each control in each other state it can take (`StateStyling`); `fixed-font-size` and
/// `small-touch-target` once, at the default traits (a layout at 375 points); `truncated-text`
/// in a layout per content size, the tree restyled for each. A diagnostic points at the line
/// that set the value at fault when the linted file set it, else at the view's constructor, so
/// that `-- stylerun: ignore CODE` there silences it.
struct AccessibilityPass {
    var checks: AccessibilityChecks

    /// How a finding's message names a source location: a stdlib module's line as
    /// `base.lua:151 (stdlib)`, any other as the location says. A module's file is named relative
    /// to the working folder when it lies inside it (`stdlib/base.lua` in a checkout), so it is
    /// made absolute, in `workingFolder`, before it is compared with the stdlib's folders.
    static func naming(stdlibPaths: [String], workingFolder: String) -> (SourceLocation) -> String {
        func absolute(_ path: String) -> String {
            let whole = path.hasPrefix("/") ? path : (workingFolder as NSString).appendingPathComponent(path)
            return (whole as NSString).standardizingPath
        }
        let roots = stdlibPaths.map { absolute($0) }.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        // A screen's findings name a few files many times.
        var modules: [String: Substring?] = [:]
        return { location in
            let module: Substring?
            if let known = modules[location.file] {
                module = known
            } else {
                let path = absolute(location.file)
                module = roots.first(where: path.hasPrefix).map { path.dropFirst($0.count) }
                modules[location.file] = module
            }
            guard let module else { return location.description }
            return "\(module):\(location.line) (stdlib)"
        }
    }

    func check(_ evaluation: Evaluation, file: String, source: String, options: EvaluationOptions) -> [Diagnostic] {
        guard checks.isEnabled, evaluation.root != nil else { return [] }
        var findings = AccessibilityFindings(naming: Self.naming(stdlibPaths: options.stdlibPaths,
                                                                 workingFolder: FileManager.default.currentDirectoryPath))
        var diagnostics: [Diagnostic] = []
        func report(_ errors: [Diagnostic]) {
            for d in errors where d.severity == .error && !diagnostics.contains(d) { diagnostics.append(d) }
        }
        let folder = (file as NSString).deletingLastPathComponent
        let images = ImageDimensions(folder: folder.isEmpty ? "." : folder)
        let engine = LayoutEngine(measurer: FontTextMeasurer(), imageSize: { images.size(of: $0) })
        let themes: [String?] = evaluation.themeNames.isEmpty ? [nil] : evaluation.themeNames
        for theme in themes {
            let themed: Evaluation
            if theme == evaluation.activeTheme {
                themed = evaluation
            } else {
                var themedOptions = options
                themedOptions.theme = theme
                do throws(DiagnosticList) {
                    themed = try Evaluation.evaluate(source: source, chunk: file, folder: folder, options: themedOptions)
                } catch {
                    // The script fails in this theme only: that is a finding of its own.
                    report(error.diagnostics)
                    continue
                }
            }
            guard let root = themed.root else { continue }
            // The theme's tree lives until its findings are added: its views' names and
            // references, and its kinds' slots, are worked out once each, not for each trait set
            // that needs them.
            let cache = TextContrast.TreeCache()
            themed.prepareForApplication()
            let stylesheet = themed.stylesheet
            // One engine for the theme's stylings: a trait set after another prepares again
            // only what depends on the traits.
            let stylingEngine = StyleEngine(stylesheet)
            // What the default styling reports, the run already did for the active theme.
            // `provenance`: false where no finding names the line that set a value (a layout's
            // frames and truncations need the values alone: recording would be work no one reads).
            func styled(_ traits: Traits, provenance: Bool = true) -> Bool {
                stylingEngine.traits = traits
                let styling = Cascade(stylingEngine).apply(to: root, recordingProvenance: provenance)
                guard !styling.contains(where: { $0.severity == .error }) else {
                    if themed !== evaluation || traits != .default { report(styling) }
                    return false
                }
                return true
            }
            let contrast = LowContrastRule(level: checks.contrastLevel)
            // The default traits' layout, for touch targets, worked out on another thread while
            // the other trait sets are styled and looked at: it reads the tree's values as they
            // are when it begins. Its findings are made once the tree is styled for the default
            // traits again, at the end (a styling that succeeded once succeeds again).
            var touchLayout: PendingLayout?
            for traits in AccessibilityMatrix.traitSets {
                guard styled(traits) else { continue }
                if traits == .default {
                    touchLayout = engine.beginLayout(root, options: LayoutOptions(width: AccessibilityMatrix.width, traits: traits))
                }
                for finding in contrast.findings(in: root, traits: traits, cache: cache) {
                    let state: ControlState? = finding.sample.view.kind.isControl ? finding.sample.view.state : nil
                    findings.add(finding.accessibilityFinding, file: file, in: AccessibilityCondition(theme: theme, traits: traits, state: state), cache: cache)
                }
                var controls: [View] = []
                SmallTouchTargetRule.forEachDrawn(root, cache: cache) { if $0.kind.isControl { controls.append($0) } }
                // One rule index for the trait set's controls; a control no state can change
                // looks in every state as it does now, which is counted already.
                let styler = StateStyling.Styler(stylesheet, traits: traits)
                for control in controls where styler.mayDependOnState(control) {
                    for state in AccessibilityMatrix.otherStates(of: control) {
                        let (found, changed, errors) = StateStyling.with(control, in: state, styler: styler) {
                            TextContrast.samples(in: control, screen: ScreenColors(for: traits), cache: cache).compactMap(contrast.finding)
                        }
                        report(errors)
                        // A state that changes nothing looks as the current one: already counted.
                        guard changed else { continue }
                        for finding in found where finding.sample.view === control {
                            findings.add(finding.accessibilityFinding, file: file, in: AccessibilityCondition(theme: theme, traits: traits, state: state), cache: cache)
                        }
                    }
                }
                if traits == .default {
                    let once = AccessibilityCondition(theme: theme, traits: nil)
                    for finding in FixedFontSizeRule().findings(in: root) { findings.add(finding, file: file, in: once, cache: cache) }
                }
            }
            var truncation = TruncatedTextRule()
            if stylesheet.stylingMayDependOnContentSize(of: root) {
                // Each size's layout runs on another thread while the tree is styled for the next
                // size: it reads the values as they are when it begins, and is looked at for the
                // labels drawn at its size.
                var laidOut: (layout: PendingLayout, size: ContentSize, labels: [View])?
                for size in AccessibilityMatrix.contentSizes {
                    let traits = Traits(contentSize: size)
                    guard styled(traits, provenance: false) else { continue }
                    let labels = TruncatedTextRule.drawnLabels(in: root)
                    // Begun once the last size's pass is done: the engine lays out one tree at a time.
                    let pending = engine.beginLayout(root, options: LayoutOptions(width: AccessibilityMatrix.width, traits: traits))
                    if let laidOut { truncation.look(at: laidOut.layout.wait(), contentSize: laidOut.size, labels: laidOut.labels) }
                    laidOut = (pending, size, labels)
                }
                if let laidOut { truncation.look(at: laidOut.layout.wait(), contentSize: laidOut.size, labels: laidOut.labels) }
                // The tree is left styled for the default traits, as the run styled it.
                _ = styled(.default)
            } else {
                // Nothing follows the content size: the tree is styled alike at every size, as
                // for the default traits (which the run styled it for, and leaves it in), and
                // laid out alike.
                stylingEngine.traits = .default
                let styling = Cascade(stylingEngine).apply(to: root)
                if styling.contains(where: { $0.severity == .error }) {
                    report(styling)
                } else {
                    // Laid out alike at every size: a label cut at the smallest is cut from it on,
                    // which is what looking at each size in turn would keep.
                    let layout = engine.layout(root, options: LayoutOptions(width: AccessibilityMatrix.width, traits: .default))
                    if let smallest = AccessibilityMatrix.contentSizes.min() { truncation.look(at: layout, contentSize: smallest) }
                }
            }
            // The tree is styled for the default traits again: the touch targets' layout is of it.
            if let layout = touchLayout?.wait() {
                let once = AccessibilityCondition(theme: theme, traits: nil)
                for finding in SmallTouchTargetRule().findings(in: root, layout: layout) { findings.add(finding, file: file, in: once, cache: cache) }
            }
            for finding in truncation.findings() { findings.add(finding, file: file, in: AccessibilityCondition(theme: theme, traits: nil), cache: cache) }
        }
        return diagnostics + findings.diagnostics()
    }
}

/// Findings gathered across the matrix: each distinct one once, with every combination it
/// was seen in, in the order first seen.
struct AccessibilityFindings {
    /// How a message names a source location (`base.lua:151 (stdlib)`).
    private let naming: (SourceLocation) -> String
    /// Each distinct finding in the order first seen, with the combinations it was seen in.
    private var found: [(key: Key, finding: AccessibilityFinding, conditions: [AccessibilityCondition])] = []
    /// Where each finding is in `found`.
    private var positions: [Key: Int] = [:]

    /// A finding's identity: its rule, place, view and message (texts as bytes: `ByteText`).
    private struct Key: Hashable {
        var code: Diagnostic.Code
        var location: SourceLocation
        var view: ByteText
        var message: ByteText
    }

    init(naming: @escaping (SourceLocation) -> String) {
        self.naming = naming
    }

    /// `cache`: the finding's tree's views' references, which live while it does.
    mutating func add(_ finding: AccessibilityFinding, file: String, in condition: AccessibilityCondition, cache: TextContrast.TreeCache) {
        let location = finding.location(file: file)
        let reference = cache.reference(of: finding.view)
        // The message as it is reported: made once here, it tells findings apart and is the
        // diagnostic's text.
        let key = Key(code: finding.code, location: location, view: ByteText(reference), message: ByteText(finding.message(naming)))
        if let i = positions[key] {
            if !found[i].conditions.contains(condition) { found[i].conditions.append(condition) }
        } else {
            positions[key] = found.count
            found.append((key, finding, [condition]))
        }
    }

    func diagnostics() -> [Diagnostic] {
        found.map { entry in
            let conditions = entry.conditions.map(\.description).filter { !$0.isEmpty }
            let fails = conditions.isEmpty ? "." : ". Fails in \(conditions.joined(separator: "; "))."
            return Diagnostic(entry.key.code, entry.key.message.text + fails, at: entry.key.location, severity: entry.finding.severity)
        }
    }
}
