import StyleCore
import StyleLua

/// The parts of `LuaDefinitions` that do not come from the kinds: the value types and their
/// constructors (REFERENCE §1.2) and the style functions (§1.4–1.9), written from `APITable`,
/// with the few aliases and classes that only the type checker needs.
enum LuaDefinitionsPrelude {
    static var values: String {
        var out = ""
        for type in ["Color", "Font", "Insets", "Size", "Image"] { out += valueClass(type) }
        out += types
        return out + functions(APITable.constructors)
    }

    /// Ends with the last function: `render` ends there.
    static var functions: String { String(functions(APITable.styleFunctions).dropLast()) }

    /// What the table does not say: what each value type is.
    private static let typeDocs = [
        "Color": "A color; components are 0–255, alpha 0–1.",
        "Font": "A font: the system font of a size and weight, or a named font.",
        "Image": "An image by name, or filled with a color.",
    ]

    /// The coercions, key paths, styles and kinds as types.
    private static let types = """
        ---Where a Color is expected, a hex string is accepted.
        ---@alias ColorLike Color|string
        ---The variants of `color.dynamic`: light and dark, and optionally their high-contrast ones.
        ---@class DynamicColorVariants
        ---@field light ColorLike
        ---@field dark ColorLike
        ---@field highContrastLight ColorLike?
        ---@field highContrastDark ColorLike?
        ---Where an Image is expected, its name is accepted.
        ---@alias ImageLike Image|string
        ---@alias InsetsLike Insets|{top: number?, left: number?, bottom: number?, right: number?}
        ---@alias SizeLike Size|{width: number?, height: number?}

        ---A typed key path (`View.layer.cornerRadius`): its root kind and value type.
        ---@class KeyPath<T>

        ---@class InsetsKeyPath: KeyPath<Insets>
        ---@field top KeyPath<number>
        ---@field left KeyPath<number>
        ---@field bottom KeyPath<number>
        ---@field right KeyPath<number>

        ---@class SizeKeyPath: KeyPath<Size>
        ---@field width KeyPath<number>
        ---@field height KeyPath<number>

        ---A style: the kind it applies to and the steps it takes. Call it on a view to add it to
        ---the view's styles; `a .. b` and `a + b` are `concat(a, b)`.
        ---@class Style
        ---@operator call(View): View
        ---@operator concat(StyleLike): Style
        ---@operator add(StyleLike): Style

        ---A style, or a plain function that styles the view it is given.
        ---@alias StyleLike Style|fun(view: View)

        ---A view kind as a global: index it for key paths, call it with a table to build a view.
        ---@class ViewKind

        ---A control state, or several joined by `+` (`"highlighted+selected"`).
        ---@alias ControlStateName "normal"|"highlighted"|"disabled"|"selected"|"focused"|string

        ---What a `when` asks: states (any of a list) and traits (a value, a list of values, or for
        ---contentSize a comparison such as ">= accessibilityMedium").
        ---@class WhenCondition
        ---@field state? ControlStateName|ControlStateName[]
        ---@field colorScheme? "light"|"dark"|("light"|"dark")[]
        ---@field contentSize? string|string[]
        ---@field horizontalSizeClass? "compact"|"regular"|("compact"|"regular")[]
        ---@field verticalSizeClass? "compact"|"regular"|("compact"|"regular")[]
        ---@field contrast? "normal"|"high"|("normal"|"high")[]
        ---@field layoutDirection? "leftToRight"|"rightToLeft"|("leftToRight"|"rightToLeft")[]

        ---The traits the script is evaluated with (read-only).
        ---@class Traits
        ---@field colorScheme "light"|"dark"
        ---@field contentSize string
        ---@field horizontalSizeClass "compact"|"regular"
        ---@field verticalSizeClass "compact"|"regular"
        ---@field contrast "normal"|"high"
        ---@field layoutDirection "leftToRight"|"rightToLeft"


        """

    /// A value type's class: its fields, then its methods.
    private static func valueClass(_ type: String) -> String {
        let members = APITable.members(of: type)
        var out = typeDocs[type].map { "---\($0)\n" } ?? ""
        out += "---@class \(type)\n"
        for f in members where f.role == .field { out += field(f) }
        let methods = members.filter { $0.role == .method }
        if !methods.isEmpty { out += "local \(type) = {}\n" }
        for m in methods { out += function(m, named: "\(type):\(m.name)") }
        return out + "\n"
    }

    /// Global functions, each followed by a blank line, and namespaces with their members.
    private static func functions(_ entries: [APIEntry]) -> String {
        var out = ""
        for entry in entries where entry.owner == nil {
            if entry.role == .namespace {
                let members = APITable.members(of: entry.name)
                out += doc(entry.doc) + "---@class \(entry.name.prefix(1).uppercased() + entry.name.dropFirst())Namespace\n"
                if !entry.parameters.isEmpty {
                    out += "---@overload fun(\(entry.parameters.map(\.typed).joined(separator: ", "))): \(entry.returns ?? "nil")\n"
                }
                for c in members where c.role == .constant { out += field(c) }
                out += "\(entry.name) = {}\n"
                for f in members where f.role == .function { out += function(f, named: f.messageName) }
            } else {
                out += function(entry, named: entry.name)
            }
            out += "\n"
        }
        return out
    }

    private static func field(_ entry: APIEntry) -> String {
        "---@field \(entry.name) \(entry.returns ?? "any")" + entry.doc.map { " " + $0 }.joined() + "\n"
    }

    private static func function(_ entry: APIEntry, named name: String) -> String {
        var out = doc(entry.doc)
        if let generic = entry.generic { out += "---@generic \(generic)\n" }
        for overload in entry.overloads { out += "---@overload \(overload)\n" }
        for p in entry.parameters { out += "---@param \(p.name) \(p.type)\(p.isOptional ? "?" : "")" + (p.doc.isEmpty ? "" : " " + p.doc) + "\n" }
        if let returns = entry.returns { out += "---@return \(returns)\n" }
        return out + "function \(name)(\(entry.parameters.map(\.name).joined(separator: ", "))) end\n"
    }

    private static func doc(_ lines: [String]) -> String { lines.map { "---\($0)\n" }.joined() }
}
