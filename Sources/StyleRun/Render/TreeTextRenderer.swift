import Foundation
import StyleCore
import StyleLayout

/// The styled tree for a terminal (`stylerun app.lua`, REFERENCE §2.1).
///
///     print(TreeTextRenderer(terminal: .detect(fileDescriptor: 1)).render(root), terminator: "")
///     // StackView#root
///     // │  axis: vertical
///     // ├─ Label#title
///     // │     text: "Subscribe to Point-Free"
///     // └─ Button#subscribe.primary
///     //       titleColor: #FFFFFF
///
/// One line per view, `Kind#id.class`, indented by depth with box-drawing guides; beneath it
/// the properties that differ from their defaults (all of them with `includesDefaults`), one
/// per line as `path: value` in slot order, values as `Value.displayText` spells them. With
/// colors on, kinds are bold, ids and classes cyan, guides and property names dim, and each
/// color value has a swatch of itself.
public struct TreeTextRenderer: Sendable {
    /// Whether every property is listed, not only those that differ from their defaults.
    public var includesDefaults: Bool
    /// Where the text goes, which decides the styling.
    public var terminal: Terminal
    /// Computed frames (`--layout`): each view's first line under its header is
    /// `frame: x,y w×h`, then `truncated: …` when its text does not fit.
    public var frames: LayoutFrames?

    /// A renderer; `all: true` lists every property (`--all`).
    ///
    ///     TreeTextRenderer(all: true, terminal: .plain).render(root)
    /// The values controls take in their other states (SPEC §6.1), shown on each property's
    /// line after its value: `titleColor: #FFFFFF  · highlighted #E0E0E0 · disabled #9E9E9E`.
    /// A property whose value only another state changes is listed too.
    public var states: StateValues?

    public init(all: Bool = false, terminal: Terminal = .plain, states: StateValues? = nil, frames: LayoutFrames? = nil) {
        self.includesDefaults = all
        self.terminal = terminal
        self.states = states
        self.frames = frames
    }

    /// The properties of a control with other states' values, each line with its suffix.
    private func stateLines(_ view: View, entries: [StateValues.Entry], guide: String, colors: Bool) -> String {
        var out = ""
        for p in view.kind.properties {
            let value = view.values[p.slot]
            let others = entries.compactMap { e in e.changes.first { $0.property.slot == p.slot }.map { (e.name, $0.value) } }
            guard includesDefaults || value != p.viewDefault || !others.isEmpty else { continue }
            let text = colors ? value.styledText(terminal) : value.displayText
            out += (colors ? terminal.dim(guide + p.path + ":") : guide + p.path + ":") + " " + text
            for (i, (name, other)) in others.enumerated() {
                let dot = (i == 0 ? "  · " : " · ") + name + " "
                out += (colors ? terminal.dim(dot) : dot) + (colors ? other.styledText(terminal) : other.displayText)
            }
            out += "\n"
        }
        return out

    }

    /// The lines a view's layout adds under its header, without guides: `frame: 0,0 375×812`
    /// and, for text that does not fit, `truncated: line 2, 9 of 18 characters shown, with "…"`.
    public static func layoutLines(_ layout: ViewLayout) -> [String] {
        var lines = ["frame: \(layout.frame)"]
        if let t = layout.truncation {
            lines.append("truncated: line \(t.line), \(t.charactersShown) of \(t.characters) characters shown"
                         + (t.ellipsis ? ", with \"…\"" : ", cut off"))
        }
        return lines
    }

    /// The text of a view and its descendants, each line ending in a newline.
    ///
    ///     TreeTextRenderer().render(View(kind: Schema.label))    // "Label\n"
    ///
    /// Written with an explicit stack, so any depth is fine; the guides stop indenting further
    /// at `maximumGuideDepth` levels, which keeps the text linear in the tree's size.
    public func render(_ view: View) -> String {
        if !terminal.colors { return plainBytes(view).string }
        var text = ""
        styledText(view) { (piece: inout String) throws(Never) in text += piece }
        return text
    }

    /// The text with colors, a view at a time into one `String`, handed to `sink` each time it
    /// reaches `size` bytes (then started again) and at the end.
    private func styledText<E: Error>(_ view: View, piecesOf size: Int = .max,
                                      _ sink: (inout String) throws(E) -> Void) throws(E) {
        var out = ""
        var pending: [(view: View, prefix: String, connector: String, childPrefix: String)] = [(view, "", "", "")]
        while let item = pending.popLast() {
            write(item.view, prefix: item.prefix, connector: item.connector, childPrefix: item.childPrefix, to: &out)
            let capped = item.childPrefix.count >= 3 * Self.maximumGuideDepth
            for (i, child) in item.view.children.enumerated().reversed() {
                let last = i == item.view.children.count - 1
                pending.append((child, item.childPrefix, last ? "└─ " : "├─ ",
                                capped ? item.childPrefix : item.childPrefix + (last ? "   " : "│  ")))
            }
            if out.utf8.count >= size {
                try sink(&out)
                out.removeAll(keepingCapacity: true)
            }
        }
        if !out.isEmpty { try sink(&out) }
    }

