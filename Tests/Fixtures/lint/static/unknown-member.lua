local function neverCalled()
  return Label { textColor = color.redd, font = font.sytem(12), image.frmColor }
end
return Label { textColor = color.darkGray, tintColor = color.orange }
