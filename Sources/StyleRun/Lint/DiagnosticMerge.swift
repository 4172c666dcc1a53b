import StyleCore

/// Joins what the static pass and the dynamic pass found about one file.
///
/// The two passes often find the same mistake: a typo'd key path the script also ran into.
/// A static and a dynamic diagnostic with the same file, line and code are one finding; the
/// better located is kept (a real column over column 1, then suggestions, then a precise
/// range), the static one on a tie. Within one pass, only exact repeats of a location are
/// dropped (the cascade and a probe reaching the same line), so two mistakes on one line stay two.
///
///     DiagnosticMerge.merge(static: checker.check(source: s, file: f), dynamic: pass.check(file: f, source: s))
enum DiagnosticMerge {
    private struct Key: Hashable {
        let file: String
        let line: Int
        let code: Diagnostic.Code
    }

    private struct Spot: Hashable {
        let key: Key
        let column: Int
        /// For an accessibility finding, its message: one view's text can fail in two ways at
        /// one spot (its colour in light and in dark, its normal and its highlighted title).
        let message: ByteText?
    }

    /// The codes of lint's accessibility checks, whose distinct findings at one spot all stay.
    static let accessibilityCodes: Set<Diagnostic.Code> = [.lowContrast, .fixedFontSize, .smallTouchTarget, .truncatedText]

    static func merge(static found: [Diagnostic], dynamic: [Diagnostic]) -> [Diagnostic] {
        var kept = unique(found)
        var positions: [Key: [Int]] = [:]
        for (i, d) in kept.enumerated() { positions[key(d), default: []].append(i) }
        for d in unique(dynamic) {
            guard let matches = positions[key(d)] else {
                kept.append(d)
                continue
            }
            // The same finding; replace the static one only if the dynamic one is better placed.
            if matches.allSatisfy({ quality(kept[$0]) < quality(d) }) {
                kept[matches[0]] = d
            }
        }
        return sorted(kept)
    }

    /// By file, line, column, then code and message, so that equal inputs print equally.
    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.sorted {
            ($0.file, $0.line, $0.column, $0.code.rawValue, $0.message)
                < ($1.file, $1.line, $1.column, $1.code.rawValue, $1.message)
        }
    }

    /// One diagnostic per file, line, code and column, the first found (per message, for an
    /// accessibility finding).
    private static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<Spot>(minimumCapacity: diagnostics.count)
        return diagnostics.filter { d in
            seen.insert(Spot(key: key(d), column: d.column, message: accessibilityCodes.contains(d.code) ? ByteText(d.message) : nil)).inserted
        }
    }

    private static func key(_ d: Diagnostic) -> Key { Key(file: d.file, line: d.line, code: d.code) }

    /// How precisely a diagnostic is placed and how much it helps, compared lexicographically.
    private static func quality(_ d: Diagnostic) -> (Int, Int, Int) {
        (d.column > 1 ? 1 : 0, d.suggestions.isEmpty ? 0 : 1, d.endLine > d.line || d.endColumn > d.column ? 1 : 0)
    }
}
