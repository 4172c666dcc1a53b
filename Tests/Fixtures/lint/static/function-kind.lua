-- A plain function composed into a Label style writes a StackView property.
local function spaced(v)
  v.spacing = 4
end
local s = style(Label, spaced)
local t = mut(Label.numberOfLines, 0) .. function(label)
  label.axis = "vertical"
end
local u = concat(mut(Button.isEnabled, true), function(b) b.layer.cornerRadus = 4 end)
