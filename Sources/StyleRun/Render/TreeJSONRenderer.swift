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
    public func render(_ view: View) -> String {
        json(for: view).serialized(.pretty) + "\n"
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
