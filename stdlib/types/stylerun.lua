---@meta stylerun
-- Lua language server definitions of stylerun's API, generated from the schema by
-- `stylerun types`. Do not edit: regenerate. Point your editor's Lua.workspace.library at
-- this file's folder.

---@alias TextAlignment "left"|"center"|"right"|"justified"|"natural"
---@alias LineBreakMode "byWordWrapping"|"byCharWrapping"|"byClipping"|"byTruncatingHead"|"byTruncatingTail"|"byTruncatingMiddle"
---@alias BorderStyle "none"|"line"|"bezel"|"roundedRect"
---@alias KeyboardType "default"|"asciiCapable"|"numbersAndPunctuation"|"URL"|"numberPad"|"phonePad"|"namePhonePad"|"emailAddress"|"decimalPad"
---@alias ContentMode "scaleToFill"|"scaleAspectFit"|"scaleAspectFill"|"center"|"top"|"bottom"|"left"|"right"
---@alias Axis "horizontal"|"vertical"
---@alias StackAlignment "fill"|"leading"|"top"|"firstBaseline"|"center"|"trailing"|"bottom"|"lastBaseline"
---@alias Distribution "fill"|"fillEqually"|"fillProportionally"|"equalSpacing"|"equalCentering"
---@alias FontWeight "ultraLight"|"thin"|"light"|"regular"|"medium"|"semibold"|"bold"|"heavy"|"black"
---@alias TextStyle "largeTitle"|"title1"|"title2"|"title3"|"headline"|"body"|"callout"|"subheadline"|"footnote"|"caption1"|"caption2"

