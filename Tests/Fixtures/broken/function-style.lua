-- A style function that fails when applied.
local s = style(Label, function(v)
  local t = nil
  v.text = t.x
end)
return StackView { Label { id = "or", style = s } }
