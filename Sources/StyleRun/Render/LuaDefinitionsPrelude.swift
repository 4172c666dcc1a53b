/// The parts of `LuaDefinitions` that do not come from the kinds: the value types and their
/// constructors (REFERENCE §1.2) and the style functions (§1.4–1.9). They mirror the bindings of
/// `StyleLua` (ValueBindings, StyleBindings, CascadeBindings, Modules).
enum LuaDefinitionsPrelude {
    static let values = """
        ---A color; components are 0–255, alpha 0–1.
        ---@class Color
        ---@field red number
        ---@field green number
        ---@field blue number
        ---@field alpha number
        ---@field hex string `#RRGGBBAA`
        local Color = {}
        ---The same color with another alpha.
        ---@param alpha number 0 to 1
        ---@return Color
        function Color:withAlpha(alpha) end

        ---A font: the system font of a size and weight, or a named font.
        ---@class Font
        ---@field name string `"system"` or the PostScript name
        ---@field size number
        ---@field weight FontWeight
        ---@field isItalic boolean
        ---@field isSmallCaps boolean
        local Font = {}
        ---@return Font
        function Font:bolded() end
        ---@return Font
        function Font:italic() end
        ---@return Font
        function Font:smallCaps() end
        ---@param size number
        ---@return Font
        function Font:withSize(size) end
        ---@param weight FontWeight
        ---@return Font
        function Font:withWeight(weight) end

        ---@class Insets
        ---@field top number
        ---@field left number
        ---@field bottom number
        ---@field right number

        ---@class Size
        ---@field width number
        ---@field height number

        ---An image by name, or filled with a color.
        ---@class Image
        ---@field name string?
        ---@field color Color?

        ---Where a Color is expected, a hex string is accepted.
        ---@alias ColorLike Color|string
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

        ---A color from a hex string, or one of UIKit's named colours with UIColor's values.
        ---@class ColorNamespace
        ---@overload fun(hex: string): Color
        \(Color.namedColors.map { "---@field \($0.name) Color" }.joined(separator: "\n"))
        color = {}

        ---A color from 0–255 components, as CSS and design tools write them, and an optional
        ---alpha (0–1). All three in 0–1 with a fraction is UIKit's scale: an `rgb-scale` warning.
        ---@param r number
        ---@param g number
        ---@param b number
        ---@param a number?
        ---@return Color
        function rgb(r, g, b, a) end

        ---A gray from 0 (black) to 1 (white), as UIColor(white:alpha:).
        ---@param w number
        ---@param a number?
        ---@return Color
        function white(w, a) end

        ---@class FontNamespace
        font = {}
        ---@param size number
        ---@param weight FontWeight?
        ---@return Font
        function font.system(size, weight) end
        ---@param textStyle TextStyle
        ---@return Font
        function font.preferred(textStyle) end
        ---@param postScriptName string
        ---@param size number
        ---@return Font
        function font.named(postScriptName, size) end

        ---Insets: all sides, vertical and horizontal, or top, left, bottom, right.
        ---@overload fun(all: number): Insets
        ---@overload fun(vertical: number, horizontal: number): Insets
        ---@param top number
        ---@param left number
        ---@param bottom number
        ---@param right number
        ---@return Insets
        function insets(top, left, bottom, right) end

        ---@param width number
        ---@param height number
        ---@return Size
        function size(width, height) end

        ---@class ImageNamespace
        ---@overload fun(name: string): Image
        image = {}
        ---@param c ColorLike
        ---@return Image
        function image.fromColor(c) end


        """

    static let functions = """
        ---A style that sets the property at `path` to `value`, checked against its type.
        ---@param path KeyPath<any>|string
        ---@param value any
        ---@return Style
        function mut(path, value) end

        ---A style that transforms the current value: `fn(old)` returns the new one, or changes
        ---its argument and returns nothing.
        ---@param path KeyPath<any>|string
        ---@param fn fun(old: any): any
        ---@return Style
        function mver(path, fn) end

        ---A style applying its parts in order; its kind is the most specific of theirs.
        ---@param ... StyleLike
        ---@return Style
        function concat(...) end

        ---Like concat, with an explicit kind: `style(Button, function(b) … end)`.
        ---@param kind ViewKind
        ---@param ... StyleLike
        ---@return Style
        function style(kind, ...) end

        ---Adds `s` to the view's own styles and returns the view.
        ---@generic V: View
        ---@param view V
        ---@param s StyleLike
        ---@return V
        function with(view, s) end

        ---Defaults for every view of `kind` and its sub-kinds (UIAppearance).
        ---@param kind ViewKind
        ---@param s StyleLike
        function appearance(kind, s) end

        ---A CSS-like rule: `rule("StackView#root > Button.primary", primaryStyle)`.
        ---@param selector string
        ---@param s StyleLike
        function rule(selector, s) end

        ---Declares the themes; returns the active theme's tokens. Every theme must define the
        ---same tokens.
        ---@param declaration table<string, string|table<string, any>>
        ---@return table<string, any>
        function themes(declaration) end

        ---Declares a kind for prototyping and defines its global:
        ---`kind("GradientView", View, { fromColor = "Color?" })`.
        ---@param name string
        ---@param super ViewKind
        ---@param properties table<string, string>?
        ---@return ViewKind
        function kind(name, super, properties) end

        ---Loads `a/b.lua` for `require "a.b"` from the script's folder, then the stdlib.
        ---@param name string
        ---@return any
        function require(name) end

        """
}