---A color; components are 0–255, alpha 0–1.
---@class Color
---@field red number
---@field green number
---@field blue number
---@field alpha number
---@field hex string `#RRGGBBAA`
---@field light Color the colour at light, normal contrast (itself, for a colour of one value)
---@field dark Color the colour at dark, normal contrast (itself, for a colour of one value)
---@field highContrastLight Color the colour at light, high contrast (itself, for a colour of one value)
---@field highContrastDark Color the colour at dark, high contrast (itself, for a colour of one value)
---@field isDynamic boolean whether it depends on the colour scheme and contrast
---@field name string? UIKit's name of a semantic colour (`"label"`)
local Color = {}
---The same color with another alpha (each variant's, for a dynamic colour).
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
---@field textStyle TextStyle? the Dynamic Type text style it scales with
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
---The font scaling with Dynamic Type as `textStyle` does, as UIFontMetrics(forTextStyle:)
---scales it: its size is the size at `large`.
---@param textStyle TextStyle
---@return Font
function Font:scaled(textStyle) end

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

---A color from a hex string, or one of UIKit's named colours with UIColor's values.
---@class ColorNamespace
---@overload fun(hex: string): Color
---@field black Color
---@field darkGray Color
---@field lightGray Color
---@field white Color
---@field gray Color
---@field red Color
---@field green Color
---@field blue Color
---@field cyan Color
---@field yellow Color
---@field magenta Color
---@field orange Color
---@field purple Color
---@field brown Color
---@field clear Color
---@field label Color UIKit's dynamic `label`: light #000000, dark #FFFFFF, highContrastLight #000000, highContrastDark #FFFFFF.
---@field secondaryLabel Color UIKit's dynamic `secondaryLabel`: light #3C3C4399, dark #EBEBF599, highContrastLight #3C3C43CC, highContrastDark #EBEBF5B3.
---@field tertiaryLabel Color UIKit's dynamic `tertiaryLabel`: light #3C3C434D, dark #EBEBF54D, highContrastLight #3C3C438F, highContrastDark #EBEBF566.
---@field quaternaryLabel Color UIKit's dynamic `quaternaryLabel`: light #3C3C432E, dark #EBEBF529, highContrastLight #3C3C434D, highContrastDark #EBEBF542.
---@field placeholderText Color UIKit's dynamic `placeholderText`: light #3C3C434D, dark #EBEBF54D, highContrastLight #3C3C438F, highContrastDark #EBEBF566.
---@field link Color UIKit's dynamic `link`: light #007AFF, dark #0984FF, highContrastLight #0040DD, highContrastDark #409CFF.
---@field separator Color UIKit's dynamic `separator`: light #3C3C434A, dark #54545899, highContrastLight #3C3C435E, highContrastDark #545458B3.
---@field systemBackground Color UIKit's dynamic `systemBackground`: light #FFFFFF, dark #000000, highContrastLight #FFFFFF, highContrastDark #000000.
---@field secondarySystemBackground Color UIKit's dynamic `secondarySystemBackground`: light #F2F2F7, dark #1C1C1E, highContrastLight #EBEBF0, highContrastDark #242426.
---@field tertiarySystemBackground Color UIKit's dynamic `tertiarySystemBackground`: light #FFFFFF, dark #2C2C2E, highContrastLight #FFFFFF, highContrastDark #363638.
---@field systemFill Color UIKit's dynamic `systemFill`: light #78788033, dark #7878805C, highContrastLight #78788047, highContrastDark #78788070.
---@field systemBlue Color UIKit's dynamic `systemBlue`: light #007AFF, dark #0A84FF, highContrastLight #0040DD, highContrastDark #409CFF.
---@field systemRed Color UIKit's dynamic `systemRed`: light #FF3B30, dark #FF453A, highContrastLight #D70015, highContrastDark #FF6961.
---@field systemGreen Color UIKit's dynamic `systemGreen`: light #34C759, dark #30D158, highContrastLight #248A3D, highContrastDark #30DB5B.
---@field systemOrange Color UIKit's dynamic `systemOrange`: light #FF9500, dark #FF9F0A, highContrastLight #C93400, highContrastDark #FFB340.
---@field systemYellow Color UIKit's dynamic `systemYellow`: light #FFCC00, dark #FFD60A, highContrastLight #B25000, highContrastDark #FFD426.
---@field systemPink Color UIKit's dynamic `systemPink`: light #FF2D55, dark #FF375F, highContrastLight #D30F45, highContrastDark #FF6482.
---@field systemPurple Color UIKit's dynamic `systemPurple`: light #AF52DE, dark #BF5AF2, highContrastLight #8944AB, highContrastDark #DA8FFF.
---@field systemTeal Color UIKit's dynamic `systemTeal`: light #30B0C7, dark #40C8E0, highContrastLight #008299, highContrastDark #5DE6FF.
---@field systemIndigo Color UIKit's dynamic `systemIndigo`: light #5856D6, dark #5E5CE6, highContrastLight #3634A3, highContrastDark #7D7AFF.
---@field systemGray Color UIKit's dynamic `systemGray`: light #8E8E93, dark #8E8E93, highContrastLight #6C6C70, highContrastDark #AEAEB2.
color = {}
---A colour resolved by the colour scheme and contrast, as an asset-catalog colour:
---`color.dynamic { light = c1, dark = c2, highContrastLight = c3, highContrastDark = c4 }`
---(the high-contrast ones optional, falling back to their scheme's).
---@param variants DynamicColorVariants
---@return Color
function color.dynamic(variants) end

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

---The view's backing layer: corners, border and shadow.
---@class Layer
---@field cornerRadius number (≥ 0) Radius of the rounded corners, in points.
---@field masksToBounds boolean Whether sublayers are clipped to the rounded corners.
---@field borderColor Color? Color of the border.
---@field borderWidth number (≥ 0) Width of the border, in points.
---@field shadowColor Color? Color of the shadow.
---@field shadowOpacity number (0…1) Opacity of the shadow, 0 to 1.
---@field shadowRadius number (≥ 0) Blur radius of the shadow, in points.
---@field shadowOffset Size Offset of the shadow.

---@class LayerKeyPaths
---@field cornerRadius KeyPath<number>
---@field masksToBounds KeyPath<boolean>
---@field borderColor KeyPath<Color?>
---@field borderWidth KeyPath<number>
---@field shadowColor KeyPath<Color?>
---@field shadowOpacity KeyPath<number>
---@field shadowRadius KeyPath<number>
---@field shadowOffset SizeKeyPath

---@class LayerProps
---@field cornerRadius number?
---@field masksToBounds boolean?
---@field borderColor ColorLike?
---@field borderWidth number?
---@field shadowColor ColorLike?
---@field shadowOpacity number?
---@field shadowRadius number?
---@field shadowOffset SizeLike?

---The root of every view kind.
---@class View
---@field id string? The view's id, unique in its tree.
---@field kind string The view's kind name.
---@field classes string[] The view's class names.
---@field backgroundColor Color? Fill color behind the content.
---@field tintColor Color? Color of interactive elements.
---@field alpha number (0…1) Opacity, 0 to 1.
---@field isHidden boolean Whether the view is hidden.
---@field clipsToBounds boolean Whether subviews are clipped to the bounds.
---@field isUserInteractionEnabled boolean Whether touches reach the view.
---@field layoutMargins Insets Margins for content laid out inside.
---@field translatesAutoresizingMaskIntoConstraints boolean Whether the autoresizing mask becomes constraints.
---@field width number? (≥ 0) Fixed width, in points.
---@field height number? (≥ 0) Fixed height, in points.
---@field aspectRatio number? (≥ 0) Width divided by height.
---@field layer Layer The backing layer.

---@class ViewKeyPaths
---@field backgroundColor KeyPath<Color?>
---@field tintColor KeyPath<Color?>
---@field alpha KeyPath<number>
---@field isHidden KeyPath<boolean>
---@field clipsToBounds KeyPath<boolean>
---@field isUserInteractionEnabled KeyPath<boolean>
---@field layoutMargins InsetsKeyPath
---@field translatesAutoresizingMaskIntoConstraints KeyPath<boolean>
---@field width KeyPath<number?>
---@field height KeyPath<number?>
---@field aspectRatio KeyPath<number?>
---@field layer LayerKeyPaths

---@class ViewProps
---@field id string?
---@field class (string|string[])?
---@field style (StyleLike|StyleLike[])?
---@field [integer] View
---@field backgroundColor ColorLike?
---@field tintColor ColorLike?
---@field alpha number?
---@field isHidden boolean?
---@field clipsToBounds boolean?
---@field isUserInteractionEnabled boolean?
---@field layoutMargins InsetsLike?
---@field translatesAutoresizingMaskIntoConstraints boolean?
---@field width number?
---@field height number?
---@field aspectRatio number?
---@field layer LayerProps?

---@class ViewKind: ViewKeyPaths, ViewKind
---@overload fun(props: ViewProps): View
View = {}

---A read-only text view (UILabel).
---@class Label: View
---@field text string? The text shown.
---@field font Font Font of the text.
---@field textColor Color Color of the text; UIKit's label colour (black in light, white in dark).
---@field textAlignment TextAlignment Horizontal alignment.
---@field numberOfLines integer (≥ 0) Maximum lines; 0 for no limit.
---@field lineBreakMode LineBreakMode How lines wrap and truncate.
---@field adjustsFontSizeToFitWidth boolean Whether the font shrinks to fit.

---@class LabelKeyPaths: ViewKeyPaths
---@field text KeyPath<string?>
---@field font KeyPath<Font>
---@field textColor KeyPath<Color>
---@field textAlignment KeyPath<TextAlignment>
---@field numberOfLines KeyPath<integer>
---@field lineBreakMode KeyPath<LineBreakMode>
---@field adjustsFontSizeToFitWidth KeyPath<boolean>

---@class LabelProps: ViewProps
---@field text string?
---@field font Font?
---@field textColor ColorLike?
---@field textAlignment TextAlignment?
---@field numberOfLines integer?
---@field lineBreakMode LineBreakMode?
---@field adjustsFontSizeToFitWidth boolean?

---@class LabelKind: LabelKeyPaths, ViewKind
---@overload fun(props: LabelProps): Label
Label = {}

---A tappable button (UIButton).
---@class Button: View
---@field title string? Title for the normal state.
---@field titleColor Color? Title color for the normal state.
---@field image Image? Image for the normal state.
---@field backgroundImage Image? Background image for the normal state.
---@field titleLabel Label The label that draws the title.
---@field contentEdgeInsets Insets Insets around title and image.
---@field imageEdgeInsets Insets Insets of the image.
---@field titleEdgeInsets Insets Insets of the title.
---@field isEnabled boolean Whether the button responds to taps.
---@field isSelected boolean Whether the control is selected (the selected state).
---@field isHighlighted boolean Whether the control is highlighted, as while pressed (the highlighted state).
---@field isFocused boolean Whether the control has the focus (the focused state).

---@class ButtonKeyPaths: ViewKeyPaths
---@field title KeyPath<string?>
---@field titleColor KeyPath<Color?>
---@field image KeyPath<Image?>
---@field backgroundImage KeyPath<Image?>
---@field titleLabel LabelKeyPaths
---@field contentEdgeInsets InsetsKeyPath
---@field imageEdgeInsets InsetsKeyPath
---@field titleEdgeInsets InsetsKeyPath
---@field isEnabled KeyPath<boolean>
---@field isSelected KeyPath<boolean>
---@field isHighlighted KeyPath<boolean>
---@field isFocused KeyPath<boolean>

---@class ButtonProps: ViewProps
---@field title string?
---@field titleColor ColorLike?
---@field image ImageLike?
---@field backgroundImage ImageLike?
---@field titleLabel LabelProps?
---@field contentEdgeInsets InsetsLike?
---@field imageEdgeInsets InsetsLike?
---@field titleEdgeInsets InsetsLike?
---@field isEnabled boolean?
---@field isSelected boolean?
---@field isHighlighted boolean?
---@field isFocused boolean?

---@class ButtonKind: ButtonKeyPaths, ViewKind
---@overload fun(props: ButtonProps): Button
Button = {}

---An editable text field (UITextField).
---@class TextField: View
---@field text string? The text entered.
---@field placeholder string? Text shown while empty.
---@field font Font Font of the text.
---@field textColor Color Color of the text; UIKit's label colour (black in light, white in dark).
---@field textAlignment TextAlignment Horizontal alignment.
---@field borderStyle BorderStyle Border drawn around the field.
---@field keyboardType KeyboardType Keyboard shown for input.
---@field isSecureTextEntry boolean Whether input is hidden (passwords).
---@field isEnabled boolean Whether the control responds to touches; false is the disabled state.
---@field isSelected boolean Whether the control is selected (the selected state).
---@field isHighlighted boolean Whether the control is highlighted, as while pressed (the highlighted state).
---@field isFocused boolean Whether the control has the focus (the focused state).

---@class TextFieldKeyPaths: ViewKeyPaths
---@field text KeyPath<string?>
---@field placeholder KeyPath<string?>
---@field font KeyPath<Font>
---@field textColor KeyPath<Color>
---@field textAlignment KeyPath<TextAlignment>
---@field borderStyle KeyPath<BorderStyle>
---@field keyboardType KeyPath<KeyboardType>
---@field isSecureTextEntry KeyPath<boolean>
---@field isEnabled KeyPath<boolean>
---@field isSelected KeyPath<boolean>
---@field isHighlighted KeyPath<boolean>
---@field isFocused KeyPath<boolean>

---@class TextFieldProps: ViewProps
---@field text string?
---@field placeholder string?
---@field font Font?
---@field textColor ColorLike?
---@field textAlignment TextAlignment?
---@field borderStyle BorderStyle?
---@field keyboardType KeyboardType?
---@field isSecureTextEntry boolean?
---@field isEnabled boolean?
---@field isSelected boolean?
---@field isHighlighted boolean?
---@field isFocused boolean?

---@class TextFieldKind: TextFieldKeyPaths, ViewKind
---@overload fun(props: TextFieldProps): TextField
TextField = {}

---A view that shows an image (UIImageView).
---@class ImageView: View
---@field image Image? The image shown.
---@field contentMode ContentMode How the image fits.

---@class ImageViewKeyPaths: ViewKeyPaths
---@field image KeyPath<Image?>
---@field contentMode KeyPath<ContentMode>

---@class ImageViewProps: ViewProps
---@field image ImageLike?
---@field contentMode ContentMode?

---@class ImageViewKind: ImageViewKeyPaths, ViewKind
---@overload fun(props: ImageViewProps): ImageView
ImageView = {}

---A view that lays out a row or column (UIStackView).
---@class StackView: View
---@field axis Axis Direction of the arrangement.
---@field spacing number (≥ 0) Space between arranged views, in points.
---@field alignment StackAlignment Alignment across the axis.
---@field distribution Distribution Sizing along the axis.
---@field isLayoutMarginsRelativeArrangement boolean Whether arranged views sit inside the layout margins.

---@class StackViewKeyPaths: ViewKeyPaths
---@field axis KeyPath<Axis>
---@field spacing KeyPath<number>
---@field alignment KeyPath<StackAlignment>
---@field distribution KeyPath<Distribution>
---@field isLayoutMarginsRelativeArrangement KeyPath<boolean>

---@class StackViewProps: ViewProps
---@field axis Axis?
---@field spacing number?
---@field alignment StackAlignment?
---@field distribution Distribution?
---@field isLayoutMarginsRelativeArrangement boolean?

---@class StackViewKind: StackViewKeyPaths, ViewKind
---@overload fun(props: StackViewProps): StackView
StackView = {}

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
---`kind("GradientView", View, { fromColor = "Color?" })`; with `{ control = true }` its
---views are controls: they have isEnabled, isSelected, isHighlighted and isFocused, and states.
---@param name string
---@param super ViewKind
---@param properties table<string, string>?
---@param options { control: boolean? }?
---@return ViewKind
function kind(name, super, properties, options) end

---Loads W3C design-token files (`brand.tokens.json`, DTCG 2025.10) found as `require` finds
---modules, merged in order; returns their tokens as nested read-only tables.
---@param files string|string[]
---@return table<string, any>
function tokens(files) end

---A style whose parts apply only while the condition holds: a state (`when("highlighted", s)`),
---or a table of states and traits (`when({ state = "disabled", colorScheme = "dark" }, s)`);
---a trait takes a value, a list of values, or for contentSize a comparison (`">= accessibilityMedium"`).
---@param condition ControlStateName|WhenCondition
---@param s StyleLike
---@return Style
function when(condition, s) end

---The traits the script is evaluated with (read-only): `traits.colorScheme` is "light" or "dark".
---Reading them makes the result hold for those traits only; `when` keeps one evaluation for all.
---@class TraitsNamespace
---@field colorScheme string
---@field contentSize string
---@field horizontalSizeClass string
---@field verticalSizeClass string
---@field contrast string
---@field layoutDirection string
traits = {}

---Loads `a/b.lua` for `require "a.b"` from the script's folder, then the stdlib.
---@param name string
---@return any
function require(name) end
