import StyleCore
import StyleLayout

/// The styled tree as REFERENCE §3.1's JSON: one object per view, children nested.
///
///     let text = TreeJSONRenderer().render(root)
///     // {
///     //   "kind": "Button",
///     //   "id": "subscribe",
///     //   "classes": ["primary"],  (one element per line)
///     //   "properties": {"titleColor": "#FFFFFFFF"},
///     //   "children": []
///     // }
///
/// Each view is `{"kind", "id" (null when it has none), "classes", "properties", "children"}`.
/// `properties` maps a flattened dotted path (`layer.cornerRadius`, `titleLabel.font`) to its
/// whole value, in the kind's slot order, and holds only values that differ from the
/// property's default unless `includesDefaults` is set (`--all`).
public struct TreeJSONRenderer: Sendable {
    /// Whether every property is listed, not only those that differ from their defaults.
    public var includesDefaults: Bool
    /// Computed frames (`--layout`): each view gets `"frame"`, `"frameReason"` and, when its
    /// text does not fit, `"truncation"`.
    public var frames: LayoutFrames?

    /// The values controls take in their other states (SPEC §6.1): a control that has some
    /// gets `"states": {"highlighted": {…}, …}` after its `properties`.
    public var states: StateValues?

    /// A renderer; `all: true` lists every property (`--all`).
    ///
    ///     TreeJSONRenderer(all: true).render(root)
    public init(all: Bool = false, states: StateValues? = nil, frames: LayoutFrames? = nil) {
        self.includesDefaults = all
        self.states = states
        self.frames = frames
    }

    /// The JSON value of a view and its descendants.
    ///
    ///     TreeJSONRenderer().json(for: button)["properties"]?["titleColor"]    // "#FFFFFFFF"
    public func json(for view: View) -> JSONValue {
        var object: [(key: String, value: JSONValue)] = [
            ("kind", .string(view.kind.name)),
            ("id", view.id.map(JSONValue.string) ?? .null),
            ("classes", .array(view.classes.map(JSONValue.string))),
            ("properties", properties(of: view)),
        ]
        let states = stateObject(of: view)
        if states != .null { object.append(("states", states)) }
        if let layout = frames?.layout(of: view) {
            object.append(("frame", [
                "x": .number(layout.frame.x), "y": .number(layout.frame.y),
                "width": .number(layout.frame.width), "height": .number(layout.frame.height),
            ]))
            object.append(("frameReason", .string(layout.reason)))
            if let t = layout.truncation {
                object.append(("truncation", [
                    "line": .number(Double(t.line)), "charactersShown": .number(Double(t.charactersShown)),
                    "characters": .number(Double(t.characters)), "ellipsis": .bool(t.ellipsis),
                ]))
            }
        }
        object.append(("children", .array(view.children.map(json(for:)))))
        return .object(object)
    }

    /// `{"highlighted": {"titleColor": "#E0E0E0FF"}, …}` for a control with other states'
    /// values, else null.
    public func stateObject(of view: View) -> JSONValue {
        guard let entries = states?[view] else { return .null }
        return .object(entries.map { entry in
            (key: entry.name, value: .object(entry.changes.map { (key: $0.property.path, value: $0.value.json) }))
        })
    }

    /// The pretty-printed JSON text (two-space indentation) with one trailing newline.
    ///
    ///     print(TreeJSONRenderer().render(root), terminator: "")
    ///
    /// The same text as `json(for:).serialized(.pretty)`: the pieces `write` hands out, joined.
    public func render(_ view: View) -> String {
        var out = TextBytes(capacity: 1 << 16)
        write(view) { (piece: UnsafeBufferPointer<UInt8>) throws(Never) in out.append(piece) }
        return out.string
    }

