import StyleCore

/// Why each property of a view has its value (`stylerun app.lua --explain SELECTOR`).
///
///     print(ExplainRenderer().render([button]), terminator: "")
///     // Button#subscribe.primary
///     //   titleColor: #FFFFFF    rule "Button.primary"  examples/subscribe.lua:12
///     //     overridden: #000000  appearance(Button)     examples/subscribe.lua:5
///     //     overridden: nil      default
///
/// For every property with a contribution beyond its kind's default (`explain(_:)` over
/// `View.provenance`), the line that won comes first: the value, the cascade step that wrote
/// it and its `file:line`; beneath it, most recent first, the contributions it overrode, down
/// to the default. A `mver` contribution reads `mver → value`: it transformed the value beneath
/// it. Columns line up across the view (a value over 40 characters does not push them). With
/// colors on, overridden lines are dimmed and their values struck through.
public struct ExplainRenderer: Sendable {
    /// Where the text goes, which decides the styling.
    public var terminal: Terminal
    /// What to add after a `rule ".note"` origin, by selector text: its style's name and where
    /// the rule is written (`Stylesheet.ruleNotes()`).
    public var ruleNotes: [String: String] = [:]
    /// The values controls take in their other states: each state's winners are explained
    /// after the view's own (`in state highlighted:`).
    public var states: StateValues?

    /// A renderer for a terminal (or `.plain` for files and tests).
    ///
    ///     ExplainRenderer(terminal: .detect(fileDescriptor: 1))
    public init(terminal: Terminal = .plain) {
        self.terminal = terminal
    }

    // MARK: Text

    /// The explanation of each view, separated by blank lines, each line ending in a newline.
    ///
    ///     ExplainRenderer().render(matchingViews, skipped: sheet.skippedRules(for:))
    ///
    /// - Parameter skipped: the rules that matched a view but whose style's kind skipped it.
    public func render(_ views: [View], skipped: (View) -> [Rule] = { _ in [] }) -> String {
        views.map { render($0, skipped: skipped($0)) }.joined(separator: "\n")
    }

    /// The explanation of one view: its header, then each property that was styled, then the
    /// rules whose selector matched it but whose style's kind skipped it.
    ///
    ///     ExplainRenderer().render(button)
    public func render(_ view: View, skipped: [Rule] = []) -> String {
        var out = TreeTextRenderer(terminal: terminal).header(of: view) + "\n"
        let explanations = StyleCore.explain(view)
        if view.provenance == nil {
            out += terminal.dim("  (no provenance was recorded for this view)") + "\n"
        } else if explanations.isEmpty {
            out += terminal.dim("  (every property has its default value)") + "\n"
        } else {
            out += Cell.table(explanations.flatMap(rows(of:)), widest: 40)
        }
        for entry in states?[view] ?? [] {
            let explained = entry.changes.compactMap(\.explanation)
            guard !explained.isEmpty else { continue }
            out += "  " + terminal.bold("in state \(entry.name):") + "\n"
            out += Cell.table(explained.flatMap(rows(of:)).map { row in
                [Cell(plain: "  ", styled: "  ") + row[0]] + row.dropFirst()
            }, widest: 40)
        }
        for rule in skipped {
            out += terminal.dim("  skipped: rule \"\(rule.selector.text)\" (\(rule.skipReason(for: view)))  \(rule.location)") + "\n"
        }
        return out
    }

    /// One property's rows: the winner, then what it overrode.
    private func rows(of explanation: PropertyExplanation) -> [[Cell]] {
        let path = explanation.property.path, winner = explanation.winner
        var rows: [[Cell]] = [[
            Cell(plain: "  \(path): ", styled: "  " + terminal.bold(path + ":") + " ")
                + valueCell(winner, overridden: false),
            Cell(plain: originText(winner.origin), styled: terminal.cyan(originText(winner.origin))),
            locationCell(winner.location),
            tokenCell(winner.location?.token, overridden: false),
        ]]
        for contribution in explanation.overridden {
            let lead = Cell(plain: "    overridden: ", styled: "    " + terminal.dim("overridden:") + " ")
            rows.append([
                lead + valueCell(contribution, overridden: true),
                Cell(plain: originText(contribution.origin), styled: terminal.dim(originText(contribution.origin))),
                locationCell(contribution.location),
                tokenCell(contribution.location?.token, overridden: true),
            ])
        }
        return rows
    }

