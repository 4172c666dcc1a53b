local a = mut(Label.numberOfLines, 2)
local b = mut(Label.textColor, "#333333")
local sum = a + b .. mut(View.alpha, 0.5)
local twice = a * 2
local brighter = color.red + 1
local n = 4 + 8 * 2
return Label { style = sum }
