import Foundation
import StyleCore

/// The stylerun Lua API, declared once: every global function, every member of the `color`,
/// `font` and `image` namespaces, and every field and method of the values scripts hold
/// (REFERENCE §1.2–1.9).
///
/// The bindings check arguments against it and answer only the value members it lists; lint's
/// static pass, the LuaLS definitions `stylerun types` writes, the language server's completion
/// and hover, and the reference's table of functions all read it. `APITableTests` compares it
/// with the globals and tables of a real evaluation in both directions.
///
///     APITable.entry("font.named")?.arguments    // 2...2
public enum APITable {
    /// Every entry, in the order the definitions file declares them.
    public static let entries: [APIEntry] = valueMembers + constructors + styleFunctions

    /// The entry a message names (`font.named`, `withAlpha`, `mut`), as `APIEntry.messageName`.
    public static func entry(_ messageName: String) -> APIEntry? { byMessageName[messageName] }

    /// The global functions and namespaces, in declaration order.
    public static var globals: [APIEntry] { entries.filter { $0.owner == nil } }

    /// The members of a namespace (`font`) or the fields and methods of a value type (`Font`).
    public static func members(of owner: String) -> [APIEntry] { entries.filter { $0.owner == owner } }

    /// The member names of a value type (`Font` → `name`, `size`, …, `withWeight`).
    public static func memberNames(of type: String) -> [String] { memberNamesByOwner[type] ?? [] }

    /// Read on every `c.red` a script writes: kept by owner.
    private static let memberNamesByOwner: [String: [String]] = Dictionary(grouping: entries.filter { $0.owner != nil }, by: { $0.owner! })
        .mapValues { $0.map(\.name) }

    /// `A style called on a view takes 1 argument (the view to style)`: the `__call` of styles.
    public static let styleCall = APIEntry("a style called on a view", owner: "Style", role: .call,
                                           arguments: 1...1, said: "1 argument (the view to style)", returns: "View")

    private static let byMessageName: [String: APIEntry] = Dictionary(
        uniqueKeysWithValues: (entries + [styleCall]).filter { $0.role != .field && $0.role != .constant }.map { ($0.messageName, $0) })

    // MARK: Values (§1.2)

    /// The fields and methods of values, by value type (`Color`, `Font`, …).
    public static let valueMembers: [APIEntry] = [
        field("red", of: "Color", "number"), field("green", of: "Color", "number"), field("blue", of: "Color", "number"),
        field("alpha", of: "Color", "number"), field("hex", of: "Color", "string", doc: "`#RRGGBBAA`"),
        APIEntry("withAlpha", owner: "Color", role: .method, parameters: [.init("alpha", "number", doc: "0 to 1")],
                 returns: "Color", doc: ["The same color with another alpha (each variant's, for a dynamic colour)."]),
    ] + DynamicColor.Variant.allCases.map {
        field($0.rawValue, of: "Color", "Color", doc: "the colour at \($0.colorScheme.rawValue), \($0.contrast.rawValue) contrast (itself, for a colour of one value)")
    } + [
        field("isDynamic", of: "Color", "boolean", doc: "whether it depends on the colour scheme and contrast"),
        field("name", of: "Color", "string?", doc: "UIKit's name of a semantic colour (`\"label\"`)"),

        field("name", of: "Font", "string", doc: "`\"system\"` or the PostScript name"), field("size", of: "Font", "number"),
        field("weight", of: "Font", "FontWeight"), field("isItalic", of: "Font", "boolean"), field("isSmallCaps", of: "Font", "boolean"),
        field("textStyle", of: "Font", "TextStyle?", doc: "the Dynamic Type text style it scales with"),
        APIEntry("bolded", owner: "Font", role: .method, returns: "Font"),
        APIEntry("italic", owner: "Font", role: .method, returns: "Font"),
        APIEntry("smallCaps", owner: "Font", role: .method, returns: "Font"),
        APIEntry("withSize", owner: "Font", role: .method, parameters: [.init("size", "number")], returns: "Font"),
        APIEntry("withWeight", owner: "Font", role: .method, parameters: [.init("weight", "FontWeight")], returns: "Font"),
        APIEntry("scaled", owner: "Font", role: .method, parameters: [.init("textStyle", "TextStyle")], said: "1 argument (a text style)",
                 returns: "Font", doc: ["The font scaling with Dynamic Type as `textStyle` does, as UIFontMetrics(forTextStyle:)",
                                        "scales it: its size is the size at `large`."]),

        field("name", of: "Image", "string?"), field("color", of: "Image", "Color?"),
    ] + Insets.fieldNames.map { field($0, of: "Insets", "number") } + Size.fieldNames.map { field($0, of: "Size", "number") }

