-- Controls in states, pseudo-classes, when and traits (SPEC §6.1, §6.2).
kind("Toggle", View, { on = "Bool" }, { control = true })
appearance(Button, concat(
  mut(Button.titleColor, "#FFFFFF"),
  when("highlighted", mut(View.alpha, 0.8)),
  when({ colorScheme = "dark" }, mut(View.backgroundColor, "#000000"))
))
rule("Button:highlighted", mut(Button.titleColor, "#E0E0E0"))
rule(".primary:disabled", mut(Button.titleColor, "#9E9E9E"))
rule("Toggle:selected", mut(View.alpha, 0.5))
rule("Label", when({ contentSize = ">= accessibilityMedium" }, mut(Label.numberOfLines, 0)))

return StackView { id = "root",
  Label { id = "scheme", text = traits.colorScheme },
  Button { id = "subscribe", class = "primary", title = "Subscribe" },
  Button { id = "off", class = "primary", title = "Off", isEnabled = false },
  Toggle { id = "toggle" },
}
