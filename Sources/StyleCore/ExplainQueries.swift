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