    /// The functions and namespaces that make values, with the namespaces' members.
    public static let constructors: [APIEntry] = [
        APIEntry("color", role: .namespace, parameters: [.init("hex", "string")], arguments: 1...1,
                 said: "1 argument (a hex string like \"#6E40C9\")", returns: "Color",
                 doc: ["A color from a hex string, or one of UIKit's named colours with UIColor's values."]),
    ] + Color.namedColors.map { APIEntry($0.name, owner: "color", role: .constant, returns: "Color") }
      + DynamicColor.semanticColors.map {
          APIEntry($0.name!, owner: "color", role: .constant, returns: "Color", doc: ["UIKit's dynamic `\($0.name!)`: \($0.variantsText)."])
      } + [
        APIEntry("dynamic", owner: "color", parameters: [.init("variants", "DynamicColorVariants")], said: "1 argument (a table of variants)",
                 returns: "Color", doc: ["A colour resolved by the colour scheme and contrast, as an asset-catalog colour:",
                                         "`color.dynamic { light = c1, dark = c2, highContrastLight = c3, highContrastDark = c4 }`",
                                         "(the high-contrast ones optional, falling back to their scheme's)."]),
        APIEntry("rgb", parameters: [.init("r", "number"), .init("g", "number"), .init("b", "number"), .init("a", "number", optional: true)],
                 arguments: 3...4, said: "3 or 4 arguments (red, green, blue [, alpha])", returns: "Color",
                 doc: ["A color from 0–255 components, as CSS and design tools write them, and an optional",
                       "alpha (0–1). All three in 0–1 with a fraction is UIKit's scale: an `rgb-scale` warning."]),
        APIEntry("white", parameters: [.init("w", "number"), .init("a", "number", optional: true)],
                 arguments: 1...2, said: "1 or 2 arguments (white [, alpha])", returns: "Color",
                 doc: ["A gray from 0 (black) to 1 (white), as UIColor(white:alpha:)."]),

        APIEntry("font", role: .namespace),
        APIEntry("system", owner: "font", parameters: [.init("size", "number"), .init("weight", "FontWeight", optional: true)],
                 returns: "Font"),
        APIEntry("preferred", owner: "font", parameters: [.init("textStyle", "TextStyle")], said: "1 argument (a text style)", returns: "Font"),
        APIEntry("named", owner: "font", parameters: [.init("postScriptName", "string"), .init("size", "number")], returns: "Font",
                 note: "The weight is part of the PostScript name, as in font.named(\"Lato-Bold\", 20)."),

        // insets counts its own arguments: 3 numbers is the mistake it names.
        APIEntry("insets", parameters: ["top", "left", "bottom", "right"].map { .init($0, "number") }, countsOwnArguments: true,
                 said: "1, 2 or 4 arguments (all; vertical, horizontal; or top, left, bottom, right)", returns: "Insets",
                 doc: ["Insets: all sides, vertical and horizontal, or top, left, bottom, right."],
                 overloads: ["fun(all: number): Insets", "fun(vertical: number, horizontal: number): Insets"]),
        APIEntry("size", parameters: [.init("width", "number"), .init("height", "number")], returns: "Size"),

        APIEntry("image", role: .namespace, parameters: [.init("name", "string")], arguments: 1...1, said: "1 argument (an image name)",
                 returns: "Image"),
        APIEntry("fromColor", owner: "image", parameters: [.init("c", "ColorLike")], said: "1 argument (a color)", returns: "Image"),
    ]

    // MARK: Styles, the cascade, kinds and modules (§1.4–1.9)

