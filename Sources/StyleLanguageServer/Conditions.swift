import StyleCore
import StyleRun

/// Completion and hover for states and traits (REFERENCE §1.12): pseudo-classes in a rule's
/// selector, state names in `when("…")`, and the keys and values of a `when { … }` condition.
/// Every name comes from the core's tables (`ControlState.named`, `Traits.Name`), never a list
/// of its own.
extension Features {
    /// Where the cursor is in a `when` condition.
    enum ConditionSpot {
        /// A key of a condition table: `state` or a trait's name.
        case key
        /// A string naming states: `when("…")`, or `state = "…"` in a table.
        case states
        /// A string that is a value of `trait`.
        case value(Traits.Name)
    }

    /// The condition part a string starting at `start` is, if any.
    func conditionSpot(ofStringAt start: Int, _ context: CursorContext) -> ConditionSpot? {
        if let call = context.enclosingCall, call.callee == ["when"], call.argument == 0 { return .states }
        guard let table = context.enclosingTable else { return nil }
        var key = context.keyBeforeValue(at: start)
        var condition = table.open
        if key == nil {
            // `state = { "selected", "|" }`: a list inside the condition.
            guard let outer = context.brackets.dropLast().last, outer.byte == UInt8(ascii: "{"),
                  let listKey = context.keyBeforeValue(at: table.open) else { return nil }
            key = listKey
            condition = outer.offset
        }
        guard let key, context.isWhenCondition(tableAt: condition) else { return nil }
        if key == "state" { return .states }
        return Traits.Name(rawValue: key).map { .value($0) }
    }

    /// Completions for a spot of a condition: `edit` replaces the name being typed.
    func conditionItems(_ spot: ConditionSpot, edit: LSPRange) -> [JSONValue] {
        switch spot {
        case .key:
            return [Self.item("state", kind: 10, detail: "state or list of states", doc: Self.stateKeyDoc, edit: edit, insert: "state = ", sort: "0state")]
                + Traits.Name.allCases.enumerated().map { i, trait in
                    Self.item(trait.rawValue, kind: 10, detail: "trait · default \(trait.values[0])", doc: Self.traitDoc(trait),
                              edit: edit, insert: "\(trait.rawValue) = ", sort: "1\(i)")
                }
        case .states:
            return stateItems(edit: edit)
        case .value(let trait):
            return trait.values.enumerated().map { i, value in
                Self.item(value, kind: 20, detail: "\(trait.rawValue)" + (i == 0 ? " · default" : ""), doc: Self.traitDoc(trait),
                          edit: edit, sort: String(format: "%02d", i))
            }
        }
    }

    /// The five states, in `UIControl.State`'s order.
    func stateItems(edit: LSPRange) -> [JSONValue] {
        ControlState.named.enumerated().map { i, state in
            Self.item(state.name, kind: 20, detail: "control state", doc: ControlState.explanation(of: state.state), edit: edit,
                      sort: "\(i)")
        }
    }

    /// The name at `offset` inside a string's `content` (which starts at byte `start` of the
    /// document), with the byte before it: `highlighted` and `:` in `"Button:highlighted"`.
    static func word(in content: [UInt8], start: Int, at offset: Int) -> (text: String, range: Range<Int>, before: UInt8?)? {
        let at = offset - start
        guard at >= 0, at <= content.count else { return nil }
        var s = at, e = at
        while s > 0, CursorContext.isNameByte(content[s - 1]) { s -= 1 }
        while e < content.count, CursorContext.isNameByte(content[e]) { e += 1 }
        guard s < e else { return nil }
        return (String(decoding: content[s..<e], as: UTF8.self), (start + s)..<(start + e), s > 0 ? content[s - 1] : nil)
    }

    /// Hover for a name in a condition or a pseudo-class: a state, a trait, or a trait's value.
    static func conditionHover(_ spot: ConditionSpot, word: String) -> String? {
        switch spot {
        case .key:
            if word == "state" { return "**state** (condition)\n\n" + stateKeyDoc }
            return Traits.Name(rawValue: word).map(traitDoc)
        case .states:
            return stateHover(word)
        case .value(let trait):
            guard trait.values.contains(word) else {
                return "`\(word)` is not a value of **\(trait.rawValue)**.\n\n" + traitDoc(trait)
            }
            return "`\(word)`: a value of **\(trait.rawValue)**" + (word == trait.values[0] ? " (the default)" : "") + ".\n\n" + traitDoc(trait)
        }
    }

    static func stateHover(_ name: String) -> String? {
        guard case .success(let state) = ControlState.parse(name) else { return nil }
        return "**\(name)** (control state)\n\n" + ControlState.explanation(of: state)
    }

    /// `colorScheme` (trait): its values, the default first, and how a condition tests it.
    static func traitDoc(_ trait: Traits.Name) -> String {
        var text = "**\(trait.rawValue)** (trait): " + trait.values.enumerated().map { i, v in i == 0 ? "`\(v)` (default)" : "`\(v)`" }
            .joined(separator: ", ")
        text += "\n\nA condition gives it a value or a list of values (any of them)"
        if trait == .contentSize {
            let ordered = ContentSize.allCases.map(\.rawValue)
            text += ", or a comparison: " + Condition.Comparison.allCases.map { "`\($0.rawValue) size`" }.joined(separator: ", ")
                + ", sizes ordered from `\(ordered.first!)` to `\(ordered.last!)`"
        }
        return text + "."
    }

    static var stateKeyDoc: String {
        "The control states the view must be in: " + ControlState.names.map { "`\($0)`" }.joined(separator: ", ")
            + "; a list holds when any does, `a+b` asks for both."
    }
}

extension CursorContext {
    /// Whether the `{` at `open` is a `when` condition: `when({ … }, s)` or `when { … }`.
    func isWhenCondition(tableAt open: Int) -> Bool {
        if callee(ofBracketAt: open) == ["when"] { return true }
        let k = skipBlanksBack(from: open)
        return k >= 0 && bytes[k] == UInt8(ascii: "(") && callee(ofBracketAt: k) == ["when"] && commas(from: k + 1, to: open) == 0
    }
}
