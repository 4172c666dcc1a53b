-- The first alpha is dead; a mver reads the value, and a field after the whole is no repeat.
local s = concat(mut(View.alpha, 0.5), mut(View.isHidden, false), mut(View.alpha, 1))
local t = concat(mut(Label.font, font.system(12)), mver(Label.font, function(f) return f:bolded() end))
local u = concat(mut(View.layoutMargins, insets(8)), mut(View.layoutMargins.bottom, 16))