    /// The functions of styles, the cascade, themes, kinds and modules.
    public static let styleFunctions: [APIEntry] = [
        APIEntry("mut", parameters: [.init("path", "KeyPath<any>|string"), .init("value", "any")], returns: "Style",
                 doc: ["A style that sets the property at `path` to `value`, checked against its type."]),
        APIEntry("mver", parameters: [.init("path", "KeyPath<any>|string"), .init("fn", "fun(old: any): any")],
                 said: "2 arguments (path, function)", returns: "Style",
                 doc: ["A style that transforms the current value: `fn(old)` returns the new one, or changes",
                       "its argument and returns nothing."]),
        APIEntry("concat", parameters: [.init("...", "StyleLike")], said: "any number of parts", returns: "Style",
                 doc: ["A style applying its parts in order; its kind is the most specific of theirs."]),
        APIEntry("style", parameters: [.init("kind", "ViewKind"), .init("...", "StyleLike")], arguments: 1...Int.max,
                 said: "a kind and then its parts", returns: "Style",
                 doc: ["Like concat, with an explicit kind: `style(Button, function(b) … end)`."]),
        APIEntry("with", parameters: [.init("view", "V"), .init("s", "StyleLike")], said: "2 arguments (view, style)", returns: "V",
                 doc: ["Adds `s` to the view's own styles and returns the view."], generic: "V: View"),
        APIEntry("appearance", parameters: [.init("kind", "ViewKind"), .init("s", "StyleLike")], said: "2 arguments (Kind, style)",
                 doc: ["Defaults for every view of `kind` and its sub-kinds (UIAppearance)."]),
        APIEntry("rule", parameters: [.init("selector", "string"), .init("s", "StyleLike")], said: "2 arguments (selector, style)",
                 doc: ["A CSS-like rule: `rule(\"StackView#root > Button.primary\", primaryStyle)`."]),
        APIEntry("themes", parameters: [.init("declaration", "table<string, string|table<string, any>>")],
                 said: "1 argument (a table of themes)", returns: "table<string, any>",
                 doc: ["Declares the themes; returns the active theme's tokens. Every theme must define the",
                       "same tokens."]),
        APIEntry("kind", parameters: [.init("name", "string"), .init("super", "ViewKind"),
                                      .init("properties", "table<string, string>", optional: true),
                                      .init("options", "{ control: boolean? }", optional: true)],
                 said: "2 to 4 arguments (name, superKind [, properties [, options]])", returns: "ViewKind",
                 doc: ["Declares a kind for prototyping and defines its global:",
                       "`kind(\"GradientView\", View, { fromColor = \"Color?\" })`; with `{ control = true }` its",
                       "views are controls: they have isEnabled, isSelected, isHighlighted and isFocused, and states."]),
        APIEntry("tokens", parameters: [.init("files", "string|string[]")],
                 said: "1 argument (a token file name or a list of them)", returns: "table<string, any>",
                 doc: ["Loads W3C design-token files (`brand.tokens.json`, DTCG 2025.10) found as `require` finds",
                       "modules, merged in order; returns their tokens as nested read-only tables."]),
        APIEntry("when", parameters: [.init("condition", "ControlStateName|WhenCondition"), .init("s", "StyleLike")],
                 said: "2 arguments (condition, style)", returns: "Style",
                 doc: ["A style whose parts apply only while the condition holds: a state (`when(\"highlighted\", s)`),",
                       "or a table of states and traits (`when({ state = \"disabled\", colorScheme = \"dark\" }, s)`);",
                       "a trait takes a value, a list of values, or for contentSize a comparison (`\">= accessibilityMedium\"`)."]),
        APIEntry("traits", role: .namespace,
                 doc: ["The traits the script is evaluated with (read-only): `traits.colorScheme` is \"light\" or \"dark\".",
                       "Reading them makes the result hold for those traits only; `when` keeps one evaluation for all."]),
    ] + Traits.names.map { APIEntry($0, owner: "traits", role: .constant, returns: "string") } + [
        APIEntry("require", parameters: [.init("name", "string")], said: "1 argument (a module name)", returns: "any",
                 doc: ["Loads `a/b.lua` for `require \"a.b\"` from the script's folder, then the stdlib."]),
    ]

    private static func field(_ name: String, of type: String, _ luaType: String, doc: String = "") -> APIEntry {
        APIEntry(name, owner: type, role: .field, returns: luaType, doc: doc.isEmpty ? [] : [doc])
    }
}

/// One function, namespace, constant, field or method of the stylerun API.
public struct APIEntry: Sendable, Hashable {
    public enum Role: Sendable, Hashable {
        /// A global function (`mut`) or a namespace's (`font.system`).
        case function
        /// A table of constructors (`font`); callable when it has parameters (`color "#fff"`).
        case namespace
        /// A value in a namespace (`color.white`).
        case constant
        /// A field of a value (`c.red`, `f.size`).
        case field
        /// A method of a value (`f:withSize(20)`), its receiver not counted.
        case method
        /// Calling a value (`primary(button)`).
        case call
    }

    /// One parameter, as the definitions and the editor show it.
    public struct Parameter: Sendable, Hashable {
        /// `size`, or `...` for any number of values.
        public var name: String
        /// The LuaLS type (`KeyPath<any>|string`, `FontWeight`), without the `?` of an optional.
        public var type: String
        public var isOptional: Bool
        /// A few words after the type in the definitions (`0 to 1`).
        public var doc: String

        public init(_ name: String, _ type: String, optional: Bool = false, doc: String = "") {
            self.name = name
            self.type = type
            self.isOptional = optional
            self.doc = doc
        }

        public var isVariadic: Bool { name == "..." }
        /// `weight: FontWeight?`.
        public var typed: String { "\(name): \(type)\(isOptional ? "?" : "")" }
    }

