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
---@field textColor Color Color of the text.
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
---@field textColor Color Color of the text.
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