    /// The origin as the table shows it: a rule with its style's name and place, when known.
    private func originText(_ origin: Origin) -> String {
        if case .rule(let selector) = origin, let note = ruleNotes[selector] { return "\(origin) (\(note))" }
        return origin.description
    }

    private func valueCell(_ c: Contribution, overridden: Bool) -> Cell {
        let text = c.value.displayText
        let mark = c.isTransform ? "mver → " : ""
        if overridden {
            return Cell(plain: mark + text, styled: terminal.dim(mark) + terminal.struck(text))
        }
        let styled = c.value.styledText(terminal)
        // A swatch takes room on screen, so it counts towards the column's width.
        let swatch = styled == text ? "" : "██ "
        return Cell(plain: mark + swatch + text, styled: terminal.dim(mark) + styled)
    }

    private func locationCell(_ location: SourceLocation?) -> Cell {
        guard let location else { return Cell(plain: "", styled: "") }
        let text = location.line > 0 ? location.description : location.file
        return Cell(plain: text, styled: terminal.dim(text))
    }

    /// `from token color.danger (brand.tokens.json:4) ← {palette.red.500} (palette.tokens.json:5)`.
    private func tokenCell(_ token: TokenOrigin?, overridden: Bool) -> Cell {
        guard let token else { return Cell(plain: "", styled: "") }
        let text = "from \(token)"
        return Cell(plain: text, styled: overridden ? terminal.dim(text) : terminal.cyan(text))
    }

    // MARK: JSON

    /// The same explanation as JSON: an array with one object per view.
    ///
    ///     ExplainRenderer().json(for: [button])[0]?["properties"]?[0]?["origin"]
    ///     // {"kind": "rule", "selector": "Button.primary"}
    ///
    /// Each view is `{"view", "kind", "id", "classes", "properties", "skipped"}` (`skipped`: the
    /// rules `{"selector", "styleKind", "file", "line"}` that matched but whose style's kind
    /// skipped the view); each property
    /// `{"property", "value", "origin", "transform", "file", "line", "column", "overridden"}` with
    /// `overridden` the earlier contributions, most recent first, in the same shape without
    /// `property` and `overridden`. Origins are `{"kind": "default"}`,
    /// `{"kind": "appearance", "viewKind": "Button"}`, `{"kind": "rule", "selector": "…"}`,
    /// `{"kind": "style", "index": 1, "name": "bolder" | null, "attached": {"how": "with" |
    /// "constructor" | "call", "file", "line", "column"} | null}` or `{"kind": "literal"}`; `file`, `line` and `column`
    /// are null for the default. With `includingDefaults`, properties that only have their
    /// kind's default are listed too (an inspector shows every property). With `states` (and
    /// provenance recorded for them), a control whose other states change values adds
    /// `"states": {"highlighted": [property…], …}`, each state's properties explained alike.
    public func json(for views: [View], includingDefaults: Bool = false, skipped: (View) -> [Rule] = { _ in [] }) -> JSONValue {
        .array(views.map { view in
            let properties = StyleCore.explain(view, includingDefaults: includingDefaults).map(Self.json(of:))
            var members: [(key: String, value: JSONValue)] = [
                (key: "view", value: .string(view.selectorDescription)),
                (key: "kind", value: .string(view.kind.name)),
                (key: "id", value: view.id.map(JSONValue.string) ?? .null),
                (key: "classes", value: .array(view.classes.map(JSONValue.string))),
                (key: "properties", value: .array(properties)),
                (key: "skipped", value: .array(skipped(view).map { rule in
                    ["selector": .string(rule.selector.text), "styleKind": .string(rule.style.kind.name),
                     "file": .string(rule.location.file), "line": .number(Double(rule.location.line))]
                })),
            ]
            if let entries = states?[view] {
                members.append((key: "states", value: .object(entries.map { entry in
                    (key: entry.name, value: .array(entry.changes.compactMap(\.explanation).map(Self.json(of:))))
                })))
            }
            return .object(members)
        })
    }

