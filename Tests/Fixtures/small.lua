-- A small tree for the JSON shape of REFERENCE §3.1.
rule("Button.primary", concat(
  mut(Button.titleColor, color.white),
  mut(View.layer.cornerRadius, 6),
  mut(Button.titleLabel.font, font.system(15, "bold"))
))

return StackView { id = "root", axis = "vertical", layoutMargins = insets(24),
  Label { text = "Hello", textColor = "#6E40C9" },
  Button { id = "go", class = "primary", title = "Go",
    style = mut(Button.titleColor, rgb(255, 0, 0, 0.5)),
    backgroundImage = image.fromColor "#974DFF" },
}
