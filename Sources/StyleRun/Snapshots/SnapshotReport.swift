import StyleCore

/// What `stylerun snapshot` found: one result per script and theme (and per script that could
/// not be evaluated, and per snapshot without a script), and the scripts that are not screens.
public struct SnapshotReport: Sendable {
    public var results: [SnapshotResult]
    /// Scripts that returned no view (modules, stylesheets): not screens, no snapshot.
    public var skipped: [String]

    public init(results: [SnapshotResult], skipped: [String]) {
        self.results = results
        self.skipped = skipped
    }

    /// Whether anything failed: a difference, a missing snapshot under CI, a script that
    /// cannot be evaluated, a snapshot without its script, a screenshot that differs.
    public var failed: Bool { results.contains { $0.fails } }

    /// 0 when nothing failed, else 1.
    public var exitCode: Int32 { failed ? 1 : 0 }

    /// How many results have each status, in `SnapshotResult.Status` order, leaving out zeros.
    public var counts: [(status: SnapshotResult.Status, count: Int)] {
        SnapshotResult.Status.allCases.compactMap { status in
            let n = results.filter { $0.status == status }.count
            return n > 0 ? (status, n) : nil
        }
    }
}

/// The outcome for one script in one theme, or for a snapshot file without its script.
public struct SnapshotResult: Sendable {
    public enum Status: String, CaseIterable, Sendable {
        /// The recorded snapshot matches the screen.
        case matched
        /// The screen differs from its snapshot (not rewritten: no `--update`).
        case changed
        /// `--update` rewrote the snapshot with the differences listed.
        case updated
        /// No snapshot was recorded, and under CI none is written.
        case missing
        /// No snapshot was recorded, and it has now been written.
        case recorded
        /// The script could not be evaluated or styled, or a file could not be written.
        case failed
        /// A snapshot whose script is gone, returns no view, or no longer declares the theme.
        case obsolete
        /// `--update` deleted an obsolete snapshot.
        case deleted
    }

    /// The script, as found under the paths given.
    public var script: String
    /// The theme; nil when the script declares none (or for a script that failed).
    public var theme: String?
    /// The traits the screen was styled for.
    public var traits: Traits = .default
    /// The `--state` assignments its tree was given, in order.
    public var states: [String] = []
    /// The snapshot file.
    public var file: String
    public var status: Status
    public var differences: [SnapshotDifference] = []
    public var diagnostics: [Diagnostic] = []
    /// Why, for an obsolete snapshot or a failure without diagnostics.
    public var message: String?
    /// The screenshot's comparison, with `--images`.
    public var image: ImageResult?

    public init(script: String, theme: String?, file: String, status: Status, differences: [SnapshotDifference] = [],
                diagnostics: [Diagnostic] = [], message: String? = nil, image: ImageResult? = nil) {
        self.script = script
        self.theme = theme
        self.file = file
        self.status = status
        self.differences = differences
        self.diagnostics = diagnostics
        self.message = message
        self.image = image
    }

    /// Whether this result makes the command fail.
    public var fails: Bool {
        [.changed, .missing, .failed, .obsolete].contains(status) || image?.fails == true
    }

    /// `examples/subscribe.lua (theme "dark")`, `examples/subscribe.lua (colorScheme=dark)`,
    /// `examples/subscribe.lua (#subscribe=highlighted)`, or the script alone.
    public var name: String {
        var what = theme.map { ["theme \"\($0)\""] } ?? []
        if !traits.isDefault { what.append(traits.description) }
        what += states
        return what.isEmpty ? script : "\(script) (\(what.joined(separator: ", ")))"
    }
}

/// The outcome of comparing one screenshot with its recorded PNG.
public struct ImageResult: Sendable {
    public enum Status: String, Sendable {
        case matched, changed, updated, missing, recorded, failed
    }

    public var file: String
    public var status: Status
    /// Pixels that differ by more than the channel threshold, and all pixels.
    public var differentPixels: Int = 0
    public var totalPixels: Int = 0
    /// The diff image written for a difference.
    public var diffFile: String?
    /// Why, for a failure or a difference of size.
    public var message: String?

    public init(file: String, status: Status, differentPixels: Int = 0, totalPixels: Int = 0,
                diffFile: String? = nil, message: String? = nil) {
        self.file = file
        self.status = status
        self.differentPixels = differentPixels
        self.totalPixels = totalPixels
        self.diffFile = diffFile
        self.message = message
    }

    public var fails: Bool { [.changed, .missing, .failed].contains(status) }

    /// `312 of 380700 pixels (0.08%)`.
    public var differenceText: String {
        let percent = totalPixels > 0 ? Double(differentPixels) / Double(totalPixels) * 100 : 0
        return "\(differentPixels) of \(totalPixels) pixels (\(formatNumber((percent * 100).rounded() / 100))%)"
    }
}
