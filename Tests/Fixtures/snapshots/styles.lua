-- Styles shared by the screens: a module returning a table of styles.
local tokens = require "tokens"
local base = require "base"

return {
  primaryButton = concat(base.roundedStyle(6),
                         mut(Button.titleColor, color.white),
                         mut(View.backgroundColor, tokens.accent)),
  title = concat(mut(Label.textColor, tokens.ink), mut(Label.font, font.preferred "title3")),
}
