import LuaSyntax
import StyleCore
import StyleLua

/// What the static checker knows about a Lua value without running the script.
///
/// The lattice is flat: a value is either something the stylerun API made (a kind, a key path, a
/// style, a view, a typed value) or `unknown`, and every check stays quiet on `unknown`. That
/// is what keeps the static pass free of false positives on code it cannot follow.
///
///     mut(View.alpha, 2)   // .api(.mut) called with .keyPath(\View.alpha) and .value(2)
indirect enum StaticValue {
    case unknown
    /// A view kind (`Button`, or one the script declared with `kind`).
    case kind(Kind)
    /// A typed key path (`View.layer.cornerRadius`).
    case keyPath(StyleKeyPath)
    case style(StaticStyle)
    /// A view built by a constructor (`Label { … }`), of exactly this kind.
    case view(Kind)
    /// The view, or one of its sub-objects, inside a style function.
    case proxy(ViewProxy)
    /// A value of a known type; exact when written as a literal.
    case value(StaticLiteral)
    /// A Lua function written in this file, by the offset where its body starts.
    case function(FunctionKey)
    case api(APIFunction)
    /// `color`, `font` and `image`: tables of constructors that are also callable.
    case namespace(APIFunction)
    /// The token table `themes { … }` returns.
    case themeTokens
    /// A stdlib module's table (`require "base"`), with its members.
    case module(String, Set<String>)

    var style: StaticStyle? {
        if case .style(let s) = self { return s }
        return nil
    }
}

/// A function of the file, identified by where its body starts.
struct FunctionKey: Hashable, Comparable {
    var offset: Int
    static func < (a: FunctionKey, b: FunctionKey) -> Bool { a.offset < b.offset }
}

/// The view inside a style function (`v`), or a sub-object of it (`v.layer`).
///
/// `kind` is the least specific kind the view can have: the style may apply to its sub-kinds,
/// so a member is wrong only when neither the kind nor any of its sub-kinds has it.
struct ViewProxy {
    var kind: Kind
    var prefix: [String]
}

/// A value whose type is known; `isExact` when its content is known too (a literal).
struct StaticLiteral {
    var value: Value
    var isExact: Bool
    /// Where the value is written.
    var range: SourceRange
    /// Written as a color literal (`color "#…"`, `rgb(…)`, `white(…)`, or a hex string).
    var isColorLiteral = false

    /// A value of `type` with unknown content, standing for anything of that type.
    static func typed(_ value: Value, at range: SourceRange, colorLiteral: Bool = false) -> StaticLiteral {
        StaticLiteral(value: value, isExact: false, range: range, isColorLiteral: colorLiteral)
    }

    var number: Double? {
        guard isExact else { return nil }
        switch value {
        case .number(let x): return x
        case .int(let i): return Double(i)
        default: return nil
        }
    }
}

/// The functions and namespaces of the stylerun API that the checker follows, by the name
/// `APITable` knows them by; `APITableTests` checks that each has an entry.
enum APIFunction: String, Hashable, CaseIterable {
    case mut, mver, concat, style, with, appearance, rule, themes, tokens, kind, require, when, traits
    case color, rgb, white, insets, size, image, imageFromColor = "image.fromColor"
    case font, fontSystem = "font.system", fontPreferred = "font.preferred", fontNamed = "font.named"

    /// The table's entry.
    var entry: APIEntry? { APITable.entry(rawValue) }
}

/// A member name as written: `b` in `a.b`, or the string in `a["b"]`.
struct MemberName {
    var text: String
    var range: SourceRange

    init(text: String, range: SourceRange) {
        self.text = text
        self.range = range
    }

    init(_ identifier: Identifier) {
        self.init(text: identifier.text, range: identifier.range)
    }
}
