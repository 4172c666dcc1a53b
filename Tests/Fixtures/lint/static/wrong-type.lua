-- Literals of the wrong type, in mut, a constructor and a style function.
local a = mut(Label.textColor, 12)
local b = Label { text = 12 }
local c = style(Label, function(v)
  v.textColor = true
end)
