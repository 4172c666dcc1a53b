local base = require "base"
local function neverCalled()
  return Label { textColor = color.redd, font = font.sytem(12), image.frmColor }, base.roundedStyl(4)
end
return Label { textColor = color.darkGray, tintColor = color.orange, style = base.centerStyle }
