-- The stylesheet of examples/host. AvatarView is the host's own kind, registered from Swift:
-- HostMirror lints this file with its kinds (`Linter(runtime:)`). `stylerun lint`, which knows
-- only the standard kinds, is told to let that name pass.
local base = require "base"

local theme = themes {
  default = "light",
  light = { accent = color "#974DFF", ink = color.black },
  dark  = { accent = color "#BB86FC", ink = white(0.9) },
}

appearance(Label, mut(Label.textColor, theme.ink))
-- stylerun: ignore undefined-global
appearance(AvatarView, concat(mut(AvatarView.diameter, 64), mut(AvatarView.ringColor, theme.accent)))
rule("#profile", base.baseStackViewStyle)
rule("Label.title", mut(Label.font, font.preferred "title2"))
rule("Button.primary", concat(base.roundedStyle(8), mut(Button.titleColor, color.white)))
