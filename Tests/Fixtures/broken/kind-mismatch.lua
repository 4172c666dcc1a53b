-- A Button style given to a Label.
local s = mut(Button.titleColor, "#000")
return StackView { with(Label { id = "or" }, s) }
