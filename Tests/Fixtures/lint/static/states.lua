kind("Toggle", View, { on = "Bool" }, { control = true })
local function neverCalled()
  rule("Toggle:selected Label", mut(Label.numberOfLines, 2))
  rule("Button:hilighted", mut(View.alpha, 0.5))
  rule("Label:disabled", mut(View.alpha, 0.5))
  appearance(Button, when("hilighted", mut(View.alpha, 0.8)))
  appearance(Button, when({ colorSheme = "dark" }, mut(View.alpha, 0.8)))
  appearance(Button, when({ colorScheme = "drak", state = "hilighted" }, mut(View.alpha, 0.8)))
  appearance(Button, when({ contentSize = ">= accesibilityMedium" }, mut(View.alpha, 0.8)))
  appearance(Label, when("selected", mut(Label.text, "x")))
  appearance(Label, when({ contentSize = "> accessibilityExtraExtraExtraLarge" }, mut(Label.text, "x")))
  rule("Label", when("highlighted", mut(View.alpha, 0.8)))
  rule("Button:normal", when("highlighted", mut(View.alpha, 0.8)))
  appearance(Button, when({ colorScheme = "dark" }, when({ colorScheme = "light" }, mut(View.alpha, 0.8))))
  appearance(Button, concat(mut(View.alpha, 0.5), when("highlighted", mut(View.alpha, 0.8))))
  rule("Toggle:selected", when({ state = { "selected", "focused" }, contentSize = "<= small" }, mut(View.alpha, 0.5)))
  local scheme = traits.colorSheme
end
return StackView { Toggle {} }
