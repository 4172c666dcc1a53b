/// Questions `--explain` asks besides "what won": which rules matched a view but skipped it,
/// and, when a selector matches nothing, which names that do exist come closest.

extension Stylesheet {
    /// The rules whose selector matches `view` but whose style is of a kind the view is not
    /// (`rule(".note", labelStyle)` on a TextField): the cascade skips them silently.
    ///
    ///     sheet.skippedRules(for: field).map(\.selector.text)   // [".note"]
    public func skippedRules(for view: View) -> [Rule] {
        rules.filter { !view.kind.isA($0.style.kind) && $0.selector.matches(view) }
    }
}

extension Rule {
    /// Why the rule skipped `view`, as explain says it.
    public func skipReason(for view: View) -> String {
        "\(style.kind.article) style; \(view.kind.name) is not \(style.kind.article)"
    }
}

/// The nearest names of a tree to those of a selector that matched none of its views.
public enum SelectorNearMiss {
    /// The selector with each `#id`, `.class` and kind that no view of the tree has replaced by
    /// the closest one that some view has; nil when nothing close was found.
    ///
    ///     SelectorNearMiss.suggestion(for: "#subscibe", in: root)   // "#subscribe"
    public static func suggestion(for selector: String, in root: View) -> String? {
        var ids = Set<String>(), classes = Set<String>(), kinds = Set<String>()
        root.forEachInTree { view in
            if let id = view.id { ids.insert(id) }
            classes.formUnion(view.classes)
            var kind: Kind? = view.kind
            while let k = kind { kinds.insert(k.name); kind = k.superKind }
        }
        var out = "", changed = false
        var rest = Substring(selector)
        while let c = rest.first {
            guard c == "#" || c == "." || c.isLetter || c == "_" else {
                out.append(c)
                rest = rest.dropFirst()
                continue
            }
            let sigil = (c == "#" || c == ".") ? String(c) : ""
            let name = String(rest.dropFirst(sigil.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
            rest = rest.dropFirst(sigil.count + name.count)
            let known = sigil == "#" ? ids : sigil == "." ? classes : kinds
            if !known.contains(name), let near = Suggestion.closest(to: name, among: known.sorted()) {
                out += sigil + near
                changed = true
            } else {
                out += sigil + name
            }
        }
        return changed ? out : nil
    }

    /// Every id, class and kind of the tree, for a message when nothing was close:
    /// `#root #title .primary Button Label StackView`.
    public static func names(in root: View) -> String {
        var ids: [String] = [], classes = Set<String>(), kinds = Set<String>()
        root.forEachInTree { view in
            if let id = view.id { ids.append("#" + id) }
            classes.formUnion(view.classes.map { "." + $0 })
            kinds.insert(view.kind.name)
        }
        return (ids + classes.sorted() + kinds.sorted()).joined(separator: " ")
    }
}

extension Stylesheet {
    /// `unmatched-rule` warnings for the rules written in `file` whose selector names an id or
    /// a class that no view of `root` has (`rule(".primry", …)`): such a rule styles nothing,
    /// silently. Each suggests the selector with the nearest names the tree has. Rules of other
    /// files (a module of rules for many screens) are left alone, and so are selectors whose
    /// names all exist (whether they match is the cascade's business).
    ///
    ///     sheet.unmatchedRuleWarnings(in: root, file: "app.lua")
    ///     // app.lua:3:1: warning: The rule '.primry' matches no view: no view has the class
    ///     //   'primry'. Did you mean '.primary'? [unmatched-rule]
    public func unmatchedRuleWarnings(in root: View, file: String) -> [Diagnostic] {
        // Only the names the file's rules mention are looked for, and the walk stops once all
        // are found: gathering every id and class of a 10,000-view tree into sets was most of
        // this check.
        var wantedIDs = Set<String>(), wantedClasses = Set<String>()
        for rule in rules where rule.location.file == file {
            for complex in rule.selector.selectors {
                for compound in complex.compounds {
                    if let id = compound.id { wantedIDs.insert(id) }
                    wantedClasses.formUnion(compound.classes)
                }
            }
        }
        guard !wantedIDs.isEmpty || !wantedClasses.isEmpty else { return [] }
        var ids = Set<String>(), classes = Set<String>()
        var pending = [root]
        while let view = pending.popLast(), ids.count < wantedIDs.count || classes.count < wantedClasses.count {
            if let id = view.id, wantedIDs.contains(id) { ids.insert(id) }
            for name in view.classes where wantedClasses.contains(name) { classes.insert(name) }
            pending.append(contentsOf: view.children.reversed())
        }
        var out: [Diagnostic] = []
        for rule in rules where rule.location.file == file {
            // One selector of a list naming what exists is enough for the rule to be in use.
            let missing = rule.selector.selectors.map { complex -> String? in
                for compound in complex.compounds {
                    if let id = compound.id, !ids.contains(id) { return "no view has the id '\(id)'" }
                    if let name = compound.classes.first(where: { !classes.contains($0) }) { return "no view has the class '\(name)'" }
                }
                return nil
            }
            guard let reason = missing.first ?? nil, missing.allSatisfy({ $0 != nil }) else { continue }
            let near = SelectorNearMiss.suggestion(for: rule.selector.text, in: root)
            out.append(Diagnostic(.unmatchedRule,
                                  "The rule '\(rule.selector.text)' matches no view: \(reason)." + Suggestion.sentence(near),
                                  at: rule.location, length: 4, severity: .warning, suggestions: near.map { [$0] } ?? []))
        }
        return out
    }
}

extension Stylesheet {
    /// For explain's `rule ".note"` origins: the name of the rule's style, where it has one, and
    /// where the rule is written (`finePrintStyle at app.lua:12`), by the selector text of each
    /// of its selectors. A selector written by several rules is left out: its origin alone
    /// cannot say which.
    public func ruleNotes() -> [String: String] {
        var notes: [String: String] = [:]
        var ambiguous = Set<String>()
        for rule in rules {
            let note = (rule.style.name.map { $0 + " " } ?? "") + "at \(rule.location)"
            for complex in rule.selector.selectors {
                if notes[complex.text] != nil { ambiguous.insert(complex.text) }
                notes[complex.text] = note
            }
        }
        for text in ambiguous { notes[text] = nil }
        return notes
    }
}