    /// Deeper views are drawn at this depth's indentation.
    public static let maximumGuideDepth = 64

    /// `Kind#id.class1.class2`, styled: the header line of a view without its guides.
    ///
    ///     TreeTextRenderer().header(of: button)    // Button#subscribe.primary
    public func header(of view: View) -> String {
        var s = terminal.bold(view.kind.name)
        if let id = view.id { s += terminal.cyan("#" + id) }
        for c in view.classes { s += terminal.cyan("." + c) }
        return s
    }

    private func write(_ view: View, prefix: String, connector: String, childPrefix: String, to out: inout String) {
        out += terminal.dim(prefix + connector) + header(of: view) + "\n"
        // Properties hang under the header; the guide continues through them when children follow.
        let propertyGuide = childPrefix + (view.children.isEmpty ? "   " : "│  ")
        if let layout = frames?.layout(of: view) {
            for line in Self.layoutLines(layout) {
                let colon = line.firstIndex(of: ":")!
                out += terminal.dim(propertyGuide + line[..<line.index(after: colon)]) + String(line[line.index(after: colon)...]) + "\n"
            }
        }
        if let entries = states?[view] {
            out += stateLines(view, entries: entries, guide: propertyGuide, colors: true)
            return
        }
        for p in view.kind.properties {
            let value = view.values[p.slot]
            guard includesDefaults || value != p.viewDefault else { continue }
            out += terminal.dim(propertyGuide + p.path + ":") + " " + value.styledText(terminal) + "\n"
        }
    }

    /// The text `render` gives, as UTF-8 bytes: what a command writes out, without making a
    /// `String` of a tree's hundred thousand lines.
    ///
    ///     Array(TreeTextRenderer().render(root).utf8) == TreeTextRenderer().renderBytes(root)    // true
    public func renderBytes(_ view: View) -> [UInt8] {
        terminal.colors ? Array(render(view).utf8) : plainBytes(view).array
    }

    /// The text `render` gives, as UTF-8 bytes handed to `sink` in pieces of about `size` bytes
    /// (whole lines) as the walk goes: what a command prints. A screen's text (3.7 MB for
    /// 10,000 views) is never held whole, with colors or without, so its pages are not touched;
    /// a `sink` that throws stops the walk.
    ///
    ///     var text: [UInt8] = []
    ///     TreeTextRenderer().write(root) { text += $0 }
    ///     text == TreeTextRenderer().renderBytes(root)    // true
    public func write<E: Error>(_ view: View, piecesOf size: Int = 1 << 16,
                                to sink: (UnsafeBufferPointer<UInt8>) throws(E) -> Void) throws(E) {
        if terminal.colors {
            try styledText(view, piecesOf: max(size, 1)) { (piece: inout String) throws(E) in
                var failure: E?
                piece.withUTF8 { bytes in
                    do throws(E) { try sink(bytes) } catch { failure = error }
                }
                if let failure { throw failure }
            }
            return
        }
        let rest = try plainBytes(view, piecesOf: max(size, 1), sink)
        if rest.count > 0 { try sink(rest.bytes) }
    }

    /// The text without colors, written into one buffer of bytes: each kind's name and property
    /// names are turned into bytes once, the guides are one buffer cut back and extended as the
    /// walk goes up and down, and values are spelled straight into the buffer.
    private func plainBytes(_ root: View) -> TextBytes {
        plainBytes(root) { (_: UnsafeBufferPointer<UInt8>) throws(Never) in }
    }

