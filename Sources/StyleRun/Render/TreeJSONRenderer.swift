import StyleCore

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

    /// A renderer; `all: true` lists every property (`--all`).
    ///
    ///     TreeJSONRenderer(all: true).render(root)
    public init(all: Bool = false) {
        self.includesDefaults = all
    }

    /// The JSON value of a view and its descendants.
    ///
    ///     TreeJSONRenderer().json(for: button)["properties"]?["titleColor"]    // "#FFFFFFFF"
    public func json(for view: View) -> JSONValue {
        [
            "kind": .string(view.kind.name),
            "id": view.id.map(JSONValue.string) ?? .null,
            "classes": .array(view.classes.map(JSONValue.string)),
            "properties": properties(of: view),
            "children": .array(view.children.map(json(for:))),
        ]
    }

    /// The pretty-printed JSON text (two-space indentation) with one trailing newline.
    ///
    ///     print(TreeJSONRenderer().render(root), terminator: "")
    ///
    /// The same text as `json(for:).serialized(.pretty)`, written view by view with an explicit
    /// stack, so a tree of any depth takes time and space linear in its size (indentation stops
    /// growing at `JSONValue.maximumIndentation` levels).
    public func render(_ view: View) -> String {
        var out = ""
        var stack: [(view: View, level: Int, next: Int)] = []
        if writeHead(of: view, level: 0, to: &out) { stack.append((view, 0, 0)) }
        while let top = stack.last {
            if top.next < top.view.children.count {
                let child = top.view.children[top.next]
                stack[stack.count - 1].next += 1
                out += top.next == 0 ? "\n" : ",\n"
                out += JSONValue.indentation(top.level + 2)
                if writeHead(of: child, level: top.level + 2, to: &out) { stack.append((child, top.level + 2, 0)) }
            } else {
                out += "\n" + JSONValue.indentation(top.level + 1) + "]\n" + JSONValue.indentation(top.level) + "}"
                stack.removeLast()
            }
        }
        return out + "\n"
    }

    /// Writes a view's object up to its `children` array: whole, closing brace included, when it
    /// has no children (returns false); else up to the array's `[` (returns true).
    private func writeHead(of view: View, level: Int, to out: inout String) -> Bool {
        let inner = JSONValue.indentation(level + 1)
        out += "{\n" + inner + "\"kind\": " + JSONValue.quote(view.kind.name) + ",\n"
        out += inner + "\"id\": " + (view.id.map(JSONValue.quote) ?? "null") + ",\n"
        out += inner + "\"classes\": " + JSONValue.array(view.classes.map(JSONValue.string)).serialized(.pretty, level: level + 1) + ",\n"
        out += inner + "\"properties\": " + properties(of: view).serialized(.pretty, level: level + 1) + ",\n"
        out += inner + "\"children\": "
        if view.children.isEmpty {
            out += "[]\n" + JSONValue.indentation(level) + "}"
            return false
        }
        out += "["
        return true
    }

    /// The `properties` object of one view: `path: value` for the properties shown, in slot order.
    ///
    ///     TreeJSONRenderer().properties(of: label)    // {"text": "Hi", "numberOfLines": 0}
    public func properties(of view: View) -> JSONValue {
        .object(view.kind.properties.compactMap { p in
            let value = view.values[p.slot]
            guard includesDefaults || value != p.defaultValue else { return nil }
            return (key: p.path, value: value.json)
        })
    }
}
