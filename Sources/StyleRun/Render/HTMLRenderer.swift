import StyleCore
import StyleLayout

/// The styled tree as one self-contained HTML5 page that looks like the screen (REFERENCE §2.1).
/// (Over 400 lines: one function per kind's content, and the CSS and escaping helpers only this
/// page uses, kept beside it.)
///
///     let page = HTMLRenderer().render(root, title: "subscribe.lua")
///     // <!DOCTYPE html> … <div data-kind="Button" id="subscribe" class="primary" role="button"
///     //   style="border-radius: 6px; …">See subscription options</div> …
///
/// Each view is a `<div>` with `data-kind` (its kind), `id` (when it has one) and `class` (its
/// classes, when it has any), styled inline from its applied values: a `StackView` is a flexbox,
/// a `Label` text, a `Button` a centred title, a `TextField` an input box with its text centred
/// vertically, an `ImageView` a box filled with its image's color or labelled with its name, and
/// a plain `View` a box whose `layoutMargins` pad its children. Kinds declared by hosts and
/// scripts render as their nearest standard super-kind, and a declared kind's colours named as
/// the ends of a gradient (`fromColor`/`toColor`, `startColor`/`endColor`, `topColor`/
/// `bottomColor`) draw a vertical linear gradient, as the seeds' `GradientView`. A childless
/// plain view with no size inside a plain view fills its parent behind its siblings, as a view
/// pinned to its parent's edges would. A named font's weight and slant come from its name
/// (`Lato-Bold` is weight 700) and its family from the part before the dash. The screen is 375
/// points wide, one CSS pixel per point, and the page around it takes the root's background.
/// The page has no scripts and loads nothing.
///
/// What CSS cannot show is left out: `adjustsFontSizeToFitWidth`, `keyboardType`, and where
/// UIKit truncates the head or the middle of a line the page truncates its tail. Named images
/// are placeholders unless `imageURL` gives them an address (the live preview does).
public struct HTMLRenderer: Sendable {
    /// The address of a named image (`image "logo"`), or nil to draw a placeholder.
    public var imageURL: @Sendable (String) -> String?
    /// Whether each view's element also carries `data-ref`, its `View.reference`
    /// (`#subscribe`, `StackView#root > Label[2]`), by which a live page finds it again.
    public var marksReferences: Bool
    /// The traits the tree was styled for: the screen stands on their `systemBackground` and
    /// its text defaults to their `label` colour.
    public var traits: Traits = .default
    /// The frames of a layout of the tree (`LoadedStylesheet.layout`), or nil to let the
    /// browser flow the views (flexbox for stacks, top to bottom in plain views). With frames,
    /// the root is as large as its frame and every other view is positioned absolutely at its
    /// own, so the page shows what the layout computed; the system font is drawn in Inter, the
    /// font the layout measured it in.
    public var frames: LayoutFrames?

    /// A renderer.
    ///
    ///     HTMLRenderer().render(root, title: "app.lua")
    ///     HTMLRenderer(imageURL: { "/images/" + $0 }, marksReferences: true).renderScreen(root)
    public init(imageURL: @escaping @Sendable (String) -> String? = { _ in nil }, marksReferences: Bool = false) {
        self.imageURL = imageURL
        self.marksReferences = marksReferences
    }