    /// The text `render` gives, as UTF-8 bytes handed to `sink` in pieces of about `size` bytes
    /// as the walk goes: what `stylerun --format json` prints. The walk keeps an explicit stack,
    /// so a tree of any depth is fine, and writes bytes into one buffer that is handed out and
    /// started again each time it reaches `size`: the document is never held whole, and no
    /// `JSONValue` or `String` is made per view (indentation stops growing at
    /// `JSONValue.maximumIndentation` levels, which keeps the text linear in the tree's size).
    /// A `sink` that throws stops the walk.
    ///
    ///     var text: [UInt8] = []
    ///     TreeJSONRenderer().write(root) { text += $0 }
    ///     String(decoding: text, as: UTF8.self) == TreeJSONRenderer().render(root)    // true
    public func write<E: Error>(_ root: View, piecesOf size: Int = 1 << 16,
                                to sink: (UnsafeBufferPointer<UInt8>) throws(E) -> Void) throws(E) {
        let size = max(size, 1)
        var out = TextBytes(capacity: min(size, 1 << 20) + 4096)
        var kinds = JSONKindTexts()
        var constants = ConstantTexts()
        var defaults = DefaultsByKind()
        var stack: [(view: View, level: Int, next: Int)] = []
        if writeHead(of: root, level: 0, kinds: &kinds, constants: &constants, defaults: &defaults, to: &out) { stack.append((root, 0, 0)) }
        while let top = stack.last {
            let children = top.view.children
            if top.next < children.count {
                let child = children[top.next]
                stack[stack.count - 1].next += 1
                top.next == 0 ? out.append(byte: UInt8(ascii: "\n")) : out.append(",\n")
                out.append(indentation: top.level + 2)
                if writeHead(of: child, level: top.level + 2, kinds: &kinds, constants: &constants, defaults: &defaults, to: &out) {
                    stack.append((child, top.level + 2, 0))
                }
            } else {
                out.append(byte: UInt8(ascii: "\n"))
                out.append(indentation: top.level + 1)
                out.append("]\n")
                out.append(indentation: top.level)
                out.append(byte: UInt8(ascii: "}"))
                stack.removeLast()
            }
            if out.count >= size {
                try sink(out.bytes)
                out.truncate(to: 0)
            }
        }
        out.append(byte: UInt8(ascii: "\n"))
        try sink(out.bytes)
    }

    /// Writes a view's object up to its `children` array: whole, closing brace included, when it
    /// has no children (returns false); else up to the array's `[` (returns true).
    private func writeHead(of view: View, level: Int, kinds: inout JSONKindTexts, constants: inout ConstantTexts, defaults: inout DefaultsByKind,
                           to out: inout TextBytes) -> Bool {
        let text = kinds.text(of: view.kind)
        out.append("{\n")
        out.append(indentation: level + 1)
        out.append(text.kind)
        out.append(indentation: level + 1)
        if let id = view.id {
            out.append("\"id\": ")
            out.append(jsonString: id)
            out.append(",\n")
        } else {
            out.append("\"id\": null,\n")
        }
        out.append(indentation: level + 1)
        out.append("\"classes\": [")
        let classes = view.classes
        if !classes.isEmpty {
            for (i, c) in classes.enumerated() {
                i == 0 ? out.append(byte: UInt8(ascii: "\n")) : out.append(",\n")
                out.append(indentation: level + 2)
                out.append(jsonString: c)
            }
            out.append(byte: UInt8(ascii: "\n"))
            out.append(indentation: level + 1)
        }
        out.append("],\n")
        out.append(indentation: level + 1)
        out.append("\"properties\": {")
        var listed = false
        func member(_ slot: Int) {
            listed ? out.append(",\n") : out.append(byte: UInt8(ascii: "\n"))
            listed = true
            out.append(indentation: level + 2)
            text.paths.withUnsafeBufferPointer { paths in
                out.append(UnsafeBufferPointer(rebasing: paths[text.pathStarts[slot]..<text.pathStarts[slot + 1]]))
            }
        }
        if includesDefaults {
            let values = view.values
            for slot in values.indices {
                member(slot)
                out.append(json: values[slot], level: level + 2)
            }
        } else {
            // A constant's text (an object's included) depends only on its indentation, which
            // stops growing a few levels past `maximumIndentation`.
            let variant = Int32(min(level, JSONValue.maximumIndentation))
            // A plain loop: a closure capturing `out` had every write checked for exclusive
            // access at run time.
            let values = view.values
            for (slot, constant) in view.valuesChangedFromDefault(kinds: &defaults) {
                member(slot)
                if let constant {
                    constants.append(constant, variant: variant, to: &out) { $0.append(json: values[slot], level: level + 2) }
                } else {
                    out.append(json: values[slot], level: level + 2)
                }
            }
        }
        if listed {
            out.append(byte: UInt8(ascii: "\n"))
            out.append(indentation: level + 1)
        }
        out.append("},\n")
        out.append(indentation: level + 1)
        if case .object(let entries) = stateObject(of: view) {
            out.append("\"states\": ")
            out.append(JSONValue.object(entries).serialized(.pretty, level: level + 1))
            out.append(",\n")
            out.append(indentation: level + 1)
        }
        if let layout = frames?.layout(of: view) {
            writeLayout(layout, level: level, to: &out)
        }
        if view.children.isEmpty {
            out.append("\"children\": []\n")
            out.append(indentation: level)
            out.append(byte: UInt8(ascii: "}"))
            return false
        }
        out.append("\"children\": [")
        return true
    }

