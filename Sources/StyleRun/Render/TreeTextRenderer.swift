import StyleCore

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

    /// A renderer; `all: true` lists every property (`--all`).
    ///
    ///     TreeTextRenderer(all: true, terminal: .plain).render(root)
    public init(all: Bool = false, terminal: Terminal = .plain) {
        self.includesDefaults = all
        self.terminal = terminal
    }

    /// The text of a view and its descendants, each line ending in a newline.
    ///
    ///     TreeTextRenderer().render(View(kind: Schema.label))    // "Label\n"
    ///
    /// Written with an explicit stack, so any depth is fine; the guides stop indenting further
    /// at `maximumGuideDepth` levels, which keeps the text linear in the tree's size.
    public func render(_ view: View) -> String {
        if !terminal.colors {
            var bytes: [UInt8] = []
            var pending: [(view: View, prefix: [UInt8], connector: StaticString, childPrefix: [UInt8], depth: Int)] = [(view, [], "", [], 0)]
            while let item = pending.popLast() {
                writePlain(item.view, prefix: item.prefix, connector: item.connector, childPrefix: item.childPrefix, to: &bytes)
                let capped = item.depth >= Self.maximumGuideDepth
                for (i, child) in item.view.children.enumerated().reversed() {
                    let last = i == item.view.children.count - 1
                    pending.append((child, item.childPrefix, last ? "└─ " : "├─ ",
                                    capped ? item.childPrefix : item.childPrefix + (last ? Self.blank : Self.guide), item.depth + 1))
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
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
        }
        return out
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
        for p in view.kind.properties {
            let value = view.values[p.slot]
            guard includesDefaults || value != p.defaultValue else { continue }
            out += terminal.dim(propertyGuide + p.path + ":") + " " + value.styledText(terminal) + "\n"
        }
    }

    /// `write` without colors (one view, no children), into bytes: a 10,000-view tree is a hundred thousand lines, and
    /// appending bytes costs a fraction of appending strings and their styled temporaries.
    private func writePlain(_ view: View, prefix: [UInt8], connector: StaticString, childPrefix: [UInt8],
                            to out: inout [UInt8]) {
        out += prefix
        out.append(contentsOf: UnsafeBufferPointer(start: connector.utf8Start, count: connector.utf8CodeUnitCount))
        out += view.kind.name.utf8
        if let id = view.id { out.append(UInt8(ascii: "#")); out += id.utf8 }
        for c in view.classes { out.append(UInt8(ascii: ".")); out += c.utf8 }
        out.append(UInt8(ascii: "\n"))
        let propertyGuide = childPrefix + (view.children.isEmpty ? Self.blank : Self.guide)
        let values = view.values, properties = view.kind.properties
        for slot in properties.indices where includesDefaults || values[slot] != properties[slot].defaultValue {
            out += propertyGuide
            out += properties[slot].path.utf8
            out.append(UInt8(ascii: ":"))
            out.append(UInt8(ascii: " "))
            out += values[slot].displayText.utf8
            out.append(UInt8(ascii: "\n"))
        }
    }

    private static let blank = Array("   ".utf8)
    private static let guide = Array("│  ".utf8)
}