    /// `system`, `withAlpha`, `mut`.
    public var name: String
    /// The namespace (`font`) or value type (`Font`) it belongs to; nil for a global.
    public var owner: String?
    public var role: Role
    public var parameters: [Parameter]
    /// How many arguments a call may have, checked by the bindings and by lint; nil when the
    /// function counts them itself (`insets`) or takes any number (`concat`).
    public var arguments: ClosedRange<Int>?
    /// The arguments as a message says them: `2 arguments (postScriptName, size)`.
    public var said: String
    /// A sentence about the usual mistake, added to the arity message.
    public var note: String?
    /// The LuaLS type of the result (or of the field or constant); nil for nothing.
    public var returns: String?
    /// The doc comment, one string per line as the definitions wrap it.
    public var doc: [String]
    /// A LuaLS generic (`V: View`).
    public var generic: String?
    /// Other LuaLS signatures (`fun(all: number): Insets`).
    public var overloads: [String]

    /// Arguments are counted from the parameters (optional ones last) unless `arguments` or
    /// `said` are given, or the function `countsOwnArguments`; a method's receiver is not a parameter.
    public init(_ name: String, owner: String? = nil, role: Role = .function, parameters: [Parameter] = [],
                arguments: ClosedRange<Int>? = nil, countsOwnArguments: Bool = false, said: String? = nil,
                returns: String? = nil, note: String? = nil, doc: [String] = [], generic: String? = nil, overloads: [String] = []) {
        self.name = name
        self.owner = owner
        self.role = role
        self.parameters = parameters
        let required = parameters.filter { !$0.isOptional && !$0.isVariadic }.count
        let counted = parameters.contains(where: \.isVariadic) ? required...Int.max : required...parameters.count
        self.arguments = countsOwnArguments ? nil : arguments ?? ((role == .function || role == .method) ? counted : nil)
        self.said = said ?? Self.said(parameters)
        self.returns = returns
        self.note = note
        self.doc = doc
        self.generic = generic
        self.overloads = overloads
    }

    /// The name messages use: `font.system` for a namespace's function, `withSize` for a
    /// method, `mut` for a global.
    public var messageName: String {
        guard let owner, role == .function || role == .constant else { return name }
        return "\(owner).\(name)"
    }

    /// `font.system(size: number, weight: FontWeight?)`; the type for a field or constant.
    public var signature: String {
        switch role {
        case .field, .constant: returns ?? "any"
        case .namespace: messageName
        case .function, .method, .call: "\(messageName)(\(parameters.map(\.typed).joined(separator: ", ")))"
        }
    }

    /// `2 arguments (postScriptName, size)`, `1 or 2 arguments (size [, weight])`, `no arguments`.
    static func said(_ parameters: [Parameter]) -> String {
        let required = parameters.filter { !$0.isOptional }.map(\.name)
        let optional = parameters.filter(\.isOptional).map(\.name)
        guard !parameters.isEmpty else { return "no arguments" }
        let count = required.count, most = parameters.count
        let amount = optional.isEmpty ? "\(count) argument\(count == 1 ? "" : "s")" : "\(count) or \(most) arguments"
        let list = required.joined(separator: ", ") + optional.map { " [, \($0)]" }.joined()
        return "\(amount) (\(list))"
    }
}

extension APITable {
    /// "Font has no field 'bold'. Did you mean 'bolded'?", as the runtime says it.
    public static func unknownMemberMessage(_ name: String, on type: String) -> (message: String, suggestion: String?) {
        let near = Suggestion.closest(to: name, among: memberNames(of: type))
        return ("\(type) has no field '\(name)'." + Suggestion.sentence(near), near)
    }
}

extension APITable {
    /// The table of functions in REFERENCE §1.2, one row per function, namespace call and method
    /// (`APITableTests` checks the reference against it).
    public static var referenceTable: String {
        var rows = ["| call | arguments | gives |", "|---|---|---|"]
        for entry in constructors + valueMembers + styleFunctions + [styleCall] {
            let written: String
            let names = entry.parameters.map(\.name).joined(separator: ", ")
            switch entry.role {
            case .function: written = "\(entry.messageName)(\(names))"
            case .namespace where !entry.parameters.isEmpty: written = "\(entry.name)(\(names))"
            case .method: written = "\(entry.owner!.prefix(1).lowercased()):\(entry.name)(\(names))"
            case .call: written = "s(view)"
            default: continue
            }
            // A generic result reads as its bound: `with` gives the View it was given.
            var returns = entry.returns
            if let generic = entry.generic, let colon = generic.firstIndex(of: ":"), returns == String(generic[..<colon]) {
                returns = generic[generic.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            rows.append("| `\(written)` | \(entry.said) | \(returns.map { "`\($0)`" } ?? "nothing") |")
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
