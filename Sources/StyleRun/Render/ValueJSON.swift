import StyleCore

extension Value {
    /// The value as REFERENCE §3.1 spells it in every JSON output (tree, watch changes, explain).
    ///
    ///     Value.color(.white).json                           // "#FFFFFFFF"
    ///     Value.insets(Insets(all: 8)).json.serialized()     // {"top": 8, "left": 8, "bottom": 8, "right": 8}
    ///
    /// Numbers, booleans and strings are themselves; enums their case name; colors
    /// `"#RRGGBBAA"` in upper-case hex; insets, sizes, fonts and images objects with their fields
    /// in a fixed order; `nil` is `null`.
    public var json: JSONValue {
        switch self {
        case .number(let x): .number(x)
        case .int(let i): .number(Double(i))
        case .bool(let b): .bool(b)
        case .string(let s): .string(s)
        case .enumCase(let c): .string(c)
        case .color(let c): .string(c.hex)
        case .dynamicColor(let c): c.json
        case .insets(let i):
            ["top": .number(i.top), "left": .number(i.left), "bottom": .number(i.bottom), "right": .number(i.right)]
        case .size(let s):
            ["width": .number(s.width), "height": .number(s.height)]
        case .font(let f):
            .object([("name", .string(f.name)), ("size", .number(f.size)), ("weight", .string(f.weight.rawValue)),
                     ("italic", .bool(f.italic)), ("smallCaps", .bool(f.smallCaps))]
                    + (f.textStyle.map { [("textStyle", JSONValue.string($0.rawValue))] } ?? []))
        case .image(.named(let name)): ["name": .string(name)]
        case .image(.color(let c)): ["color": .string(c.hex)]
        case .null: .null
        }
    }
}

extension DynamicColor {
    /// `{"name": "label", "light": "#000000FF", "dark": "#FFFFFFFF", "highContrastLight": …,
    /// "highContrastDark": …}`: every variant a view may take (a missing high-contrast one as
    /// the normal one it falls back to); `name` only for UIKit's semantic colours.
    public var json: JSONValue {
        .object((name.map { [("name", JSONValue.string($0))] } ?? [])
                + Variant.allCases.map { ($0.rawValue, JSONValue.string(self[$0].hex)) })
    }
}

extension Diagnostic {
    /// The diagnostic as REFERENCE §3.2's JSON spells it (also used by watch and `--format json`).
    ///
    ///     diagnostic.json.serialized()
    ///     // {"file": "a.lua", "line": 3, "column": 5, "endLine": 3, "endColumn": 17,
    ///     //  "severity": "error", "code": "unknown-property", "message": "…", "suggestions": ["layoutMargins"]}
    public var json: JSONValue {
        [
            "file": .string(file),
            "line": .number(Double(line)),
            "column": .number(Double(column)),
            "endLine": .number(Double(endLine)),
            "endColumn": .number(Double(endColumn)),
            "severity": .string(severity.rawValue),
            "code": .string(code.rawValue),
            "message": .string(message),
            "suggestions": .array(suggestions.map(JSONValue.string)),
        ]
    }

    /// A diagnostic read back from its `json`; nil when `value` does not have that shape.
    ///
    ///     Diagnostic(json: diagnostic.json) == diagnostic    // true
    public init?(json value: JSONValue) {
        guard case .string(let file)? = value["file"], case .number(let line)? = value["line"],
              case .number(let column)? = value["column"], case .number(let endLine)? = value["endLine"],
              case .number(let endColumn)? = value["endColumn"],
              case .string(let severityName)? = value["severity"], let severity = Severity(rawValue: severityName),
              case .string(let code)? = value["code"], case .string(let message)? = value["message"],
              case .array(let list)? = value["suggestions"],
              [line, column, endLine, endColumn].allSatisfy({ $0 == $0.rounded() && abs($0) < 1e15 }) else { return nil }
        var suggestions: [String] = []
        for entry in list {
            guard case .string(let suggestion) = entry else { return nil }
            suggestions.append(suggestion)
        }
        self.init(Diagnostic.Code(rawValue: code), message, at: SourceLocation(file: file, line: Int(line), column: Int(column)),
                  severity: severity, suggestions: suggestions)
        // The initializer keeps columns at 1 or more; a diagnostic is read back as it was written.
        self.column = Int(column)
        self.endLine = Int(endLine)
        self.endColumn = Int(endColumn)
    }
}

extension PropertyChange {
    /// The change as an entry of REFERENCE §3.3's watch `changes` list.
    ///
    ///     change.json.serialized()
    ///     // {"view": "#subscribe", "property": "titleColor", "old": "#000000FF", "new": "#FFFFFFFF"}
    public var json: JSONValue {
        ["view": .string(view), "property": .string(property), "old": old.json, "new": new.json]
    }
}