    /// `"frame": {…}, "frameReason": "…", "truncation": {…},` on lines of their own, as
    /// `JSONValue.serialized(.pretty)` spells them.
    private func writeLayout(_ layout: ViewLayout, level: Int, to out: inout TextBytes) {
        let f = layout.frame
        out.append("\"frame\": {\n")
        for (i, (name, v)) in [("x", f.x), ("y", f.y), ("width", f.width), ("height", f.height)].enumerated() {
            out.append(indentation: level + 2)
            out.append(jsonString: name)
            out.append(": ")
            out.append(jsonNumber: v)
            out.append(i < 3 ? ",\n" : "\n")
        }
        out.append(indentation: level + 1)
        out.append("},\n")
        out.append(indentation: level + 1)
        out.append("\"frameReason\": ")
        out.append(jsonString: layout.reason)
        out.append(",\n")
        out.append(indentation: level + 1)
        if let t = layout.truncation {
            out.append("\"truncation\": {\n")
            for (name, v) in [("line", t.line), ("charactersShown", t.charactersShown), ("characters", t.characters)] {
                out.append(indentation: level + 2)
                out.append(jsonString: name)
                out.append(": ")
                out.append(jsonNumber: Double(v))
                out.append(",\n")
            }
            out.append(indentation: level + 2)
            out.append(t.ellipsis ? "\"ellipsis\": true\n" : "\"ellipsis\": false\n")
            out.append(indentation: level + 1)
            out.append("},\n")
            out.append(indentation: level + 1)
        }
    }

    /// The `properties` object of one view: `path: value` for the properties shown, in slot order.
    ///
    ///     TreeJSONRenderer().properties(of: label)    // {"text": "Hi", "numberOfLines": 0}
    public func properties(of view: View) -> JSONValue {
        .object(view.kind.properties.compactMap { p in
            let value = view.values[p.slot]
            guard includesDefaults || value != p.viewDefault else { return nil }
            return (key: p.path, value: value.json)
        })
    }
}

/// Each kind's `"kind": "Name",` line and property keys (`"layer.cornerRadius": `) as JSON
/// bytes, made once per render.
private struct JSONKindTexts {
    final class Text {
        /// `"kind": "Name",` and a newline.
        let kind: [UInt8]
        /// Every property's quoted path and `: `, one after the other; slot `s` is
        /// `pathStarts[s]..<pathStarts[s + 1]`.
        let paths: [UInt8]
        let pathStarts: [Int]

        init(_ kind: Kind) {
            var line = TextBytes()
            line.append("\"kind\": ")
            line.append(jsonString: kind.name)
            line.append(",\n")
            self.kind = line.array
            var paths = TextBytes(), starts = [0]
            for p in kind.properties {
                paths.append(jsonString: p.path)
                paths.append(": ")
                starts.append(paths.count)
            }
            self.paths = paths.array
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