    /// With a `size`, each time the text reaches it after a view, it is handed to `sink` and
    /// the buffer starts again; what is returned is the rest.
    private func plainBytes<E: Error>(_ root: View, piecesOf size: Int = .max,
                                      _ sink: (UnsafeBufferPointer<UInt8>) throws(E) -> Void) throws(E) -> TextBytes {
        var out = TextBytes(capacity: size == .max ? 1 << 16 : size + size / 2)
        var kinds = KindTexts()
        var constants = ConstantTexts()
        var defaults = DefaultsByKind()
        // The guides of the view being written: one segment per ancestor below the root, as
        // `render` draws them (`│  ` under a view with later siblings, blanks under a last one),
        // at most `maximumGuideDepth` of them.
        var guides = TextBytes()
        var guideEnds: [Int] = []
        var pending: [(view: View, depth: Int, last: Bool)] = [(root, 0, true)]
        while let (view, depth, last) = pending.popLast() {
            let kept = min(max(depth - 1, 0), Self.maximumGuideDepth)
            if guideEnds.count > kept {
                guides.truncate(to: kept == 0 ? 0 : guideEnds[kept - 1])
                guideEnds.removeSubrange(kept...)
            }
            out.append(guides.bytes)
            if depth > 0 { last ? out.append("└─ ") : out.append("├─ ") }
            let text = kinds.text(of: view.kind)
            out.append(text.name)
            if let id = view.id {
                out.append(byte: UInt8(ascii: "#"))
                out.append(id)
            }
            for c in view.classes {
                out.append(byte: UInt8(ascii: "."))
                out.append(c)
            }
            out.append(byte: UInt8(ascii: "\n"))
            // The view's own guides continue under it (its children's prefix).
            if depth >= 1, depth <= Self.maximumGuideDepth {
                last ? guides.append("   ") : guides.append("│  ")
                guideEnds.append(guides.count)
            }
            // Properties hang under the header; the guide continues through them when children follow.
            let children = view.children
            let guide: StaticString = children.isEmpty ? "   " : "│  "
            if let layout = frames?.layout(of: view) {
                for line in Self.layoutLines(layout) {
                    out.append(guides.bytes)
                    out.append(guide)
                    out.append(line)
                    out.append(byte: UInt8(ascii: "\n"))
                }
            }
            if let entries = states?[view] {
                out.append(stateLines(view, entries: entries, guide: guides.string + guide.description, colors: false))
            } else if includesDefaults {
                let values = view.values
                for slot in values.indices {
                    Self.writeProperty(text, slot, values[slot], guides: guides.bytes, guide, to: &out)
                }
            } else {
                view.forEachValueChangedFromDefault(kinds: &defaults) { slot, constant, value in
                    Self.writeProperty(text, slot, constant, value, guides: guides.bytes, guide, constants: &constants, to: &out)
                }
            }
            for (i, child) in children.enumerated().reversed() {
                pending.append((child, depth + 1, i == children.count - 1))
            }
            if out.count >= size {
                try sink(out.bytes)
                out.truncate(to: 0)
            }
        }
        return out
    }
}

extension TreeTextRenderer {
    /// `writeProperty` for a changed value: a constant's text is copied from `constants`.
    fileprivate static func writeProperty(_ text: KindTexts.Text, _ slot: Int, _ constant: ConstantKey?, _ value: () -> Value,
                                          guides: UnsafeBufferPointer<UInt8>, _ guide: StaticString,
                                          constants: inout ConstantTexts, to out: inout TextBytes) {
        out.append(guides)
        out.append(guide)
        text.paths.withUnsafeBufferPointer { paths in
            out.append(UnsafeBufferPointer(rebasing: paths[text.pathStarts[slot]..<text.pathStarts[slot + 1]]))
        }
        if let constant {
            constants.append(constant, to: &out) { $0.append(display: value()) }
        } else {
            out.append(display: value())
        }
        out.append(byte: UInt8(ascii: "\n"))
    }

    /// `guides│  path: value` and a newline.
    fileprivate static func writeProperty(_ text: KindTexts.Text, _ slot: Int, _ value: Value, guides: UnsafeBufferPointer<UInt8>,
                                          _ guide: StaticString, to out: inout TextBytes) {
        out.append(guides)
        out.append(guide)
        text.paths.withUnsafeBufferPointer { paths in
            out.append(UnsafeBufferPointer(rebasing: paths[text.pathStarts[slot]..<text.pathStarts[slot + 1]]))
        }
        out.append(display: value)
        out.append(byte: UInt8(ascii: "\n"))
    }
}

/// Each kind's name and property names as bytes (`layer.cornerRadius: `), made once per
/// render.
private struct KindTexts {
    final class Text {
        let name: [UInt8]
        /// Every property's `path: `, one after the other; slot `s` is `pathStarts[s]..<pathStarts[s + 1]`.
        let paths: [UInt8]
        let pathStarts: [Int]

        init(_ kind: Kind) {
            name = Array(kind.name.utf8)
            var paths: [UInt8] = [], starts = [0]
            for p in kind.properties {
                paths += p.path.utf8
                paths += ": ".utf8
                starts.append(paths.count)
            }
            self.paths = paths
            pathStarts = starts
        }
    }

    /// A tree has a few kinds: a linear search is cheaper than hashing.
    private var texts: [(kind: ObjectIdentifier, text: Text)] = []

    mutating func text(of kind: Kind) -> Text {
        let id = ObjectIdentifier(kind)
        for entry in texts where entry.kind == id { return entry.text }
        let text = Text(kind)
        texts.append((id, text))
        return text
    }
}
