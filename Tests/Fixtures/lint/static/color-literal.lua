-- Color literals where the file declares theme tokens.
local theme = themes { default = "light", light = { accent = color "#FF0000" } }
local s = concat(mut(View.backgroundColor, color "#00FF00"), mut(View.tintColor, theme.accent))
local t = style(Label, function(v) v.textColor = "#333333" end)
