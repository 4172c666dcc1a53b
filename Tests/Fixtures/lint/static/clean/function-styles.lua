-- Function styles reading and writing what their kinds have.
local function rounded(v)
  v.layer.cornerRadius = 8
  v.clipsToBounds = true
end
local stack = style(StackView, rounded, function(s)
  s.spacing = 8
  s.layoutMargins.bottom = 16
  if s.axis == "vertical" then s.alignment = "leading" end
end)
rule("StackView", function(v) v.spacing = 4 end)
rule(".note", function(v) v.text = "note" end)
local label = mut(Label.numberOfLines, 0) .. function(l) l.text = (l.text or "") .. "!" end
local path = style(Label, mut("textColor", "#000000"))
return StackView { id = "root", style = stack, Label { style = label }, Label { style = path } }
