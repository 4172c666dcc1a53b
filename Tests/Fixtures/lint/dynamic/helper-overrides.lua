local base = require "base"
-- The sign-in screen's fine print: 14 medium, then 11 light inside a function style.
local finePrintStyle = concat(
  base.centerStyle,
  base.fontStyle(14, "medium"),
  base.textColorStyle(white(0.5)),
  function(l)
    l.font = font.system(11, "light")
    l.numberOfLines = 0
  end
)
local function heading(size) return mut(Label.font, font.system(size, "bold")) end
local title = heading(20) .. heading(24)
-- A transform reads what came before: not dead.
local bolder = base.fontStyle(14, "medium") .. mver(Label.font, function(f) return f:bolded() end)
local reads = concat(base.fontStyle(14, "medium"), function(l) l.font = l.font:withSize(12) end)
return Label { style = { finePrintStyle, bolder, reads }, text = "fine print" }