    /// The whole page: the document, its style sheet, and the root view inside a screen frame.
    ///
    ///     let html = HTMLRenderer().render(root, title: "subscribe.lua")
    ///     html.contains(#"id="subscribe""#)    // true
    ///
    /// - Parameters:
    ///   - root: the styled root view.
    ///   - title: the page's title, usually the script's file name; escaped.
    /// - Returns: the HTML text, ending in a newline.
    public func render(_ root: View, title: String) -> String {
        var background = ""
        if let color = HTMLRenderer.screenBackground(of: root) {
            background = "\nhtml, [data-stylerun=\"screen\"] { background: \(HTMLRenderer.css(color)); }"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLRenderer.escaped(title))</title>
            <style>
            \(HTMLRenderer.pageStyleSheet(for: traits))\(background)
            </style>
            </head>
            <body>
            <main data-stylerun="screen">
            \(renderScreen(root))</main>
            </body>
            </html>

            """
    }

    /// The root view's element and everything inside it, one element per view, each line
    /// indented by its depth and ending in a newline: the inside of the page's screen.
    ///
    ///     HTMLRenderer().renderScreen(label)    // <div data-kind="Label" style="…">Hi</div>\n
    public func renderScreen(_ root: View) -> String {
        var body = ""
        writeTree(root, to: &body)
        return body
    }

    /// The colour the screen shows where its views draw nothing: the root's background when it
    /// has a visible one, else nil (white).
    ///
    ///     HTMLRenderer.screenBackground(of: darkRoot)    // Color(black)
    public static func screenBackground(of root: View) -> Color? {
        guard case .color(let c)? = root["backgroundColor"], c.alpha > 0 else { return nil }
        return c
    }

    /// The page's own rules at the default traits. They select only `data-` attributes, so a
    /// view's classes and ids can never collide with them; everything about a view itself is inline.
    public static let pageStyleSheet = pageStyleSheet(for: .default)

    /// The page's own rules for `traits`: the screen is `systemBackground` (white in light,
    /// black in dark, `DynamicColor.screenBackground(for:)`), its text `label`, and the page
    /// around it `secondarySystemBackground`.
    public static func pageStyleSheet(for traits: Traits) -> String {
        """
        html { background: \(css(DynamicColor.secondarySystemBackground.resolved(for: traits))); }
        body { margin: 0; padding: 24px; display: flex; justify-content: center; }
        [data-stylerun="screen"] { width: 375px; min-height: 200px; background: \(css(DynamicColor.screenBackground(for: traits)));
          color: \(css(DynamicColor.label.resolved(for: traits))); font-family: \(systemFontFamily); font-size: 17px;
          border-radius: 12px; box-shadow: 0 2px 12px rgba(0, 0, 0, 0.15); overflow: hidden; }
        [data-kind] { box-sizing: border-box; position: relative; min-width: 0; }
        [data-part="image"] { display: inline-block; width: 1em; height: 1em; flex: none; }
        """
    }

    /// The font family CSS names for the system font, then the colour emoji fonts a system may have.
    public static let systemFontFamily = #"-apple-system, system-ui, BlinkMacSystemFont, "Helvetica Neue", sans-serif, "#
        + #""Apple Color Emoji", "Noto Color Emoji", "Segoe UI Emoji""#

    // MARK: Views

    /// The views, depth first with an explicit stack (a tree of any depth renders without
    /// recursion); indentation stops growing at `JSONValue.maximumIndentation` levels. The
    /// walk is `forEachInTree`'s order, so the n-th element opened is `references`' n-th view.
    private func writeTree(_ root: View, to out: inout String) {
        let references = marksReferences ? TreeReferences(root) : nil
        var position = 0
        func reference() -> String? {
            defer { position += 1 }
            return references?.reference(at: position)
        }
        var open: [(view: View, depth: Int, next: Int)] = []
        if writeOpening(root, parent: nil, reference: reference(), depth: 1, to: &out) {
            open.append((root, 1, 0))
        }
        while let top = open.last {
            if top.next < top.view.children.count {
                let child = top.view.children[top.next]
                open[open.count - 1].next += 1
                if writeOpening(child, parent: top.view, reference: reference(), depth: top.depth + 1, to: &out) {
                    open.append((child, top.depth + 1, 0))
                }
            } else {
                out += JSONValue.indentation(top.depth) + "</div>\n"
                open.removeLast()
            }
        }
    }

    /// Writes a view's element: whole when it has no children (returns false), else its
    /// opening tag and content (returns true; the caller writes the children and closes it).
    private func writeOpening(_ view: View, parent: View?, reference: String?, depth: Int, to out: inout String) -> Bool {
        let indent = JSONValue.indentation(depth)
        var style = CSSDeclarations()
        var attributes = [("data-kind", view.kind.name)]
        if let id = view.id { attributes.append(("id", id)) }
        if !view.classes.isEmpty { attributes.append(("class", view.classes.joined(separator: " "))) }
        if let reference { attributes.append(("data-ref", reference)) }

        let family = Family(view.kind)
        if let parent, Family(parent.kind) == .stack { arrangedStyle(view, in: parent, &style) }
        var content = ""
        switch family {
        case .label: content = labelContent(view, &style)
        case .button:
            attributes.append(("role", "button"))
            if view["isEnabled"] == .bool(false) { attributes.append(("aria-disabled", "true")) }
            content = buttonContent(view, &style)
        case .textField: content = textFieldContent(view, &style)
        case .imageView: content = imageContent(view, &style)
        case .stack: stackStyle(view, &style)
        case .view: plainStyle(view, parent: parent, &style)
        }
        // After the kind's look, so that what the script set (a field's border, a background)
        // replaces the kind's own drawing.
        layerAndViewStyle(view, &style)
        declaredKindStyle(view, &style)
        if let frames, let frame = frames.layout(of: view)?.frame { frameStyle(view, frame, parent: parent, frames, &style) }
        if view["isHidden"] == .bool(true) { style.add("display", "none") }
        if !style.isEmpty { attributes.append(("style", style.text)) }

        out += indent + "<div"
        for (name, value) in attributes { out += " \(name)=\"\(HTMLRenderer.escaped(value))\"" }
        out += ">" + content
        if view.children.isEmpty {
            out += "</div>\n"
            return false
        }
        out += "\n"
        return true
    }

    /// The standard kind whose look a view takes.
    enum Family {
        case view, label, button, textField, imageView, stack

        init(_ kind: Kind) {
            self = if kind.isA(Schema.label) { .label }
                else if kind.isA(Schema.button) { .button }
                else if kind.isA(Schema.textField) { .textField }
                else if kind.isA(Schema.imageView) { .imageView }
                else if kind.isA(Schema.stackView) { .stack }
                else { .view }
        }
    }

    /// What every view has: background, opacity, size, clipping, corners, border and shadow.
    private func layerAndViewStyle(_ view: View, _ style: inout CSSDeclarations) {
        if case .color(let c)? = view["backgroundColor"] { style.add("background-color", css(c)) }
        if case .number(let a)? = view["alpha"], a != 1 { style.add("opacity", css(a)) }
        if case .number(let w)? = view["width"] { style.add("width", px(w)); style.add("flex-shrink", "0") }
        if case .number(let h)? = view["height"] { style.add("height", px(h)); style.add("flex-shrink", "0") }
        if case .number(let r)? = view["aspectRatio"] { style.add("aspect-ratio", css(r)) }
        if view["clipsToBounds"] == .bool(true) || view["layer.masksToBounds"] == .bool(true) {
            style.add("overflow", "hidden")
        }
        if case .number(let r)? = view["layer.cornerRadius"], r > 0 { style.add("border-radius", px(r)) }
        if case .number(let w)? = view["layer.borderWidth"], w > 0 {
            // A layer's border is drawn inside its bounds, as `box-sizing: border-box` draws it.
            style.add("border", "\(px(w)) solid \(css(color(view["layer.borderColor"]) ?? .black))")
        }
        if case .number(let opacity)? = view["layer.shadowOpacity"], opacity > 0 {
            let base = color(view["layer.shadowColor"]) ?? .black
            var offset = Size.zero
            if case .size(let s)? = view["layer.shadowOffset"] { offset = s }
            var radius = 0.0
            if case .number(let r)? = view["layer.shadowRadius"] { radius = r }
            // Core Animation's radius is about half of CSS's blur length for the same spread.
            style.add("box-shadow", "\(px(offset.width)) \(px(offset.height)) \(px(radius * 2)) "
                + css(base.withAlpha(base.alpha * opacity)))
        }
    }

    /// A plain view: its margins pad its children; with neither children nor size inside a
    /// plain view, it fills the parent behind the other children.
    private func plainStyle(_ view: View, parent: View?, _ style: inout CSSDeclarations) {
        if !view.children.isEmpty, case .insets(let m)? = view["layoutMargins"], m != .zero {
            style.add("padding", padding(m))
        }
        if fillsParent(view, parent: parent) {
            style.add("position", "absolute")
            style.add("inset", "0")
        }
    }

    /// A childless plain view with no size inside a plain view: drawn as pinned to its
    /// parent's edges (a background gradient), which the layout does not model (it has no height).
    private func fillsParent(_ view: View, parent: View?) -> Bool {
        guard let parent, Family(parent.kind) == .view, Family(view.kind) == .view, view.children.isEmpty else { return false }
        return view["width"] == .null && view["height"] == .null && view["aspectRatio"] == .null
    }

    /// A view at its computed frame: the root as large as its frame, in the page's flow; any
    /// other view absolutely positioned in its parent's padding box (inside the parent's border).
    private func frameStyle(_ view: View, _ frame: Frame, parent: View?, _ frames: LayoutFrames, _ style: inout CSSDeclarations) {
        guard let parent else {
            style.add("width", px(frame.width))
            style.add("height", px(frame.height))
            return
        }
        guard !fillsParent(view, parent: parent), let outer = frames.layout(of: parent)?.frame else { return }
        var border = 0.0
        if case .number(let w)? = parent["layer.borderWidth"], w > 0 { border = w }
        style.add("position", "absolute")
        style.add("margin", "0")
        style.add("flex", "none")
        style.add("left", px(frame.x - outer.x - border))
        style.add("top", px(frame.y - outer.y - border))
        style.add("width", px(frame.width))
        style.add("height", px(frame.height))
        // No floor of the flowing page's (an image placeholder's 44 points): the frame is the size.
        style.add("min-width", "0")
        style.add("min-height", "0")
    }

    /// The family CSS draws the system font in: with frames, Inter first, the font the layout
    /// measured the text in (REFERENCE §10.2).
    var systemFamily: String { frames == nil ? HTMLRenderer.systemFontFamily : "Inter, " + HTMLRenderer.systemFontFamily }

    /// Custom properties of a declared kind that CSS can draw: the ends of a gradient.
    private func declaredKindStyle(_ view: View, _ style: inout CSSDeclarations) {
        guard !Schema.standardKinds.contains(where: { $0 === view.kind }) else { return }
        var start: Value?, end: Value?
        for property in view.kind.properties where !property.path.contains(".") {
            guard property.type.wrapped == .color else { continue }
            let name = property.path.lowercased()
            if ["from", "start", "begin", "top", "leading"].contains(where: name.hasPrefix) {
                start = view[property]
            } else if (name.hasPrefix("to") && !name.hasPrefix("top"))
                        || ["end", "stop", "bottom", "trailing"].contains(where: name.hasPrefix) {
                end = view[property]
            }
        }
        guard let start, let end, start != .null || end != .null else { return }
        let ends = [start, end].map { color($0).map(css) ?? css(Color.clear) }
        style.add("background-image", "linear-gradient(to bottom, \(ends[0]), \(ends[1]))")
    }

    /// How an arranged view sizes along its stack's axis (`distribution`).
    private func arrangedStyle(_ view: View, in stack: View, _ style: inout CSSDeclarations) {
        switch stack["distribution"] {
        case .enumCase("fillEqually")?: style.add("flex", "1 1 0")
        case .enumCase("fillProportionally")?: style.add("flex", "1 1 auto")
        default: break
        }
    }

    private func stackStyle(_ view: View, _ style: inout CSSDeclarations) {
        style.add("display", "flex")
        style.add("flex-direction", view["axis"] == .enumCase("vertical") ? "column" : "row")
        if case .number(let s)? = view["spacing"], s > 0 { style.add("gap", px(s)) }
        let alignment: String = switch view["alignment"] {
        case .enumCase("leading")?, .enumCase("top")?: "flex-start"
        case .enumCase("center")?: "center"
        case .enumCase("trailing")?, .enumCase("bottom")?: "flex-end"
        case .enumCase("firstBaseline")?: "first baseline"
        case .enumCase("lastBaseline")?: "last baseline"
        default: "stretch"
        }
        style.add("align-items", alignment)
        switch view["distribution"] {
        case .enumCase("equalSpacing")?: style.add("justify-content", "space-between")
        case .enumCase("equalCentering")?: style.add("justify-content", "space-around")
        default: break
        }
        if view["isLayoutMarginsRelativeArrangement"] == .bool(true), case .insets(let m)? = view["layoutMargins"] {
            style.add("padding", padding(m))
        }
    }
}
