import Foundation
import StyleCore

/// Watch events as a designer reads them in the terminal (`stylerun watch`, text format).
///
///     let renderer = ReloadEventRenderer(terminal: .detect(fileDescriptor: 1))
///     print(renderer.render(event, isInitial: false), terminator: "")
///     // Reloaded in 1.7 ms: 2 changes.
///     //   #subscribe  titleColor: #000000 → #FFFFFF
///     //               layer.cornerRadius: 4 → 6
///
/// The changed properties are grouped by view in the order of the tree, the view names in a
/// column, values as `Value.displayText` spells them. A failure ends with "keeping the last good
/// styles"; its diagnostics are rendered by `DiagnosticRenderer` (standard error, REFERENCE §2.2).
/// With colors on, views are bold, old values dim, new ones green, colors with a swatch.
public struct ReloadEventRenderer: Sendable {
    /// Where the text goes, which decides the styling.
    public var terminal: Terminal

    /// A renderer for `terminal`.
    ///
    ///     ReloadEventRenderer(terminal: .plain)
    public init(terminal: Terminal = .plain) {
        self.terminal = terminal
    }

    /// The lines of one event, each ending in a newline; `isInitial` for the first load.
    ///
    ///     ReloadEventRenderer().render(.failed(milliseconds: 1.2, diagnostics: errors), isInitial: false)
    ///     // Reload failed in 1.2 ms; keeping the last good styles.
    public func render(_ event: ReloadEvent, isInitial: Bool) -> String {
        let time = Self.format(event.milliseconds)
        switch event {
        case .failed:
            return isInitial
                ? terminal.red("Load failed") + " in \(time) ms; nothing is styled yet. Fix the script and save.\n"
                : terminal.red("Reload failed") + " in \(time) ms; " + terminal.bold("keeping the last good styles.") + "\n"
        case .reloaded(_, let files, let changes):
            if isInitial {
                let views = Set(changes.map(\.view)).count
                let modules = files.dropFirst()
                let loaded = files.first.map { $0 + (modules.isEmpty ? "" : " and " + modules.joined(separator: ", ")) } ?? ""
                return terminal.green("Loaded") + " \(loaded) in \(time) ms: \(Self.count(changes.count, "property", "properties")) "
                    + "styled on \(Self.count(views, "view", "views")). Watching for saves; Ctrl-C to stop.\n"
            }
            guard !changes.isEmpty else { return terminal.green("Reloaded") + " in \(time) ms: no property changed.\n" }
            return terminal.green("Reloaded") + " in \(time) ms: \(Self.count(changes.count, "change", "changes")).\n"
                + render(changes)
        }
    }

    /// The changes grouped by view: `  #subscribe  titleColor: #000000 → #FFFFFF`.
    ///
    ///     ReloadEventRenderer().render(changes)
    public func render(_ changes: [PropertyChange]) -> String {
        var order: [String] = []
        var byView: [String: [PropertyChange]] = [:]
        for change in changes {
            if byView[change.view] == nil { order.append(change.view) }
            byView[change.view, default: []].append(change)
        }
        let width = order.map(\.count).max() ?? 0
        var out = ""
        for view in order {
            for (i, change) in byView[view, default: []].enumerated() {
                let name = i == 0 ? terminal.bold(view) : ""
                out += "  " + name + String(repeating: " ", count: width - (i == 0 ? view.count : 0) + 2)
                out += terminal.dim(change.property + ":") + " " + terminal.dim(change.old.styledText(terminal))
                out += " → " + terminal.green(change.new.styledText(terminal)) + "\n"
            }
        }
        return out
    }

    /// `1.7`: tenths of a millisecond, as the JSON events round them.
    private static func format(_ ms: Double) -> String {
        String(format: "%.1f", ms)
    }

    private static func count(_ n: Int, _ one: String, _ many: String) -> String {
        "\(n) \(n == 1 ? one : many)"
    }
}
