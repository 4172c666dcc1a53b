--- The style guide of Point-Free's episode "Styling with Overture": a 4-point grid, stack
--- view, shape, button and label styles, each a value built with `mut`, `mver` and `concat`.
---
--- ```lua
--- local base = require "base"
--- return Button { title = "See subscription options", style = base.primaryButtonStyle }
--- ```
---@class base
local base = {}

--- Point-Free purple, the colour of primary buttons.
---@type Color
base.purple = color "#974DFF"

--- The 4-point grid: `grid(n)` is n grid units, in points.
---@param n number
---@return number
function base.grid(n)
  return n * 4
end

local grid = base.grid

-- Layout -------------------------------------------------------------------------------

--- Six grid units of margin on every side: the padding of root views and cards.
---@type Style
base.generousMargins = mut(View.layoutMargins, insets(grid(6)))

--- Lays the view out with Auto Layout (`translatesAutoresizingMaskIntoConstraints = false`).
---@type Style
base.autoLayoutStyle = mut(View.translatesAutoresizingMaskIntoConstraints, false)

--- A vertical stack view.
---@type Style
base.verticalStackView = mut(StackView.axis, "vertical")

--- The stack view at the root of a screen or cell: generous margins, three grid units
--- between items, vertical, arranged inside its margins, laid out with Auto Layout.
---@type Style
base.baseStackViewStyle = concat(
  base.generousMargins,
  mut(StackView.spacing, grid(3)),
  base.verticalStackView,
  mut(StackView.isLayoutMarginsRelativeArrangement, true),
  base.autoLayoutStyle
)

--- Fixes a view's shape: `aspectRatioStyle(16, 9)` for a poster.
---@param width number
---@param height number
---@return Style
function base.aspectRatioStyle(width, height)
  return mut(View.aspectRatio, width / height)
end

-- Shapes -------------------------------------------------------------------------------

--- Rounds a view's corners and clips its content to them.
---@param radius number
---@return Style
function base.roundedStyle(radius)
  return concat(
    mut(View.layer.cornerRadius, radius),
    mut(View.layer.masksToBounds, true)
  )
end

--- The house corner radius: 6 points.
---@type Style
base.baseRoundedStyle = base.roundedStyle(6)

--- Draws a border around a view.
---@param borderColor Color|string
---@param width number
---@return Style
function base.borderStyle(borderColor, width)
  return concat(
    mut(View.layer.borderColor, borderColor),
    mut(View.layer.borderWidth, width)
  )
end

--- A 1-point outline that shows where a view's edges are while a layout is in progress.
---@param outlineColor Color|string
---@return Style
function base.debugStyle(outlineColor)
  return base.borderStyle(outlineColor, 1)
end

-- Buttons ------------------------------------------------------------------------------

local function bolded(f)
  return f:bolded()
end

--- The type of every button: subheadline, made bold.
---@type Style
base.baseTextButtonStyle = concat(
  mut(Button.titleLabel.font, font.preferred "subheadline"),
  mver(Button.titleLabel.font, bolded)
)

--- A text-only button in black (white in dark mode: UIKit's `label` colour), for secondary
--- actions ("Login").
---@type Style
base.secondaryTextButtonStyle = concat(
  base.baseTextButtonStyle,
  mut(Button.titleColor, color.label)
)

--- A text-only button in purple, for primary actions ("Watch episode →").
---@type Style
base.primaryTextButtonStyle = concat(
  base.baseTextButtonStyle,
  mut(Button.titleColor, base.purple)
)

--- A button with room around its title: two grid units above and below, four at the sides.
---@type Style
base.baseButtonStyle = concat(
  base.baseTextButtonStyle,
  mut(Button.contentEdgeInsets, insets(grid(2), grid(4)))
)

--- A button with a filled, rounded background.
---@type Style
base.baseFilledButtonStyle = concat(base.baseButtonStyle, base.baseRoundedStyle)

--- The call to action: white on purple.
---@type Style
base.primaryButtonStyle = concat(
  base.baseFilledButtonStyle,
  mut(Button.backgroundImage, image.fromColor(base.purple)),
  mut(Button.titleColor, color.white)
)

-- Labels -------------------------------------------------------------------------------

--- Sets a label's font to the system font: `fontStyle(14, "medium")`.
---@param size number
---@param weight? string one of ultraLight thin light regular medium semibold bold heavy black
---@return Style
function base.fontStyle(size, weight)
  return mut(Label.font, font.system(size, weight))
end

--- Sets a label's text colour.
---@param textColor Color|string
---@return Style
function base.textColorStyle(textColor)
  return mut(Label.textColor, textColor)
end

--- Centres a label's text.
---@type Style
base.centerStyle = mut(Label.textAlignment, "center")

return base