    /// One property's explanation: `{"property", "value", "origin", …, "overridden"}`.
    private static func json(of e: PropertyExplanation) -> JSONValue {
        var entry = [(key: "property", value: JSONValue.string(e.property.path))]
        entry += members(of: e.winner)
        entry.append((key: "overridden", value: .array(e.overridden.map { .object(members(of: $0)) })))
        return .object(entry)
    }

    /// `json(for:)` pretty-printed, with one trailing newline.
    ///
    ///     print(ExplainRenderer().renderJSON(views), terminator: "")
    public func renderJSON(_ views: [View], skipped: (View) -> [Rule] = { _ in [] }) -> String {
        json(for: views, skipped: skipped).serialized(.pretty) + "\n"
    }

    private static func members(of c: Contribution) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [
            (key: "value", value: c.value.json),
            (key: "origin", value: originJSON(c.origin)),
            (key: "transform", value: .bool(c.isTransform)),
            (key: "file", value: c.location.map { .string($0.file) } ?? .null),
            (key: "line", value: c.location.map { .number(Double($0.line)) } ?? .null),
            (key: "column", value: c.location.map { .number(Double($0.column)) } ?? .null),
        ]
        // Only a value read from a token has one, so that other explanations read as before.
        if let token = c.location?.token { members.append((key: "token", value: tokenJSON(token))) }
        return members
    }

    /// `{"name", "theme", "file", "line", "column", "aliases": [{"name", "file", "line", "column"}]}`.
    static func tokenJSON(_ t: TokenOrigin) -> JSONValue {
        func place(_ name: String, _ l: SourceLocation) -> [(key: String, value: JSONValue)] {
            [(key: "name", value: .string(name)), (key: "file", value: .string(l.file)),
             (key: "line", value: .number(Double(l.line))), (key: "column", value: .number(Double(l.column)))]
        }
        var members = place(t.token, t.location)
        members.insert((key: "theme", value: t.theme.map(JSONValue.string) ?? .null), at: 1)
        members.append((key: "aliases", value: .array(t.chain.map { .object(place($0.token, $0.location)) })))
        return .object(members)
    }

    private static func originJSON(_ origin: Origin) -> JSONValue {
        switch origin {
        case .kindDefault: ["kind": "default"]
        case .appearance(let kind): ["kind": "appearance", "viewKind": .string(kind)]
        case .rule(let selector): ["kind": "rule", "selector": .string(selector)]
        case .viewStyle(let index, let name, let attachment):
            [
                "kind": "style", "index": .number(Double(index)), "name": name.map(JSONValue.string) ?? .null,
                "attached": attachment.map { a in
                    ["how": .string(a.way.rawValue), "file": .string(a.location.file),
                     "line": .number(Double(a.location.line)), "column": .number(Double(a.location.column))]
                } ?? .null,
            ]
        case .literal: ["kind": "literal"]
        }
    }
}

/// A table cell: its plain text, which decides the width, and its styled text.
private struct Cell {
    var plain: String
    var styled: String

    static func + (a: Cell, b: Cell) -> Cell { Cell(plain: a.plain + b.plain, styled: a.styled + b.styled) }

    /// Rows padded so that each column starts at the same place, two spaces after the longest
    /// cell of the column before, not counting cells longer than `widest` (a long string value
    /// should not push every origin to the right edge). Empty trailing cells are left off.
    static func table(_ rows: [[Cell]], widest: Int) -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (i, cell) in row.enumerated() where cell.plain.count <= widest {
                widths[i] = max(widths[i], cell.plain.count)
            }
        }
        var out = ""
        for row in rows {
            let used = row.lastIndex { !$0.plain.isEmpty }.map { $0 + 1 } ?? 0
            for (i, cell) in row.prefix(used).enumerated() {
                out += cell.styled
                if i < used - 1 { out += String(repeating: " ", count: max(widths[i] - cell.plain.count, 0) + 2) }
            }
            out += "\n"
        }
        return out
    }
}
