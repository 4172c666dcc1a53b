import StyleRun

/// The workload as a web page for Blink: the same tree as HTML elements and the same stylesheet
/// as CSS, so that Chromium's style recalculation can be timed beside stylerun's match + apply.
///
/// - A view is one custom element named after its kind (`View` → `<sr-view>`, `TextField` →
///   `<sr-text-field>`), with the view's id and classes, nested as the views are.
/// - A rule's selector list is translated from stylerun's own parse of it: a kind becomes its
///   type selector, or `:is(sr-view, sr-label, …)` when the kind has sub-kinds (a stylerun kind
///   matches its sub-kinds; `:is` keeps a type selector's specificity); ids, classes, the
///   descendant and child combinators and the list are written as they are.
/// - An appearance becomes `:where(…)` of the kinds it applies to (specificity zero, below
///   every rule, as appearances come before rules), in the cascade's order of appearances.
/// - Each property a style sets becomes one CSS declaration of a property of the same kind of
///   value (`properties`); a `mver` that resizes a font becomes `font-size` (what the cascade of
///   `font` then `font-size` computes), the plain function style `opacity`.
/// - A view's own styles become its inline `style` attribute (they beat every rule, in both);
///   its literals are content: a label's text and a button's title are text, a field's
///   placeholder and an image view's image are attributes.
struct BlinkPage {
    /// The whole document, the stylesheet in its `<style>` element.
    var html: String
    /// Each CSS rule's selector in the stylesheet's order: appearances, then rules.
    var selectors: [String]
    /// Every declaration written, as `(property, value)`, once each: Blink must accept them all.
    var declarations: [[String]]
    /// Views, which are the elements under `<body>`.
    var elementCount: Int

    /// The class on `<html>` whose toggling restyles every element (`.sr-recalc *`).
    static let recalcClass = "sr-recalc"

    init(_ workload: Workload, sheet: Stylesheet) {
        var css = "", selectors: [String] = [], seen = Set<[String]>()
        func block(_ selector: String, _ declarations: [(String, String)]) {
            selectors.append(selector)
            for d in declarations { seen.insert([d.0, d.1]) }
            css += selector + " { " + declarations.map { "\($0.0): \($0.1);" }.joined(separator: " ") + " }\n"
        }
        let appearances = sheet.appearances.sorted { ($0.kind.depth, $0.order) < ($1.kind.depth, $1.order) }
        precondition(appearances.count == workload.appearances.count && sheet.rules.count == workload.rules.count,
                     "The stylesheet is the workload's")
        for appearance in appearances {
            let kinds = Schema.standardKinds.filter { $0.isA(appearance.kind) && $0.isA(appearance.style.kind) }
            block(":where(" + kinds.map(Self.element).joined(separator: ", ") + ")",
                  Self.declarations(workload.appearances[appearance.order].ops))
        }
        for (rule, entry) in zip(sheet.rules, workload.rules) {
            precondition(rule.selector.text == entry.selector, "The stylesheet's rules are the workload's, in order")
            block(Self.css(rule.selector), Self.declarations(entry.ops))
        }
        css += ".\(Self.recalcClass) * { scroll-snap-stop: normal; }\n"

        var body = "", count = 0
        var extras: [ObjectIdentifier: Workload.Extras] = [:]
        let root = workload.buildTree { kind, id, classes, extra, parent in
            let view = View(kind: kind, id: id, classes: classes)
            extras[ObjectIdentifier(view)] = extra
            parent?.addChild(view)
            return view
        }
        func write(_ view: View) {
            count += 1
            let extra = extras[ObjectIdentifier(view)]!
            let name = Self.element(view.kind)
            body += "<" + name
            if let id = view.id { body += " id=\"\(Self.escapeHTML(id))\"" }
            if !view.classes.isEmpty { body += " class=\"\(Self.escapeHTML(view.classes.joined(separator: " ")))\"" }
            if !extra.styleOps.isEmpty {
                let inline = Self.declarations(extra.styleOps)
                for d in inline { seen.insert([d.0, d.1]) }
                body += " style=\"" + Self.escapeHTML(inline.map { "\($0.0): \($0.1)" }.joined(separator: "; ")) + "\""
            }
            var text = ""
            for (_, path, value) in extra.literals {
                switch (path, value) {
                case ("text", .string(let s)), ("title", .string(let s)): text += Self.escapeHTML(s)
                case ("placeholder", .string(let s)): body += " placeholder=\"\(Self.escapeHTML(s))\""
                case ("image", .image(.named(let s))): body += " src=\"\(Self.escapeHTML(s))\""
                default: fail("the page has no equivalent of the literal \(path) = \(value)")
                }
            }
            body += ">" + text
            for child in view.children { write(child) }
            body += "</\(name)>"
        }
        write(root)

        html = "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>stylebench</title>\n<style>\n"
            + css + "</style></head>\n<body>\n" + body + "</body></html>\n"
        self.selectors = selectors
        declarations = seen.sorted { $0.lexicographicallyPrecedes($1) }
        elementCount = count
    }

    /// `View` → `sr-view`, `TextField` → `sr-text-field`.
    static func element(_ kind: Kind) -> String {
        var name = "sr"
        for c in kind.name {
            if c.isUppercase { name += "-" }
            name += c.lowercased()
        }
        return name
    }

    /// A selector list in CSS.
    static func css(_ list: SelectorList) -> String {
        list.selectors.map { complex in
            var out = ""
            for (i, compound) in complex.compounds.enumerated() {
                if i > 0 { out += complex.combinators[i - 1] == .child ? " > " : " " }
                out += css(compound)
            }
            return out
        }.joined(separator: ", ")
    }

    static func css(_ compound: CompoundSelector) -> String {
        var out = ""
        if let kind = compound.kind {
            let kinds = Schema.standardKinds.filter { $0.isA(kind) }
            out += kinds == [kind] ? element(kind) : ":is(" + kinds.map(element).joined(separator: ", ") + ")"
        }
        if let id = compound.id { out += "#" + identifier(id) }
        for c in compound.classes { out += "." + identifier(c) }
        return out.isEmpty ? "*" : out
    }

    /// A CSS identifier: letters, digits, `-`, `_` and non-ASCII as they are (a leading digit, or
    /// a digit after a leading `-`, escaped), anything else escaped.
    static func identifier(_ name: String) -> String {
        var out = ""
        for (i, c) in name.unicodeScalars.enumerated() {
            let leadingDigit = c.properties.numericType != nil && c.isASCII
                && (i == 0 || (i == 1 && name.hasPrefix("-")))
            if leadingDigit {
                out += "\\" + String(c.value, radix: 16) + " "
            } else if (c.isASCII && (c.properties.isAlphabetic || c.properties.numericType != nil)) || c == "-" || c == "_"
                        || !c.isASCII {
                out.unicodeScalars.append(c)
            } else {
                out += "\\"
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func escapeHTML(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
